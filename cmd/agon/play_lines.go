package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// maxPromptLine is the longest line play reads at its prompt, in bytes:
// no answer or command is near it.
const maxPromptLine = 64 * 1024

// errLineTooLong is lineReader.next's error for a line over
// maxPromptLine; the line has been skipped and reading goes on after it.
var errLineTooLong = fmt.Errorf("the line is longer than %d KB", maxPromptLine/1024)

// lineReader reads the lines typed at play's prompt. Unlike a
// bufio.Scanner, which stops for good at a line over its limit, it skips
// such a line and reads on, so that the game goes on.
type lineReader struct{ r *bufio.Reader }

// newLineReader reads lines from r.
func newLineReader(r io.Reader) *lineReader { return &lineReader{r: bufio.NewReader(r)} }

// next returns the next line without its line end ("\n" or "\r\n"). At
// the end of the input it returns io.EOF (after a last line without a
// line end has been returned); a line over maxPromptLine is skipped and
// gives errLineTooLong.
func (l *lineReader) next() (string, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !tooLong {
			line = append(line, chunk...)
			tooLong = len(bytes.TrimRight(line, "\r\n")) > maxPromptLine
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		switch {
		case tooLong:
			return "", errLineTooLong
		case err != nil && (len(line) == 0 || !errors.Is(err, io.EOF)):
			return "", err
		}
		return string(bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))), nil
	}
}
