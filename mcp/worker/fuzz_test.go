package worker

import (
	"bufio"
	"bytes"
	"testing"
)

// FuzzReadFrame checks that the frame reader never panics or allocates
// beyond its bound on arbitrary bytes.
func FuzzReadFrame(f *testing.F) {
	var b bytes.Buffer
	_ = writeFrame(&b, request{ID: 1, Name: "points", Args: map[string]any{"facility_id": "hq"}})
	f.Add(b.Bytes())
	f.Add([]byte{0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{0, 0, 0, 2, '{', '}'})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := bufio.NewReader(bytes.NewReader(data))
		for range 4 {
			var rep reply
			if err := readFrame(r, &rep, true); err != nil {
				return
			}
		}
	})
}
