package verify

import "strings"

// decimal is an exact base-10 number: the value is ±digits × 10^-scale.
// Claims and fact numbers are compared as decimals, never as floats, so
// "0.1" is 0.1 and rounding at a stated precision is exact.
//
// The canonical form has no leading zeros in digits, no trailing zeros in
// the fractional part (scale is reduced instead) and zero is digits "" with
// neg false and scale 0.
type decimal struct {
	neg    bool
	digits string
	scale  int
}

// makeDecimal builds a canonical decimal from an integer part and a
// fractional part, both plain ASCII digit strings (either may be empty).
func makeDecimal(neg bool, intPart, fracPart string) decimal {
	return decimal{neg: neg, digits: intPart + fracPart, scale: len(fracPart)}.norm()
}

// norm returns d in canonical form.
func (d decimal) norm() decimal {
	i := 0
	for i < len(d.digits) && d.digits[i] == '0' {
		i++
	}
	d.digits = d.digits[i:]
	j := len(d.digits)
	for d.scale > 0 && j > 0 && d.digits[j-1] == '0' {
		j--
		d.scale--
	}
	d.digits = d.digits[:j]
	if d.digits == "" {
		return decimal{}
	}
	return d
}

// isZero reports whether d is zero.
func (d decimal) isZero() bool { return d.digits == "" }

// abs returns |d|.
func (d decimal) abs() decimal { d.neg = false; return d }

// String renders d canonically: "2897", "45.5", "-5", "0.234".
func (d decimal) String() string {
	if d.digits == "" {
		return "0"
	}
	var b strings.Builder
	if d.neg {
		b.WriteByte('-')
	}
	if d.scale == 0 {
		b.WriteString(d.digits)
		return b.String()
	}
	ds := d.digits
	if len(ds) <= d.scale {
		ds = strings.Repeat("0", d.scale-len(ds)+1) + ds
	}
	b.WriteString(ds[:len(ds)-d.scale])
	b.WriteByte('.')
	b.WriteString(ds[len(ds)-d.scale:])
	return b.String()
}

// shift returns d × 10^k.
func (d decimal) shift(k int) decimal {
	if d.isZero() || k == 0 {
		return d
	}
	if k > 0 {
		if d.scale >= k {
			d.scale -= k
		} else {
			d.digits += strings.Repeat("0", k-d.scale)
			d.scale = 0
		}
	} else {
		d.scale -= k
	}
	return d.norm()
}

// round returns d rounded to p decimal places, half away from zero (the
// way a person rounds: 45.5 → 46, 44.5 → 45, -2.5 → -3). A negative p
// rounds to tens (-1), hundreds (-2) and so on.
func (d decimal) round(p int) decimal {
	if d.scale <= p {
		return d
	}
	drop := d.scale - p
	n := len(d.digits)
	var keep string
	up := false
	switch {
	case drop > n:
		keep = ""
	case drop == n:
		keep, up = "", d.digits[0] >= '5'
	default:
		keep, up = d.digits[:n-drop], d.digits[n-drop] >= '5'
	}
	if up {
		keep = increment(keep)
	}
	r := decimal{neg: d.neg, digits: keep, scale: p}
	if p < 0 {
		if r.digits != "" {
			r.digits += strings.Repeat("0", -p)
		}
		r.scale = 0
	}
	return r.norm()
}

// increment adds one to a decimal digit string ("" is zero).
func increment(s string) string {
	b := []byte(s)
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] < '9' {
			b[i]++
			return string(b)
		}
		b[i] = '0'
	}
	return "1" + string(b)
}

// sigDigits returns how many significant digits an integer claim keeps
// and how many trailing zeros it has ("2900" → 2, 2).
func (d decimal) sigDigits() (sig, zeros int) {
	if d.scale != 0 || d.isZero() {
		return len(d.digits), 0
	}
	j := len(d.digits)
	for j > 0 && d.digits[j-1] == '0' {
		j--
	}
	return j, len(d.digits) - j
}
