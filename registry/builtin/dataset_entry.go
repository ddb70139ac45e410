package builtin

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
	"github.com/camber-tui/camber-tui/store/catalog"
)

// datasetEntry is the dataset_entry capability: one catalog entry in full.
// It reads no store.
func datasetEntry(*env) registry.Capability {
	str := func(d string) map[string]any { return typed("string", d) }
	strs := func(d string) map[string]any { return runList(map[string]any{"type": "string"}, d) }
	subset := runObject("One named part of the dataset.", []string{"name", "description"}, map[string]any{
		"name": str("Archive, folder or file name."), "description": str("What it holds."),
	})
	return registry.Capability{
		Name:  "dataset_entry",
		Title: "One dataset of the public catalog",
		Description: "Return one entry of the public dataset catalog in full: summary, publisher, authors, year, citation and " +
			"DOIs, licence (SPDX) with its URL and note, access and the reason a research-only entry is held back, " +
			"commercial use and redistribution, equipment, fault labels, sampling, period, download size, subsets, the " +
			"built-in rules suggested for it (rule_params explains them), known issues of the dataset and defects of its " +
			"files, the fields public sources could not verify, and a notice of what this server does with a facility " +
			"ingested from it (a research-only dataset's is refused). An unknown dataset_id is not_found with the " +
			"catalog's ids. camber-tui does not download datasets: nothing is fetched or ingested. Cheap.",
		Cost:    registry.CostCheap,
		NoStore: true,
		InputSchema: map[string]any{
			"type": "object", "additionalProperties": false, "required": []any{"dataset_id"},
			"properties": map[string]any{
				"dataset_id": map[string]any{"type": "string", "minLength": 1, "maxLength": 100, "pattern": "^[A-Za-z0-9][A-Za-z0-9-]*$",
					"description": "A catalog id, as dataset_search lists it (lbnl-fdd-sdahu; case-insensitive)."},
			},
		},
		OutputSchema: runObject("", []string{"id", "title", "summary", "publisher", "authors", "year", "citation", "dois", "url",
			"licence", "licence_url", "access", "commercial_use", "redistribution", "research_only", "research_only_reason",
			"notice", "facility_prefix", "kind", "labeled", "equipment", "fault_labels", "sampling", "period", "download_size",
			"subsets", "suggested_rules", "known_issues", "data_issues", "good_for", "unverified", "sources", "verified_on"},
			datasetCommonProps(map[string]any{
				"summary": str("What the dataset is."), "publisher": str("Who publishes it."), "authors": strs("Its authors."),
				"year":     map[string]any{"type": "integer", "minimum": 0, "description": "Year of publication (0: unverified)."},
				"citation": str("How to cite it."), "dois": strs("Its DOIs."), "url": str("Its landing page."),
				"licence_url": str("The licence text."), "licence_note": str("A note on the licence, when there is one."),
				"equipment": strs("Equipment classes it covers."), "fault_labels": strs("Its fault labels (with severities)."),
				"sampling": str("Sampling interval."), "period": str("Period covered."), "download_size": str("Download size."),
				"subsets":         runList(subset, "Its named parts."),
				"suggested_rules": strs("Built-in rules worth running on it."),
				"known_issues":    strs("Limits of the dataset as a whole."), "data_issues": strs("Defects in its files."),
				"good_for": strs("What it is good for."), "unverified": strs("Fields public sources could not confirm, with a note."),
				"sources": strs("Where the facts were checked."), "verified_on": str("When they were checked."),
			})),
		Handler: datasetEntryHandler,
	}
}

// entryData is dataset_entry's data: the catalog entry and what this
// server does with a facility ingested from it.
type entryData struct {
	catalog.Entry
	ResearchOnly   bool   `json:"research_only"`
	Notice         string `json:"notice"`
	FacilityPrefix string `json:"facility_prefix"`
}

