package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
	"unicode"

	"github.com/camber-tui/camber-tui/agent"
)

// OpenAICompleter posts each completion to an OpenAI-compatible
// /chat/completions endpoint. It holds no key: the key is read from the
// named environment variable on every call. It is safe for concurrent use.
type OpenAICompleter struct {
	endpoint string // {base}/chat/completions
	model    string
	keyEnv   string
	timeout  time.Duration
	client   *http.Client
}

// OpenAI returns a completer for cfg.URL (the API base, such as
// http://localhost:11434/v1), cfg.Model and, when the server wants one, the
// key in the environment variable cfg.APIKeyEnv. cfg.Timeout bounds one
// call; cfg.HTTPClient defaults to a plain client.
func OpenAI(cfg Config) (*OpenAICompleter, error) {
	u, err := url.Parse(strings.TrimSpace(cfg.URL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("llm.url: want an http or https base URL such as http://localhost:11434/v1")
	}
	if u.User != nil {
		return nil, errors.New("llm.url: carries credentials; name an environment variable in llm.api_key_env instead")
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("llm.url: want the API base without a query or fragment")
	}
	if strings.TrimSpace(cfg.Model) == "" {
		return nil, errors.New("llm.model: required with llm.url")
	}
	if cfg.APIKeyEnv != "" && os.Getenv(cfg.APIKeyEnv) == "" {
		return nil, fmt.Errorf("llm.api_key_env: the environment variable %s is not set", cfg.APIKeyEnv)
	}
	if cfg.Timeout < 0 {
		return nil, fmt.Errorf("llm.timeout: %s is negative", cfg.Timeout)
	}
	client := cfg.HTTPClient
	if client == nil {
		client = &http.Client{}
	}
	return &OpenAICompleter{
		endpoint: strings.TrimRight(u.String(), "/") + "/chat/completions",
		model:    cfg.Model, keyEnv: cfg.APIKeyEnv, timeout: cfg.Timeout, client: client,
	}, nil
}

// String names the endpoint and model (never the key).
func (c *OpenAICompleter) String() string {
	return "openai-compatible " + c.endpoint + " model " + c.model
}

type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type chatRequest struct {
	Model       string        `json:"model"`
	Messages    []chatMessage `json:"messages"`
	Temperature float64       `json:"temperature"`
	MaxTokens   int           `json:"max_tokens,omitempty"`
	Stream      bool          `json:"stream"`
}

type chatResponse struct {
	Choices []struct {
		Message struct {
			Content json.RawMessage `json:"content"`
		} `json:"message"`
	} `json:"choices"`
}

// Complete posts one chat completion: the system instruction as a system
// message, the prompt as the user message, no streaming. A 4xx or 5xx
// answer is an error with the status and a short excerpt of the body (the
// server's error message when it sends one).
func (c *OpenAICompleter) Complete(ctx context.Context, prompt string, opt agent.Options) (string, error) {
	run := ctx
	if c.timeout > 0 {
		var cancel context.CancelFunc
		run, cancel = context.WithTimeout(ctx, c.timeout)
		defer cancel()
	}
	req := chatRequest{Model: c.model, Temperature: opt.Temperature, MaxTokens: opt.MaxTokens}
	if opt.System != "" {
		req.Messages = append(req.Messages, chatMessage{Role: "system", Content: opt.System})
	}
	req.Messages = append(req.Messages, chatMessage{Role: "user", Content: prompt})
	body, err := json.Marshal(req)
	if err != nil {
		return "", fmt.Errorf("llm %s: encode request: %w", c.endpoint, err)
	}
	hreq, err := http.NewRequestWithContext(run, http.MethodPost, c.endpoint, bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("llm %s: %w", c.endpoint, err)
	}
	hreq.Header.Set("Content-Type", "application/json")
	hreq.Header.Set("Accept", "application/json")
	key := ""
	if c.keyEnv != "" {
		if key = os.Getenv(c.keyEnv); key == "" {
			return "", fmt.Errorf("llm %s: the environment variable %s is not set", c.endpoint, c.keyEnv)
		}
		hreq.Header.Set("Authorization", "Bearer "+key)
	}
	resp, err := c.client.Do(hreq)
	if err != nil {
		switch {
		case ctx.Err() != nil:
			return "", fmt.Errorf("llm %s: %w", c.endpoint, ctx.Err())
		case run.Err() != nil:
			return "", fmt.Errorf("llm %s: no answer within %s", c.endpoint, c.timeout)
		}
		return "", fmt.Errorf("llm %s: %s", c.endpoint, scrub(unwrapURLError(err), key))
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer+1))
	if err != nil {
		if run.Err() != nil && ctx.Err() == nil {
			return "", fmt.Errorf("llm %s: no answer within %s", c.endpoint, c.timeout)
		}
		return "", fmt.Errorf("llm %s: read answer: %s", c.endpoint, scrub(err.Error(), key))
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return "", fmt.Errorf("llm %s: %s: %s", c.endpoint, resp.Status, scrub(bodyExcerpt(raw), key))
	}
	if len(raw) > maxAnswer {
		return "", fmt.Errorf("llm %s: answer longer than %d bytes", c.endpoint, maxAnswer)
	}
	var out chatResponse
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("llm %s: the answer is not a chat completion: %s", c.endpoint, scrub(bodyExcerpt(raw), key))
	}
	if len(out.Choices) == 0 {
		return "", fmt.Errorf("llm %s: the answer has no choices", c.endpoint)
	}
	text, err := content(out.Choices[0].Message.Content)
	if err != nil {
		return "", fmt.Errorf("llm %s: %w", c.endpoint, err)
	}
	if strings.TrimSpace(text) == "" {
		return "", fmt.Errorf("llm %s: the answer is empty", c.endpoint)
	}
	return strings.TrimSpace(text), nil
}

// content reads a message's content: a string, or a list of parts whose
// text parts are joined (some servers answer so).
func content(raw json.RawMessage) (string, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", errors.New("the answer's message has no text content")
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type == "" || p.Type == "text" {
			b.WriteString(p.Text)
		}
	}
	return b.String(), nil
}

// bodyExcerpt returns the server's error message when the body is an
// OpenAI-style error object, else the body on one line, cut to 200 runes.
func bodyExcerpt(raw []byte) string {
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(raw, &e) == nil && len(e.Error) > 0 {
		var obj struct {
			Message string `json:"message"`
		}
		var str string
		switch {
		case json.Unmarshal(e.Error, &obj) == nil && obj.Message != "":
			raw = []byte(obj.Message)
		case json.Unmarshal(e.Error, &str) == nil && str != "":
			raw = []byte(str)
		}
	}
	s := clean(string(raw))
	if s == "" {
		return "(empty body)"
	}
	if r := []rune(s); len(r) > 200 {
		s = string(r[:199]) + "…"
	}
	return s
}

// clean returns s as one line of printable text: invalid UTF-8 and
// control characters (ESC sequences, BEL ...) dropped, runs of white space
// made one space.
func clean(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			return ' '
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
	return strings.Join(strings.Fields(s), " ")
}

// unwrapURLError returns a transport error's message without the URL the
// url.Error repeats.
func unwrapURLError(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err.Error()
	}
	return err.Error()
}

// scrub removes the key from a message, should a server echo it.
func scrub(s, key string) string {
	if key == "" {
		return s
	}
	return strings.ReplaceAll(s, key, "<key>")
}
