package repl

import (
	"context"
	"maps"

	"github.com/camber-tui/camber-tui/registry"
)

// runCallCommand is `call NAME key=value ... {JSON}`.
func runCallCommand(ctx context.Context, s *Session, c Command) Output {
	if len(c.Args) == 0 || c.Args[0].Key != "" {
		return failure(usageErr("call needs a capability name: call NAME key=value ... (help lists the capabilities)"))
	}
	return s.runCall(ctx, c.Args[0].Value, c.Args[1:], c.Object, "call "+c.Args[0].Value)
}

// runFacilities is `facilities`, the facilities capability.
func runFacilities(ctx context.Context, s *Session, c Command) Output {
	return s.runCall(ctx, "facilities", c.Args, c.Object, "facilities")
}

// runCall types a command's arguments by the capability's schema, fills
// facility_id with the open facility, makes the call and shows its result.
func (s *Session) runCall(ctx context.Context, name string, args []Arg, obj map[string]any, label string) Output {
	capb, ok := s.caps[name]
	if !ok {
		return failure(&Error{Code: string(registry.CodeUnknownCapability),
			Message: "no capability is called " + quoteWord(name, true) + ": help lists them"})
	}
	a, e := callArgs(name, capb.InputSchema, args, obj, label)
	if e != nil {
		return failure(e)
	}
	s.defaultFacility(capb.InputSchema, a)
	return s.callAndShow(ctx, name, a)
}

// defaultFacility sets facility_id to the open facility when the schema
// takes one and none was given.
func (s *Session) defaultFacility(schema map[string]any, args map[string]any) {
	if _, takes := props(schema)["facility_id"]; !takes || s.facility == "" {
		return
	}
	if _, given := args["facility_id"]; !given {
		args["facility_id"] = s.facility
	}
}

// callAndShow makes one call and shows it; the result becomes the last
// result, and a list call the page next and prev move from.
func (s *Session) callAndShow(ctx context.Context, name string, args map[string]any) Output {
	res, added, e := s.call(ctx, name, args)
	if e != nil {
		return failure(e)
	}
	pg := newPage(name, s.caps[name].InputSchema, args, res.Banners)
	if pg != nil {
		s.page = pg // a call that lists nothing leaves the last list to page
	}
	s.last = &shown{capability: name, args: maps.Clone(args), result: res}
	return Output{Text: s.renderResult(res, pg, added), Value: res, Result: res}
}

// call makes one call through the registry (see rawCall), its error
// converted for the output.
func (s *Session) call(ctx context.Context, name string, args map[string]any) (*registry.Result, int, *Error) {
	res, added, err := s.rawCall(ctx, name, args)
	if err != nil {
		return nil, 0, callError(err)
	}
	return res, added, nil
}

// rawCall makes one call through the registry, adds the result's facts to
// the session (not those of check_citations, which are about the draft,
// not the building), and learns names for completion. added counts the
// new facts.
func (s *Session) rawCall(ctx context.Context, name string, args map[string]any) (*registry.Result, int, error) {
	if s.caller == nil {
		return nil, 0, &registry.Error{Code: registry.CodeUnavailable, Message: "no registry is wired to this session"}
	}
	res, err := s.caller.Call(ctx, name, args, s.cc)
	if err != nil {
		return nil, 0, err
	}
	if res == nil {
		return nil, 0, &registry.Error{Code: registry.CodeInternal, Message: "the call returned no result"}
	}
	added := 0
	if name != checkCitations {
		added = s.addFacts(res.Facts)
	}
	s.learn(name, args, res)
	return res, added, nil
}

// checkCitations is the citation checker's capability name.
const checkCitations = "check_citations"

// addFacts merges facts into the session and derives the agent's facts
// from them: an id already held with the same fact is kept once; a
// different fact under a held id (impossible for tokenised ids, which are
// unique per call) is left out.
func (s *Session) addFacts(fs []registry.Fact) int {
	added := 0
	for _, f := range fs {
		if _, held := s.regFacts[f.ID]; held {
			continue
		}
		if err := s.agentCtx.AddRegistryFacts([]registry.Fact{f}); err != nil {
			continue
		}
		s.regFacts[f.ID] = f
		added++
	}
	if added > 0 {
		s.agentCtx.Derive()
	}
	s.mu.Lock()
	s.comp.factIDs = s.comp.factIDs[:0]
	for _, f := range s.agentCtx.Facts() {
		s.comp.factIDs = append(s.comp.factIDs, f.ID)
	}
	s.mu.Unlock()
	return added
}

