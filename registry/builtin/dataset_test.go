package builtin_test

import (
	"strings"
	"testing"

	"github.com/camber-tui/camber-tui/internal/golden"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/registrytest"
	"github.com/camber-tui/camber-tui/store/catalog"
)

func TestConformance_DatasetSearch(t *testing.T) {
	registrytest.Run(t, newDefault(t), "dataset_search", registrytest.Cases{
		Ctx: callCtx(demoStore),
		Valid: []map[string]any{
			nil,
			{"query": "ahu", "kind": "fdd", "labeled": true, "licence": "CC-BY"},
			{"licence": "NOASSERTION", "limit": 2, "offset": 2},
			{"query": "nothing matches this"},
		},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{"kind": "weather"}, Pointer: "/kind"},
			{Args: map[string]any{"licence": "CC BY"}, Pointer: "/licence"},
			{Args: map[string]any{"query": ""}, Pointer: "/query"},
			{Args: map[string]any{"limit": 0}, Pointer: "/limit"},
		},
	})
}

func TestConformance_DatasetEntry(t *testing.T) {
	registrytest.Run(t, newDefault(t), "dataset_entry", registrytest.Cases{
		Ctx:   callCtx(demoStore),
		Valid: []map[string]any{{"dataset_id": "lbnl-fdd-sdahu"}, {"dataset_id": "ASHRAE-RP1312"}, {"dataset_id": "bts-dief"}},
		Invalid: []registrytest.Invalid{
			{Args: map[string]any{}, Pointer: "/dataset_id"},
			{Args: map[string]any{"dataset_id": "../etc"}, Pointer: "/dataset_id"},
			{Args: map[string]any{"dataset_id": strings.Repeat("a", 101)}, Pointer: "/dataset_id"},
		},
		Refused: []registrytest.Refused{
			{Args: map[string]any{"dataset_id": "ds-lbnl-fdd-sdahu"}, Code: registry.CodeNotFound},
		},
	})
}

func TestDatasets_Golden(t *testing.T) {
	reg := newDefault(t)
	for _, tc := range []struct {
		name, capability string
		args             map[string]any
	}{
		{"dataset_search/all.json", "dataset_search", nil},
		{"dataset_search/labeled-ahu.json", "dataset_search", map[string]any{"query": "AHU", "labeled": true, "limit": 3, "offset": 1}},
		{"dataset_entry/lbnl-fdd-sdahu.json", "dataset_entry", map[string]any{"dataset_id": "lbnl-fdd-sdahu"}},
		{"dataset_entry/ashrae-rp1312.json", "dataset_entry", map[string]any{"dataset_id": "ashrae-rp1312"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			golden.Check(t, tc.name, maskTokens(t, ownTextKept(t, call(t, reg, tc.capability, tc.args, callCtx(demoStore)))))
		})
	}
}

// TestDatasetSearch_ResearchOnly lists the whole catalog: every entry with
// its licence, access, commercial use and notice, research-only ones too,
// and the refusal banner.
func TestDatasetSearch_ResearchOnly(t *testing.T) {
	res := call(t, newDefault(t), "dataset_search", nil, callCtx(demoStore))
	all := catalog.All()
	rows := listOf(res, "datasets")
	if len(rows) != len(all) || res.Truncated {
		t.Fatalf("%d rows of %d entries (truncated %v)", len(rows), len(all), res.Truncated)
	}
	research := 0
	for i, r := range rows {
		e := all[i]
		if r["id"] != e.ID || r["licence"] != e.Licence || r["access"] != e.Access || r["commercial_use"] != commercialUseJSON(e) {
			t.Fatalf("row %d %v does not match entry %s", i, r, e.ID)
		}
		ro := catalog.ResearchOnly(e)
		if r["research_only"] != ro || strings.Contains(r["notice"].(string), "refuses") != ro {
			t.Fatalf("%s: research_only %v, notice %q", e.ID, r["research_only"], r["notice"])
		}
		if ro {
			research++
		}
	}
	if research == 0 || dataOf(res)["n_research_only"] != float64(research) {
		t.Fatalf("n_research_only %v, counted %d", dataOf(res)["n_research_only"], research)
	}
	banners := strings.Join(res.Banners, "\n")
	if !strings.Contains(banners, "refuses any facility ingested from a research-only dataset") ||
		!strings.Contains(banners, "camber-tui does not download datasets") || !strings.Contains(res.Text, "camber-tui does not download datasets") {
		t.Fatalf("banners %q, text %q", res.Banners, res.Text)
	}
	// The same entries for an open-licence filter carry the banner too.
	open := call(t, newDefault(t), "dataset_search", map[string]any{"licence": "CC-BY-4.0"}, callCtx(demoStore))
	if dataOf(open)["n_research_only"] != 0.0 || !strings.Contains(strings.Join(open.Banners, "\n"), "refuses any facility") {
		t.Fatalf("open filter: %v %q", dataOf(open)["n_research_only"], open.Banners)
	}
}

func TestDatasetEntry_NotFound(t *testing.T) {
	e := refusal(t, newDefault(t), "dataset_entry", map[string]any{"dataset_id": "no-such-set"}, callCtx(demoStore), registry.CodeNotFound)
	ids := e.Data["available"].([]any)
	if !strings.HasPrefix(e.Message, `dataset_id "no-such-set" is not in the catalog; its ids (`) || len(ids) != len(catalog.All()) ||
		e.Data["argument"] != "dataset_id" {
		t.Fatalf("refusal %q %v", e.Message, e.Data)
	}
}

// commercialUseJSON is an entry's commercial_use as JSON decodes it.
func commercialUseJSON(e catalog.Entry) any {
	if !e.CommercialUse.Known {
		return catalog.Unverified
	}
	return e.CommercialUse.Allowed
}
