package main

// TestExamplesRun runs every example command that people are shown: each
// cobra command's Example text, the command lines of the root --help, and
// in README.md every line of a code block and every `inline code` that
// starts with "agon " or "./agon ". They run in-process from the
// repository root, with small --games counts, a temporary directory for
// the files they write, and a person at play who always types 1.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// example is one documented command line and where it is shown.
type example struct {
	where string // "agon replay --help", "README.md:42"
	line  string // as shown, without the leading "agon " or "./agon "
}

// maxExampleGames is the --games count examples run with.
const maxExampleGames = 2

func TestExamplesRun(t *testing.T) {
	root := repoRoot(t)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	require.NoError(t, err)
	help := helpExamples(newRootCmd(&env{}))
	fromReadme := readmeExamples(string(readme))
	require.GreaterOrEqual(t, len(help), 10, "examples in --help")
	require.GreaterOrEqual(t, len(fromReadme), 10, "examples in README.md")

	tmp := t.TempDir()
	t.Chdir(root)
	code, _, stderr := runCLI(t, "", "record", "peloponnes", "--players", "3", "--seed", "42", "-o", filepath.Join(tmp, "game.yaml"))
	require.Equal(t, exitOK, code, "the game.yaml the examples replay: %s", stderr)
	for _, ex := range append(help, fromReadme...) {
		t.Run(ex.where+": "+ex.line, func(t *testing.T) { runExample(t, ex, tmp) })
	}
}

// runExample runs one example and fails unless it succeeds.
func runExample(t *testing.T, ex example, tmp string) {
	words, err := shellWords(ex.line)
	require.NoError(t, err, ex.where)
	args, stdoutFile := exampleArgs(words, tmp)
	stdin := ""
	if len(args) > 0 && args[0] == "play" {
		stdin = strings.Repeat("1\n", 50000)
	}
	var out, errOut bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errOut)
	if stdoutFile != "" {
		require.NoError(t, os.WriteFile(stdoutFile, out.Bytes(), 0o644))
	}
	ok := code == exitOK
	if slices.Contains(args, "replay") && slices.Contains(args, "--variant") {
		ok = code == exitOK || code == exitProblems && !strings.Contains(errOut.String(), "error:")
	}
	assert.True(t, ok, "%s: agon %s\nexit %d\n%s%s", ex.where, strings.Join(args, " "), code, errOut.String(), out.String())
	assert.NotContains(t, errOut.String()+out.String(), "the ruleset changed since",
		"a shipped golden's hash is stale: go test ./testgames -run Golden -update")
}

// exampleArgs adapts an example's words for the test: --games at most
// maxExampleGames, files that are not in the repository in tmp, and
// "> FILE" taken off (its name is returned, for stdout).
func exampleArgs(words []string, tmp string) (args []string, stdoutFile string) {
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == ">" && i+1 < len(words):
			stdoutFile = scratchFile(words[i+1], tmp)
			i++
		case w == "--games" && i+1 < len(words):
			n, err := strconv.Atoi(words[i+1])
			if err == nil && n > maxExampleGames {
				n = maxExampleGames
			}
			args = append(args, w, strconv.Itoa(n))
			i++
		default:
			args = append(args, scratchFile(w, tmp))
		}
	}
	return args, stdoutFile
}

// scratchFile maps a file name that is not in the repository (game.yaml,
// base.json, page.html) into tmp; other words stay as they are.
func scratchFile(w, tmp string) string {
	if strings.HasPrefix(w, "-") || !regexp.MustCompile(`\.(ya?ml|json|csv|html)$`).MatchString(w) {
		return w
	}
	if _, err := os.Stat(w); err == nil || strings.ContainsAny(w, "*?[") {
		return w
	}
	return filepath.Join(tmp, w)
}

