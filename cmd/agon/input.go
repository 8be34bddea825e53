package main

import "agon/schema"

// readInput reads a transcript or scenario named on the command line: a
// regular file of at most schema.MaxFileBytes (a FIFO or /dev/zero is
// refused before it is opened, so it cannot hang agon).
func readInput(file string) ([]byte, error) {
	return schema.ReadFileLimited(file, schema.MaxFileBytes, "transcript or scenario file")
}
