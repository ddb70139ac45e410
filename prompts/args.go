package prompts

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// Argument limits (seed 001): a value past one is refused, never cut.
const (
	MaxIDLen    = 200  // characters of an id: facility_id, equip, finding_id, each id of equips
	MaxClaimLen = 1000 // characters of check_savings_claim's claim
	MaxEquips   = 20   // ids in equips
	minCompare  = 2    // ids compare_equipment needs
)

// ErrUnknownPrompt is the cause of the error for a prompt name that is not
// one of the 8. The error itself is a *registry.Error with code
// invalid_params (the MCP layer answers -32602), so test it with
// errors.Is.
var ErrUnknownPrompt = errors.New("unknown prompt")

// unknownPrompt returns the refusal of an unknown prompt name.
func unknownPrompt(name string) error {
	return &registry.Error{Code: registry.CodeInvalidParams, Err: ErrUnknownPrompt,
		Message: "unknown prompt " + sanitize.Name(name)}
}

// ArgError refuses one argument of a prompt: missing, unknown, not a
// string, empty or over its limit. It unwraps to a *registry.Error with
// code invalid_params and the same message, so registry.CodeOf reports
// invalid_params and the MCP server's hooks answer -32602 with it.
type ArgError struct {
	Prompt  string // the prompt's name
	Arg     string // the argument's name, as sent
	Problem string // what is wrong, e.g. "is 201 characters, over the limit of 200"
}

// Error returns "prompt P: argument A PROBLEM" with the argument name
// sanitised.
func (e *ArgError) Error() string {
	return "prompt " + e.Prompt + ": argument " + sanitize.Value(e.Arg) + " " + e.Problem
}

// Unwrap returns the invalid_params *registry.Error the error stands for.
func (e *ArgError) Unwrap() error {
	return &registry.Error{Code: registry.CodeInvalidParams, Message: e.Error()}
}

// Args converts decoded JSON arguments (a prompts/get request, a REPL line
// read as JSON) to strings: a value that is not a string is an *ArgError.
// Nothing else is checked here; [Render], [PlanFor] and [Complete] do that.
func Args(prompt string, raw map[string]any) (map[string]string, error) {
	out := make(map[string]string, len(raw))
	for _, k := range sortedKeys(raw) {
		s, ok := raw[k].(string)
		if !ok {
			return nil, &ArgError{Prompt: prompt, Arg: k, Problem: "must be a string"}
		}
		out[k] = s
	}
	return out, nil
}

// ParseArgs reads command-line arguments of the form key=value (camber-tui
// prompt NAME key=value ...): the key is everything before the first '=',
// the value everything after it (it may hold '=' and be empty). An item
// without '=', with an empty key, or a key given twice is an [*ArgError];
// the keys and values themselves are checked by [Render] and [PlanFor].
func ParseArgs(prompt string, items []string) (map[string]string, error) {
	out := make(map[string]string, len(items))
	for _, item := range items {
		k, v, ok := strings.Cut(item, "=")
		switch {
		case !ok || k == "":
			return nil, &ArgError{Prompt: prompt, Arg: item, Problem: "is not key=value"}
		case hasKey(out, k):
			return nil, &ArgError{Prompt: prompt, Arg: k, Problem: "is given twice"}
		}
		out[k] = v
	}
	return out, nil
}

func hasKey(m map[string]string, k string) bool {
	_, ok := m[k]
	return ok
}

// values are a prompt's checked arguments, reduced to one line each.
type values struct {
	facility  string
	equip     string
	equips    []string
	findingID string
	claim     string
}

