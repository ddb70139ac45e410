package mv

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Sentinel errors. Capabilities translate them into coded errors: ErrNoData
// and ErrTooFewPoints are the caller's window or data (not_found), ErrInvalid
// a bad argument (invalid_params).
var (
	// ErrNoData means a window holds no sample of a series the project
	// needs.
	ErrNoData = errors.New("no data")
	// ErrTooFewPoints means there are too few usable periods to fit.
	ErrTooFewPoints = errors.New("too few points")
	// ErrInvalid means a project field is malformed.
	ErrInvalid = errors.New("invalid project")

	// ErrNoFit means no requested model could be fitted to the baseline.
	ErrNoFit = errors.New("no baseline model fits")

	errSingular = errors.New("singular design")
)

// Kind names a baseline model.
type Kind string

// The baseline models (ASHRAE RP-1050 change-point shapes, LBNL TOWT and
// variable-base degree days). T is the period's mean outdoor air
// temperature (°F); (x)+ = max(0, x).
const (
	// Kind2P is E = b0 + b1·T.
	Kind2P Kind = "2P"
	// Kind3PC is E = b0 + c·(T − Tc)+ (cooling), c > 0.
	Kind3PC Kind = "3PC"
	// Kind3PH is E = b0 + h·(Tc − T)+ (heating), h > 0.
	Kind3PH Kind = "3PH"
	// Kind4P is two slopes meeting at Tc: E = b0 + s1·min(0, T − Tc) +
	// s2·max(0, T − Tc), slopes of either sign.
	Kind4P Kind = "4P"
	// Kind5P is E = b0 + h·(Tl − T)+ + c·(T − Th)+ with Tl < Th, h, c > 0.
	Kind5P Kind = "5P"
	// Kind3PCZ, Kind3PHZ and Kind5PZ are the zero-base-load variants (no
	// b0); opt-in only.
	Kind3PCZ Kind = "3PCZ"
	Kind3PHZ Kind = "3PHZ"
	Kind5PZ  Kind = "5PZ"
	// KindTOWT is the time-of-week-and-temperature model: 168 hour-of-week
	// indicators plus piecewise-linear temperature in 6 segments, separate
	// for occupied and unoccupied hours. Hourly data only.
	KindTOWT Kind = "TOWT"
	// KindDegreeDay is E = base + a·HDD + b·CDD with heating and cooling
	// balance points searched by minimum CV(RMSE). Daily or monthly data.
	KindDegreeDay Kind = "degree_day"
)

// Kinds lists every model kind in display order.
func Kinds() []Kind {
	return []Kind{Kind2P, Kind3PC, Kind3PH, Kind4P, Kind5P, Kind3PCZ, Kind3PHZ, Kind5PZ, KindTOWT, KindDegreeDay}
}

// DefaultKinds are the models fitted when a project names none for an
// interval: the change-point family, plus TOWT for hourly data and
// degree days for daily and monthly data.
func DefaultKinds(iv Interval) []Kind {
	out := []Kind{Kind2P, Kind3PC, Kind3PH, Kind4P, Kind5P}
	if iv == Hourly {
		return append(out, KindTOWT)
	}
	return append(out, KindDegreeDay)
}

// ParseKind finds a model kind by name, case-insensitively ("3pc",
// "towt", "degree-day").
func ParseKind(s string) (Kind, bool) {
	k := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(s), "-", "_"))
	for _, c := range Kinds() {
		if strings.ToUpper(string(c)) == k {
			return c, true
		}
	}
	return "", false
}

// Data are aligned model inputs, one row a period. Y is the energy of a
// nominal period (an hour, a day, or a month's average day), Temp its mean
// outdoor air temperature in °F. HourOfWeek (0 = Monday 00:00 … 167) is
// needed by TOWT only and DayTemps (each period's daily mean OATs) by the
// degree-day model only.
type Data struct {
	Y          []float64
	Temp       []float64
	HourOfWeek []int
	DayTemps   [][]float64
}

// Len is the number of rows.
func (d Data) Len() int { return len(d.Y) }

// subset returns the rows where keep is true.
func (d Data) subset(keep []bool) Data {
	n := 0
	for _, k := range keep {
		if k {
			n++
		}
	}
	out := Data{Y: make([]float64, 0, n), Temp: make([]float64, 0, n)}
	if d.HourOfWeek != nil {
		out.HourOfWeek = make([]int, 0, n)
	}
	if d.DayTemps != nil {
		out.DayTemps = make([][]float64, 0, n)
	}
	for i := range d.Y {
		if !keep[i] {
			continue
		}
		out.Y = append(out.Y, d.Y[i])
		out.Temp = append(out.Temp, d.Temp[i])
		if d.HourOfWeek != nil {
			out.HourOfWeek = append(out.HourOfWeek, d.HourOfWeek[i])
		}
		if d.DayTemps != nil {
			out.DayTemps = append(out.DayTemps, d.DayTemps[i])
		}
	}
	return out
}