// datasetEntryHandler serves dataset_entry.
func datasetEntryHandler(_ context.Context, c *registry.Call) (*registry.Result, error) {
	id := c.String("dataset_id")
	e, ok := catalog.Lookup(id)
	if !ok {
		return nil, unknownDataset(id)
	}
	research := catalog.ResearchOnly(e)
	d := entryData{Entry: e, ResearchOnly: research, Notice: datasetNotice(&e), FacilityPrefix: catalog.FacilityPrefix + e.ID}
	d.Authors, d.DOIs, d.Subsets, d.SuggestedRules = orNone(d.Authors), orNone(d.DOIs), orNone(d.Subsets), orNone(d.SuggestedRules)
	d.Equipment, d.FaultLabels, d.GoodFor, d.Sources = orNone(d.Equipment), orNone(d.FaultLabels), orNone(d.GoodFor), orNone(d.Sources)
	d.KnownIssues, d.DataIssues, d.Unverified = orNone(d.KnownIssues), orNone(d.DataIssues), orNone(d.Unverified)
	var facts []registry.Fact
	var sentences []string
	say := func(kind, text string, value any, data map[string]any) {
		fid := fmt.Sprintf("F%d@dataset_entry", len(facts)+1)
		facts = append(facts, registry.Fact{ID: fid, Kind: kind, Value: value, Text: text, Data: data})
		sentences = append(sentences, text+" ["+fid+"]")
	}
	year := "year unverified"
	if e.Year > 0 {
		year = strconv.Itoa(e.Year)
	}
	labels := "without fault labels"
	if e.Labeled {
		labels = fmt.Sprintf("with %d fault label%s", len(e.FaultLabels), plural(len(e.FaultLabels), "", "s"))
	}
	say("dataset", fmt.Sprintf("%s is %s, published by %s (%s): kind %s, %s", e.ID, sanitize.Name(e.Title), sanitize.Name(e.Publisher),
		year, e.Kind, labels), e.ID, map[string]any{"id": e.ID, "year": e.Year, "kind": e.Kind, "n_fault_labels": len(e.FaultLabels)})
	say("dataset_terms", termsText(&e), e.Licence, map[string]any{"licence": e.Licence, "access": e.Access,
		"commercial_use": commercialUse(e.CommercialUse), "research_only": research, "research_only_reason": e.ResearchOnlyReason})
	say("dataset_content", contentText(&e), len(e.Subsets), map[string]any{"equipment": e.Equipment, "sampling": e.Sampling,
		"period": e.Period, "download_size": e.DownloadSize, "n_subsets": len(e.Subsets)})
	say("dataset_citation", fmt.Sprintf("Cite it as: %s (DOIs: %s)", e.Citation, orText(e.DOIs)), len(e.DOIs),
		map[string]any{"citation": e.Citation, "dois": e.DOIs})
	if len(e.SuggestedRules) > 0 {
		say("dataset_rules", fmt.Sprintf("%d built-in rule%s suit it: %s", len(e.SuggestedRules), plural(len(e.SuggestedRules), "", "s"),
			strings.Join(e.SuggestedRules, ", ")), len(e.SuggestedRules), map[string]any{"suggested_rules": e.SuggestedRules})
	}
	issues := func(kind, what string, list []string) {
		for i, s := range list {
			fid := fmt.Sprintf("F%d@dataset_entry", len(facts)+1)
			facts = append(facts, registry.Fact{ID: fid, Kind: kind, Value: i + 1, Text: fmt.Sprintf("%s %d of %d: %s", what, i+1, len(list), s),
				Data: map[string]any{"n_known_issues": len(e.KnownIssues), "n_data_issues": len(e.DataIssues)}})
		}
	}
	nFacts := len(facts)
	issues("known_issue", "Known issue", e.KnownIssues)
	issues("data_issue", "Data issue", e.DataIssues)
	if n := len(facts) - nFacts; n > 0 {
		ids := make([]string, n)
		for i := range ids {
			ids[i] = facts[nFacts+i].ID
		}
		sentences = append(sentences, fmt.Sprintf("It lists %d known issue%s and %d data issue%s, one fact each [%s]", len(e.KnownIssues),
			plural(len(e.KnownIssues), "", "s"), len(e.DataIssues), plural(len(e.DataIssues), "", "s"), strings.Join(ids, ", ")))
	}
	sentences = append(sentences, fmt.Sprintf("camber-tui does not download datasets: a person obtains it from its publisher (%s access) "+
		"under its terms and ingests it; nothing is fetched here", e.Access))
	res := &registry.Result{Data: d, Text: strings.Join(sentences, ". ") + ".", Facts: facts, Banners: []string{noDownloadBanner + "."}}
	if research {
		res.Banners = append([]string{researchOnlyBanner + ": " + e.ID + " is research-only."}, res.Banners...)
	}
	return res, nil
}

// termsText states an entry's licence, access and what this server does
// with a facility ingested from it.
func termsText(e *catalog.Entry) string {
	use := map[string]string{"true": "commercial use allowed", "false": "no commercial use", catalog.Unverified: "commercial use unverified"}[e.CommercialUse.String()]
	s := fmt.Sprintf("Licence %s, %s access, %s, redistribution %s", e.Licence, e.Access, use, sanitize.Name(e.Redistribution))
	if catalog.ResearchOnly(*e) {
		return s + "; research-only: this server refuses any facility ingested from it"
	}
	return s + "; a facility ingested from it is served"
}

// contentText states what the entry holds.
func contentText(e *catalog.Entry) string {
	return fmt.Sprintf("It covers %s, sampled %s over %s; download %s in %d subset%s", orText(e.Equipment), sanitize.Name(e.Sampling),
		sanitize.Name(e.Period), sanitize.Name(e.DownloadSize), len(e.Subsets), plural(len(e.Subsets), "", "s"))
}

// orText joins a list, or says none.
func orText(vs []string) string {
	if len(vs) == 0 {
		return "none"
	}
	return strings.Join(vs, ", ")
}

// unknownDataset is the not_found refusal of an id the catalog lacks,
// naming up to 10 of its ids (the data lists up to 50).
func unknownDataset(id string) *registry.Error {
	var ids []string
	for _, e := range catalog.All() {
		ids = append(ids, e.ID)
	}
	msg := fmt.Sprintf("dataset_id %s is not in the catalog; its ids (%d in all): %s", sanitize.Name(id), len(ids),
		sanitize.Names(ids[:min(len(ids), messageValues)]))
	if len(ids) > messageValues {
		msg += " ..."
	}
	return &registry.Error{Code: registry.CodeNotFound, Message: msg,
		Data: map[string]any{"argument": "dataset_id", "unknown": []string{id}, "available": ids[:min(len(ids), dataValues)]}}
}
