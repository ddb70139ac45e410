package jsonrpc

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"testing"
)

var fuzzSeeds = []string{
	`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"points","arguments":{"facility_id":"hq"}}}`,
	`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
	`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`,
	`{"jsonrpc":"2.0","id":1,"id":2}`,
	`{"a":"\ud800"}`,
	`{"a":"\ud83d\ude00","b":[1,2.5e3,-0,true,false,null]}`,
	"{\"a\":\"\xff\"}",
	`{"jsonrpc":"2.0","id":1.0,"method":null}`,
}

// FuzzParse checks that Parse never panics, that a refusal always has a
// JSON-RPC code, and that whatever it accepts encoding/json accepts too.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, id, err := Parse(b)
		if err != nil {
			if err.Code != CodeParseError && err.Code != CodeInvalidRequest {
				t.Fatalf("refusal with code %d", err.Code)
			}
			line := EncodeError(id, err)
			if !json.Valid(line) {
				t.Fatalf("error reply is not JSON: %s", line)
			}
			return
		}
		if !json.Valid(b) {
			t.Fatalf("accepted invalid JSON %q", b)
		}
		if m.Kind == KindRequest && m.ID.IsZero() {
			t.Fatal("request without an id")
		}
	})
}

// FuzzReader checks that the line reader never panics, returns every line
// within the limit whole, and flags each longer one.
func FuzzReader(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s+"\n"+s), 16)
	}
	f.Fuzz(func(t *testing.T, b []byte, max int) {
		if max < 1 || max > 4096 {
			max = 64
		}
		r := NewReader(bytes.NewReader(b), max)
		for n := 0; ; n++ {
			ln, err := r.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !ln.TooLong && len(ln.Data) > max {
				t.Fatalf("line of %d bytes over the limit %d", len(ln.Data), max)
			}
			if ln.TooLong && ln.Size <= int64(max) {
				t.Fatalf("line of %d bytes flagged too long (limit %d)", ln.Size, max)
			}
			if n > len(b)+1 {
				t.Fatal("more lines than bytes")
			}
		}
	})
}

// FuzzExtractID checks that an extracted id is always one the line names.
func FuzzExtractID(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		id := ExtractID(b)
		if id.IsZero() {
			return
		}
		if !bytes.Contains(b, []byte(`"`)) {
			t.Fatalf("id %s from a line with no key", id)
		}
		if _, ok := idOf(mustDecode(t, id.String())); !ok {
			t.Fatalf("extracted id %s is not a string or integer", id)
		}
	})
}

func mustDecode(t *testing.T, s string) any {
	v, err := Decode([]byte(s))
	if err != nil {
		t.Fatalf("decode %s: %v", s, err)
	}
	return v
}
