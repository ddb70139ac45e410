package repl

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name string
		line string
		want Command
	}{
		{"Blank", "   \t ", Command{}},
		{"Comment", "  # a note", Command{Comment: " a note", HasComment: true}},
		{"Word", "facilities", Command{Name: "facilities"}},
		{"Positional", "open north-campus", Command{Name: "open", Args: []Arg{{Value: "north-campus"}}}},
		{"KeyValue", "call points facility_id=north-campus limit=5",
			Command{Name: "call", Args: []Arg{{Value: "points"}, {Key: "facility_id", Value: "north-campus"}, {Key: "limit", Value: "5"}}}},
		{"QuotedValue", `call points equip="AHU 1" role='a "b"'`,
			Command{Name: "call", Args: []Arg{{Value: "points"}, {Key: "equip", Value: "AHU 1"}, {Key: "role", Value: `a "b"`}}}},
		{"Escapes", `open a\ b "c\"d\\e\n" x\#y`,
			Command{Name: "open", Args: []Arg{{Value: "a b"}, {Value: "c\"d\\e\n"}, {Value: "x#y"}}}},
		{"QuotedEqualsIsPositional", `open "a=b" a\=b`,
			Command{Name: "open", Args: []Arg{{Value: "a=b"}, {Value: "a=b"}}}},
		{"ValueWithEquals", `call x k=a=b`, Command{Name: "call", Args: []Arg{{Value: "x"}, {Key: "k", Value: "a=b"}}}},
		{"EmptyValue", `call x k=`, Command{Name: "call", Args: []Arg{{Value: "x"}, {Key: "k", Value: ""}}}},
		{"JSONValue", `call rule_run equips=["AHU-1", "AHU-2"] params={"r":{"p":1}}`,
			Command{Name: "call", Args: []Arg{{Value: "rule_run"}, {Key: "equips", Value: `["AHU-1", "AHU-2"]`, JSON: true}, {Key: "params", Value: `{"r":{"p":1}}`, JSON: true}}}},
		{"TrailingObject", `call points {"facility_id": "north-campus", "limit": 5} # first five`,
			Command{Name: "call", Args: []Arg{{Value: "points"}}, Object: map[string]any{"facility_id": "north-campus", "limit": json.Number("5")},
				Comment: " first five", HasComment: true}},
		{"CommentAfterWords", "facilities # all of them", Command{Name: "facilities", Comment: " all of them", HasComment: true}},
		{"HashInsideWord", "open FC#5", Command{Name: "open", Args: []Arg{{Value: "FC#5"}}}},
		{"FreeText", `ask what's wrong with AHU-1? # not a comment`, Command{Name: "ask", Text: "what's wrong with AHU-1? # not a comment"}},
		{"FreeTextQuoted", `draft "template"`, Command{Name: "draft", Text: "template", Quoted: true}},
		{"FreeTextTwoQuoted", `draft "a" "b"`, Command{Name: "draft", Text: `"a" "b"`}},
		{"FreeTextUnterminated", `check "oops`, Command{Name: "check", Text: `"oops`}},
		{"FreeTextEmpty", `check   `, Command{Name: "check"}},
		{"UnicodeSpace", "open\u00a0x", Command{Name: "open", Args: []Arg{{Value: "x"}}}},
		{"TrailingBackslash", `open a\`, Command{Name: "open", Args: []Arg{{Value: `a\`}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.line)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.line, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Fatalf("Parse(%q) (-want +got):\n%s", tt.line, diff)
			}
			again, err := Parse(got.String())
			if err != nil {
				t.Fatalf("Parse(%q) of String: %v", got.String(), err)
			}
			if diff := cmp.Diff(got, again); diff != "" {
				t.Fatalf("round trip of %q via %q (-first +second):\n%s", tt.line, got.String(), diff)
			}
		})
	}
}

func TestParse_Errors(t *testing.T) {
	tests := []struct {
		name, line, want string
	}{
		{"ErrUnterminatedDouble", `open "north`, `column 6: unterminated double quote`},
		{"ErrUnterminatedSingle", `open 'north`, `column 6: unterminated single quote`},
		{"ErrKeyFirst", `a=b`, `column 1: a line starts with a command word, not the key=value pair a=…`},
		{"ErrObjectFirst", `  {"a":1}`, `column 3: a line starts with a command word, not a JSON object`},
		{"ErrEmptyName", `"" x`, `column 1: the command word is empty`},
		{"ErrBadObject", `call x {"a":}`, `column 8: the JSON object is malformed: invalid character '}' looking for beginning of value`},
		{"ErrShortObject", `call x {"a":1`, `column 8: the JSON object is malformed: it ends too early`},
		{"ErrAfterObject", `call x {"a":1} y`, `column 16: the JSON object must end the line (a # comment may follow)`},
		{"ErrBadJSONValue", `call x equips=[AHU-1]`, `column 15: the value of equips is not JSON (invalid character 'A' looking for beginning of value); quote it for a plain string`},
		{"ErrAfterJSONValue", `call x equips=["a"]b`, `column 20: unexpected text after the JSON value of equips`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.line)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) = %v, want a *ParseError", tt.line, err)
			}
			if err.Error() != tt.want {
				t.Fatalf("Parse(%q) error:\n got %s\nwant %s", tt.line, err, tt.want)
			}
		})
	}
}

func TestCommand_String(t *testing.T) {
	tests := []struct {
		name string
		cmd  Command
		want string
	}{
		{"Plain", Command{Name: "open", Args: []Arg{{Value: "north-campus"}}}, "open north-campus"},
		{"QuotesWhereNeeded", Command{Name: "call", Args: []Arg{{Value: "points"}, {Key: "equip", Value: "AHU 1"}, {Value: "a=b"}, {Value: ""}, {Key: "x", Value: "[1"}}},
			`call points equip="AHU 1" "a=b" "" x="[1"`},
		{"Object", Command{Name: "call", Args: []Arg{{Value: "points"}}, Object: map[string]any{"z": json.Number("1"), "a": "<b>"}}, `call points {"a":"<b>","z":1}`},
		{"FreeTextQuoted", Command{Name: "draft", Text: "template", Quoted: true}, `draft "template"`},
		{"CommentOnly", Command{Comment: " x", HasComment: true}, "# x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.cmd.String(); got != tt.want {
				t.Fatalf("String() = %q, want %q", got, tt.want)
			}
		})
	}
}