// helpExamples collects the examples of every command's --help: the
// Example text, and the "agon …" lines of the root's Long text (where two
// spaces end the command and start its explanation).
func helpExamples(root *cobra.Command) []example {
	var out []example
	for _, line := range strings.Split(root.Long, "\n") {
		if cmd, ok := agonLine(line); ok && strings.HasPrefix(line, "  ") {
			cmd, _, _ = strings.Cut(cmd, "  ")
			out = append(out, example{where: "agon --help", line: cmd})
		}
	}
	for _, c := range root.Commands() {
		for _, line := range strings.Split(c.Example, "\n") {
			if cmd, ok := agonLine(line); ok {
				out = append(out, example{where: "agon " + c.Name() + " --help", line: cmd})
			}
		}
	}
	return out
}

// readmeExamples collects README.md's command lines: in code blocks,
// every "&&"-separated part of a line that starts with agon or ./agon;
// elsewhere, every `inline code` that does and has arguments (`agon
// replay` alone names a command, it is not an example).
func readmeExamples(text string) []example {
	var out []example
	inBlock := false
	for i, line := range strings.Split(text, "\n") {
		where := fmt.Sprintf("README.md:%d", i+1)
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inBlock = !inBlock
			continue
		}
		if inBlock {
			for _, part := range strings.Split(line, "&&") {
				if cmd, ok := agonLine(part); ok {
					out = append(out, example{where: where, line: cmd})
				}
			}
			continue
		}
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(line, -1) {
			if cmd, ok := agonLine(m[1]); ok && strings.Contains(cmd, " ") {
				out = append(out, example{where: where, line: cmd})
			}
		}
	}
	return out
}

// agonLine returns the rest of a line that starts with "agon " or
// "./agon ".
func agonLine(line string) (string, bool) {
	line = strings.TrimSpace(line)
	for _, prefix := range []string{"agon ", "./agon "} {
		if rest, ok := strings.CutPrefix(line, prefix); ok {
			return strings.TrimSpace(rest), true
		}
	}
	return "", false
}

// shellWords splits a command line as sh does for the simple lines of
// examples: words separated by blanks, '…' and "…" quoting, and ">" as a
// word of its own. Other shell syntax is an error, so that an example the
// test cannot run is noticed.
func shellWords(line string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord, quote := false, rune(0)
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words, inWord = append(words, cur.String()), false
				cur.Reset()
			}
		case strings.ContainsRune("|;<&$`(){}", r):
			return nil, fmt.Errorf("example %q: the test does not run shell syntax %q", line, r)
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("example %q: unclosed quote", line)
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

func TestShellWords(t *testing.T) {
	w, err := shellWords(`replay 'testgames/*.yaml' --json > "out file.json"`)
	require.NoError(t, err)
	assert.Equal(t, []string{"replay", "testgames/*.yaml", "--json", ">", "out file.json"}, w)
	_, err = shellWords("simulate x | jq .")
	assert.Error(t, err)
	args, out := exampleArgs([]string{"simulate", "peloponnes", "--games", "1000", "--json", ">", "base.json"}, "/tmp/x")
	assert.Equal(t, []string{"simulate", "peloponnes", "--games", "2", "--json"}, args)
	assert.Equal(t, "/tmp/x/base.json", out)
}

// README.md and bench --help give the same figure for what GOGC=400 saves
// (they said 20-35% and 20-25%, BENCHMARKS.md measured 18-30%), and the
// README describes multi-file replay's two lines per file (it said one).
func TestReadmeAgreesWithHelp(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	require.NoError(t, err)
	_, help, _ := runCLI(t, "", "bench", "--help")
	figure := regexp.MustCompile(`(\d+-\d+)% less time`)
	inHelp := figure.FindStringSubmatch(strings.Join(strings.Fields(help), " "))
	inReadme := figure.FindStringSubmatch(string(readme))
	require.NotNil(t, inHelp, "bench --help names the saving")
	require.NotNil(t, inReadme, "README names the saving")
	assert.Equal(t, inHelp[1], inReadme[1])
	assert.NotContains(t, string(readme), "globs: one line each")

	_, out, _ := runCLI(t, "", "replay", "../../testgames/politeia/3p-persia-conquers-greece.yaml", "../../testgames/politeia/3p-wars-supply-end.yaml")
	assert.Regexp(t, `^ok   \S+ \(ruleset: [^)]+\)\n     ok: \d+ decisions, \d+ checks\n`, out, "the two lines README describes")
}
