package verify

import (
	"encoding/json"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fact is one citable statement the checker grounds figures in: its text
// and its structured data (any JSON-like value: maps, slices, numbers,
// strings). Equip is the equipment it is about, if any.
type Fact struct {
	ID    string
	Equip string
	Text  string
	Data  any
}

// carriers are the figures one fact carries. A fact carries a handful,
// so slices scanned in order beat maps here.
type carriers struct {
	decs   []decimal // numbers, signed
	stamps []string  // dates, date-times and clock times
}

func (c *carriers) add(cl claim) {
	switch cl.kind {
	case KindNumber:
		c.decs = append(c.decs, cl.num)
	default:
		c.stamps = append(c.stamps, cl.stamp)
		if date, clock, ok := strings.Cut(cl.stamp, "T"); ok {
			c.stamps = append(c.stamps, date, clock)
		}
	}
}

func (c *carriers) addText(s string) {
	scan(s, nil, c.add)
}

// index is what the checker knows about a set of facts.
type index struct {
	facts map[string]*carriers
	// names are the values a quoted span may name: equipment, string
	// values of data, and the quoted names in fact texts.
	names map[string]struct{}
	// masks are equipment names that would otherwise state a figure
	// ("Boiler 2"), longest first; an unquoted occurrence is not a claim.
	masks []string
}

// maxDepth bounds the walk through nested data.
const maxDepth = 64

func buildIndex(facts []Fact) *index {
	idx := &index{facts: make(map[string]*carriers, len(facts)), names: map[string]struct{}{}}
	equips := map[string]bool{}
	for _, f := range facts {
		c := idx.facts[f.ID]
		if c == nil {
			c = &carriers{}
			idx.facts[f.ID] = c
		}
		c.addText(f.Text)
		for _, q := range quoteSpans(f.Text, acceptAll) {
			idx.addName(quoteContent(f.Text, q))
		}
		if f.Equip != "" {
			c.addText(f.Equip)
			idx.addName(f.Equip)
			equips[f.Equip] = true
		}
		idx.walk(c, f.Data, 0)
	}
	for e := range equips {
		if needsMask(e) {
			idx.masks = append(idx.masks, e)
		}
	}
	sort.Slice(idx.masks, func(i, j int) bool {
		if len(idx.masks[i]) != len(idx.masks[j]) {
			return len(idx.masks[i]) > len(idx.masks[j])
		}
		return idx.masks[i] < idx.masks[j]
	})
	return idx
}

func (idx *index) addName(s string) {
	if s = strings.TrimSpace(s); validName(s) {
		idx.names[s] = struct{}{}
	}
}

// walk adds the figures and names of a data value.
func (idx *index) walk(c *carriers, v any, depth int) {
	if depth > maxDepth {
		return
	}
	switch x := v.(type) {
	case nil, bool:
	case string:
		c.addText(x)
		idx.addName(x)
	case json.Number:
		c.addText(x.String())
	case float64:
		addFloat(c, x, 64)
	case float32:
		addFloat(c, float64(x), 32)
	case int:
		addFloat(c, float64(x), 64)
	case int64:
		c.addText(strconv.FormatInt(x, 10))
	case int32:
		addFloat(c, float64(x), 64)
	case uint64:
		c.addText(strconv.FormatUint(x, 10))
	case map[string]any:
		for k, e := range x {
			c.addText(k)
			idx.walk(c, e, depth+1)
		}
	case []any:
		for _, e := range x {
			idx.walk(c, e, depth+1)
		}
	case []string:
		for _, e := range x {
			idx.walk(c, e, depth+1)
		}
	case []float64:
		for _, e := range x {
			addFloat(c, e, 64)
		}
	case map[string]float64:
		for k, e := range x {
			c.addText(k)
			addFloat(c, e, 64)
		}
	case map[string]string:
		for k, e := range x {
			c.addText(k)
			idx.walk(c, e, depth+1)
		}
	default:
		// Any other value is read as its JSON form.
		b, err := json.Marshal(x)
		if err != nil {
			return
		}
		var decoded any
		d := json.NewDecoder(strings.NewReader(string(b)))
		d.UseNumber()
		if d.Decode(&decoded) == nil {
			idx.walk(c, decoded, depth+1)
		}
	}
}

// addFloat adds x in its shortest exact decimal form (45.5, not
// 45.500000001), so rounding works on the value the data holds.
func addFloat(c *carriers, x float64, bits int) {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return
	}
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], x, 'f', -1, bits)
	neg := b[0] == '-'
	if neg {
		b = b[1:]
	}
	i, f := string(b), ""
	if k := strings.IndexByte(i, '.'); k >= 0 {
		i, f = i[:k], i[k+1:]
	}
	c.decs = append(c.decs, makeDecimal(neg, i, f))
}

