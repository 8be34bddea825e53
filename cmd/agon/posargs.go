package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

// positional checks a command's arguments, min to max of them (max < 0:
// no limit), and words a wrong count for someone who does not know the
// command yet: what the command needs, what that is, and the command's
// first example ("simulate needs RULESET: a game's name (athens, …) or a
// folder of YAML files; e.g. agon simulate peloponnes --players 4").
// cobra's own words ("accepts 1 arg(s), received 0") say only how many.
// what says what the arguments are.
func positional(min, max int, what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		name, wants := argNames(cmd)
		switch {
		case len(args) < min:
			return usagef("%s needs %s: %s%s", name, wants, what, firstExample(cmd))
		case max == 0 && len(args) > 0:
			return usagef("%s takes no arguments, not %d: %s%s", name, len(args), quoteArgs(args), extraArgsHint(cmd, args))
		case max >= 0 && len(args) > max:
			most := count(max, "argument")
			if min < max {
				most = "at most " + most
			}
			return usagef("%s takes %s (%s), not %d: %s%s", name, most, wants,
				len(args), quoteArgs(args), extraArgsHint(cmd, args))
		}
		return nil
	}
}

// rulesetArg says what a RULESET argument is.
func rulesetArg() string {
	return fmt.Sprintf("a game's name (%s) or a folder of ruleset YAML files",
		strings.Join(embeddedGames(), ", "))
}

// argNames gives the command's name and the arguments its Use line names
// ("RULESET", "FILE..."), without its flags.
func argNames(cmd *cobra.Command) (name, args string) {
	fields := strings.Fields(cmd.Use)
	var names []string
	for _, f := range fields[1:] {
		if strings.HasPrefix(f, "-") {
			break
		}
		names = append(names, f)
	}
	if len(names) == 0 {
		return cmd.Name(), "arguments"
	}
	return cmd.Name(), strings.Join(names, " ")
}

// firstExample is "; e.g. " and the first of the command's examples that
// runs the command itself, or "" when it has none.
func firstExample(cmd *cobra.Command) string {
	for _, line := range strings.Split(cmd.Example, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "agon "+cmd.Name()+" ") {
			return "; e.g. " + line
		}
	}
	return ""
}

// quoteArgs lists arguments as a shell would need them typed.
func quoteArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellWord(a)
	}
	return strings.Join(q, " ")
}

// extraArgsHint guesses why there are too many arguments: a number after
// --players, which takes one value ("--players 2 3"); "" for a command
// without --players or no such number.
func extraArgsHint(cmd *cobra.Command, args []string) string {
	if cmd.Flags().Lookup("players") == nil {
		return ""
	}
	for _, a := range args[1:] {
		if _, err := strconv.Atoi(a); err == nil {
			return fmt.Sprintf("; a flag takes one value, so %s is an argument: several player counts are written --players 2,3 or 2-5", a)
		}
	}
	return ""
}
