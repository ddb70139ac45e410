package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/camber-tui/camber-tui/store"
	"github.com/camber-tui/camber-tui/store/demo"
)

func (e *env) demoCommand() *cobra.Command {
	var seed uint64
	var preset string
	cmd := &cobra.Command{
		Use:   "demo --store DIR [--seed N] [--preset big]",
		Short: "Write the synthetic demo campus (and its labels.json and run configs) into a store",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir := e.v.GetString(keyStore)
			if dir == "" {
				return usagef("demo needs --store DIR")
			}
			if preset != "" && preset != "big" {
				return usagef("--preset %q: the only preset is big", preset)
			}
			st, err := store.Create(dir)
			if err != nil {
				return err
			}
			sum, err := demo.Write(e.ctx, st, demo.Options{Seed: seed, Preset: preset})
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "wrote the demo campus into %s: %d facilities, %d points, %d rows in %d part files, %d labelled faults (%s)\n",
				dir, sum.Facilities, sum.Points, sum.Rows, sum.Files, sum.Labels, demo.LabelsFile)
			return nil
		},
	}
	cmd.Flags().Uint64Var(&seed, "seed", demo.DefaultSeed, "generator seed")
	cmd.Flags().StringVar(&preset, "preset", "", "big: the 640-point benchmark fleet (one facility-year at 5 min)")
	return cmd
}
