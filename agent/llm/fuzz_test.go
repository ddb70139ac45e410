package llm

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzAnswer reads arbitrary bodies as a chat completion and as an error
// body: no panic, and an error excerpt is one valid line of bounded length.
func FuzzAnswer(f *testing.F) {
	for _, s := range []string{
		`{"choices":[{"message":{"content":"Both coils open 20% of hours [F1]."}}]}`,
		`{"choices":[{"message":{"content":[{"type":"text","text":"a"},{"type":"image_url"}]}}]}`,
		`{"error":{"message":"Incorrect API key"}}`, `{"error":"model not found"}`, "<html>\n</html>", "\xff\xfe", "",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var out chatResponse
		if json.Unmarshal(raw, &out) == nil && len(out.Choices) > 0 {
			_, _ = content(out.Choices[0].Message.Content)
		}
		e := bodyExcerpt(raw)
		if !utf8.ValidString(e) || strings.ContainsFunc(e, unicode.IsControl) || utf8.RuneCountInString(e) > 200 {
			t.Fatalf("excerpt %q is not one bounded line", e)
		}
	})
}
