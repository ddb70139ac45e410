package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/camber-tui/camber-tui/analytics/runconfig"
	"github.com/camber-tui/camber-tui/mcp"
	"github.com/camber-tui/camber-tui/registry"
	"github.com/camber-tui/camber-tui/registry/builtin"
	"github.com/camber-tui/camber-tui/store/catalog"
)

// workerSpec is what the MCP server hands each worker process on stdin: the
// call context and the run configs exactly as checked at startup.
type workerSpec struct {
	Store    string            `json:"store"`
	Allowed  []string          `json:"allowed"`
	MinTrust float64           `json:"min_trust"`
	Configs  []runconfig.Files `json:"configs,omitempty"`
}

// serveMCP runs `camber-tui --serve-mcp`: the launch checks of seed 001
// (exit 2 with one line), startup warnings on stderr, then the server over
// stdio or Streamable HTTP with every tool call in a worker process.
func (e *env) serveMCP(cmd *cobra.Command) error {
	f := cmd.Flags()
	flagString := func(name string) string {
		if fl := f.Lookup(name); fl != nil && fl.Changed {
			return fl.Value.String()
		}
		return ""
	}
	remote, _ := f.GetBool("http-allow-remote")
	launch := mcp.Launch{
		Store:           e.v.GetString(keyStore),
		Allow:           e.v.GetStringSlice(keyAllow),
		AllowAllActive:  e.v.GetBool(keyAllowAllActive),
		Configs:         e.v.GetStringSlice(keyConfig),
		MinTrust:        flagString("min-trust"),
		MaxConcurrent:   flagString("max-concurrent"),
		MaxQueued:       flagString("max-queued"),
		HTTP:            flagString("http"),
		HTTPAllowRemote: remote,
	}
	if launch.MinTrust == "" && e.v.IsSet(keyMinTrust) {
		launch.MinTrust = e.v.GetString(keyMinTrust)
	}
	lc, err := launch.Check()
	if err != nil {
		return usagef("%s", oneLine(err.Error()))
	}
	s, err := e.newSession(allowRequired)
	if err != nil {
		return err
	}
	reg, err := builtin.Default()
	if err != nil {
		return err
	}
	cc := s.callContext()
	for _, w := range s.Warnings {
		fmt.Fprintf(e.stderr, "camber-tui: warning: %s\n", w)
	}
	refused, damaged, err := reg.Refusals(e.ctx, cc)
	if err != nil {
		return fmt.Errorf("check the store's licences: %w", err)
	}
	e.startupWarnings(s, lc, refused, damaged)
	spec, err := json.Marshal(workerSpec{Store: s.StoreDir, Allowed: s.Allowed, MinTrust: s.MinTrust, Configs: s.Captured})
	if err != nil {
		return err
	}
	exe, err := os.Executable()
	if err != nil {
		return fmt.Errorf("find the camber-tui executable for worker processes: %w", err)
	}
	opts := mcp.Options{
		Caller:        reg,
		CallContext:   cc,
		Name:          "camber-tui",
		Title:         "camber-tui building analytics",
		Version:       version,
		Instructions:  "Read-only building-automation analytics: list facilities and points, check coverage and sensor trust, run fault-detection rules, read M&V, drift and RCx results. Cite the fact ids each result gives, and treat a declined check or a refused call as not a pass.",
		Log:           e.stderr,
		WorkerCommand: []string{exe, "mcp-worker"},
		WorkerInit:    spec,
		MaxConcurrent: lc.MaxConcurrent,
		MaxQueued:     lc.MaxQueued,
		Signals:       true,
	}
	e.wirePrompts(&opts, reg, cc)
	if lc.HTTP != "" {
		err = mcp.ServeHTTP(e.ctx, opts, lc.HTTP, lc.AllowRemote, e.stderr)
	} else {
		err = mcp.Serve(e.ctx, opts, e.stdin, e.stdout, e.stderr)
	}
	var exit *mcp.ExitError
	if errors.As(err, &exit) {
		return &exitCodeError{code: exit.ExitCode(), msg: exit.Error()}
	}
	return err
}

// startupWarnings prints seed 001's launch warnings: facilities that will
// be refused, configs for them, dataset templates in use, and the count.
func (e *env) startupWarnings(s *session, lc mcp.LaunchConfig, refused []registry.Refusal, damaged string) {
	if damaged != "" {
		fmt.Fprintf(e.stderr, "camber-tui: warning: %s\n", damaged)
	}
	out := map[string]bool{}
	var names []string
	for _, r := range refused {
		out[r.Facility] = true
		names = append(names, r.Facility)
		if !lc.AllowAllActive && damaged == "" {
			fmt.Fprintf(e.stderr, "camber-tui: warning: --allow %s will be refused: %s\n", r.Facility, r.Message)
		}
	}
	if lc.AllowAllActive && len(names) > 0 && damaged == "" {
		fmt.Fprintf(e.stderr, "camber-tui: warning: active facilities that will be refused (research-only or unverified licence): %s\n", strings.Join(names, ", "))
	}
	configured := map[string]bool{}
	for _, snap := range s.Snapshot {
		configured[snap.Facility] = true
		if out[snap.Facility] {
			fmt.Fprintf(e.stderr, "camber-tui: warning: --config %s is for %s, whose calls are refused\n", snap.Path, snap.Facility)
		}
	}
	for _, id := range s.Allowed {
		if configured[id] || out[id] {
			continue
		}
		if ds, ok := catalog.ForFacility(id); ok {
			fmt.Fprintf(e.stderr, "camber-tui: %s runs with the packaged config template of dataset %s (pass --config to use your own)\n", id, ds.ID)
		}
	}
	line := fmt.Sprintf("camber-tui: %d facilities allowed", len(s.Allowed))
	if len(refused) > 0 {
		line += fmt.Sprintf(", %d of them not served", len(refused))
	}
	fmt.Fprintf(e.stderr, "%s; store %s; trust floor %g; %d run config(s)\n", line, s.StoreDir, s.MinTrust, len(s.Snapshot))
}

// workerCommand is the hidden `mcp-worker` subcommand the MCP server starts
// for tool calls: it reads its spec on stdin and serves calls on fd 3/4.
func (e *env) workerCommand() *cobra.Command {
	return &cobra.Command{
		Use:    "mcp-worker",
		Short:  "Serve the MCP server's tool calls (started by --serve-mcp; not for direct use)",
		Hidden: true,
		Args:   cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return mcp.WorkerMain(e.ctx, func(ctx context.Context) (mcp.WorkerCaller, *registry.CallContext, error) {
				return e.buildWorker()
			})
		},
	}
}

// buildWorker reads the server's spec from stdin and builds the registry
// and call context the worker serves.
func (e *env) buildWorker() (mcp.WorkerCaller, *registry.CallContext, error) {
	raw, err := io.ReadAll(io.LimitReader(e.stdin, 64<<20))
	if err != nil {
		return nil, nil, fmt.Errorf("read the worker spec: %w", err)
	}
	var spec workerSpec
	if err := json.Unmarshal(raw, &spec); err != nil {
		return nil, nil, fmt.Errorf("the worker spec is not valid (this command is started by --serve-mcp): %w", err)
	}
	snap, err := snapshotFromCapture(spec.Configs)
	if err != nil {
		return nil, nil, err
	}
	reg, err := builtin.Default()
	if err != nil {
		return nil, nil, err
	}
	s := &session{StoreDir: spec.Store, Allowed: spec.Allowed, MinTrust: spec.MinTrust, Snapshot: snap}
	return reg, s.callContext(), nil
}
