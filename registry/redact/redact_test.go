package redact

import (
	"path/filepath"
	"testing"

	"golang.org/x/text/unicode/norm"
)

func TestRedactor(t *testing.T) {
	store := "/srv/data/store"
	cfgDir := "/home/ana/Projets/Café"
	r := New([]string{store, cfgDir, "/home/ana", "/tmp"})
	tests := []struct{ name, in, want string }{
		{"root and rest", "open /srv/data/store/facility_id=hq/year=2024/part-1-0.parquet: truncated",
			"open <path>/facility_id=hq/year=2024/part-1-0.parquet: truncated"},
		{"root alone", "store at /srv/data/store.", "store at <path>."},
		{"longest root first", "see /home/ana/Projets/Café/run.json", "see <path>/run.json"},
		{"NFD spelling", "see " + norm.NFD.String(cfgDir) + "/run.json", "see <path>/run.json"},
		{"JSON spelling", `{"path":"\/srv\/data\/store\/x"}`, `{"path":"<path>\/x"}`},
		{"ASCII JSON spelling", `"\/home\/ana\/Projets\/Caf\u00e9\/r"`, `"<path>\/r"`},
		{"Go quoted", `open "/home/ana/Projets/Café/run.json": denied`, `open "<path>/run.json": denied`},
		{"Go ASCII quoted", `"/home/ana/Projets/Caf\u00e9/x"`, `"<path>/x"`},
		{"across spaces", "file /home/ana/John Smith/My Drive/x is gone", "file <path>/John Smith/My Drive/x is gone"},
		{"quoted with spaces", `config '/home/ana/My Drive, old/x.yaml' bad`, `config '<path>/My Drive, old/x.yaml' bad`},
		{"not a prefix of a longer name", "/tmpfoo/x and /tmp.d/y", "<path> and <path>"},
		{"other absolute path", "read /etc/camber/run.yaml now", "read <path> now"},
		{"quoted other path", `read "/var/lib/my data, 2/x" now`, `read "<path>" now`},
		{"home relative", "see ~/x/y.", "see <path>."},
		{"windows", `open C:\Users\ana\x.json and \\server\share\y`, "open <path> and <path>"},
		{"words either side of a slash", "non-commercial / no-derivatives, 3 kBtu/ft2, and/or 24/7", "non-commercial / no-derivatives, 3 kBtu/ft2, and/or 24/7"},
		{"url", "see https://example.com/a/b", "see https://example.com/a/b"},
		{"parenthesised", "(in /opt/camber/x)", "(in <path>)"},
		{"placeholder is stable", "<path>/x and <path>", "<path>/x and <path>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := r.Text(tt.in); got != tt.want {
				t.Fatalf("Text(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestRedactor_Keep(t *testing.T) {
	r := New([]string{"/srv/data/store"})
	ord := `"/Drivers/BacnetNetwork/AHU_1"`
	in := `equip ` + ord + ` and "slot:/Config/AHU-6" in /etc/x, "/srv/data/store/y"`
	got := r.Text(in, ord, `"/srv/data/store/y"`)
	want := `equip ` + ord + ` and "slot:/Config/AHU-6" in <path>, "<path>/y"`
	if got != want {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	if got := r.Roots("/Drivers/BacnetNetwork/AHU_1"); got != "/Drivers/BacnetNetwork/AHU_1" {
		t.Fatalf("Roots changed an ORD: %q", got)
	}
	if got := r.Roots("/srv/data/store/AHU_1"); got != "<path>/AHU_1" {
		t.Fatalf("Roots kept a root: %q", got)
	}
}

func TestRedactor_Symlink(t *testing.T) {
	dir := t.TempDir()
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	r := New([]string{dir})
	for _, p := range []string{dir, real} {
		if got := r.Roots(p + "/x"); got != "<path>/x" {
			t.Fatalf("Roots(%q) = %q", p, got)
		}
	}
}

func TestMachineRoots(t *testing.T) {
	r := New(MachineRoots())
	for _, p := range MachineRoots() {
		if abs, err := filepath.Abs(p); err == nil && filepath.Clean(abs) != "/" {
			if got := r.Text("at " + abs + "/zz"); got != "at <path>/zz" {
				t.Errorf("machine root %s: %q", abs, got)
			}
		}
	}
}
