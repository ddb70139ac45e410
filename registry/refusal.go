package registry

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// invalidParams builds the step-1 refusal.
func invalidParams(name string, probs []Problem) *Error {
	parts := make([]string, 0, 3)
	for i, pr := range probs {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("and %d more", len(probs)-3))
			break
		}
		at := pr.Pointer
		if at == "" {
			at = "(arguments)"
		}
		parts = append(parts, at+": "+pr.Message)
	}
	keep := make([]string, len(probs))
	for i, pr := range probs {
		keep[i] = pr.Pointer
	}
	return &Error{Code: CodeInvalidParams, Message: "invalid arguments for " + name + ": " + strings.Join(parts, "; "),
		Data: map[string]any{"errors": probs}, DataValues: keep}
}

// overlapped is the retryable unavailable error of a call a writer overlapped.
func (p *pipeline) overlapped(id, what string) *Error {
	data := map[string]any{"retryable": true}
	subject := "the stored data"
	var vals []string
	if id != "" {
		data["facility_id"] = id
		subject = "facility " + sanitize.Name(id)
		vals = []string{id}
	}
	return &Error{Code: CodeUnavailable, Message: subject + " " + what + ": retry the call shortly", Data: data, DataValues: vals}
}

// fault classifies err as a store read error.
func (p *pipeline) fault(err error) (StoreFault, bool) {
	if p.data != nil {
		if f, ok := p.data.Classify(err); ok {
			return f, true
		}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return StoreFault{Retryable: errors.Is(err, fs.ErrNotExist)}, true
	}
	return StoreFault{}, false
}
