package mv

// Candidate is one model kind's outcome on the baseline.
type Candidate struct {
	Kind Kind `json:"kind"`
	// Requested marks the kinds the choice is made among; the others are
	// fitted for comparison only.
	Requested bool `json:"requested"`
	Fitted    bool `json:"fitted"`
	Chosen    bool `json:"chosen"`
	// Reason says why the kind was not fitted.
	Reason string   `json:"reason,omitempty"`
	Stats  *Stats   `json:"stats,omitempty"`
	BIC    *float64 `json:"bic,omitempty"`
	// Accepted is the Guideline 14 verdict of the kind's fit.
	Accepted *bool `json:"accepted,omitempty"`
}

// NonRoutine reports the non-routine-event screen of the baseline.
type NonRoutine struct {
	Enabled   bool    `json:"enabled"`
	Threshold float64 `json:"z_threshold"`
	// Flagged counts the baseline periods over the threshold on the first
	// fit; Excluded those dropped (Flagged when enabled, else 0).
	Flagged  int              `json:"flagged"`
	Excluded int              `json:"excluded"`
	Periods  []ExcludedPeriod `json:"periods"`
	// Note says why flagged periods were not excluded.
	Note string `json:"note,omitempty"`
}

// ExcludedPeriod is one flagged baseline period.
type ExcludedPeriod struct {
	Start    string  `json:"start"`
	Residual float64 `json:"residual"`
	Z        float64 `json:"z"`
}

// Savings are the avoided energy over the reporting period and its
// uncertainty, in Units.
type Savings struct {
	Units             string  `json:"units"`
	BaselineProjected float64 `json:"baseline_projected"`
	ReportingActual   float64 `json:"reporting_actual"`
	// Avoided = BaselineProjected − ReportingActual; Fraction = Avoided ÷
	// BaselineProjected (Percent = 100 × Fraction).
	Avoided  float64 `json:"avoided"`
	Fraction float64 `json:"fraction"`
	Percent  float64 `json:"percent"`
	// N, P and M are the baseline points, model parameters and reporting
	// points; NPrime the effective baseline points; Rho the lag-1
	// autocorrelation of the baseline residuals.
	N               int     `json:"n"`
	P               int     `json:"p"`
	NPrime          float64 `json:"n_prime"`
	M               int     `json:"m"`
	Rho             float64 `json:"rho"`
	Autocorrelation bool    `json:"autocorrelation_adjusted"`
	// Confidence and the fields after it are the headline level.
	Confidence     int      `json:"confidence"`
	T              float64  `json:"t"`
	TBasis         string   `json:"t_basis"`
	FSU            *float64 `json:"fsu"`
	AbsUncertainty float64  `json:"abs_uncertainty"`
	Low            float64  `json:"low"`
	High           float64  `json:"high"`
	// Levels are the 80, 90 and 95 % results.
	Levels []Level `json:"levels"`
	// Unpredicted counts reporting periods the model could not predict
	// (left out of both sums).
	Unpredicted int `json:"unpredicted"`
	// OutsideBaselineTemps is the share of reporting periods whose
	// temperature lies outside the baseline's range.
	OutsideBaselineTemps float64 `json:"outside_baseline_temps"`
}

// Advice is a trigger or a method proposal, as data.
type Advice struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Values  map[string]any `json:"values,omitempty"`
}

// Report is the outcome of [Evaluate].
type Report struct {
	Meter    string   `json:"meter"`
	OAT      string   `json:"oat"`
	Interval Interval `json:"interval"`
	Units    string   `json:"units"`
	// Baseline and Reporting say what aggregation kept in each window.
	Baseline   Coverage    `json:"baseline"`
	Reporting  Coverage    `json:"reporting"`
	Model      *Fit        `json:"model"`
	Candidates []Candidate `json:"candidates"`
	Acceptance Acceptance  `json:"acceptance"`
	// InformationOnly is set when the baseline fails acceptance: the
	// savings are then for information only.
	InformationOnly bool         `json:"information_only"`
	NonRoutine      NonRoutine   `json:"non_routine"`
	Savings         Savings      `json:"savings"`
	CUSUM           []CUSUMPoint `json:"cusum"`
	Steps           []Step       `json:"steps"`
	Triggers        []Advice     `json:"triggers"`
	Proposals       []Advice     `json:"proposals"`
	Caveats         []string     `json:"caveats"`
}
