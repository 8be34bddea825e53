package main

import (
	"errors"
	"fmt"
	"math"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// flagError words a flag value the flag's type refuses: pflag's own
// message quotes strconv ("strconv.ParseUint: parsing "-1": invalid
// syntax"), which says what failed, not what to write. Other errors are
// returned as they are.
func flagError(_ *cobra.Command, err error) error {
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
