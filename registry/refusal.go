package registry

import (
	"context"
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

// storeError is step 9 for a failed read: unavailable with data
// {"retryable": bool} (and the facility when the caller may see it), never
// internal; the message names no path.
func (p *pipeline) storeError(err error) error {
	var e *Error
	if errors.As(err, &e) || errors.Is(err, context.Canceled) {
		return err
	}
	f, ok := p.fault(err)
	if !ok {
		return err
	}
	id := f.Facility
	if id == "" && len(p.reads) == 1 {
		id = p.reads[0]
	}
	if !p.served[id] {
		id = ""
	}
	subject := "the stored data"
	data := map[string]any{"retryable": f.Retryable}
	var vals []string
	if id != "" {
		subject = "the stored data of facility " + sanitize.Name(id)
		data["facility_id"] = id
		vals = []string{id}
	}
	msg := subject + " could not be read (a damaged or unreadable file): a retry will not help until it is repaired or the facility re-ingested"
	if f.Retryable {
		msg = subject + " changed while the call read it (a file went missing or was replaced): retry the call"
	}
	return &Error{Code: CodeUnavailable, Message: msg, Data: data, Err: err, DataValues: vals}
}

// fail is step 10 for a refusal: any error that is not an *Error becomes
// internal (its text is kept only in Err, for logs), and the message and
// data lose every local path and every control character.
func (p *pipeline) fail(err error) *Error {
	var src *Error
	if !errors.As(err, &src) {
		name := "the call"
		if p.e != nil {
			name = p.e.cap.Name
		}
		src = &Error{Code: CodeInternal, Message: "internal error in " + name + ": the tool failed in a way it does not expect", Err: err}
	}
	e := *src
	keep := make([]string, 0, len(e.DataValues))
	stored := map[string]bool{}
	for _, v := range e.DataValues {
		keep = append(keep, sanitize.Name(v), v)
		stored[v] = true
	}
	e.Message = p.red.Text(sanitize.Message(e.Message), keep...)
	if e.Data != nil {
		d, _ := PlainJSON(e.Data).(map[string]any) // a fresh copy
		e.Data, _ = mapStrings(d, func(s string) string {
			if stored[s] {
				return p.red.Roots(s)
			}
			return p.red.Text(s, keep...)
		}).(map[string]any)
	}
	return &e
}