// check refuses arguments that are unknown, missing, empty or over their
// limits, and returns them reduced to one line. Checks run in a fixed
// order (unknown names first, then each declared argument in turn), so the
// same input always gets the same refusal.
func check(p registry.Prompt, args map[string]string) (values, error) {
	var v values
	declared := map[string]bool{}
	for _, a := range p.Arguments {
		declared[a.Name] = true
	}
	for _, k := range sortedKeys(args) {
		if !declared[k] {
			return v, &ArgError{Prompt: p.Name, Arg: k, Problem: "is not an argument of this prompt"}
		}
	}
	for _, a := range p.Arguments {
		raw, ok := args[a.Name]
		switch {
		case !ok && a.Required:
			return v, &ArgError{Prompt: p.Name, Arg: a.Name, Problem: "is required"}
		case ok && strings.TrimSpace(sanitize.Line(raw)) == "" && a.Required:
			return v, &ArgError{Prompt: p.Name, Arg: a.Name, Problem: "is empty"}
		case !ok || strings.TrimSpace(sanitize.Line(raw)) == "":
			continue // an optional argument left empty
		}
		switch a.Name {
		case ArgClaim:
			if n := utf8.RuneCountInString(raw); n > MaxClaimLen {
				return v, &ArgError{Prompt: p.Name, Arg: a.Name, Problem: overLimit(n, MaxClaimLen)}
			}
			v.claim = strings.Join(strings.Fields(sanitize.Line(raw)), " ")
		case ArgEquips:
			ids, err := splitEquips(p.Name, raw)
			if err != nil {
				return v, err
			}
			v.equips = ids
		default:
			if n := utf8.RuneCountInString(raw); n > MaxIDLen {
				return v, &ArgError{Prompt: p.Name, Arg: a.Name, Problem: overLimit(n, MaxIDLen)}
			}
			id := oneLine(raw)
			switch a.Name {
			case ArgFacilityID:
				v.facility = id
			case ArgEquip:
				v.equip = id
			case ArgFindingID:
				v.findingID = id
			}
		}
	}
	return v, nil
}

// splitEquips checks a comma-separated equips value: at most MaxEquips
// ids, each at most MaxIDLen characters, none twice, and for
// compare_equipment at least two. Blank items (a trailing comma) are
// ignored.
func splitEquips(prompt, raw string) ([]string, error) {
	var ids []string
	for _, part := range strings.Split(raw, ",") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		if n := utf8.RuneCountInString(strings.TrimSpace(part)); n > MaxIDLen {
			return nil, &ArgError{Prompt: prompt, Arg: ArgEquips, Problem: fmt.Sprintf("has an id of %d characters, over the limit of %d", n, MaxIDLen)}
		}
		ids = append(ids, oneLine(part))
	}
	if len(ids) > MaxEquips {
		return nil, &ArgError{Prompt: prompt, Arg: ArgEquips, Problem: fmt.Sprintf("names %d ids, over the limit of %d", len(ids), MaxEquips)}
	}
	for i, id := range ids {
		if slices.Index(ids, id) < i {
			return nil, &ArgError{Prompt: prompt, Arg: ArgEquips, Problem: "names " + quote(id) + " twice"}
		}
	}
	if prompt == CompareEquipment && len(ids) < minCompare {
		return nil, &ArgError{Prompt: prompt, Arg: ArgEquips, Problem: fmt.Sprintf("names %d id; comparing needs two or more, comma-separated", len(ids))}
	}
	return ids, nil
}

func overLimit(n, limit int) string {
	return fmt.Sprintf("is %d characters, over the limit of %d", n, limit)
}

// oneLine reduces an id to one line without leading or trailing spaces;
// inner spaces are kept (a stored id may have them).
func oneLine(s string) string { return strings.TrimSpace(sanitize.Line(s)) }

// quote writes a one-line value the way a capability names a value from
// the data (sanitize.Name): in double quotes, a double quote inside read
// as a single one, fact-id brackets as parentheses, '<' and '>' as '‹' and
// '›', a markdown link's "](" as "] (", "://" as "[:]//" and "www." as
// "www[.]". Unlike sanitize.Name it never cuts: an argument is refused
// over its limit instead, so what the message names is what was sent.
func quote(s string) string { return `"` + sanitize.Defang(sanitize.Line(s)) + `"` }

// sortedKeys returns m's keys in byte order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
