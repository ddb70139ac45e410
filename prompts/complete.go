package prompts

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// MaxCompletions is the most values [Complete] returns (seed 001).
const MaxCompletions = 100

// listPage is the page size completion asks the listing capabilities for.
const listPage = registry.MaxLimit

// Complete offers values for argument arg of prompt, given what was typed
// (value) and the arguments already chosen (chosen; facility_id matters):
//
//   - facility_id: the facilities the caller may read, as the facilities
//     capability lists them (allowed, stored, never research-only);
//   - equip: the stored equipment of the chosen facility, as the points
//     capability lists it; for triage_ahu only air handlers (AHU class):
//     no meters, no weather, nothing of an unrecognised class;
//   - equips: the same for its last comma-separated id, never one already
//     listed; each value is the whole argument, the listed ids kept as
//     typed and the last one completed;
//   - any other argument: nothing.
//
// Values that match what was typed at the start come first, then those
// that contain it elsewhere (case-insensitive), each group in natural
// order (AHU-2 before AHU-10); at most [MaxCompletions]. A name that is not
// one clean line of at most 200 characters, that the summaries' sanitiser
// would change (markup, a URL, a fact-id bracket, a double quote) or that
// starts with NOTICE is never offered. The calls go through caller with cc,
// so the policy applies: a facility the caller may not read completes to
// nothing. An unknown prompt or argument is refused as [Render] refuses it.
func Complete(ctx context.Context, caller Caller, cc *registry.CallContext, prompt, arg, value string, chosen map[string]string) ([]string, error) {
	all, err := completions(ctx, caller, cc, prompt, arg, value, chosen)
	if len(all) > MaxCompletions {
		all = all[:MaxCompletions]
	}
	return all, err
}

// completions is Complete without the cut (the MCP hook reports the total).
func completions(ctx context.Context, caller Caller, cc *registry.CallContext, prompt, arg, value string, chosen map[string]string) ([]string, error) {
	p, ok := Lookup(prompt)
	if !ok {
		return nil, unknownPrompt(prompt)
	}
	if !slices.ContainsFunc(p.Arguments, func(a registry.PromptArgument) bool { return a.Name == arg }) {
		return nil, &ArgError{Prompt: prompt, Arg: arg, Problem: "is not an argument of this prompt"}
	}
	switch arg {
	case ArgFacilityID:
		if !typedOK(value) {
			return []string{}, nil
		}
		ids, err := facilityIDs(ctx, caller, cc)
		return rank(ids, value), err
	case ArgEquip:
		if !typedOK(value) {
			return []string{}, nil
		}
		ids, err := equipment(ctx, caller, cc, chosen[ArgFacilityID], prompt == TriageAHU)
		return rank(ids, value), err
	case ArgEquips:
		return completeEquips(ctx, caller, cc, value, chosen[ArgFacilityID])
	}
	return []string{}, nil
}

// completeEquips completes the last comma-separated id of an equips value.
func completeEquips(ctx context.Context, caller Caller, cc *registry.CallContext, value, facility string) ([]string, error) {
	head, last := "", value
	if i := strings.LastIndexByte(value, ','); i >= 0 {
		head, last = value[:i+1], value[i+1:]
	}
	typed := strings.TrimLeft(last, " ")
	head += last[:len(last)-len(typed)] // keep the spaces typed after the comma
	listed := map[string]bool{}
	n := 0
	for _, id := range strings.Split(value[:len(head)], ",") {
		if id = strings.TrimSpace(id); id != "" {
			listed[id] = true
			n++
		}
	}
	if n >= MaxEquips || !typedOK(typed) || utf8.RuneCountInString(value) > MaxEquips*(MaxIDLen+2) {
		return []string{}, nil
	}
	ids, err := equipment(ctx, caller, cc, facility, false)
	ids = slices.DeleteFunc(ids, func(id string) bool { return listed[id] })
	out := rank(ids, typed)
	for i, id := range out {
		out[i] = head + id
	}
	return out, err
}

// facilityIDs lists the facilities the caller may read, through the
// facilities capability (every page).
func facilityIDs(ctx context.Context, caller Caller, cc *registry.CallContext) ([]string, error) {
	var ids []string
	err := eachRow(ctx, caller, cc, "facilities", map[string]any{}, "facilities", func(row map[string]any) {
		if id, ok := row["facility_id"].(string); ok && offerable(id) {
			ids = append(ids, id)
		}
	})
	return ids, err
}

