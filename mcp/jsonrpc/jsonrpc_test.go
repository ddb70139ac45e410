package jsonrpc

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name   string
		line   string
		code   int    // 0: accepted
		id     string // reply id (JSON), for refusals and accepted messages
		kind   Kind
		method string
	}{
		{"request", `{"jsonrpc":"2.0","id":1,"method":"ping"}`, 0, "1", KindRequest, "ping"},
		{"string id", `{"jsonrpc":"2.0","id":"a\u0062","method":"ping"}`, 0, `"ab"`, KindRequest, "ping"},
		{"notification", `{"jsonrpc":"2.0","method":"notifications/initialized"}`, 0, "null", KindNotification, "notifications/initialized"},
		{"client response", `{"jsonrpc":"2.0","id":4,"result":{}}`, 0, "4", KindResponse, ""},
		{"not utf8", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xff\"}", CodeParseError, "null", 0, ""},
		{"not json", `{"jsonrpc":"2.0",`, CodeParseError, "null", 0, ""},
		{"trailing garbage", `{"jsonrpc":"2.0","id":1,"method":"ping"} x`, CodeParseError, "null", 0, ""},
		{"raw control char", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\tb\"}", CodeParseError, "null", 0, ""},
		{"batch", `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, CodeInvalidRequest, "null", 0, ""},
		{"scalar", `42`, CodeInvalidRequest, "null", 0, ""},
		{"duplicate top key", `{"jsonrpc":"2.0","id":1,"id":2,"method":"ping"}`, CodeInvalidRequest, "null", 0, ""},
		{"duplicate deep key", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":{"b":1,"b":2}}}`, CodeInvalidRequest, "null", 0, ""},
		{"duplicate by escape", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":1,"\u0061":2}}`, CodeInvalidRequest, "null", 0, ""},
		{"lone high surrogate", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":"\ud800"}}`, CodeInvalidRequest, "null", 0, ""},
		{"lone low surrogate", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":"\udc00x"}}`, CodeInvalidRequest, "null", 0, ""},
		{"high then non-low", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":"\ud800\u0041"}}`, CodeInvalidRequest, "null", 0, ""},
		{"surrogate pair ok", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":"\ud83d\ude00"}}`, 0, "1", KindRequest, "x"},
		{"integer too long", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"n":` + strings.Repeat("9", 4301) + `}}`, CodeInvalidRequest, "null", 0, ""},
		{"integer at limit", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"n":1` + strings.Repeat("0", 20) + `}}`, 0, "1", KindRequest, "x"},
		{"float overflow", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"n":1e400}}`, CodeInvalidRequest, "null", 0, ""},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":7,"method":"ping"}`, CodeInvalidRequest, "7", 0, ""},
		{"jsonrpc missing", `{"id":"q","method":"ping"}`, CodeInvalidRequest, `"q"`, 0, ""},
		{"jsonrpc number", `{"jsonrpc":2.0,"id":1,"method":"ping"}`, CodeInvalidRequest, "1", 0, ""},
		{"method missing", `{"jsonrpc":"2.0","id":3}`, CodeInvalidRequest, "3", 0, ""},
		{"method null is a request", `{"jsonrpc":"2.0","id":3,"method":null,"result":{}}`, CodeInvalidRequest, "3", 0, ""},
		{"method number", `{"jsonrpc":"2.0","id":3,"method":5}`, CodeInvalidRequest, "3", 0, ""},
		{"id float", `{"jsonrpc":"2.0","id":1.0,"method":"ping"}`, CodeInvalidRequest, "null", 0, ""},
		{"id exponent", `{"jsonrpc":"2.0","id":1e3,"method":"ping"}`, CodeInvalidRequest, "null", 0, ""},
		{"id null", `{"jsonrpc":"2.0","id":null,"method":"ping"}`, CodeInvalidRequest, "null", 0, ""},
		{"id object", `{"jsonrpc":"2.0","id":{},"method":"ping"}`, CodeInvalidRequest, "null", 0, ""},
		{"id bool", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, CodeInvalidRequest, "null", 0, ""},
		{"big integer id", `{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}`, 0, "123456789012345678901234567890", KindRequest, "ping"},
		{"refused notification", `{"jsonrpc":"2.1","method":"notifications/initialized"}`, CodeInvalidRequest, "null", 0, ""},
		{"too deep", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":` + strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth) + `}}`, CodeInvalidRequest, "null", 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, id, err := Parse([]byte(tt.line))
			if tt.code != 0 {
				if err == nil {
					t.Fatalf("Parse accepted %q", tt.line)
				}
				if err.Code != tt.code {
					t.Fatalf("code %d (%s), want %d", err.Code, err.Message, tt.code)
				}
			} else {
				if err != nil {
					t.Fatalf("Parse refused: %d %s", err.Code, err.Message)
				}
				if m.Kind != tt.kind || m.Method != tt.method {
					t.Fatalf("kind %d method %q, want %d %q", m.Kind, m.Method, tt.kind, tt.method)
				}
			}
			if id.String() != tt.id {
				t.Fatalf("reply id %s, want %s", id, tt.id)
			}
		})
	}
}

