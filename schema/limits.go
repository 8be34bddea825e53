package schema

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Input limits: a ruleset comes from anyone, so its files are checked
// before they are read, never parsed whole first.
const (
	// MaxFileBytes is the largest a ruleset file (or a transcript or
	// scenario file) may be.
	MaxFileBytes = 8 << 20
	// MaxRulesetBytes is the largest the files of one ruleset (base and
	// variant) may be together.
	MaxRulesetBytes = 32 << 20
	// MaxCards is the most cards a ruleset's card tables may create in
	// all (the sum of every row's count).
	MaxCards = 100000
)

// ReadLimited reads a regular file of fsys of at most limit bytes. A
// FIFO, device, socket or directory is refused before it is opened (it
// could block or never end), and so is a file larger than the limit;
// what names the file in that message ("ruleset file", "transcript").
func ReadLimited(fsys fs.FS, file string, limit int64, what string) ([]byte, error) {
	info, err := fs.Stat(fsys, file)
	if err != nil {
		return nil, err
	}
	if err := CheckFile(info, limit, what); err != nil {
		return nil, err
	}
	f, err := fsys.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// Read into a buffer of the size Stat gave (and one byte more, to see
	// the end), as os.ReadFile does: io.ReadAll's growing doubled it.
	data := make([]byte, 0, min(info.Size(), limit)+1)
	r := io.LimitReader(f, limit+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := r.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if int64(len(data)) > limit { // it grew since Stat
		return nil, tooLarge(int64(len(data)), limit, what)
	}
	return data, nil
}

// CheckFile refuses what is not a regular file or is larger than limit
// bytes, from its FileInfo (call it before opening the file).
func CheckFile(info fs.FileInfo, limit int64, what string) error {
	mode := info.Mode()
	switch {
	case mode.IsDir():
		return fmt.Errorf("is a directory, not a file")
	case !mode.IsRegular():
		return fmt.Errorf("is not a regular file (%s): only ordinary files are read", kindOf(mode))
	case info.Size() > limit:
		return tooLarge(info.Size(), limit, what)
	}
	return nil
}

func kindOf(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeDevice != 0, mode&fs.ModeCharDevice != 0:
		return "a device"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "mode " + mode.String()
}

// tooLarge says by how much a size passes a limit, in the unit that
// reads best.
func tooLarge(size, limit int64, what string) error {
	return fmt.Errorf("%s is larger than the %s a %s may be", byteSize(size), byteSize(limit), what)
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%d MB", (n+(1<<20)-1)>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", (n+(1<<10)-1)>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ReadFileLimited is ReadLimited for a path of the operating system (a
// transcript or scenario named on the command line).
func ReadFileLimited(file string, limit int64, what string) ([]byte, error) {
	info, err := os.Stat(file)
	if err != nil {
		return nil, cannotRead(file, err)
	}
	if err := CheckFile(info, limit, what); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, cannotRead(file, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, cannotRead(file, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: %w", file, tooLarge(int64(len(data)), limit, what))
	}
	return data, nil
}

// MaxExprDepth is how deeply an expression may nest brackets and prefix
// operators (- + ! not). expr's parser recurses at each level before it
// counts nodes, so a deeper expression is refused before it is parsed.
const MaxExprDepth = 100

// NestsTooDeep reports whether src nests deeper than MaxExprDepth. A text
// of at most MaxExprDepth bytes cannot (every level is at least a byte),
// so most texts are not scanned.
func NestsTooDeep(src string) bool {
	return len(src) > MaxExprDepth && ExprDepth(src) > MaxExprDepth
}

// ExprDepth is how deeply src nests: open brackets plus the prefix
// operators in a row, outside string literals (an overestimate is fine:
// real expressions nest a few levels).
func ExprDepth(src string) int {
	depth, run, deepest := 0, 0, 0
	operand := false // whether the last token ended an operand
	rs := []rune(src)
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case r == '\'' || r == '"' || r == '`':
			i = endOfString(rs, i)
			operand, run = true, 0
		case r == '(' || r == '[' || r == '{':
			depth++
			operand = false
		case r == ')' || r == ']' || r == '}':
			depth = max(depth-1, 0)
			operand, run = true, 0
		case !operand && (r == '-' || r == '+' || r == '!'):
			run++
		case !operand && r == 'n' && hasWordAt(rs, i, "not"):
			run++
			i += 2
		case isWordRune(r):
			for i+1 < len(rs) && isWordRune(rs[i+1]) {
				i++
			}
			operand, run = !isOperatorWord(rs, i), 0
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
		default:
			operand = false
		}
		deepest = max(deepest, depth+run)
	}
	return deepest
}

// endOfString is the index of the quote that closes the string literal
// starting at i (or the last index).
func endOfString(rs []rune, i int) int {
	quote := rs[i]
	for j := i + 1; j < len(rs); j++ {
		switch {
		case rs[j] == '\\' && quote != '`':
			j++
		case rs[j] == quote:
			return j
		}
	}
	return len(rs) - 1
}

func isWordRune(r rune) bool {
	return r == '_' || r == '$' || r == '#' || r == '.' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}

// hasWordAt reports whether the word w starts at i and ends there.
func hasWordAt(rs []rune, i int, w string) bool {
	end := i + len(w)
	if end > len(rs) || string(rs[i:end]) != w {
		return false
	}
	return end == len(rs) || !isWordRune(rs[end])
}

// isOperatorWord reports whether the word ending at i is an operator
// (and, or, in, matches, …): an operand is expected after it.
func isOperatorWord(rs []rune, i int) bool {
	j := i
	for j > 0 && isWordRune(rs[j-1]) {
		j--
	}
	switch string(rs[j : i+1]) {
	case "and", "or", "in", "not", "matches", "contains", "startsWith", "endsWith", "let", "if", "else":
		return true
	}
	return false
}

// cannotRead says that file could not be read and why, without the
// system call's name ("cannot read x.yaml: no such file or directory",
// not "stat x.yaml: …"); errors.Is still sees the cause.
func cannotRead(file string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Errorf("cannot read %s: %w", file, err)
}
