package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREPLExplainThroughOpenAICompatibleServer wires the LLM from the app
// config (llm.url, llm.model, llm.api_key_env) to a local OpenAI-compatible
// server and checks that its answer is verified: a sentence that repeats a
// fact with its id is kept, one with an invented figure is removed.
func TestREPLExplainThroughOpenAICompatibleServer(t *testing.T) {
	dir := mustDemo(t)
	factLine := regexp.MustCompile(`(?m)^\[([^\]]+)\] \(finding, ([^)]+)\) (.+)$`)
	var gotKey string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotKey = r.Header.Get("Authorization")
		var req struct {
			Messages []struct{ Role, Content string } `json:"messages"`
		}
		if r.URL.Path != "/v1/chat/completions" || json.NewDecoder(r.Body).Decode(&req) != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		prompt := req.Messages[len(req.Messages)-1].Content
		m := factLine.FindStringSubmatch(prompt)
		answer := "I don't know."
		if m != nil {
			answer = m[3] + " [" + m[1] + "]. It also wastes 987,654 kWh a year [" + m[1] + "]."
		}
		json.NewEncoder(w).Encode(map[string]any{"choices": []any{map[string]any{"message": map[string]any{"role": "assistant", "content": answer}}}})
	}))
	defer srv.Close()
	cfgDir := t.TempDir()
	os.MkdirAll(filepath.Join(cfgDir, "camber-tui"), 0o755)
	cfg := "llm:\n  url: " + srv.URL + "/v1\n  model: test-model\n  api_key_env: CAMBER_TEST_LLM_KEY\n"
	os.WriteFile(filepath.Join(cfgDir, "camber-tui", "config.yaml"), []byte(cfg), 0o644)
	t.Setenv("CAMBER_TEST_LLM_KEY", "sk-test")

	var out, errb strings.Builder
	in := strings.NewReader("open north-campus\ncall rule_run\nexplain llm\n")
	code := runWith(t.Context(), []string{"repl", "--store", dir}, in, &out, &errb, func(k string) string {
		return map[string]string{"XDG_CONFIG_HOME": cfgDir, "HOME": t.TempDir()}[k]
	})
	if code != 0 {
		t.Fatalf("repl exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
	}
	if gotKey != "Bearer sk-test" {
		t.Fatalf("the key from api_key_env was not sent (Authorization %q)", gotKey)
	}
	text := out.String()
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "987,654") && !strings.HasPrefix(line, "flagged ") {
			t.Fatalf("an invented figure survived verification (only the flagged report may name it):\n%s", text)
		}
	}
	if !strings.Contains(text, "flagged unsupported_number") {
		t.Fatalf("the invented figure was not reported as flagged:\n%s", text)
	}
	if !strings.Contains(text, "@rule_run-") || !strings.Contains(strings.ToLower(text), "llm") {
		t.Fatalf("the verified LLM answer is missing:\n%s", text)
	}
}
