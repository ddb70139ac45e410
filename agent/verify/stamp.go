package verify

import "strconv"

// matchDate matches an ISO date at s[i] (YYYY-MM-DD, optionally with a
// 'T' or ' ' and a clock time and a zone, which is read but ignored) and
// returns its length and canonical stamp: the date, or date "T" time.
func matchDate(s string, i int) (int, string, bool) {
	if len(s)-i < 10 || s[i+4] != '-' || s[i+7] != '-' {
		return 0, "", false
	}
	for _, k := range [...]int{0, 1, 2, 3, 5, 6, 8, 9} {
		if !isDigit(s[i+k]) {
			return 0, "", false
		}
	}
	month := int(s[i+5]-'0')*10 + int(s[i+6]-'0')
	day := int(s[i+8]-'0')*10 + int(s[i+9]-'0')
	if month < 1 || month > 12 || day < 1 || day > 31 || (i+10 < len(s) && isDigit(s[i+10])) {
		return 0, "", false
	}
	n, stamp := 10, s[i:i+10]
	if i+11 < len(s) && (s[i+10] == 'T' || s[i+10] == ' ') && isDigit(s[i+11]) {
		if m, clock, ok := matchClock(s, i+11); ok && m >= 5 {
			n, stamp = 11+m, stamp+"T"+clock
			n += zoneLen(s, i+n)
		}
	}
	return n, stamp, true
}

// zoneLen returns the length of a zone suffix at s[i] (Z, +02:00, -0500).
func zoneLen(s string, i int) int {
	if i < len(s) && s[i] == 'Z' && (i+1 == len(s) || !isWordByte(s[i+1])) {
		return 1
	}
	if i+2 < len(s) && (s[i] == '+' || s[i] == '-') && isDigit(s[i+1]) && isDigit(s[i+2]) {
		n := 3
		if i+5 < len(s) && s[i+3] == ':' && isDigit(s[i+4]) && isDigit(s[i+5]) {
			n = 6
		} else if i+4 < len(s) && isDigit(s[i+3]) && isDigit(s[i+4]) {
			n = 5
		}
		return n
	}
	return 0
}

// matchClock matches a time of day at s[i] (H:MM or HH:MM, optional :SS
// and fraction) and returns its length and canonical form: HH:MM, with
// :SS when the seconds are not zero (a fraction of a second is dropped).
func matchClock(s string, i int) (int, string, bool) {
	j := i
	for j < len(s) && j-i < 3 && isDigit(s[j]) {
		j++
	}
	h := j - i
	if h < 1 || h > 2 || j+2 >= len(s) || s[j] != ':' || !isDigit(s[j+1]) || !isDigit(s[j+2]) {
		return 0, "", false
	}
	hour, _ := strconv.Atoi(s[i:j])
	minute := int(s[j+1]-'0')*10 + int(s[j+2]-'0')
	k := j + 3
	if hour > 24 || minute > 59 || (k < len(s) && isDigit(s[k])) {
		return 0, "", false
	}
	out := s[i:j]
	if h == 1 {
		out = "0" + out
	}
	out += s[j : j+3]
	if k+2 < len(s) && s[k] == ':' && isDigit(s[k+1]) && isDigit(s[k+2]) && (k+3 == len(s) || !isDigit(s[k+3])) {
		if sec := s[k+1 : k+3]; sec != "00" {
			out += ":" + sec
		}
		k += 3
		if k+1 < len(s) && s[k] == '.' && isDigit(s[k+1]) {
			k++
			for k < len(s) && isDigit(s[k]) {
				k++
			}
		}
	}
	return k - i, out, true
}
