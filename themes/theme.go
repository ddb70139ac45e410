package themes

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
)

// Token is a semantic colour slot.
type Token string

// The tokens every theme may set. An unset token means the terminal's
// default colour.
const (
	Primary       Token = "primary"        // titles, the active tab, keys in help
	Secondary     Token = "secondary"      // headings of lesser weight
	Text          Token = "text"           // body text
	Muted         Token = "muted"          // hints, descriptions, separators
	OK            Token = "ok"             // passing checks, trusted points
	Info          Token = "info"           // informational findings and notices
	Warn          Token = "warn"           // warnings, trust declines
	Fault         Token = "fault"          // faults, errors, licence refusals
	Citation      Token = "citation"       // fact ids in text
	Banner        Token = "banner"         // the banner block's rule and label
	Selection     Token = "selection"      // background of the selected row
	SelectionText Token = "selection_text" // text of the selected row
	Border        Token = "border"         // pane borders and rules
	Header        Token = "header"         // background of the header line
	HeaderText    Token = "header_text"    // text of the header line
)

// tokens lists every token in a stable order.
var tokens = []Token{Primary, Secondary, Text, Muted, OK, Info, Warn, Fault, Citation, Banner,
	Selection, SelectionText, Border, Header, HeaderText}

// Tokens returns every token a theme may set.
func Tokens() []Token { return slices.Clone(tokens) }

// Theme is a named set of token colours. A colour is "#rrggbb", "#rgb" or
// an ANSI colour number "0".."255"; a missing token uses the terminal's
// default.
type Theme struct {
	Name string
	// Dark reports whether the theme is meant for a dark background (it
	// picks glamour's dark or light markdown style).
	Dark bool
	// Colors holds the token colours.
	Colors map[Token]string
}

// Color returns the colour of token t ("" when unset).
func (t Theme) Color(tok Token) string { return t.Colors[tok] }

// Mono reports whether the theme sets no colour at all.
func (t Theme) Mono() bool {
	for _, c := range t.Colors {
		if c != "" {
			return false
		}
	}
	return true
}

// The names of the built-in themes.
const (
	NameDark         = "dark"
	NameLight        = "light"
	NameHighContrast = "high-contrast"
	NameMono         = "mono"
	// NameAuto picks dark or light from the terminal background.
	NameAuto = "auto"
)

// Builtin returns the built-in theme called name.
func Builtin(name string) (Theme, bool) {
	switch name {
	case NameDark:
		return Theme{Name: NameDark, Dark: true, Colors: map[Token]string{
			Primary: "#7AA2F7", Secondary: "#BB9AF7", Text: "#C0CAF5", Muted: "#737AA2",
			OK: "#9ECE6A", Info: "#7DCFFF", Warn: "#E0AF68", Fault: "#F7768E",
			Citation: "#73DACA", Banner: "#E0AF68", Selection: "#364A82", SelectionText: "#FFFFFF",
			Border: "#3B4261", Header: "#1F2335", HeaderText: "#C0CAF5",
		}}, true
	case NameLight:
		return Theme{Name: NameLight, Dark: false, Colors: map[Token]string{
			Primary: "#2E5BBA", Secondary: "#7847BD", Text: "#1F2328", Muted: "#59636E",
			OK: "#1A7F37", Info: "#0969DA", Warn: "#9A6700", Fault: "#CF222E",
			Citation: "#116329", Banner: "#9A6700", Selection: "#B6D4FE", SelectionText: "#0B1A33",
			Border: "#A8B1BB", Header: "#E7ECF2", HeaderText: "#1F2328",
		}}, true
	case NameHighContrast:
		return Theme{Name: NameHighContrast, Dark: true, Colors: map[Token]string{
			Primary: "15", Secondary: "14", Text: "15", Muted: "250",
			OK: "10", Info: "14", Warn: "11", Fault: "9",
			Citation: "14", Banner: "11", Selection: "15", SelectionText: "0",
			Border: "15", Header: "15", HeaderText: "0",
		}}, true
	case NameMono:
		return Theme{Name: NameMono, Dark: true, Colors: map[Token]string{}}, true
	}
	return Theme{}, false
}

// Names returns the names of the built-in themes.
func Names() []string { return []string{NameDark, NameLight, NameHighContrast, NameMono} }

// hexColor is the shape of a hex colour.
var hexColor = regexp.MustCompile(`^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$`)

// CheckColor reports whether c is a colour a theme may use.
func CheckColor(c string) error {
	if hexColor.MatchString(c) {
		return nil
	}
	if n, err := strconv.Atoi(c); err == nil && n >= 0 && n <= 255 && strconv.Itoa(n) == c {
		return nil
	}
	return fmt.Errorf("%q is not a colour (want #rrggbb, #rgb or an ANSI number 0-255)", c)
}
