// Package gotoloops holds kernels whose loops are written with goto: retry
// loops, rotated loops entered in the middle, loops with several entries
// (irreducible), and exits out of loop nests.
package gotoloops
