//go:build unix

package testgames

import "syscall"

// cpuTime is the CPU time (user and system) the process has used, in
// nanoseconds, or -1 where it cannot be read. On a machine shared with
// other work it varies much less than the wall time ns/op reports.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
