// Package mv is the measurement-and-verification engine (ASHRAE Guideline
// 14 whole-building regression, IPMVP Option C): baseline models, their
// fit statistics and acceptance, avoided-energy savings with uncertainty,
// non-routine screening, CUSUM of savings, and triggers and method
// proposals as data.
//
// # Models
//
// [FitModel] fits one [Kind] to aligned [Data]: the change-point family
// 2P, 3PC, 3PH, 4P and 5P (change points by a grid search over
// [GridPoints] temperatures between the 5th and 95th percentile, a 2-D grid
// for 5P, refined by a second pass between the best point's neighbours;
// hinge slopes of 3PC, 3PH and 5P must be positive), the zero-base variants
// 3PCZ, 3PHZ and 5PZ (opt-in), TOWT (168 hour-of-week indicators plus
// six-segment piecewise-linear temperature, separate for occupied and
// unoccupied bins; ≥ 50 hourly points) and the variable-base degree-day
// model (balance points by minimum CV(RMSE)). Least squares go through
// gonum: normal equations solved by Cholesky, with an eigen-decomposition
// pseudo-inverse for rank-deficient designs. [Best] picks the lowest
// BIC = n·ln(SSE/n) + p·ln(n), where p counts searched change and balance
// points as parameters.
//
// [FitStats] gives R², RMSE = √(SSE/(n−p)), CV(RMSE), NMBE =
// Σ(y−ŷ)/((n−p)·ȳ) and F; [Judge] applies the interval's Guideline 14
// limits ([LimitsFor]) plus R² ≥ 0.75 and names each failing criterion.
//
// # Projects
//
// [Evaluate] runs a [Project]: [Aggregate] integrates the meter's rate
// (kW, or an energy_rate) into hourly, daily or monthly energy with the
// period's mean outdoor air temperature, keeping a period when at least 90
// % of its meter samples are present, its mean is not negative and its
// outdoor air is at least half covered. The models are fitted on the
// baseline, the lowest-BIC requested model is chosen, baseline periods
// with a robust residual z above 3.5 are optionally dropped and the
// models refitted, and the choice is projected onto the reporting
// periods. Avoided energy = Σ projected − Σ actual; its uncertainty
// follows Guideline 14 Annex B ([Uncertainty]) with Student t quantiles,
// optionally with the lag-1 autocorrelation adjustment n′ = n(1−ρ)/(1+ρ).
// The report adds the CUSUM of savings, step changes ([DetectStep]) in
// the baseline and reporting residuals, triggers (savings eroding, a
// CUSUM slope change, negative savings, savings inside their band,
// uncertainty above 50 %, extrapolation) and method proposals (another
// interval, TOWT, a model better by BIC, non-routine exclusion, the
// autocorrelation adjustment, a shorter or longer baseline).
//
// Everything is pure computation: no I/O, deterministic, and long loops
// check the context. Values returned are not shared and are safe to use
// from any goroutine.
package mv
