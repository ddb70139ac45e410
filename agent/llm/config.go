package llm

import (
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/camber-tui/camber-tui/agent"
)

// DefaultTimeout bounds one completion when the configuration names none.
const DefaultTimeout = 120 * time.Second

// Config wires a completer: Command, or URL and Model (with APIKeyEnv
// when the server wants a key). Kind, when set, says which ("command" or
// "openai").
type Config struct {
	Kind      string
	Command   []string
	URL       string
	Model     string
	APIKeyEnv string
	// Timeout bounds one completion (zero: DefaultTimeout).
	Timeout time.Duration
	// HTTPClient is the client of the OpenAI-compatible completer
	// (default: a plain one).
	HTTPClient *http.Client
}

// FromConfig returns the completer cfg wires, or nil and no error when it
// wires none (the agent then answers from its templates).
func FromConfig(cfg Config) (agent.Completer, error) {
	if cfg.Timeout == 0 {
		cfg.Timeout = DefaultTimeout
	}
	hasCmd, hasURL := len(cfg.Command) > 0, strings.TrimSpace(cfg.URL) != ""
	kind := strings.ToLower(strings.TrimSpace(cfg.Kind))
	switch kind {
	case "":
		if hasCmd && hasURL {
			return nil, errors.New("llm: both llm.command and llm.url are set; remove one or set llm.kind")
		}
	case "command":
		if !hasCmd {
			return nil, errors.New("llm.kind is command but llm.command is not set")
		}
		hasURL = false
	case "openai":
		if !hasURL {
			return nil, errors.New("llm.kind is openai but llm.url is not set")
		}
		hasCmd = false
	default:
		return nil, fmt.Errorf("llm.kind: %q is not command or openai", cfg.Kind)
	}
	switch {
	case hasCmd:
		c, err := Command(cfg.Command, cfg.Timeout)
		if err != nil {
			return nil, err
		}
		return c, nil
	case hasURL:
		c, err := OpenAI(cfg)
		if err != nil {
			return nil, err
		}
		return c, nil
	}
	if cfg.Model != "" || cfg.APIKeyEnv != "" {
		return nil, errors.New("llm: llm.model or llm.api_key_env is set without llm.url")
	}
	return nil, nil
}

// FromSettings reads the "llm" section of the app configuration, as viper
// returns it (keys lower-cased): kind, command (a list, or a string split
// on spaces), url, model, api_key_env and timeout (a duration such as
// "90s", or seconds). An unknown key, a wrong type, and a key written in
// the file itself (api_key) are refused with the key named. A nil or empty
// section wires nothing.
func FromSettings(m map[string]any) (agent.Completer, error) {
	var cfg Config
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := m[k]
		str := func() (string, error) {
			s, ok := v.(string)
			if !ok {
				return "", fmt.Errorf("llm.%s: want a string, got %T", k, v)
			}
			return s, nil
		}
		var err error
		switch strings.ToLower(k) {
		case "kind":
			cfg.Kind, err = str()
		case "url":
			cfg.URL, err = str()
		case "model":
			cfg.Model, err = str()
		case "api_key_env":
			cfg.APIKeyEnv, err = str()
		case "command":
			cfg.Command, err = argv(k, v)
		case "timeout":
			cfg.Timeout, err = duration(k, v)
		case "api_key", "key", "token":
			return nil, fmt.Errorf("llm.%s: a key is never read from the configuration; set llm.api_key_env to the name of the environment variable that holds it", k)
		default:
			return nil, fmt.Errorf("llm.%s: unknown key (want kind, command, url, model, api_key_env or timeout)", k)
		}
		if err != nil {
			return nil, err
		}
	}
	return FromConfig(cfg)
}

func argv(k string, v any) ([]string, error) {
	switch x := v.(type) {
	case string:
		return strings.Fields(x), nil
	case []string:
		return x, nil
	case []any:
		out := make([]string, len(x))
		for i, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("llm.%s[%d]: want a string, got %T", k, i, e)
			}
			out[i] = s
		}
		return out, nil
	}
	return nil, fmt.Errorf("llm.%s: want a list of strings, got %T", k, v)
}

func duration(k string, v any) (time.Duration, error) {
	var d time.Duration
	switch x := v.(type) {
	case string:
		var err error
		if d, err = time.ParseDuration(x); err != nil {
			return 0, fmt.Errorf("llm.%s: %q is not a duration such as 90s", k, x)
		}
	case int:
		d = time.Duration(x) * time.Second
	case int64:
		d = time.Duration(x) * time.Second
	case float64:
		d = time.Duration(x * float64(time.Second))
	case time.Duration:
		d = x
	default:
		return 0, fmt.Errorf("llm.%s: want a duration, got %T", k, v)
	}
	if d <= 0 {
		return 0, fmt.Errorf("llm.%s: must be positive", k)
	}
	return d, nil
}
