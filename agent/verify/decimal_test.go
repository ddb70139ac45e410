package verify

import "testing"

func dec(s string) decimal {
	neg := false
	if s != "" && s[0] == '-' {
		neg, s = true, s[1:]
	}
	i, f := s, ""
	for k := range s {
		if s[k] == '.' {
			i, f = s[:k], s[k+1:]
			break
		}
	}
	return makeDecimal(neg, i, f)
}

func TestDecimal_String(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"2897.0", "2897"}, {"12.50", "12.5"}, {"0.234", "0.234"}, {"007", "7"},
		{"-5.0", "-5"}, {"-0.0", "0"}, {"0", "0"}, {".5", "0.5"}, {"100", "100"}, {"0.000", "0"},
	} {
		if got := dec(tc.in).String(); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestDecimal_Round(t *testing.T) {
	for _, tc := range []struct {
		in   string
		p    int
		want string
	}{
		{"45.5", 0, "46"}, {"44.5", 0, "45"}, {"45.49", 0, "45"}, {"-2.5", 0, "-3"},
		{"0.05", 1, "0.1"}, {"0.005", 1, "0"}, {"0.5", 0, "1"}, {"0.4", 0, "0"},
		{"9.96", 1, "10"}, {"99.5", 0, "100"}, {"2897.3", -2, "2900"}, {"2849", -2, "2800"},
		{"2850", -2, "2900"}, {"49", -2, "0"}, {"50", -2, "100"}, {"12.34", 5, "12.34"},
		{"0.30000000000000004", 1, "0.3"},
	} {
		if got := dec(tc.in).round(tc.p).String(); got != tc.want {
			t.Errorf("round(%s, %d) = %s, want %s", tc.in, tc.p, got, tc.want)
		}
	}
}

func TestDecimal_Shift(t *testing.T) {
	for _, tc := range []struct {
		in   string
		k    int
		want string
	}{
		{"0.234", 2, "23.4"}, {"1", 3, "1000"}, {"1.5", -2, "0.015"}, {"0", 5, "0"}, {"0.5", 2, "50"},
	} {
		if got := dec(tc.in).shift(tc.k).String(); got != tc.want {
			t.Errorf("shift(%s, %d) = %s, want %s", tc.in, tc.k, got, tc.want)
		}
	}
}