// runNext re-issues the last list call with the next offset.
func runNext(ctx context.Context, s *Session, c Command) Output {
	if len(c.Args) > 0 || c.Object != nil {
		return failure(usageErr("next takes no arguments"))
	}
	p := s.page
	switch {
	case p == nil:
		return failure(usageErr("next: no list to page yet; call a capability that lists (facilities, points, rule_run ...) first"))
	case p.list == "":
		return failure(usageErr("next: the last %s call showed its whole list", p.capability))
	case !p.hasNext():
		return failure(usageErr("next: already on the last page (%s)", p.line()))
	}
	return s.repage(ctx, p, p.offset+p.limit)
}

// runPrev re-issues the last list call with the previous offset.
func runPrev(ctx context.Context, s *Session, c Command) Output {
	if len(c.Args) > 0 || c.Object != nil {
		return failure(usageErr("prev takes no arguments"))
	}
	p := s.page
	switch {
	case p == nil:
		return failure(usageErr("prev: no list to page yet; call a capability that lists (facilities, points, rule_run ...) first"))
	case p.offset == 0 || p.limit <= 0:
		return failure(usageErr("prev: already on the first page of the last %s call", p.capability))
	}
	return s.repage(ctx, p, max(p.offset-p.limit, 0))
}

// repage calls p's capability again at offset.
func (s *Session) repage(ctx context.Context, p *page, offset int) Output {
	args := maps.Clone(p.args)
	args["offset"] = offset
	if _, given := args["limit"]; !given && p.limit > 0 {
		args["limit"] = p.limit
	}
	return s.callAndShow(ctx, p.capability, args)
}

// runOpen makes a facility current after the points capability confirms
// the caller may read it, and loads its equipment for completion.
func runOpen(ctx context.Context, s *Session, c Command) Output {
	if len(c.Args) != 1 || c.Args[0].Key != "" || c.Object != nil {
		return failure(usageErr("open takes one facility id: open ID (facilities lists them)"))
	}
	id := c.Args[0].Value
	var equips []string
	npoints := 0
	seenEquip := map[string]bool{}
	var first *registry.Result
	var added int
	for offset := 0; ; offset += registry.MaxLimit {
		res, n, e := s.call(ctx, "points", map[string]any{"facility_id": id, "limit": registry.MaxLimit, "offset": offset})
		if e != nil {
			return failure(e)
		}
		added += n
		if first == nil {
			first = res
		}
		data, _ := res.Data.(map[string]any)
		rows, _ := data["points"].([]any)
		for _, r := range rows {
			m, _ := r.(map[string]any)
			eq, _ := m["equip"].(string)
			npoints++
			if eq != "" && !seenEquip[eq] {
				seenEquip[eq] = true
				equips = append(equips, eq)
			}
		}
		total, _ := toInt(data["count"])
		if len(rows) == 0 || offset+len(rows) >= total || ctx.Err() != nil {
			break
		}
	}
	s.facility = id
	s.mu.Lock()
	s.comp.facility = id
	s.mu.Unlock()
	text := "open: " + id + " (" + plural(npoints, "point") + " on " + plural(len(equips), "equipment") +
		"); calls default facility_id to it\n"
	if first != nil && first.Text != "" {
		text += s.wrap(oneLine(first.Text))
	}
	return Output{Text: text, Value: map[string]any{"facility_id": id, "n_points": npoints, "equipment": equips,
		"facts_added": added}}
}

// learn records names a result lists, for completion: facility ids from
// facilities, equipment, roles and classes from points of the open
// facility, finding ids from any list.
func (s *Session) learn(name string, args map[string]any, res *registry.Result) {
	data, _ := res.Data.(map[string]any)
	s.mu.Lock()
	defer s.mu.Unlock()
	fac, _ := args["facility_id"].(string)
	for _, list := range tableLists(data) {
		rows, _ := data[list].([]any)
		for _, r := range rows {
			m, _ := r.(map[string]any)
			if name == "facilities" {
				if id, ok := m["facility_id"].(string); ok {
					s.comp.facilities.add(id, "")
				}
			}
			if name == "points" && fac != "" {
				eq, _ := m["equip"].(string)
				class, _ := m["equip_class"].(string)
				s.comp.equipOf(fac).add(eq, class)
				if role, ok := m["role"].(string); ok {
					s.comp.rolesOf(fac).add(role, "")
				}
			}
			if id, ok := m["finding_id"].(string); ok {
				s.comp.findings.add(id, "")
			}
		}
	}
	if name == "points" && fac != "" {
		s.comp.facilities.add(fac, "")
	}
}
