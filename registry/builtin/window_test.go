package builtin

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/store"
)

func ns(s string) int64 {
	t, err := time.Parse("2006-01-02T15:04:05", s)
	if err != nil {
		panic(err)
	}
	return t.UnixNano()
}

func TestWindowArgs(t *testing.T) {
	tests := []struct {
		name       string
		args       map[string]any
		start, end int64
		bad        string // pointer of an invalid_params refusal
	}{
		{"open", map[string]any{}, 0, 0, ""},
		{"dates", map[string]any{"start": "2025-01-01", "end": "2025-01-31"}, ns("2025-01-01T00:00:00"), ns("2025-02-01T00:00:00") - 1, ""},
		{"date-times", map[string]any{"start": "2025-01-01T06:30", "end": "2025-01-01 18:00:15"}, ns("2025-01-01T06:30:00"), ns("2025-01-01T18:00:15"), ""},
		{"no such day", map[string]any{"start": "2025-02-30"}, 0, 0, "/start"},
		{"no such hour", map[string]any{"end": "2025-02-01T25:00"}, 0, 0, "/end"},
		{"end before start", map[string]any{"start": "2025-02-02", "end": "2025-02-01"}, 0, 0, "/end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := windowArgs(&registry.Call{Args: tt.args})
			if tt.bad != "" {
				e, ok := err.(*registry.Error)
				if !ok || e.Code != registry.CodeInvalidParams || e.Data["errors"].([]any)[0].(map[string]any)["pointer"] != tt.bad {
					t.Fatalf("got %v, want invalid_params at %s", err, tt.bad)
				}
				return
			}
			if err != nil || w.start != tt.start || w.end != tt.end {
				t.Fatalf("got %+v %v, want [%d, %d]", w, err, tt.start, tt.end)
			}
		})
	}
}

func TestWindowMissed(t *testing.T) {
	sp := span{first: ns("2025-05-05T00:00:00"), last: ns("2025-09-01T23:45:00"), ok: true}
	tests := []struct {
		name string
		w    window
		arg  string
	}{
		{"inside", window{start: ns("2025-06-01T00:00:00"), end: ns("2025-06-02T00:00:00")}, ""},
		{"open", window{}, ""},
		{"after the data", window{start: ns("2025-10-01T00:00:00")}, "start"},
		{"before the data", window{end: ns("2025-01-01T00:00:00")}, "end"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.w.missed(sp)
			if tt.arg == "" {
				if e != nil {
					t.Fatalf("refused: %v", e)
				}
				return
			}
			if e == nil || e.Code != registry.CodeNotFound || e.Data["argument"] != tt.arg ||
				e.Data["first"] != "2025-05-05T00:00:00" || e.Data["last"] != "2025-09-01T23:45:00" {
				t.Fatalf("got %v", e)
			}
		})
	}
	if (window{start: 1}).missed(span{}) != nil {
		t.Fatal("a facility with no samples is refused by the window check")
	}
}

func TestTerms(t *testing.T) {
	tests := []struct {
		name  string
		id    string
		block map[string]string
		want  registry.Terms
	}{
		{"own data", "north-campus", nil, registry.TermsNone},
		{"research-only by name", "ds-ashrae-gepiii", nil, registry.TermsResearchOnly},
		{"research-only by name, open block", "ds-ashrae-gepiii", map[string]string{"id": "bdg2", "licence": "CC-BY-4.0"}, registry.TermsResearchOnly},
		{"open by name", "ds-bdg2", nil, registry.TermsOpen},
		{"open by name, group", "ds-bdg2-fox", nil, registry.TermsOpen},
		{"unknown ds base", "ds-nowhere", nil, registry.TermsUnknown},
		{"unknown ds base, open block", "ds-nowhere", map[string]string{"licence": "CC-BY-4.0"}, registry.TermsOpen},
		{"restrictive block", "site-9", map[string]string{"licence": "CC-BY-NC-4.0"}, registry.TermsResearchOnly},
		{"block names research-only entry", "site-9", map[string]string{"id": "ashrae-gepiii", "licence": "CC-BY-4.0"}, registry.TermsResearchOnly},
		{"block without terms", "site-9", map[string]string{"licence": "NOASSERTION"}, registry.TermsUnknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := terms(tt.id, datasetBlock(tt.block))
			if got != tt.want {
				t.Fatalf("terms(%s) = %v, want %v", tt.id, got, tt.want)
			}
		})
	}
}

func datasetBlock(m map[string]string) *store.Dataset {
	if m == nil {
		return nil
	}
	return &store.Dataset{ID: m["id"], Licence: m["licence"], Access: m["access"], Redistribution: m["redistribution"]}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		name      string
		err       error
		ok        bool
		retryable bool
		facility  string
	}{
		{"damaged", fmt.Errorf("read: %w", &store.DamagedError{File: "facility_id=hq/year=2024/part-0-0.parquet", Reason: "truncated"}), true, false, "hq"},
		{"vanished", &store.VanishedError{File: "facility_id=hq/year=2024/part-1-0.parquet"}, true, true, "hq"},
		{"busy", fmt.Errorf("facility hq: %w", store.ErrBusy), true, true, ""},
		{"not found", store.ErrNotFound, false, false, ""},
		{"other", errors.New("boom"), false, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, ok := classify(tt.err)
			if ok != tt.ok || f.Retryable != tt.retryable || f.Facility != tt.facility {
				t.Fatalf("classify = %+v %v", f, ok)
			}
		})
	}
}
