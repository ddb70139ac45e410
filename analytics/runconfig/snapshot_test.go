package runconfig

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLoadFilesRoundTrip(t *testing.T) {
	dir := t.TempDir()
	zones := "equip,area_sqft,population,space_type\nVAV-1,1000,10,office\n"
	cfg := `{"source": {"facility": "hq"}, "ventilation": {"zones": "zones.csv"}}`
	if err := os.WriteFile(filepath.Join(dir, "zones.csv"), []byte(zones), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "hq.json")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	c1, d1, files, err := Options{}.LoadFiles(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := Load(path); err != nil {
		t.Fatalf("Load of the same file: %v", err)
	}
	if string(files.Named["zones.csv"]) != zones {
		t.Fatalf("captured files = %v, want zones.csv", files.Named)
	}
	// Change the files on disk: the capture still rebuilds the same config.
	os.WriteFile(filepath.Join(dir, "zones.csv"), []byte("garbage"), 0o644)
	os.WriteFile(path, []byte("{"), 0o644)
	c2, d2, err := Options{}.ParseFiles(files)
	if err != nil {
		t.Fatal(err)
	}
	if d1 != d2 || c1.Source.Facility != c2.Source.Facility || c2.Ventilation == nil {
		t.Fatalf("rebuilt config differs: %q vs %q, %+v", d1, d2, c2)
	}
	delete(files.Named, "zones.csv")
	if _, _, err := (Options{}).ParseFiles(files); err == nil {
		t.Fatal("a capture missing a named file must fail")
	}
}
