package builtin

import (
	"context"
	"fmt"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/rcx"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/sanitize"
)

// Default pages of rcx_report (seed 000): top_n issues when the run
// config sets none, and appendix A entries.
const (
	rcxTopN     = 8
	rcxAppendix = 20
	textIssues  = 5
)

// rcxReport is the rcx_report capability.
func rcxReport(e *env) registry.Capability {
	props := map[string]any{
		"facility_id": facilityIDSchema(),
		"equips": map[string]any{"type": "array", "minItems": 1, "maxItems": 1000,
			"items": nameSchema("An equipment id, exactly as stored."), "description": "Only these equipment (default: all the run config runs)."},
		"start": timeSchema("First instant judged, naive local time (default: the first stored sample)."),
		"end":   timeSchema("Last instant judged; a date alone covers that day (default: the last stored sample)."),
		"top_n": map[string]any{"type": "integer", "minimum": 1, "maximum": registry.MaxLimit,
			"description": "Ranked issues per page (default: the run config's report.rcx.top_n, else 8)."},
		"offset": offsetSchema(),
		"limit": map[string]any{"type": "integer", "minimum": 1, "maximum": registry.MaxLimit, "default": rcxAppendix,
			"description": "Appendix A entries per page (default 20)."},
	}
	return registry.Capability{
		Name:  "rcx_report",
		Title: "The retro-commissioning (RCx) report as data",
		Description: "Build a facility's RCx report as data from the same rule run rule_run makes plus the run config's drift " +
			"section (and its M&V project when configured): KPIs (findings per severity and category, costed total $/yr " +
			"with the number uncosted, data coverage, trust, declined checks), a health scorecard, the ranked issues " +
			"(root-cause groups and one issue per equipment and cause, drifting signals and disagreeing sensor references; " +
			"ranked money first, then severity, a sensor issue just above the first issue conditional on it), each with its " +
			"cause, rules, the finding_ids to pass to finding_detail, annual cost or why uncosted, hours and confidence with " +
			"its reasons; the section list, the report's own fact index (K…@summary, C1@<issue key>, A…@appendix) and appendix " +
			"A (declines and data gaps). No prose, no file. Page issues with top_n/offset and appendix A with limit. " +
			"Long-running: reads every trend.",
		Cost: registry.CostLong,
		InputSchema: map[string]any{"type": "object", "additionalProperties": false, "required": []any{"facility_id"},
			"properties": props},
		OutputSchema: rcxOutputSchema(),
		Handler:      e.rcxReportHandler,
	}
}

