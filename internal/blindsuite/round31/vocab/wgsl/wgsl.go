// Package wgsl binds a WGSL-flavoured vocabulary (WebGPU compute shaders) to
// package spmd: a workgroup is one spmd group, and in this emulator the
// subgroup is the whole workgroup.
//
// Most builtins stand for shader instructions: their Go bodies only call a
// hook installed by the CPU emulator, so a checker relies on their
// directives. A few helpers have no directive and are read by a checker.
package wgsl

import (
	"iter"

	"github.com/spmdvet/spmdvet/spmd"
)

// LocalInvocationIndex is the local_invocation_index builtin.
//
//spmd:laneid
func LocalInvocationIndex(l spmd.Lane) uint32 {
	return hw.localIndex(l)
}

// WorkgroupSize is the number of invocations of the workgroup.
//
//spmd:uniform
func WorkgroupSize(l spmd.Lane) uint32 {
	return hw.workgroupSize(l)
}

// SubgroupSize is the subgroup_size builtin.
//
//spmd:uniform
func SubgroupSize(l spmd.Lane) uint32 {
	return hw.workgroupSize(l)
}

// SubgroupInvocationID is the subgroup_invocation_id builtin. (No
// directive.)
func SubgroupInvocationID(l spmd.Lane) uint32 {
	return LocalInvocationIndex(l) % SubgroupSize(l)
}

// WorkgroupBarrier is workgroupBarrier().
//
//spmd:convergent barrier
func WorkgroupBarrier(l spmd.Lane) {
	hw.barrier(l)
}

// StorageBarrier is storageBarrier(). The emulator has one kind of memory,
// so it is a workgroup barrier. (No directive.)
func StorageBarrier(l spmd.Lane) {
	WorkgroupBarrier(l)
}

// WorkgroupUniformLoad is workgroupUniformLoad(p): a workgroup barrier,
// then a load of *p whose result is uniform.
//
//spmd:convergent barrier
//spmd:uniform
func WorkgroupUniformLoad(l spmd.Lane, p *int32) int32 {
	return hw.uniformLoad(l, p)
}

// SubgroupAdd is subgroupAdd(v).
//
//spmd:convergent
//spmd:uniform
func SubgroupAdd(l spmd.Lane, v float32) float32 {
	return hw.add(l, v)
}

// SubgroupMax is subgroupMax(v). (No directive: it forwards to
// spmd.ReduceMax.)
func SubgroupMax(l spmd.Lane, v uint32) uint32 {
	return spmd.ReduceMax(l, v)
}

// SubgroupAny is subgroupAny(p).
//
//spmd:convergent
//spmd:uniform
func SubgroupAny(l spmd.Lane, p bool) bool {
	return spmd.Any(l, p)
}

// SubgroupAll is subgroupAll(p).
//
//spmd:convergent
//spmd:uniform
func SubgroupAll(l spmd.Lane, p bool) bool {
	return spmd.All(l, p)
}

// SubgroupBroadcastFirst is subgroupBroadcastFirst(v).
//
//spmd:convergent
//spmd:uniform
func SubgroupBroadcastFirst(l spmd.Lane, v float32) float32 {
	return hw.broadcastFirst(l, v)
}

// SubgroupBroadcast is subgroupBroadcast(v, id): the v of invocation id,
// uniform when id is.
//
//spmd:convergent
//spmd:uniform id
func SubgroupBroadcast(l spmd.Lane, v float32, id uint32) float32 {
	return hw.broadcast(l, v, id)
}

// SubgroupShuffle is subgroupShuffle(v, id), with an id of each
// invocation's choosing.
//
//spmd:convergent
//spmd:divergent
func SubgroupShuffle(l spmd.Lane, v float32, id uint32) float32 {
	return hw.shuffle(l, v, id)
}

// SubgroupExclusiveAdd is subgroupExclusiveAdd(v).
//
//spmd:convergent
//spmd:divergent
func SubgroupExclusiveAdd(l spmd.Lane, v uint32) uint32 {
	return spmd.ExclusiveAdd(l, v)
}

// SubgroupElect is subgroupElect(): true in exactly one invocation, the
// lowest.
//
//spmd:convergent
//spmd:divergent
func SubgroupElect(l spmd.Lane) bool {
	return hw.elect(l)
}

// Tiles yields the base index of each tile of WorkgroupSize items covering
// [0, n), and waits at a workgroup barrier after each tile so that the body
// may reuse workgroup memory. (No directive.)
func Tiles(l spmd.Lane, n uint32) iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		size := WorkgroupSize(l)
		for base := uint32(0); base < n; base += size {
			if !yield(base) {
				return
			}
			WorkgroupBarrier(l)
		}
	}
}

// Strided yields the indices below n that this invocation owns:
// local_invocation_index, then every WorkgroupSize-th after it. (No
// directive.)
func Strided(l spmd.Lane, n uint32) iter.Seq[uint32] {
	return func(yield func(uint32) bool) {
		for i := LocalInvocationIndex(l); i < n; i += WorkgroupSize(l) {
			if !yield(i) {
				return
			}
		}
	}
}

// Dispatch is dispatchWorkgroups(groups): it runs entry once per workgroup
// of size invocations, passing the workgroup_id.
//
//spmd:kernel entry
func Dispatch(groups, size int, entry func(l spmd.Lane, workgroupID uint32)) error {
	for g := 0; g < groups; g++ {
		err := spmd.Run(size, func(l spmd.Lane) {
			entry(l, uint32(g))
		})
		if err != nil {
			return err
		}
	}
	return nil
}

type hooks struct {
	localIndex     func(spmd.Lane) uint32
	workgroupSize  func(spmd.Lane) uint32
	barrier        func(spmd.Lane)
	uniformLoad    func(spmd.Lane, *int32) int32
	add            func(spmd.Lane, float32) float32
	broadcastFirst func(spmd.Lane, float32) float32
	broadcast      func(spmd.Lane, float32, uint32) float32
	shuffle        func(spmd.Lane, float32, uint32) float32
	elect          func(spmd.Lane) bool
}

// hw holds the shader instructions, installed by the CPU emulator.
var hw hooks

func init() {
	hw = hooks{
		localIndex:    func(l spmd.Lane) uint32 { return uint32(l.Index()) },
		workgroupSize: func(l spmd.Lane) uint32 { return uint32(l.Count()) },
		barrier:       func(l spmd.Lane) { l.Barrier() },
		uniformLoad: func(l spmd.Lane, p *int32) int32 {
			l.Barrier()
			return spmd.BroadcastFirst(l, *p)
		},
		add:            func(l spmd.Lane, v float32) float32 { return spmd.ReduceAdd(l, v) },
		broadcastFirst: func(l spmd.Lane, v float32) float32 { return spmd.BroadcastFirst(l, v) },
		broadcast: func(l spmd.Lane, v float32, id uint32) float32 {
			return spmd.Broadcast(l, v, int(id))
		},
		shuffle: func(l spmd.Lane, v float32, id uint32) float32 {
			return spmd.Shuffle(l, v, int(id))
		},
		elect: func(l spmd.Lane) bool {
			return spmd.ExclusiveAdd(l, 1) == 0
		},
	}
}
