package result

import "testing"

func FuzzBanners(f *testing.F) {
	for _, s := range []string{
		"'findings' shows rows 1-10 of 167 (worst first): call again with offset=10",
		"'x' is empty on this page: all its 1 row(s) are on the first page",
		"'x' shows rows 99999999999999999999-1 of 2",
		"see [F1@rule_run-3fa1c2] and [K1@summary-abc] [F1@rule_run-3fa1c2]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_ = Classify(s).Label()
		for name, p := range pages([]string{s}) {
			if name == "" {
				t.Fatal("page of an unnamed list")
			}
			_ = p.String()
		}
		seen := map[string]bool{}
		for _, id := range Cited(s) {
			if seen[id] {
				t.Fatalf("id %q cited twice", id)
			}
			seen[id] = true
		}
	})
}
