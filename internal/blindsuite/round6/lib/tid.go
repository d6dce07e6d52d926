package lib

import (
	"bytes"
	"runtime"
	"strconv"
	"sync"

	"github.com/spmdvet/spmdvet/spmd"
)

// Lanes by goroutine, for kernels that take no Lane and find out who they
// are from Tid, a lane-ID function with no parameter.
var byGoroutine sync.Map

func goid() uint64 {
	var buf [64]byte
	b := buf[:runtime.Stack(buf[:], false)]
	b = bytes.TrimPrefix(b, []byte("goroutine "))
	b = b[:bytes.IndexByte(b, ' ')]
	id, _ := strconv.ParseUint(string(b), 10, 64)
	return id
}

func current() spmd.Lane {
	l, _ := byGoroutine.Load(goid())
	return l.(spmd.Lane)
}

// RunTracked runs body in n lanes; body learns its lane from Tid.
//
//spmd:kernel body
func RunTracked(n int, body func()) error {
	return spmd.Run(n, func(l spmd.Lane) {
		id := goid()
		byGoroutine.Store(id, l)
		defer byGoroutine.Delete(id)
		body()
	})
}

// Tid is the lane index of the calling lane.
//
//spmd:laneid
func Tid() int {
	return idImpl(current())
}

// SyncT is a barrier of the calling lane's group.
//
//spmd:convergent barrier
func SyncT() {
	barrierImpl(current())
}

// AnyT reports whether p holds in some lane of the calling lane's group.
//
//spmd:convergent
//spmd:uniform
func AnyT(p bool) bool {
	return voteImpl(current(), p)
}
