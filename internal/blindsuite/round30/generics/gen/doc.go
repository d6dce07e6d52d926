// Package gen holds generic helpers for SPMD kernels written against package
// spmd: typed wrappers around the collectives, a handle that carries the
// lane together with shared scratch memory, per-lane containers, combiners
// and syncers that generic algorithms are parameterized by, iterators,
// closure factories and generic launchers. It has no kernels of its own.
package gen
