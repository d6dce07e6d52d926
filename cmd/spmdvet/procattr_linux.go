package main

import "syscall"

// childAttr makes the kernel kill the checker child when spmdvet dies,
// even by SIGKILL, which leaves no chance to pass the signal on.
func childAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
