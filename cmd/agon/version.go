package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// versionInfo says which agon this is: what `go install` or `go build`
// recorded in the binary (runtime/debug.ReadBuildInfo).
type versionInfo struct {
	// Version is the module's version: v1.2.0 when installed as
	// agon@v1.2.0, "(devel)" when built from a checkout.
	Version string `json:"version"`
	// Revision and Time are the commit the binary was built from, when
	// built in a git checkout; Modified says the checkout had changes
	// not committed.
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified"`
	// Go is the Go version that built it; Platform its OS/architecture.
	Go       string `json:"go"`
	Platform string `json:"platform"`
}

// buildVersion reads the binary's build information.
func buildVersion() versionInfo {
	v := versionInfo{Version: "(unknown)", Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return v
	}
	if info.Main.Version != "" {
		v.Version = info.Main.Version
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Revision = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Modified = s.Value == "true"
		}
	}
	return v
}

// String is the one-line form: "(devel) 1a2b3c4d5e6f+ 2026-11-28T21:00:00Z,
// go1.26.8 linux/amd64" (+ when built with changes not committed).
func (v versionInfo) String() string {
	s := v.Version
	if v.Revision != "" {
		rev := v.Revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if v.Modified {
			rev += "+"
		}
		s += " " + rev
		if v.Time != "" {
			s += " " + v.Time
		}
	}
	return s + ", " + v.Go + " " + v.Platform
}

// newVersionCmd is agon version [--json]; agon --version prints the same
// line.
func newVersionCmd(e *env) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print which agon this is",
		Long: `version prints the agon module's version ("(devel)" for a binary built from a
checkout), the commit it was built from with + when the checkout had changes
not committed, and the Go version and platform that built it. agon --version
prints the same line. Quote it in a bug report or next to a benchmark.

--json prints {"version", "revision", "time", "modified", "go", "platform"}
(revision and time are left out when the build recorded no commit).`,
		Example: "  agon version\n  agon --version\n  agon version --json",
		Args:    positional(0, 0, ""),
		RunE: func(cmd *cobra.Command, args []string) error {
			printVersion(e.stdout, asJSON)
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print the version as JSON")
	return cmd
}

// printVersion writes the version line, or its JSON.
func printVersion(w io.Writer, asJSON bool) {
	v := buildVersion()
	if asJSON {
		writeJSON(w, v)
		return
	}
	fmt.Fprintf(w, "agon %s\n", v)
}
