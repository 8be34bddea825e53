package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"agon/schema"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagError words a flag value the flag's type refuses: pflag's own
// message quotes strconv ("strconv.ParseUint: parsing "-1": invalid
// syntax"), which says what failed, not what to write. An unknown flag
// gets the command's closest flag, or its list of flags. Other errors are
// returned as they are.
func flagError(cmd *cobra.Command, err error) error {
	var missing *pflag.NotExistError
	if errors.As(err, &missing) && missing.GetSpecifiedName() != "" {
		return unknownFlag(cmd, missing.GetSpecifiedName(), missing.GetSpecifiedShortnames())
	}
	var bad *pflag.InvalidValueError
	if !errors.As(err, &bad) {
		return err
	}
	f := bad.GetFlag()
	var want string
	switch f.Value.Type() {
	case "uint64":
		want = fmt.Sprintf("a whole number from 0 to %d", uint64(math.MaxUint64))
	case "int":
		want = "a whole number"
	case "bool":
		want = "true or false (or the flag alone for true)"
	default:
		return err
	}
	return fmt.Errorf("--%s must be %s, not %q", f.Name, want, bad.GetValue())
}

// unknownFlag says that cmd has no flag --name (or -x, in the group of
// one-letter flags -short), and which it meant: the closest of its flags,
// or all of them when none is close.
func unknownFlag(cmd *cobra.Command, name, short string) error {
	var names []string
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	var written string
	if short != "" {
		if long, _, _ := strings.Cut(short, "="); slices.Contains(names, long) {
			return fmt.Errorf("unknown flag -%s: a long flag takes two dashes, --%s", short, short)
		}
		written = "-" + name[:1]
	} else {
		name, _, _ = strings.Cut(name, "=")
		written = "--" + name
		if best := schema.Closest(name, names); best != "" {
			return fmt.Errorf("unknown flag %s (did you mean --%s?)", written, best)
		}
	}
	return fmt.Errorf("%s has no flag %s; its flags are --%s", cmd.CommandPath(), written, strings.Join(names, ", --"))
}
