package llm

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/agent"
)

// fakeServer is an OpenAI-compatible /v1/chat/completions endpoint that
// records the requests it gets and answers with reply.
type fakeServer struct {
	mu    sync.Mutex
	reqs  []chatRequest
	auth  []string
	paths []string
	reply func(w http.ResponseWriter, r *http.Request, req chatRequest)
}

func (f *fakeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req chatRequest
	body, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(body, &req)
	f.mu.Lock()
	f.reqs = append(f.reqs, req)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	f.paths = append(f.paths, r.Method+" "+r.URL.Path)
	f.mu.Unlock()
	f.reply(w, r, req)
}

func answer(content string) func(http.ResponseWriter, *http.Request, chatRequest) {
	return func(w http.ResponseWriter, _ *http.Request, _ chatRequest) {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion",
			"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
				"message": map[string]any{"role": "assistant", "content": content}}},
		})
	}
}

func newServer(t *testing.T, reply func(http.ResponseWriter, *http.Request, chatRequest)) (*fakeServer, string) {
	f := &fakeServer{reply: reply}
	s := httptest.NewServer(f)
	t.Cleanup(s.Close)
	return f, s.URL + "/v1"
}

func TestOpenAI_Complete(t *testing.T) {
	f, base := newServer(t, answer("  Both coils open 20% of hours [F1].\n"))
	t.Setenv("CAMBER_TEST_LLM_KEY", "sk-secret-123")
	c, err := OpenAI(Config{URL: base + "/", Model: "qwen2.5:7b", APIKeyEnv: "CAMBER_TEST_LLM_KEY"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.Complete(context.Background(), "Facts: ...", agent.Options{System: "SYS", MaxTokens: 256, Temperature: 0.2})
	if err != nil || got != "Both coils open 20% of hours [F1]." {
		t.Fatalf("got %q, %v", got, err)
	}
	req := f.reqs[0]
	if f.paths[0] != "POST /v1/chat/completions" || f.auth[0] != "Bearer sk-secret-123" {
		t.Errorf("request %s with auth %q", f.paths[0], f.auth[0])
	}
	if req.Model != "qwen2.5:7b" || req.MaxTokens != 256 || req.Temperature != 0.2 || req.Stream ||
		len(req.Messages) != 2 || req.Messages[0] != (chatMessage{"system", "SYS"}) || req.Messages[1] != (chatMessage{"user", "Facts: ..."}) {
		t.Errorf("request %+v", req)
	}
	if s := c.String(); strings.Contains(s, "sk-secret") {
		t.Errorf("String() shows the key: %s", s)
	}
}

func TestOpenAI_NoKey(t *testing.T) {
	f, base := newServer(t, answer("ok"))
	c, err := OpenAI(Config{URL: base, Model: "m"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Complete(context.Background(), "p", agent.Options{}); err != nil {
		t.Fatal(err)
	}
	if f.auth[0] != "" || len(f.reqs[0].Messages) != 1 {
		t.Errorf("auth %q messages %+v", f.auth[0], f.reqs[0].Messages)
	}
}

func TestOpenAI_Answers(t *testing.T) {
	t.Setenv("CAMBER_TEST_LLM_KEY", "sk-secret-123")
	for _, tc := range []struct {
		name    string
		reply   func(http.ResponseWriter, *http.Request, chatRequest)
		want    string
		wantErr string
	}{
		{"content parts", func(w http.ResponseWriter, _ *http.Request, _ chatRequest) {
			io.WriteString(w, `{"choices":[{"message":{"content":[{"type":"text","text":"part one "},{"type":"image_url"},{"type":"text","text":"two"}]}}]}`)
		}, "part one two", ""},
		{"401 with an error object", func(w http.ResponseWriter, _ *http.Request, _ chatRequest) {
			w.WriteHeader(http.StatusUnauthorized)
			io.WriteString(w, `{"error":{"message":"Incorrect API key provided: sk-secret-123","type":"invalid_request_error"}}`)
		}, "", "401 Unauthorized: Incorrect API key provided: <key>"},
		{"404 with a string error", func(w http.ResponseWriter, _ *http.Request, _ chatRequest) {
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"error":"model \"x\" not found, try pulling it first"}`)
		}, "", `404 Not Found: model "x" not found, try pulling it first`},
		{"500 with a long html body", func(w http.ResponseWriter, _ *http.Request, _ chatRequest) {
			w.WriteHeader(http.StatusInternalServerError)
			io.WriteString(w, "<html>\n<body>"+strings.Repeat("overloaded ", 100)+"</body></html>")
		}, "", "500 Internal Server Error: <html> <body>overloaded overloaded"},
		{"no choices", func(w http.ResponseWriter, _ *http.Request, _ chatRequest) {
			io.WriteString(w, `{"choices":[]}`)
		}, "", "no choices"},
		{"not json", func(w http.ResponseWriter, _ *http.Request, _ chatRequest) {
			io.WriteString(w, `data: {"choices":[]}`)
		}, "", "not a chat completion"},
		{"empty content", answer("   "), "", "answer is empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, base := newServer(t, tc.reply)
			c, err := OpenAI(Config{URL: base, Model: "m", APIKeyEnv: "CAMBER_TEST_LLM_KEY"})
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.Complete(context.Background(), "p", agent.Options{})
			if tc.wantErr == "" {
				if err != nil || got != tc.want {
					t.Fatalf("got %q, %v; want %q", got, err, tc.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Fatalf("err %v, want %q", err, tc.wantErr)
			}
			if strings.Contains(err.Error(), "sk-secret") || strings.Count(err.Error(), "overloaded") > 20 {
				t.Errorf("error leaks the key or the whole body: %v", err)
			}
		})
	}
}

func TestOpenAI_Timeout(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	_, base := newServer(t, func(w http.ResponseWriter, r *http.Request, _ chatRequest) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	})
	c, _ := OpenAI(Config{URL: base, Model: "m", Timeout: 200 * time.Millisecond})
	if _, err := c.Complete(context.Background(), "p", agent.Options{}); err == nil || !strings.Contains(err.Error(), "no answer within 200ms") {
		t.Errorf("err %v, want a timeout", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	c, _ = OpenAI(Config{URL: base, Model: "m"})
	if _, err := c.Complete(ctx, "p", agent.Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("err %v, want context.Canceled", err)
	}
}

func TestOpenAI_Config(t *testing.T) {
	t.Setenv("CAMBER_TEST_EMPTY_KEY", "")
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{URL: "localhost:11434/v1", Model: "m"}, "llm.url: want an http or https base URL"},
		{Config{URL: "ftp://host/v1", Model: "m"}, "llm.url: want an http or https"},
		{Config{URL: "http://user:pw@host/v1", Model: "m"}, "carries credentials"},
		{Config{URL: "http://host/v1?key=x", Model: "m"}, "without a query"},
		{Config{URL: "http://host/v1"}, "llm.model: required"},
		{Config{URL: "http://host/v1", Model: "m", APIKeyEnv: "CAMBER_TEST_EMPTY_KEY"}, "CAMBER_TEST_EMPTY_KEY is not set"},
		{Config{URL: "http://host/v1", Model: "m", Timeout: -time.Second}, "negative"},
	} {
		if _, err := OpenAI(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("OpenAI(%+v): err %v, want %q", tc.cfg, err, tc.want)
		}
	}
	// The key is read on each call: unset after construction is an error.
	t.Setenv("CAMBER_TEST_LLM_KEY", "k")
	_, base := newServer(t, answer("ok"))
	c, err := OpenAI(Config{URL: base, Model: "m", APIKeyEnv: "CAMBER_TEST_LLM_KEY"})
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("CAMBER_TEST_LLM_KEY", "")
	if _, err := c.Complete(context.Background(), "p", agent.Options{}); err == nil || !strings.Contains(err.Error(), "is not set") {
		t.Errorf("err %v", err)
	}
}

// TestOpenAI_Ask runs the agent's model path against the fake server with
// a model that lies: the verified answer keeps only what the facts carry,
// and the model saw only the fact block.
func TestOpenAI_Ask(t *testing.T) {
	f, base := newServer(t, answer("It costs about $2,900 a year [C1]. It wastes 12,000 kWh [C1]. Fix the valve [R7]."))
	usd, kwh := 2897.3, 8802.0
	b := agent.NewBuilder()
	b.Findings([]agent.Finding{{Rule: "simultaneous_heat_cool", Equip: "AHU-1", Severity: "fault",
		Summary: "Both coils open 20% of hours.", Cost: &agent.Cost{AnnualUSD: &usd, KWh: &kwh}}})
	c, _ := OpenAI(Config{URL: base, Model: "m"})
	g, err := agent.Ask(context.Background(), "what will this cost?", b.Context(), c)
	if err != nil {
		t.Fatal(err)
	}
	if g.Source != agent.SourceLLM || g.Grounded || !strings.HasPrefix(g.Text, "It costs about $2,900 a year [C1].") || strings.Contains(g.Text, "12,000") {
		t.Errorf("answer %+v", g)
	}
	if req := f.reqs[0]; req.Messages[0].Content != agent.SystemPrompt || !strings.Contains(req.Messages[1].Content, b.Context().PromptBlock()) {
		t.Errorf("the model was not given the system prompt and the fact block: %+v", req.Messages)
	}
}