func (d Data) check() error {
	if len(d.Temp) != len(d.Y) {
		return fmt.Errorf("%w: %d temperatures for %d energy values", ErrInvalid, len(d.Temp), len(d.Y))
	}
	if d.HourOfWeek != nil && len(d.HourOfWeek) != len(d.Y) {
		return fmt.Errorf("%w: %d hour-of-week values for %d energy values", ErrInvalid, len(d.HourOfWeek), len(d.Y))
	}
	if d.DayTemps != nil && len(d.DayTemps) != len(d.Y) {
		return fmt.Errorf("%w: %d day-temperature lists for %d energy values", ErrInvalid, len(d.DayTemps), len(d.Y))
	}
	for i := range d.Y {
		if !finite(d.Y[i]) || !finite(d.Temp[i]) {
			return fmt.Errorf("%w: row %d is not finite (energy %v, temperature %v)", ErrInvalid, i, d.Y[i], d.Temp[i])
		}
	}
	return nil
}

// Coef is one named model coefficient.
type Coef struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Fit is a fitted baseline model with its statistics. It is immutable and
// safe for concurrent use.
type Fit struct {
	Kind Kind `json:"kind"`
	// Coefficients are in the energy unit of Y per nominal period (slopes
	// per °F).
	Coefficients []Coef `json:"coefficients"`
	// ChangePoints are the named change-point or balance temperatures
	// (tc; tl and th; heating_balance, cooling_balance), °F.
	ChangePoints []Coef `json:"change_points,omitempty"`
	Stats        Stats  `json:"stats"`
	// BIC = n·ln(SSE/n) + p·ln(n); lower is better.
	BIC float64 `json:"bic"`
	// TOWT details, for a TOWT fit.
	TOWT *TOWTDetail `json:"towt,omitempty"`
	// TempRange is the baseline's temperature span [min, max], °F.
	TempRange [2]float64 `json:"temp_range"`

	predict func(d Data, i int) float64
}

// Coef returns the named coefficient and whether the fit has it.
func (f *Fit) Coef(name string) (float64, bool) {
	for _, c := range f.Coefficients {
		if c.Name == name {
			return c.Value, true
		}
	}
	return 0, false
}

// Predict returns the model's energy for every row of d; a row the model
// cannot predict (an hour of the week TOWT never saw) is NaN.
func (f *Fit) Predict(d Data) []float64 {
	out := make([]float64, d.Len())
	for i := range out {
		out[i] = f.predict(d, i)
	}
	return out
}

// FitModel fits one model kind to d. It fails with ErrTooFewPoints when d
// has fewer rows than the kind needs ([MinPoints]), and with a plain error
// naming the reason when the shape does not fit the data (no change point
// with physical slopes, a temperature range too narrow to search).
func FitModel(ctx context.Context, kind Kind, d Data) (*Fit, error) {
	if err := d.check(); err != nil {
		return nil, err
	}
	if n, need := d.Len(), MinPoints(kind); n < need {
		return nil, fmt.Errorf("%w: %s needs at least %d periods, have %d", ErrTooFewPoints, kind, need, n)
	}
	var f *Fit
	var err error
	switch kind {
	case Kind2P, Kind3PC, Kind3PH, Kind4P, Kind5P, Kind3PCZ, Kind3PHZ, Kind5PZ:
		f, err = fitChangePoint(ctx, kind, d)
	case KindTOWT:
		f, err = fitTOWT(ctx, d)
	case KindDegreeDay:
		f, err = fitDegreeDay(ctx, d)
	default:
		return nil, fmt.Errorf("%w: unknown model %q", ErrInvalid, kind)
	}
	if err != nil {
		return nil, err
	}
	lo, hi := minMax(d.Temp)
	f.TempRange = [2]float64{lo, hi}
	return f, nil
}

// MinPoints is the fewest rows a kind is fitted on: its parameter count
// plus three residual degrees of freedom, and 50 for TOWT.
func MinPoints(kind Kind) int {
	if kind == KindTOWT {
		return 50
	}
	return paramCount(kind) + 3
}

// paramCount is the nominal parameter count p of a kind (searched change
// and balance points included; TOWT's is the rank of its design).
func paramCount(kind Kind) int {
	switch kind {
	case Kind2P, Kind3PCZ, Kind3PHZ:
		return 2
	case Kind3PC, Kind3PH:
		return 3
	case Kind4P, Kind5PZ:
		return 4
	case Kind5P, KindDegreeDay:
		return 5
	}
	return 0
}

// finish computes a fit's statistics and BIC from its residuals on d.
func finish(f *Fit, d Data, p int) *Fit {
	pred := f.Predict(d)
	f.Stats = FitStats(d.Y, pred, p)
	f.BIC = bic(f.Stats.SSE, f.Stats.N, p)
	return f
}

// bic is n·ln(SSE/n) + p·ln(n); a perfect fit's SSE is floored so the
// value stays finite.
func bic(sse float64, n, p int) float64 {
	if n == 0 {
		return math.Inf(1)
	}
	return float64(n)*math.Log(math.Max(sse, 1e-300)/float64(n)) + float64(p)*math.Log(float64(n))
}

// Best returns the fit with the lowest BIC (ties to the earlier fit), or
// nil for none.
func Best(fits []*Fit) *Fit {
	var best *Fit
	for _, f := range fits {
		if f != nil && (best == nil || f.BIC < best.BIC) {
			best = f
		}
	}
	return best
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func minMax(x []float64) (lo, hi float64) {
	if len(x) == 0 {
		return 0, 0
	}
	return slices.Min(x), slices.Max(x)
}