// needsMask reports whether an equipment name, written plainly, would
// read as a figure ("Boiler 2", "1st Floor AHU"); names such as AHU-1 or
// AHU_1 never do.
func needsMask(name string) bool {
	if !strings.ContainsFunc(name, unicode.IsLetter) {
		return false
	}
	found := false
	scan(name, nil, func(claim) { found = true })
	return found
}

// maskSpans returns the occurrences in s of the index's mask names that
// stand as whole words.
func (idx *index) maskSpans(s string) []span {
	var out []span
	for _, name := range idx.masks {
		for from := 0; ; {
			k := strings.Index(s[from:], name)
			if k < 0 {
				break
			}
			a, b := from+k, from+k+len(name)
			before, _ := prevRune(s, a)
			after, _ := utf8.DecodeRuneInString(s[b:])
			if !isWordRune(before) && !isWordRune(after) {
				out = append(out, span{a, b})
			}
			from = a + 1
		}
	}
	return out
}

// known reports whether content names something the facts carry.
func (idx *index) known(content string) bool {
	_, ok := idx.names[content]
	return ok
}

// carries reports whether c carries the claim:
//
//   - a date or time equal to one the fact states (a timestamp carries its
//     date and its time of day too);
//   - a number equal after normalisation (commas dropped, trailing zeros and
//     point stripped: 2,897.0 = 2897);
//   - a number the fact's value rounds to at the claim's stated precision,
//     half away from zero: 45.5 carries "46" and "45.5" but not "45";
//   - an integer claim with trailing zeros and at least two significant
//     digits, when the fact's value rounds to it at that power of ten:
//     2,897 carries "2,900" (but nothing carries "3,000" from 2,897, and
//     "100" is never read as a rounding);
//   - a percentage whose value is a fraction of one the fact holds, scaled
//     by 100 and matched as above: 0.234 carries "23.4%" and "23%";
//   - an unsigned claim matches the magnitude of a negative value, since
//     prose writes the sign in words ("5 °F below"), but a signed claim
//     "-5" needs a negative value.
func (c *carriers) carries(cl claim) bool {
	if cl.kind != KindNumber {
		return slices.Contains(c.stamps, cl.stamp)
	}
	for _, d := range c.decs {
		x := d
		if !cl.num.neg {
			x = d.abs()
		} else if !d.neg {
			continue
		}
		if roundsTo(x, cl) {
			return true
		}
		if cl.pct && !x.isZero() && (len(x.digits) <= x.scale || x.abs() == (decimal{digits: "1"})) {
			if roundsTo(x.shift(2), cl) {
				return true
			}
		}
	}
	return false
}

// roundsTo reports whether x, stated at the claim's precision, reads as
// the claim.
func roundsTo(x decimal, cl claim) bool {
	if x == cl.num {
		return true
	}
	if cl.decimals < x.scale && x.round(cl.decimals) == cl.num {
		return true
	}
	if sig, zeros := cl.num.sigDigits(); cl.decimals <= 0 && zeros > 0 && sig >= 2 {
		return x.round(-zeros) == cl.num
	}
	return false
}
