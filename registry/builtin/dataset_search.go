package builtin

import (
	"context"
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
	"github.com/camber-tui/camber-tui/store/catalog"
)

// datasetPage is the default page of dataset_search: the whole catalog
// fits on it (seed 000 names no default for it).
const datasetPage = 50

// Banners every catalog answer carries (seed 000, "Catalog metadata is
// public").
const (
	researchOnlyBanner = "This server refuses any facility ingested from a research-only dataset (a non-commercial or " +
		"no-derivatives licence, a licence that could not be established, or an open dataset held back for a stated " +
		"reason): such a call is refused_licence, with no override"
	noDownloadBanner = "camber-tui does not download datasets: this is catalog metadata only, nothing is fetched or " +
		"ingested; a person obtains a dataset from its publisher under its terms and ingests it"
)

// datasetRow is one catalog entry as dataset_search lists it.
type datasetRow struct {
	ID                 string   `json:"id"`
	Title              string   `json:"title"`
	Kind               string   `json:"kind"`
	Labeled            bool     `json:"labeled"`
	Licence            string   `json:"licence"`
	Access             string   `json:"access"`
	CommercialUse      any      `json:"commercial_use"`
	Redistribution     string   `json:"redistribution"`
	ResearchOnly       bool     `json:"research_only"`
	ResearchOnlyReason string   `json:"research_only_reason"`
	Notice             string   `json:"notice"`
	FacilityPrefix     string   `json:"facility_prefix"`
	Equipment          []string `json:"equipment"`
	FaultLabels        []string `json:"fault_labels"`
	Sampling           string   `json:"sampling"`
	DownloadSize       string   `json:"download_size"`
	GoodFor            []string `json:"good_for"`
	Fact               string   `json:"fact"`
}

// datasetSearch is the dataset_search capability: the public catalog,
// research-only entries included. It reads no store.
func datasetSearch(*env) registry.Capability {
	return registry.Capability{
		Name:  "dataset_search",
		Title: "Search the public dataset catalog",
		Description: "Search the catalog of public building and HVAC datasets (LBNL fault-detection sets, BDG2, ASHRAE " +
			"RP-1312/RP-1043 ...): per entry its id, title, kind (fdd, mv, occupancy, metadata), whether it has fault " +
			"labels, licence (SPDX), access (open, registration, purchase), commercial use (true, false or " +
			"\"unverified\"), redistribution, equipment, fault labels, sampling, download size, what it is good for, " +
			"and a notice of what this server does with a facility ingested from it: research-only entries are listed " +
			"too, and such a facility is refused. Filter by query (words matched against id, title, publisher, " +
			"equipment, fault labels and uses), kind, labeled and licence (an SPDX id or family such as CC-BY); page " +
			"with limit/offset (50). Call it to find data to test rules on; dataset_entry gives one entry in full. " +
			"camber-tui does not download datasets: nothing is fetched. Cheap.",
		Cost:    registry.CostCheap,
		NoStore: true,
		InputSchema: map[string]any{
			"type": "object", "additionalProperties": false,
			"properties": map[string]any{
				"query": map[string]any{"type": "string", "minLength": 1, "maxLength": 200,
					"description": "Words that must all occur in the id, title, publisher, equipment, fault labels or uses (case-insensitive)."},
				"kind":    map[string]any{"type": "string", "enum": []any{"fdd", "mv", "occupancy", "metadata"}, "description": "Only this kind."},
				"labeled": typed("boolean", "Only entries with (true) or without (false) fault labels."),
				"licence": map[string]any{"type": "string", "minLength": 1, "maxLength": 100, "pattern": "^[A-Za-z0-9][A-Za-z0-9.+-]*$",
					"description": "An SPDX licence id (CC-BY-4.0) or family (CC-BY matches CC-BY-4.0, not CC-BY-SA-4.0)."},
				"limit":  limitSchema(datasetPage),
				"offset": offsetSchema(),
			},
		},
		OutputSchema: datasetSearchOutput(),
		Handler:      datasetSearchHandler,
	}
}

// datasetSearchHandler serves dataset_search.
func datasetSearchHandler(_ context.Context, c *registry.Call) (*registry.Result, error) {
	var labeled *bool
	if v, ok := c.Args["labeled"].(bool); ok {
		labeled = &v
	}
	query, kind, licence := c.String("query"), c.String("kind"), c.String("licence")
	found := catalog.Search(query, kind, labeled, licence)
	research := 0
	for i := range found {
		if catalog.ResearchOnly(found[i]) {
			research++
		}
	}
	limit, offset := c.PageArgs(datasetPage)
	lo, hi := c.Page("datasets", len(found), limit, offset, "by id")
	var filters []string
	for _, f := range []struct{ key, val string }{{"query", query}, {"kind", kind}, {"licence", licence}} {
		if f.val != "" {
			filters = append(filters, f.key+" "+sanitize.Name(f.val))
		}
	}
	if labeled != nil {
		filters = append(filters, fmt.Sprintf("labeled %v", *labeled))
	}
	head := fmt.Sprintf("The dataset catalog lists %d dataset%s", len(found), plural(len(found), "", "s"))
	if len(filters) > 0 {
		head += " matching " + strings.Join(filters, ", ")
	}
	head += fmt.Sprintf("; %d %s research-only, and this server refuses any facility ingested from %s", research,
		plural(research, "is", "are"), plural(research, "it", "them"))
	facts := []registry.Fact{{ID: "F1@dataset_search", Kind: "dataset_count", Value: len(found), Text: head,
		Data: map[string]any{"count": len(found), "n_research_only": research}}}
	sentences := []string{head + " [F1@dataset_search]"}
	rows := make([]datasetRow, 0, hi-lo)
	for i := lo; i < hi; i++ {
		e := &found[i]
		row := newDatasetRow(e)
		row.Fact = fmt.Sprintf("F%d@dataset_search", len(facts)+1)
		text := datasetText(e)
		facts = append(facts, registry.Fact{ID: row.Fact, Kind: "dataset", Text: text})
		if len(rows) < textEntries {
			sentences = append(sentences, text+" ["+row.Fact+"]")
		}
		rows = append(rows, row)
	}
	if len(rows) > textEntries {
		sentences = append(sentences, "The other entries on this page are in the data, each with its own fact")
	}
	sentences = append(sentences, noDownloadBanner)
	return &registry.Result{
		Data:    map[string]any{"count": len(found), "n_research_only": research, "datasets": rows},
		Text:    strings.Join(sentences, ". ") + ".",
		Facts:   facts,
		Banners: []string{researchOnlyBanner + ".", noDownloadBanner + "."},
	}, nil
}

