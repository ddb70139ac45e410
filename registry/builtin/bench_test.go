package builtin_test

import "testing"

// BenchmarkFacilities is one warm facilities call on the demo campus
// (in-process, through the whole policy pipeline).
func BenchmarkFacilities(b *testing.B) {
	reg := newDefault(b)
	cc := callCtx(demoStore)
	if _, err := reg.Call(b.Context(), "facilities", nil, cc); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := reg.Call(b.Context(), "facilities", nil, cc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPoints is one warm points call for the demo's largest facility
// (188 points, the default page of 250).
func BenchmarkPoints(b *testing.B) {
	reg := newDefault(b)
	cc := callCtx(demoStore)
	args := map[string]any{"facility_id": "north-campus"}
	if _, err := reg.Call(b.Context(), "points", args, cc); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := reg.Call(b.Context(), "points", args, cc); err != nil {
			b.Fatal(err)
		}
	}
}