func TestParseParams(t *testing.T) {
	m, _, err := Parse([]byte(`{"jsonrpc":"2.0","id":1,"method":"x","params":[1]}`))
	if err != nil || m.ParamsOK {
		t.Fatalf("array params: err %v, ParamsOK %v", err, m.ParamsOK)
	}
	m, _, err = Parse([]byte(`{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":"<b>"}}`))
	if err != nil || !m.ParamsOK || m.Params["a"] != "<b>" {
		t.Fatalf("object params: %v %#v", err, m)
	}
}

func TestExtractID(t *testing.T) {
	pad := strings.Repeat("x", 2*IDWindow)
	tests := []struct {
		name, line, want string
	}{
		{"int first", `{"id":42,"jsonrpc":"2.0","method":"ping","params":{"p":"` + pad + `"}}`, "42"},
		{"string after method", `{"jsonrpc":"2.0","method":"ping","id":"a\"b","params":{"p":"` + pad + `"}}`, `"a\"b"`},
		{"escaped key", `{"jsonrpc":"2.0","\u0069d":5,"params":{"p":"` + pad + `"}}`, "5"},
		{"second top id", `{"id":1,"params":{"p":"` + pad + `"},"id":2}`, "null"},
		{"second id hidden by escape", `{"id":1,"params":{"p":"` + pad + `"},"i\u0064":2}`, "null"},
		{"nested id ignored", `{"id":1,"params":{"id":9,"p":"` + pad + `"}}`, "1"},
		{"id in a string ignored", `{"id":1,"params":{"p":"\"id\":3` + pad + `"}}`, "1"},
		{"float id", `{"id":1.5,"params":{"p":"` + pad + `"}}`, "null"},
		{"null id", `{"id":null,"params":{"p":"` + pad + `"}}`, "null"},
		{"id beyond window", `{"params":{"p":"` + pad + `"},"id":3}`, "null"},
		{"batch", `[{"id":1,"p":"` + pad + `"}]`, "null"},
		{"unterminated", `{"id":7,"params":{"p":"` + pad, "7"},
		{"lone surrogate id", `{"id":"\ud800","p":"` + pad + `"}`, "null"},
		{"id as last number", `{"a":1,"id":12`, "12"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ExtractID([]byte(tt.line)).String(); got != tt.want {
				t.Fatalf("ExtractID = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestReader(t *testing.T) {
	long := `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"p":"` + strings.Repeat("y", MaxLine) + `"}}`
	input := "{\"a\":1}\r\n\n   \n" + long + "\n" + `{"b":2}` + "\n" + strings.Repeat("z", MaxLine+1) + "\n" + `{"c":3}`
	r := NewReader(strings.NewReader(input), 0)
	type got struct {
		n       int
		data    string
		tooLong bool
		id      string
	}
	var lines []got
	for {
		ln, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, got{ln.N, string(ln.Data), ln.TooLong, ln.ID.String()})
	}
	want := []got{
		{1, `{"a":1}`, false, "null"},
		{4, "", true, "9"},
		{5, `{"b":2}`, false, "null"},
		{6, "", true, "null"},
		{7, `{"c":3}`, false, "null"},
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines %+v, want %d", len(lines), lines, len(want))
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d: got n=%d len=%d tooLong=%v id=%s, want %+v", i, lines[i].n, len(lines[i].data), lines[i].tooLong, lines[i].id, want[i])
		}
	}
}

func TestReaderExactLimit(t *testing.T) {
	line := bytes.Repeat([]byte("a"), 100)
	r := NewReader(bytes.NewReader(append(line, '\n')), 100)
	ln, err := r.Next()
	if err != nil || ln.TooLong || len(ln.Data) != 100 {
		t.Fatalf("line at the limit: %v %+v", err, ln.TooLong)
	}
	r = NewReader(bytes.NewReader(append(append(line, 'a'), '\n')), 100)
	if ln, _ = r.Next(); !ln.TooLong || ln.Size != 101 {
		t.Fatalf("line over the limit not refused: %+v", ln)
	}
}

func TestEncode(t *testing.T) {
	b, err := EncodeResult(IntID(3), map[string]any{"s": "<a>&"})
	if err != nil || string(b) != `{"jsonrpc":"2.0","id":3,"result":{"s":"<a>&"}}` {
		t.Fatalf("EncodeResult = %s, %v", b, err)
	}
	b = EncodeError(ID{}, &Error{Code: CodeInvalidRequest, Message: "m", Data: func() {}})
	if string(b) != `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"m"}}` {
		t.Fatalf("EncodeError with bad data = %s", b)
	}
	if _, err := EncodeResult(IntID(1), map[string]any{"f": func() {}}); err == nil {
		t.Fatal("EncodeResult of a func succeeded")
	}
}
