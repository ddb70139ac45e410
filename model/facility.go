package model

import (
	"crypto/sha1"
	"encoding/hex"
	"regexp"
	"strings"
)

// facilityIDPattern is CAMBER's path-safe facility id: an ASCII letter or
// digit, then letters, digits, '.', '_' or '-'.
var facilityIDPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// MaxFacilityIDLen is the longest facility id CAMBER accepts.
const MaxFacilityIDLen = 200

// ValidFacilityID reports whether id is a path-safe CAMBER facility id
// (1–200 characters, `^[A-Za-z0-9][A-Za-z0-9._-]*$`).
func ValidFacilityID(id string) bool {
	return len(id) >= 1 && len(id) <= MaxFacilityIDLen && facilityIDPattern.MatchString(id)
}

// MakeFacilityID derives CAMBER's deterministic facility id from a display
// name: the lower-case slug (runs of characters outside [a-z0-9] become '-',
// trimmed), a '-', and the first 6 hex digits of SHA-1 of the original name
// (UTF-8). A name with an empty slug (all CJK, say) gives the digest alone.
// MakeFacilityID("Fox Lodge") == "fox-lodge-d61f7e".
func MakeFacilityID(name string) string {
	sum := sha1.Sum([]byte(name))
	digest := hex.EncodeToString(sum[:])[:6]
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	if b.Len() == 0 {
		return digest
	}
	return b.String() + "-" + digest
}
