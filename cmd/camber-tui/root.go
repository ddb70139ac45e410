package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// env is what one run of the command sees: its streams and settings. It
// replaces package-level state so run is safe to call from tests.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	v      *viper.Viper
	// getenv reads the process environment (tests may override).
	getenv func(string) string
}

// The global flags every subcommand accepts (ARCHITECTURE §3), and the keys
// they bind to in viper (config file and CAMBER_TUI_* environment).
const (
	keyStore          = "store"
	keyAllow          = "allow"
	keyAllowAllActive = "allow_all_active"
	keyConfig         = "config"
	keyMinTrust       = "min_trust"
	keyTheme          = "theme"
)

// run executes the command line args and returns the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWith(ctx, args, stdin, stdout, stderr, os.Getenv)
}

// runWith is run with the environment read through getenv (tests).
func runWith(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	e := &env{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr, v: viper.New(), getenv: getenv}
	root := e.rootCommand()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err != nil && !isUsage(err) && isCobraUsage(err) {
		err = &usageError{msg: err.Error()}
	}
	return exitStatus(err, stderr)
}

// isUsage reports whether err is already classified as a usage error.
func isUsage(err error) bool {
	var u *usageError
	return errors.As(err, &u)
}

// isCobraUsage recognises cobra's own argument errors (unknown command,
// wrong number of arguments), which it returns as plain errors.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "unknown flag", "unknown shorthand flag", "accepts ", "requires at least", "requires at most", "invalid argument", "flag needs an argument", "required flag"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// rootCommand builds the command tree. Each call builds a fresh tree bound
// to e, so nothing is shared between runs.
func (e *env) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "camber-tui",
		Short: "Fault detection, sensor trust, M&V and RCx for building trend data",
		Long: "camber-tui reads a CAMBER-compatible Parquet store of HVAC trends through one read-only\n" +
			"capability registry and offers it as a terminal app, a line REPL and an MCP server.",
		Args:          cobra.NoArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			return e.loadConfig(cmd)
		},
		RunE: e.runRoot,
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &usageError{msg: err.Error()} })
	pf := root.PersistentFlags()
	pf.String("store", "", "store directory (default: the demo campus in the user cache dir)")
	pf.StringArray("allow", nil, "allow this facility (repeatable)")
	pf.Bool("allow-all-active", false, "allow every active facility of the store")
	pf.StringArray("config", nil, "run config for one facility (JSON or YAML; repeatable, one per facility)")
	pf.Float64("min-trust", 0.5, "trust floor: checks whose inputs score lower decline (0..1)")
	pf.String("theme", "", "TUI theme: dark, light, high-contrast, mono (default: from the terminal)")
	pf.String("config-file", "", "app config file (default $XDG_CONFIG_HOME/camber-tui/config.yaml)")
	e.addRootFlags(root.Flags())
	root.AddCommand(
		e.versionCommand(),
		e.demoCommand(),
		e.ingestCommand(),
		e.facilityCommand(),
		e.callCommand(),
		e.promptCommand(),
		e.replCommand(),
		e.workerCommand(),
	)
	return root
}

// addRootFlags adds the flags only the root command takes (MCP server mode).
func (e *env) addRootFlags(f *pflag.FlagSet) {
	f.Bool("serve-mcp", false, "serve the capabilities over MCP on stdin/stdout (see --http)")
	f.String("max-concurrent", "2", "MCP: tool calls run at once, each in a worker process (1..64)")
	f.String("max-queued", "8", "MCP: further calls that may wait for a worker (0..1024)")
	f.String("http", "", "MCP: serve Streamable HTTP on this loopback address (127.0.0.1:PORT) instead of stdio")
	f.Bool("http-allow-remote", false, "MCP: allow a non-loopback --http address")
	f.Bool("mouse", false, "TUI: enable mouse support")
}

// loadConfig reads the app config file and the environment into e.v and
// binds the global flags, so flags win over the environment, which wins over
// the file (viper's precedence).
func (e *env) loadConfig(cmd *cobra.Command) error {
	v := e.v
	v.SetEnvPrefix("CAMBER_TUI")
	v.SetEnvKeyReplacer(strings.NewReplacer(".", "_", "-", "_"))
	v.AutomaticEnv()
	v.SetDefault(keyStore, "")
	v.SetDefault(keyAllow, []string{})
	v.SetDefault(keyAllowAllActive, false)
	v.SetDefault(keyConfig, []string{})
	v.SetDefault(keyMinTrust, 0.5)
	v.SetDefault(keyTheme, "")
	for _, b := range []struct{ key, flag string }{
		{keyStore, "store"}, {keyAllow, "allow"}, {keyAllowAllActive, "allow-all-active"},
		{keyConfig, "config"}, {keyMinTrust, "min-trust"}, {keyTheme, "theme"},
	} {
		if f := cmd.Flags().Lookup(b.flag); f != nil {
			if err := v.BindPFlag(b.key, f); err != nil {
				return err
			}
		}
	}
	path, explicit := e.configFilePath(cmd)
	if path == "" {
		return nil
	}
	v.SetConfigFile(path)
	v.SetConfigType("yaml")
	if err := v.ReadInConfig(); err != nil {
		if !explicit && errors.Is(err, os.ErrNotExist) {
			return nil
		}
		var notFound viper.ConfigFileNotFoundError
		if !explicit && errors.As(err, &notFound) {
			return nil
		}
		return usagef("config file %s: %s", filepath.Base(path), oneLine(err.Error()))
	}
	return nil
}

// configFilePath returns the app config file to read and whether the user
// named it (--config-file or CAMBER_TUI_CONFIG_FILE); a named file must exist.
func (e *env) configFilePath(cmd *cobra.Command) (string, bool) {
	if f := cmd.Flags().Lookup("config-file"); f != nil && f.Changed {
		return f.Value.String(), true
	}
	if p := e.getenv("CAMBER_TUI_CONFIG_FILE"); p != "" {
		return p, true
	}
	dir := e.getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home := e.getenv("HOME")
		if home == "" {
			return "", false
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "camber-tui", "config.yaml"), false
}

// runRoot is the bare command: the TUI, or the MCP server with --serve-mcp.
func (e *env) runRoot(cmd *cobra.Command, _ []string) error {
	serve, _ := cmd.Flags().GetBool("serve-mcp")
	if serve {
		return e.serveMCP(cmd)
	}
	return e.runTUI(cmd)
}

// minTrust returns the validated trust floor.
func (e *env) minTrust() (float64, error) {
	x := e.v.GetFloat64(keyMinTrust)
	if raw := e.v.GetString(keyMinTrust); raw != "" {
		if _, err := fmt.Sscanf(raw, "%g", &x); err != nil {
			return 0, usagef("--min-trust %q is not a number from 0 to 1", raw)
		}
	}
	if !(x >= 0 && x <= 1) {
		return 0, usagef("--min-trust %v is outside 0..1", x)
	}
	return x, nil
}
