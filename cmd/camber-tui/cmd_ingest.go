package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/camber-tui/camber-tui/model"
	"github.com/camber-tui/camber-tui/store"
	"github.com/camber-tui/camber-tui/store/ingest"
)

func (e *env) ingestCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "ingest",
		Short: "Bring BAS trend exports into a store",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return usagef("ingest needs a format: camber-tui ingest csv ...")
		},
	}
	cmd.AddCommand(e.ingestCSVCommand())
	return cmd
}

func (e *env) ingestCSVCommand() *cobra.Command {
	var (
		facility, name, tz, mapping string
		long, dayFirst, replace     bool
	)
	cmd := &cobra.Command{
		Use: "csv --store DIR --facility ID [--name NAME] [--tz ZONE] --mapping MAP.csv DATA.csv [DATA.csv ...]\n" +
			"  camber-tui ingest csv --long --store DIR --facility ID FILE.csv",
		Short: "Ingest wide CSV (with a mapping) or long CSV (ts,equip,equip_class,role,value)",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, files []string) error {
			dir := e.v.GetString(keyStore)
			switch {
			case dir == "":
				return usagef("ingest csv needs --store DIR")
			case facility == "":
				return usagef("ingest csv needs --facility ID")
			case !model.ValidFacilityID(facility):
				return usagef("--facility %q is not a safe facility id (letters, digits, '.', '_', '-'; starting with a letter or digit; at most 200)", facility)
			case long && mapping != "":
				return usagef("--mapping is for wide CSV; long CSV names equip, class and role in its columns")
			case !long && mapping == "":
				return usagef("wide CSV needs --mapping MAP.csv (or --long for ts,equip,equip_class,role,value files)")
			case long && len(files) != 1:
				return usagef("--long takes one FILE.csv, got %d", len(files))
			}
			_, statErr := os.Stat(dir)
			created := errors.Is(statErr, os.ErrNotExist)
			st, err := store.Create(dir)
			if err != nil {
				return err
			}
			opt := ingest.Options{Facility: facility, Name: name, TZ: tz, DayFirst: dayFirst, Replace: replace}
			var sum ingest.Summary
			if long {
				sum, err = ingest.Long(e.ctx, st, opt, files[0])
			} else {
				sum, err = ingest.Wide(e.ctx, st, opt, mapping, files)
			}
			if err != nil {
				if created {
					// A failed first ingest leaves no trace: the store
					// directory it created goes too (os.Remove refuses a
					// directory that is not empty).
					_ = os.Remove(dir)
				}
				return err
			}
			fmt.Fprintln(e.stdout, sum.String())
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&facility, "facility", "", "facility id to ingest into")
	f.StringVar(&name, "name", "", "display name recorded in the facility registry")
	f.StringVar(&tz, "tz", "", "IANA time zone: zoned timestamps are converted to this naive local time")
	f.StringVar(&mapping, "mapping", "", "mapping CSV with header column,equip,equip_class,role[,unit]")
	f.BoolVar(&long, "long", false, "the file is long CSV: ts,equip,equip_class,role,value")
	f.BoolVar(&dayFirst, "dayfirst", false, "read d/m/Y and d.m.Y dates (EU order)")
	f.BoolVar(&replace, "replace", false, "replace the facility's stored data instead of adding to it")
	return cmd
}
