// Package session holds what the TUI's screens share for the app's life:
// the facts collected by prompt walkthroughs and the command line (an
// agent.Context, merged without clash, with the agent's derived facts),
// the draft being written and where it came from. The root model makes
// one and hands the same pointer to the screens that use it.
//
// A Session is used only from Update and View (one goroutine). A command
// that needs the facts takes a snapshot when it is built ([Session.Snapshot]),
// never the Session itself.
package session

import (
	"encoding/json"
	"strings"

	"github.com/camber-tui/camber-tui/agent"
	"github.com/camber-tui/camber-tui/agent/verify"
	"github.com/camber-tui/camber-tui/registry"
)

// checkCitations is the citation checker's capability: its facts are about
// a draft, not the building, and never join the session.
const checkCitations = "check_citations"

// Session is the app's working set. Use [New].
type Session struct {
	facts   *agent.Context
	version int

	// Draft is the text of the draft pane; DraftLabel names it in saved
	// files ("triage_ahu-AHU-1"), set by the walkthrough that opened it.
	Draft      string
	DraftLabel string
}

// New returns an empty session.
func New() *Session {
	c, _ := agent.NewContext()
	return &Session{facts: c}
}

// AddResult merges the facts of a capability's result (check_citations'
// own facts stay out) and derives the agent's facts from them. A fact held
// already is kept once; a different fact under a held id is left out (the
// registry's ids are unique per call, so that does not happen). It returns
// how many facts were added.
func (s *Session) AddResult(capability string, res *registry.Result) int {
	if res == nil || capability == checkCitations {
		return 0
	}
	added := 0
	for _, f := range res.Facts {
		if add(s.facts, agent.FromRegistry(f)) {
			added++
		}
	}
	s.changed(added)
	return added
}

// AddFacts merges facts another part of the app collected (the command
// line's session). Only the registry's tokenised ids (F1@points-1a2b3c)
// join: plain ids (C1, R1) are derivations of that other context and are
// derived here afresh from the findings among the facts.
func (s *Session) AddFacts(facts []agent.Fact) int {
	added := 0
	for _, f := range facts {
		if !strings.Contains(f.ID, "@") || strings.Contains(f.ID, "@"+checkCitations) {
			continue
		}
		if add(s.facts, f) {
			added++
		}
	}
	s.changed(added)
	return added
}

// add adds one fact, reporting whether it is new.
func add(c *agent.Context, f agent.Fact) bool {
	if _, held := c.Lookup(f.ID); held {
		return false
	}
	return c.Add(f) == nil
}

// changed derives and bumps the version after n new facts.
func (s *Session) changed(n int) {
	if n == 0 {
		return
	}
	s.facts.Derive()
	s.version++
}

// Version changes whenever facts are added, so a screen can tell its
// checker's facts are stale.
func (s *Session) Version() int { return s.version }

// Len returns the number of facts.
func (s *Session) Len() int { return s.facts.Len() }

// Facts returns the facts in the order they came (a copy).
func (s *Session) Facts() []agent.Fact { return s.facts.Facts() }

// Lookup returns the fact with id.
func (s *Session) Lookup(id string) (agent.Fact, bool) { return s.facts.Lookup(id) }

// Snapshot returns a copy of the facts as a context of its own, for a
// command to read on its goroutine while the session goes on changing.
func (s *Session) Snapshot() *agent.Context {
	c, err := agent.NewContext(s.facts.Facts()...)
	if err != nil {
		// the facts came from a context, so they always make one
		c, _ = agent.NewContext()
	}
	return c
}

// VerifyFacts returns the facts as the citation checker reads them.
func (s *Session) VerifyFacts() []verify.Fact {
	fs := s.facts.Facts()
	out := make([]verify.Fact, len(fs))
	for i, f := range fs {
		out[i] = verify.Fact{ID: f.ID, Equip: f.Equip, Text: f.Text, Data: f.Data}
	}
	return out
}

// CitedArgs returns the session's facts that text cites, as
// check_citations takes them (objects of id, text, kind, equip, data).
func (s *Session) CitedArgs(text string) []any {
	out := []any{}
	for _, id := range verify.Citations(text) {
		f, ok := s.facts.Lookup(id)
		if !ok {
			continue
		}
		m := map[string]any{"id": f.ID, "text": f.Text}
		if f.Kind != "" {
			m["kind"] = f.Kind
		}
		if f.Equip != "" {
			m["equip"] = f.Equip
		}
		if len(f.Data) > 0 {
			m["data"] = jsonish(f.Data)
		}
		out = append(out, m)
	}
	return out
}

// jsonish returns data as decoded JSON (what a capability's arguments
// hold); data that does not encode is left out.
func jsonish(data map[string]any) map[string]any {
	b, err := json.Marshal(data)
	if err != nil {
		return map[string]any{}
	}
	var out map[string]any
	if json.Unmarshal(b, &out) != nil || out == nil {
		return map[string]any{}
	}
	return out
}
