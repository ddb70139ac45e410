package main

import (
	"fmt"
	"sort"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/camber-tui/camber-tui/store"
)

func (e *env) facilityCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "facility (list|set-state|remove)",
		Short: "List facilities and change their lifecycle state (the only supported way to change the registry)",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			return usagef("facility needs a subcommand: list, set-state or remove")
		},
	}
	cmd.AddCommand(e.facilityListCommand(), e.facilitySetStateCommand(), e.facilityRemoveCommand())
	return cmd
}

// openStore opens the --store directory for an administrative command.
func (e *env) openStore(verb string) (*store.Store, error) {
	dir := e.v.GetString(keyStore)
	if dir == "" {
		return nil, usagef("%s needs --store DIR", verb)
	}
	return store.Open(dir)
}

func (e *env) facilityListCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "list --store DIR",
		Short: "List the store's facilities with lifecycle state, time zone and point counts",
		Args:  cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			st, err := e.openStore("facility list")
			if err != nil {
				return err
			}
			entries, state, err := st.Registry()
			if err != nil && state == store.RegistryOK {
				return err
			}
			ids, err := st.FacilityIDs()
			if err != nil {
				return err
			}
			seen := map[string]bool{}
			for _, id := range ids {
				seen[id] = true
			}
			for id := range entries {
				if !seen[id] {
					ids = append(ids, id)
				}
			}
			sort.Strings(ids)
			if state != store.RegistryOK && state != store.RegistryMissing {
				fmt.Fprintf(e.stderr, "camber-tui: warning: the facility registry is %s; lifecycle and licence cannot be established\n", state)
			}
			tw := tabwriter.NewWriter(e.stdout, 0, 2, 2, ' ', 0)
			fmt.Fprintln(tw, "FACILITY\tNAME\tLIFECYCLE\tTZ\tEQUIP\tPOINTS\tDATASET")
			for _, id := range ids {
				ent, registered := entries[id]
				life := string(ent.Lifecycle)
				if life == "" {
					life = string(store.LifecycleActive)
				}
				if !registered {
					life += " (unregistered)"
				}
				nEquip, nPoints := "-", "-"
				if seen[id] {
					pts, err := st.Points(e.ctx, id)
					if err != nil {
						nPoints = "unreadable"
					} else {
						eq := map[string]bool{}
						for _, p := range pts {
							eq[p.Equip] = true
						}
						nEquip, nPoints = fmt.Sprint(len(eq)), fmt.Sprint(len(pts))
					}
				}
				ds := "-"
				if ent.Dataset != nil {
					ds = ent.Dataset.ID
				}
				name := ent.Name
				if name == "" {
					name = id
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", id, name, life, orDash(ent.TZ), nEquip, nPoints, ds)
			}
			return tw.Flush()
		},
	}
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func (e *env) facilitySetStateCommand() *cobra.Command {
	states := []store.Lifecycle{store.LifecycleActive, store.LifecycleProvisioning, store.LifecycleSuspended, store.LifecycleOffboarding, store.LifecycleArchived}
	return &cobra.Command{
		Use:   "set-state ID STATE --store DIR",
		Short: "Set a facility's lifecycle state: active, provisioning, suspended, offboarding or archived",
		Args:  cobra.ExactArgs(2),
		RunE: func(_ *cobra.Command, args []string) error {
			id, want := args[0], store.Lifecycle(args[1])
			ok := false
			for _, s := range states {
				ok = ok || s == want
			}
			if !ok {
				return usagef("state %q is not one of active, provisioning, suspended, offboarding, archived", args[1])
			}
			st, err := e.openStore("facility set-state")
			if err != nil {
				return err
			}
			if err := st.SetLifecycle(id, want); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "%s is now %s\n", id, want)
			return nil
		},
	}
}

func (e *env) facilityRemoveCommand() *cobra.Command {
	var yes bool
	cmd := &cobra.Command{
		Use:   "remove ID --store DIR --yes",
		Short: "Remove a facility's data and registry entry",
		Args:  cobra.ExactArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			if !yes {
				return usagef("facility remove deletes %s's stored data: add --yes to confirm", args[0])
			}
			st, err := e.openStore("facility remove")
			if err != nil {
				return err
			}
			if err := st.RemoveFacility(e.ctx, args[0]); err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "removed %s\n", args[0])
			return nil
		},
	}
	cmd.Flags().BoolVar(&yes, "yes", false, "confirm the removal")
	return cmd
}
