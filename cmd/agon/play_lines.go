package main

import (
	"bufio"
	"bytes"
	"context"
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
//
// With a context (watch), a line is read on a goroutine of its own, so
// that Ctrl-C (the context's end) stops a prompt that waits for a line:
// next then returns errInterrupted.
type lineReader struct {
	r *bufio.Reader
	// ctx, lines and done are watch's: the reads' results, one at a
	// time, and the end of the game (the reader stops).
	ctx   context.Context
	lines chan readLine
	done  chan struct{}
}

// readLine is one result of read.
type readLine struct {
	line string
	err  error
}

// errInterrupted is next's error when the context ended (Ctrl-C).
var errInterrupted = errors.New("interrupted")

// newLineReader reads lines from r.
func newLineReader(r io.Reader) *lineReader { return &lineReader{r: bufio.NewReader(r)} }

// watch makes next give up when ctx ends; stop ends the reading
// goroutine's wait to deliver a line nobody asked for.
func (l *lineReader) watch(ctx context.Context) (stop func()) {
	l.ctx, l.lines, l.done = ctx, make(chan readLine), make(chan struct{})
	return func() { close(l.done) }
}

// next returns the next line without its line end ("\n" or "\r\n"). At
// the end of the input it returns io.EOF (after a last line without a
// line end has been returned); a line over maxPromptLine is skipped and
// gives errLineTooLong. Watched, it returns errInterrupted once the
// context has ended.
func (l *lineReader) next() (string, error) {
	if l.ctx == nil {
		return l.read()
	}
	if l.ctx.Err() != nil {
		return "", errInterrupted
	}
	go func() {
		line, err := l.read()
		select {
		case l.lines <- readLine{line, err}:
		case <-l.done:
		}
	}()
	select {
	case r := <-l.lines:
		return r.line, r.err
	case <-l.ctx.Done():
		return "", errInterrupted
	}
}

// read reads the next line (see next).
func (l *lineReader) read() (string, error) {
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
