// Package blindsuite holds kernels written blind, against the spmd API and
// the README alone, by someone who did not read the analysis: realistic
// kernels that are correct (good) and buggy (bad), the helpers they share
// across packages (round3's helpers and prim, round4's lib, kt and vocab,
// round5's dev; vocab and dev declare vocabularies of their own with
// directives), and cases the author found ambiguous (ambig).
//
// Every bug's line carries a trailing "// EXPECT" comment, and the
// packages' own tests run every kernel under spmd.Run: the correct ones
// must complete, the buggy ones must diverge at run time, at their EXPECT
// line. TestBlindSuite then checks that the convergent analyzer reports
// exactly the EXPECT lines of the packages but ambig: every expected
// finding, and nothing else but the known false positives it lists.
//
// Each round was written at once and then kept: a regression suite now, no
// longer blind to the analysis. Round 3: 126 kernels, 57 bugs; round 4:
// 124 kernels, 65 bugs; round 5, written for precision traps: 101
// kernels, 45 bugs.
package blindsuite
