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
	src    []Fact    // the facts given under the id
	read   bool      // decs and stamps hold src's figures
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

// index is what the checker knows about a set of facts. The figures of a
// fact are read the first time a sentence cites it, and the names the first
// time a quoted span needs them, so a check pays only for what the text
// uses. An index belongs to one Checker, whose lock guards it.
type index struct {
	facts map[string]*carriers
	// names are the values a quoted span may name: equipment, string
	// values of data, and the quoted names in fact texts (nil until needed).
	names map[string]struct{}
	// masks are equipment names that would otherwise state a figure
	// ("Boiler 2"), longest first; an unquoted occurrence is not a claim.
	masks []string
	all   []Fact
}

// maxDepth bounds the walk through nested data.
const maxDepth = 64

func buildIndex(facts []Fact) *index {
	idx := &index{facts: make(map[string]*carriers, len(facts)), all: facts}
	equips := map[string]bool{}
	for _, f := range facts {
		c := idx.facts[f.ID]
		if c == nil {
			c = &carriers{}
			idx.facts[f.ID] = c
		}
		c.src = append(c.src, f)
		if f.Equip != "" {
			equips[f.Equip] = true
		}
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

// fact returns the figures of the fact id (of every fact given under it),
// reading them on first use.
func (idx *index) fact(id string) (*carriers, bool) {
	c, ok := idx.facts[id]
	if !ok {
		return nil, false
	}
	if !c.read {
		c.read = true
		for _, f := range c.src {
			c.addText(f.Text)
			c.addText(f.Equip)
			walk(f.Data, 0, func(s string) { c.addText(s) }, func(x float64, bits int) { addFloat(c, x, bits) })
		}
	}
	return c, true
}

// has reports whether id names a fact.
func (idx *index) has(id string) bool {
	_, ok := idx.facts[id]
	return ok
}

func (idx *index) addName(s string) {
	if s = strings.TrimSpace(s); validName(s) {
		idx.names[s] = struct{}{}
	}
}

// known reports whether content names something the facts carry.
func (idx *index) known(content string) bool {
	if idx.names == nil {
		idx.names = map[string]struct{}{}
		for _, f := range idx.all {
			for _, q := range quoteSpans(f.Text, acceptAll) {
				idx.addName(quoteContent(f.Text, q))
			}
			idx.addName(f.Equip)
			walk(f.Data, 0, idx.addName, nil)
		}
	}
	_, ok := idx.names[content]
	return ok
}

// walk calls str for every string (values and map keys) and num for
// every number of a data value; num may be nil.
func walk(v any, depth int, str func(string), num func(x float64, bits int)) {
	if depth > maxDepth {
		return
	}
	n := func(x float64, bits int) {
		if num != nil {
			num(x, bits)
		}
	}
	switch x := v.(type) {
	case nil, bool:
	case string:
		str(x)
	case json.Number:
		if num != nil {
			str(x.String())
		}
	case float64:
		n(x, 64)
	case float32:
		n(float64(x), 32)
	case int:
		n(float64(x), 64)
	case int32:
		n(float64(x), 64)
	case int64:
		if num != nil {
			str(strconv.FormatInt(x, 10))
		}
	case uint64:
		if num != nil {
			str(strconv.FormatUint(x, 10))
		}
	case map[string]any:
		for k, e := range x {
			if num != nil {
				str(k)
			}
			walk(e, depth+1, str, num)
		}
	case []any:
		for _, e := range x {
			walk(e, depth+1, str, num)
		}
	case []string:
		for _, e := range x {
			str(e)
		}
	case []float64:
		for _, e := range x {
			n(e, 64)
		}
	case map[string]float64:
		for k, e := range x {
			if num != nil {
				str(k)
			}
			n(e, 64)
		}
	case map[string]string:
		for k, e := range x {
			if num != nil {
				str(k)
			}
			str(e)
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
			walk(decoded, depth+1, str, num)
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
