// Package blindsuite holds kernels written blind, against the spmd API and
// the README alone, by someone who did not read the analysis: realistic
// kernels that are correct (good) and buggy (bad), the helpers they share
// across packages (helpers, prim), and cases the author found ambiguous
// (ambig).
//
// Every bug's line carries a trailing "// EXPECT" comment, and the
// packages' own tests run every kernel under spmd.Run: the correct ones
// must complete, the buggy ones must diverge at run time, at their EXPECT
// line. TestBlindSuite then checks that the convergent analyzer reports
// exactly the EXPECT lines of good, bad, helpers and prim: every expected
// finding, and nothing else.
//
// The suite was written in one round (the third) and then kept: a
// regression suite now, no longer blind to the analysis.
package blindsuite