// rcxReportHandler serves rcx_report.
func (e *env) rcxReportHandler(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	req, err := e.prepareRun(ctx, c, modeJudge)
	if err != nil {
		return nil, err
	}
	res, err := e.run(ctx, req)
	if err != nil {
		return nil, err
	}
	in, src, err := e.rcxInput(ctx, c, req, res)
	if err != nil {
		return nil, err
	}
	rep := rcx.Build(in)
	topN := req.rc.cfg.Report.RCX.TopN
	if topN <= 0 {
		topN = rcxTopN
	}
	topN = c.Int("top_n", topN)
	offset := max(c.Int("offset", 0), 0)
	lo, hi := c.Page("issues", len(rep.Issues), topN, offset, "money first, then severity")
	alo, ahi := c.Page("appendix_a", len(rep.Appendix), c.Int("limit", rcxAppendix), offset, "declines, then data gaps longest first")
	page := rep.Page(lo, hi, alo, ahi)
	out := &registry.Result{}
	if hi-lo < len(rep.Issues) && hi < len(rep.Issues) {
		out.Banners = append(out.Banners, fmt.Sprintf("rcx_report pages its issues by top_n (this page %d; a larger top_n, up to %d, lists more) and appendix A by limit",
			topN, registry.MaxLimit))
	}
	if req.rc.banner != "" {
		out.Banners = append(out.Banners, req.rc.banner)
	}
	if res.Declined > 0 {
		out.Banners = append(out.Banners, declinedBanner(res, req.spec.MinTrust))
	}
	if d := src.drift; d != nil && d.declined > 0 {
		out.Banners = append(out.Banners, fmt.Sprintf("%d drift check%s declined because an input scores below the trust floor %s: a declined check is not a pass (appendix A names each)",
			d.declined, plural(d.declined, " was", "s were"), decimals(d.floor, 4)))
	}
	out.Banners = append(out.Banners, conditionalIssues(rep.Issues)...)
	out.Banners = append(out.Banners, referenceNotices(req)...)
	if in.MV != nil && in.MV.Problem == "" && !in.MV.Accepted {
		out.Banners = append(out.Banners, "the M&V baseline fails Guideline 14 ("+strings.Join(in.MV.Failing, ", ")+"): its savings are for information only")
	}
	head := fmt.Sprintf("rcx_report ranked %d issue%s for %s money first, then severity, and lists %s; appendix A holds %d entr%s, %s",
		len(rep.Issues), plural(len(rep.Issues), "", "s"), req.facility, rankRange(lo, hi), len(rep.Appendix),
		plural(len(rep.Appendix), "y", "ies"), entryRange(alo, ahi))
	facts := []registry.Fact{{ID: "F1@rcx_report", Kind: "rcx_report", Value: len(rep.Issues), Text: head,
		Data: map[string]any{"facility_id": req.facility, "issues": len(rep.Issues), "appendix_a": len(rep.Appendix),
			"declined": rep.KPIs.Declined.Total()}}}
	sentences := []string{head + " [F1@rcx_report]"}
	byKind := map[string]string{}
	for _, f := range page.Facts {
		facts = append(facts, registry.Fact{ID: f.ID, Kind: f.Kind, Value: f.Value, Equip: f.Equip, Text: f.Text, Data: f.Data})
		if f.ID[0] == 'K' {
			byKind[f.Kind] = f.ID
		}
	}
	text := func(id string) string {
		for _, f := range page.Facts {
			if f.ID == id {
				return f.Text + " [" + id + "]"
			}
		}
		return ""
	}
	for _, kind := range []string{"summary", "cost", "scorecard"} {
		sentences = append(sentences, text(byKind[kind]))
	}
	for i := range page.Issues {
		if i < textIssues {
			sentences = append(sentences, text(page.Issues[i].Fact))
		}
	}
	if len(page.Issues) > textIssues {
		sentences = append(sentences, "The other issues on this page are in the data, each with its own fact")
	}
	for _, kind := range []string{"declined", "drift", "mv"} {
		if id, ok := byKind[kind]; ok {
			sentences = append(sentences, text(id))
		}
	}
	out.Facts, out.Text = facts, strings.Join(sentences, ". ")+"."
	out.Data = rcxData(req, res, in, rep, page, src, topN)
	return out, nil
}

// rankRange names the ranks on a page.
func rankRange(lo, hi int) string {
	if hi <= lo {
		return "no rank on this page"
	}
	return fmt.Sprintf("ranks %d-%d", lo+1, hi)
}

// entryRange names the appendix entries on a page.
func entryRange(lo, hi int) string {
	if hi <= lo {
		return "none on this page"
	}
	return fmt.Sprintf("entries %d-%d on this page", lo+1, hi)
}

// conditionalIssues are the notices of issues conditional on a
// disagreeing sensor reference: the sensor issue ranks just above the
// first of them; treat them as a sensor problem first.
func conditionalIssues(issues []rcx.Issue) []string {
	var out []string
	for _, is := range issues {
		if len(is.Explains) == 0 {
			continue
		}
		out = append(out, fmt.Sprintf("%d issue%s %s conditional on %s (rank %d): treat %s as a sensor problem first; the sensor issue ranks just above the first of them",
			len(is.Explains), plural(len(is.Explains), "", "s"), plural(len(is.Explains), "is", "are"), sanitize.Name(is.Key), is.Rank,
			plural(len(is.Explains), "it", "them")))
	}
	return out
}
