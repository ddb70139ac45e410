package drift

import (
	"slices"
	"strings"

	"github.com/camber-tui/camber-tui/analytics/series"
	"github.com/camber-tui/camber-tui/model"
)

// Frames puts a facility's series on one grid, one frame per equipment
// (sorted by equipment), with [series.Build]. When opt.Shared is nil the
// Weather-class equipment's points are shared onto every frame, as the run
// grid does.
func Frames(in []model.Series, opt series.Options) []*series.Frame {
	byEquip := map[string][]model.Series{}
	class := map[string]string{}
	var order []string
	shared := opt.Shared == nil
	for _, s := range in {
		if _, ok := byEquip[s.Equip]; !ok {
			order = append(order, s.Equip)
			class[s.Equip] = s.Class
		}
		byEquip[s.Equip] = append(byEquip[s.Equip], s)
		if shared && model.CanonicalClass(s.Class) == model.ClassWeather {
			opt.Shared = append(opt.Shared, s)
		}
	}
	slices.SortFunc(order, strings.Compare)
	out := make([]*series.Frame, 0, len(order))
	for _, e := range order {
		out = append(out, series.Build(e, class[e], byEquip[e], opt))
	}
	return out
}