// equipment lists the stored equipment of facility through the points
// capability (every page); ahuOnly keeps only the air handlers (a class
// model.LookupClass reads as AHU, aliases included): no meter, weather
// station, packaged unit or terminal, and no equipment whose class is
// missing or unrecognised (a duct logger), since rule_run runs no air
// handler rule on it.
func equipment(ctx context.Context, caller Caller, cc *registry.CallContext, facility string, ahuOnly bool) ([]string, error) {
	if facility == "" || !offerable(facility) {
		return nil, nil
	}
	class := map[string]string{}
	var ids []string
	err := eachRow(ctx, caller, cc, "points", map[string]any{ArgFacilityID: facility}, "points", func(row map[string]any) {
		id, ok := row["equip"].(string)
		if !ok || !offerable(id) {
			return
		}
		if _, seen := class[id]; !seen {
			ids = append(ids, id)
			class[id] = ""
		}
		if c, _ := row["equip_class"].(string); c != "" && class[id] == "" {
			class[id] = c
		}
	})
	if ahuOnly {
		ids = slices.DeleteFunc(ids, func(id string) bool { return model.CanonicalClass(class[id]) != model.ClassAHU })
	}
	return ids, err
}

// eachRow calls capability name with args, page after page, and passes
// every row of data[list] to fn. A refusal (the facility is not allowed,
// refused, unknown or malformed) ends the listing quietly: completion
// offers nothing then. Any other failure is returned.
func eachRow(ctx context.Context, caller Caller, cc *registry.CallContext, name string, args map[string]any, list string, fn func(map[string]any)) error {
	for offset := 0; ; offset += listPage {
		a := map[string]any{"limit": listPage, "offset": offset}
		for k, v := range args {
			a[k] = v
		}
		res, err := caller.Call(ctx, name, a, cc)
		if err != nil {
			switch registry.CodeOf(err) {
			case registry.CodeNotAllowed, registry.CodeRefusedLicence, registry.CodeNotFound, registry.CodeInvalidParams:
				return nil
			}
			return fmt.Errorf("complete from %s: %w", name, err)
		}
		data, _ := decoded(res.Data).(map[string]any)
		rows, _ := data[list].([]any)
		for _, r := range rows {
			if m, ok := r.(map[string]any); ok {
				fn(m)
			}
		}
		if len(rows) == 0 || offset+len(rows) >= toInt(data["count"]) {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
}

// typedOK reports whether what was typed can match a name that may be
// offered: one line of at most 200 characters.
func typedOK(s string) bool {
	return utf8.RuneCountInString(s) <= MaxIDLen && sanitize.Line(s) == s
}

// toInt reads a count from decoded JSON.
func toInt(v any) int {
	if n, ok := v.(float64); ok {
		return int(n)
	}
	return 0
}

// offerable reports whether a stored name may be offered: one clean line
// of 1 to 200 characters without leading or trailing space, unchanged by
// the summaries' sanitiser apart from quoting, not starting with NOTICE.
func offerable(s string) bool {
	switch {
	case s == "", utf8.RuneCountInString(s) > MaxIDLen, !utf8.ValidString(s):
		return false
	case strings.TrimSpace(s) != s, sanitize.Line(s) != s, sanitize.Defang(s) != s:
		return false
	case len(s) >= 6 && strings.EqualFold(s[:6], "NOTICE"):
		return false
	}
	return true
}

// rank returns the names that contain typed (case-insensitive): those that
// start with it first, then the others, each group in natural order.
func rank(names []string, typed string) []string {
	t := strings.ToLower(typed)
	var prefix, inner []string
	for _, n := range names {
		l := strings.ToLower(n)
		switch {
		case strings.HasPrefix(l, t):
			prefix = append(prefix, n)
		case strings.Contains(l, t):
			inner = append(inner, n)
		}
	}
	slices.SortFunc(prefix, NaturalCompare)
	slices.SortFunc(inner, NaturalCompare)
	return append(append(make([]string, 0, len(prefix)+len(inner)), prefix...), inner...)
}

// NaturalCompare orders strings with runs of digits compared as numbers
// (AHU-2 before AHU-10, AHU-02 beside AHU-2), falling back to byte order
// for equal keys, so it is a total order: the order completions are offered
// in, here and on the REPL's command line. It returns a negative number
// when a sorts first, a positive one when b does, and 0 only for a == b.
func NaturalCompare(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, cb := a[i], b[j]
		if isDigit(ca) && isDigit(cb) {
			si, sj := i, j
			for i < len(a) && isDigit(a[i]) {
				i++
			}
			for j < len(b) && isDigit(b[j]) {
				j++
			}
			na, nb := strings.TrimLeft(a[si:i], "0"), strings.TrimLeft(b[sj:j], "0")
			if len(na) != len(nb) {
				return len(na) - len(nb)
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			continue
		}
		if ca != cb {
			return int(ca) - int(cb)
		}
		i++
		j++
	}
	if d := (len(a) - i) - (len(b) - j); d != 0 {
		return d
	}
	return strings.Compare(a, b)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
