package rcx

// Page is one page of a report: a slice of the ranked issues and of
// appendix A, with only their facts (and every K fact) and each section's
// facts cut to those.
type Page struct {
	Issues   []Issue   `json:"issues"`
	Appendix []Entry   `json:"appendix_a"`
	Facts    []Fact    `json:"facts"`
	Sections []Section `json:"sections"`
}

// Page returns issues [lo, hi) and appendix entries [alo, ahi) (bounds
// are clamped to the lists) with the K facts, the facts of those issues
// and entries, and the sections cut to them.
func (r *Report) Page(lo, hi, alo, ahi int) *Page {
	clamp := func(a, b, n int) (int, int) {
		a = min(max(a, 0), n)
		return a, min(max(b, a), n)
	}
	lo, hi = clamp(lo, hi, len(r.Issues))
	alo, ahi = clamp(alo, ahi, len(r.Appendix))
	p := &Page{Issues: append([]Issue{}, r.Issues[lo:hi]...), Appendix: append([]Entry{}, r.Appendix[alo:ahi]...)}
	keep := map[string]bool{}
	for i := range p.Issues {
		keep[p.Issues[i].Fact] = true
	}
	for i := range p.Appendix {
		keep[p.Appendix[i].Fact] = true
	}
	for _, f := range r.Facts {
		if f.ID[0] == 'K' || keep[f.ID] {
			keep[f.ID] = true
			p.Facts = append(p.Facts, f)
		}
	}
	for _, s := range r.Sections {
		cut := Section{ID: s.ID, Title: s.Title, Facts: []string{}}
		for _, id := range s.Facts {
			if keep[id] {
				cut.Facts = append(cut.Facts, id)
			}
		}
		p.Sections = append(p.Sections, cut)
	}
	return p
}