// newDatasetRow is an entry's search row.
func newDatasetRow(e *catalog.Entry) datasetRow {
	return datasetRow{ID: e.ID, Title: e.Title, Kind: e.Kind, Labeled: e.Labeled, Licence: e.Licence, Access: e.Access,
		CommercialUse: commercialUse(e.CommercialUse), Redistribution: e.Redistribution, ResearchOnly: catalog.ResearchOnly(*e),
		ResearchOnlyReason: e.ResearchOnlyReason, Notice: datasetNotice(e), FacilityPrefix: catalog.FacilityPrefix + e.ID,
		Equipment: orNone(e.Equipment), FaultLabels: orNone(e.FaultLabels), Sampling: e.Sampling, DownloadSize: e.DownloadSize,
		GoodFor: orNone(e.GoodFor)}
}

// commercialUse is true, false or "unverified", as the catalog writes it.
func commercialUse(c catalog.CommercialUse) any {
	if !c.Known {
		return catalog.Unverified
	}
	return c.Allowed
}

// datasetNotice says what this server does with a facility ingested from
// the entry (research_only_reason says why one is held back).
func datasetNotice(e *catalog.Entry) string {
	prefix := catalog.FacilityPrefix + e.ID
	if catalog.ResearchOnly(*e) {
		return "research-only: this server refuses any facility ingested from it (" + prefix + "...): refused_licence, no override"
	}
	return "a facility ingested from it (" + prefix + "...) is served"
}

// datasetText is an entry's fact in the search: what it is and its terms.
func datasetText(e *catalog.Entry) string {
	labels := "unlabeled"
	if e.Labeled {
		labels = "labeled"
	}
	use := "commercial use unverified"
	if e.CommercialUse.Known && e.CommercialUse.Allowed {
		use = "commercial use allowed"
	} else if e.CommercialUse.Known {
		use = "no commercial use"
	}
	s := fmt.Sprintf("%s (%s): %s, %s, licence %s, %s access, %s", e.ID, sanitize.Name(e.Title), e.Kind, labels, e.Licence, e.Access, use)
	if catalog.ResearchOnly(*e) {
		return s + "; research-only: this server refuses any facility ingested from it"
	}
	return s + "; a facility ingested from it is served"
}

// datasetSearchOutput is dataset_search's output schema.
func datasetSearchOutput() map[string]any {
	str := func(d string) map[string]any { return typed("string", d) }
	strs := func(d string) map[string]any { return runList(map[string]any{"type": "string"}, d) }
	row := runObject("One catalog entry.", []string{"id", "title", "kind", "labeled", "licence", "access", "commercial_use",
		"redistribution", "research_only", "research_only_reason", "notice", "facility_prefix", "equipment", "fault_labels",
		"sampling", "download_size", "good_for", "fact"}, datasetCommonProps(map[string]any{
		"equipment": strs("Equipment classes it covers."), "fault_labels": strs("Its fault labels (with severities)."),
		"sampling": str("Sampling interval."), "download_size": str("Download size."), "good_for": strs("What it is good for."),
		"fact": str("The fact id that states it."),
	}))
	return runObject("", []string{"count", "n_research_only", "datasets"}, map[string]any{
		"count":           runCount("Matching entries (all pages)."),
		"n_research_only": runCount("Matching entries held back as research-only."),
		"datasets":        runList(row, "This page of the matching entries, by id."),
	})
}

// datasetCommonProps are the properties dataset_search's rows and
// dataset_entry's data share, with more added.
func datasetCommonProps(more map[string]any) map[string]any {
	str := func(d string) map[string]any { return typed("string", d) }
	props := map[string]any{
		"id": str("The catalog id dataset_entry takes."), "title": str("Title."),
		"kind":                 map[string]any{"type": "string", "enum": []any{"fdd", "mv", "occupancy", "metadata"}, "description": "What the data is for."},
		"labeled":              typed("boolean", "Whether it carries fault labels."),
		"licence":              str("SPDX id, LicenseRef-... or NOASSERTION (could not be established)."),
		"access":               map[string]any{"type": "string", "enum": []any{"open", "registration", "purchase"}, "description": "How it is obtained."},
		"commercial_use":       map[string]any{"type": []any{"boolean", "string"}, "description": "true, false, or \"unverified\"."},
		"redistribution":       str("Whether and how it may be passed on."),
		"research_only":        typed("boolean", "Held back: this server refuses any facility ingested from it."),
		"research_only_reason": str("Why it is research-only (empty otherwise)."),
		"notice":               str("What this server does with a facility ingested from it."),
		"facility_prefix":      str("The facility id a dataset ingest gives: this, or this plus -<group>."),
	}
	for k, v := range more {
		props[k] = v
	}
	return props
}
