//go:build !unix

package testgames

// cpuTime is -1: the process's CPU time is read on Unix only.
func cpuTime() int64 { return -1 }
