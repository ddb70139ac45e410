package mcp

import (
	"fmt"
	"math"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/camber-tui/camber-tui/registry"
)

// Launch is the --serve-mcp command line as typed. The counts and the trust
// floor are strings so that only plain digits pass: "+3", "0x10", "3.0"
// and " 3" are refused.
type Launch struct {
	Store           string
	Allow           []string
	AllowAllActive  bool
	Configs         []string
	MinTrust        string // "" means 0.5
	MaxConcurrent   string // "" means 2
	MaxQueued       string // "" means 8
	HTTP            string // "" means stdio
	HTTPAllowRemote bool
}

// LaunchConfig is a checked Launch.
type LaunchConfig struct {
	Store          string
	Allow          []string
	AllowAllActive bool
	Configs        []string
	MinTrust       float64
	MaxConcurrent  int
	MaxQueued      int
	HTTP           string
	AllowRemote    bool
}

// LaunchError is a launch mistake: one line for stderr, and exit status 2.
type LaunchError struct{ Msg string }

// Error implements error.
func (e *LaunchError) Error() string { return e.Msg }

// ExitCode returns 2, the status of a usage or launch error.
func (e *LaunchError) ExitCode() int { return 2 }

func launchErr(format string, args ...any) error {
	return &LaunchError{Msg: oneLine(fmt.Sprintf(format, args...))}
}

var plainDigits = regexp.MustCompile(`^[0-9]+$`)

// Check applies the launch rules that need neither the store's contents
// nor the configs' (the CLI checks those with the registry): a readable
// store directory, exactly one of --allow and --allow-all-active, no empty
// --allow, config files with a known suffix, --min-trust from 0 to 1,
// --max-concurrent 1 to 64 and --max-queued 0 to 1024 in plain digits,
// and an --http address on loopback unless remote binds are allowed.
func (l Launch) Check() (LaunchConfig, error) {
	c := LaunchConfig{Store: l.Store, AllowAllActive: l.AllowAllActive, Configs: l.Configs, HTTP: l.HTTP, AllowRemote: l.HTTPAllowRemote}
	if l.Store == "" {
		return c, launchErr("--store is required")
	}
	if fi, err := os.Stat(l.Store); err != nil {
		return c, launchErr("--store %s: %v", l.Store, unwrapPathErr(err))
	} else if !fi.IsDir() {
		return c, launchErr("--store %s: not a directory", l.Store)
	}
	if _, err := os.ReadDir(l.Store); err != nil {
		return c, launchErr("--store %s: %v", l.Store, unwrapPathErr(err))
	}
	switch {
	case len(l.Allow) == 0 && !l.AllowAllActive:
		return c, launchErr("one of --allow and --allow-all-active is required: the server does not start without an allowlist")
	case len(l.Allow) > 0 && l.AllowAllActive:
		return c, launchErr("--allow and --allow-all-active cannot be combined")
	}
	for _, a := range l.Allow {
		if strings.TrimSpace(a) == "" {
			return c, launchErr("--allow needs a facility id")
		}
		c.Allow = append(c.Allow, a)
	}
	for _, p := range l.Configs {
		switch strings.ToLower(filepath.Ext(p)) {
		case ".json", ".yaml", ".yml":
		default:
			return c, launchErr("--config %s: a run config is .json, .yaml or .yml", p)
		}
		f, err := os.Open(p)
		if err != nil {
			return c, launchErr("--config %s: %v", p, unwrapPathErr(err))
		}
		f.Close()
	}
	c.MinTrust = registry.DefaultMinTrust
	if l.MinTrust != "" {
		v, err := strconv.ParseFloat(l.MinTrust, 64)
		if err != nil || math.IsNaN(v) || v < 0 || v > 1 {
			return c, launchErr("--min-trust %q: a number from 0 to 1", l.MinTrust)
		}
		c.MinTrust = v
	}
	var err error
	if c.MaxConcurrent, err = count("--max-concurrent", l.MaxConcurrent, 2, 1, 64); err != nil {
		return c, err
	}
	if c.MaxQueued, err = count("--max-queued", l.MaxQueued, 8, 0, 1024); err != nil {
		return c, err
	}
	if l.HTTP != "" {
		if err := CheckListenAddr(l.HTTP, l.HTTPAllowRemote); err != nil {
			return c, launchErr("--http %s: %v", l.HTTP, err)
		}
	}
	return c, nil
}

func count(flag, s string, def, lo, hi int) (int, error) {
	if s == "" {
		return def, nil
	}
	if !plainDigits.MatchString(s) {
		return 0, launchErr("%s %q: plain digits from %d to %d", flag, s, lo, hi)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, launchErr("%s %s: from %d to %d", flag, s, lo, hi)
	}
	return n, nil
}

// CheckListenAddr checks a host:port to serve Streamable HTTP on: the
// host must be a loopback address (127.0.0.0/8, ::1 or localhost) unless
// allowRemote is set.
func CheckListenAddr(addr string, allowRemote bool) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("not a host:port address")
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("port %q is not a number from 0 to 65535", port)
	}
	if allowRemote || isLoopbackHost(host) {
		return nil
	}
	return fmt.Errorf("%q is not a loopback address; serving other hosts needs --http-allow-remote", host)
}

func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// unwrapPathErr drops the *os.PathError wrapping (the path is already in
// the message) and keeps the reason.
func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
