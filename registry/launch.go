package registry

import (
	"context"
	"sort"
)

// Refusal is why the call policy will refuse an allowed facility: the
// reason data value (ReasonResearchOnly, ReasonUnverified) and the message a
// call would get.
type Refusal struct {
	Facility string
	Reason   string
	Message  string
}

// Refusals reports, for a server's startup warnings, which of cc's allowed
// facilities the licence step (policy step 3) would refuse, and the banner
// every result carries while the store's registry is damaged ("" when it is
// sound). It reads what a call reads and writes nothing.
func (r *Registry) Refusals(ctx context.Context, cc *CallContext) ([]Refusal, string, error) {
	d, err := r.dataFor(cc.Store)
	if err != nil || d == nil {
		return nil, "", err
	}
	s, err := d.Survey(ctx, cc.AllowedFacilities)
	if err != nil {
		return nil, "", err
	}
	l := evaluateLicence(s)
	if err := l.copies(ctx, d, cc.AllowedFacilities); err != nil {
		return nil, "", err
	}
	var out []Refusal
	for _, id := range cc.AllowedFacilities {
		if e := l.refuse(id); e != nil {
			reason, _ := e.Data["reason"].(string)
			out = append(out, Refusal{Facility: id, Reason: reason, Message: e.Message})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Facility < out[j].Facility })
	return out, l.damaged, nil
}
