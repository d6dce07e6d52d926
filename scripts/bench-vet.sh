#!/usr/bin/env bash
# Measures what spmdvet costs under go vet, against two other vet tools
# built the same way:
#
#   noop     a unitchecker whose one analyzer does nothing: what go vet
#            costs by itself (one tool process per package, vetx files);
#   ssa      a unitchecker whose one analyzer requires buildssa, as a naive
#            SSA-based checker would: buildssa requires ctrlflow, which has
#            facts, so go vet runs it, and builds SSA, for every package of
#            the dependency closure, the standard library included;
#   spmdvet  cmd/spmdvet, which builds no SSA for a package that neither
#            imports spmd nor carries //spmd: directives.
#
# on two generated modules:
#
#   plain    one package importing net/http, encoding/json, go/types and
#            crypto/tls, and not spmd;
#   kernel   the same package, with SPMD kernels written against spmd.
#
# Each run has a fresh GOCACHE copied from one that 'go build ./...' warmed,
# so that compiling is a cache hit and only the vet work differs. Runs are
# interleaved, REPS of each, and the table gives medians of the wall-clock
# time and of the CPU time (user + system, of go vet and the tool processes)
# and their ratios to the noop tool measured in the same run: the machine
# may be shared and noisy, so absolute times mean little, and CPU time is
# the steadier of the two when other work competes for the cores.
#
# Usage: scripts/bench-vet.sh
# Environment: REPS (default 5).
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
REPS=${REPS:-5}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

export GOFLAGS=-mod=mod GOPROXY=off GOWORK=off CGO_ENABLED=0

# The tools.
mkdir -p "$tmp/tools" "$tmp/toolmod/ssa" "$tmp/toolmod/noop"
go build -o "$tmp/tools/spmdvet" ./cmd/spmdvet
cat >"$tmp/toolmod/go.mod" <<EOF
module benchtools

go 1.26

require golang.org/x/tools v0.52.0
EOF
cp go.sum "$tmp/toolmod/go.sum"
cat >"$tmp/toolmod/ssa/main.go" <<'EOF'
// Command ssa is a vet tool whose one analyzer requires the SSA form of
// every package, and does nothing with it.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/analysis/unitchecker"
)

var Analyzer = &analysis.Analyzer{
	Name:     "ssabaseline",
	Doc:      "requires buildssa and does nothing with it",
	Requires: []*analysis.Analyzer{buildssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		_ = pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
		return nil, nil
	},
}

func main() { unitchecker.Main(Analyzer) }
EOF
cat >"$tmp/toolmod/noop/main.go" <<'EOF'
// Command noop is a vet tool whose one analyzer does nothing.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

var Analyzer = &analysis.Analyzer{
	Name: "noop",
	Doc:  "does nothing",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { unitchecker.Main(Analyzer) }
EOF
(cd "$tmp/toolmod" && go build -o "$tmp/tools/ssa" ./ssa && go build -o "$tmp/tools/noop" ./noop)
tools=(noop ssa spmdvet)

# The modules.
heavy='import (
	"crypto/tls"
	"encoding/json"
	"go/types"
	"net/http"
)

// Config is served as JSON over TLS.
type Config struct {
	Name  string
	Types []string
}

// Handler serves c.
func Handler(c *Config) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(c)
	})
}

// Server serves c over TLS.
func Server(c *Config, cert tls.Certificate) *http.Server {
	return &http.Server{
		Handler:   Handler(c),
		TLSConfig: &tls.Config{Certificates: []tls.Certificate{cert}},
	}
}

// TypeNames lists the names of the types of scope.
func TypeNames(scope *types.Scope) []string {
	var names []string
	for _, name := range scope.Names() {
		if _, ok := scope.Lookup(name).(*types.TypeName); ok {
			names = append(names, name)
		}
	}
	return names
}
'
kernels='import "github.com/spmdvet/spmdvet/spmd"

// Sum adds up data into out[0], one element per lane.
func Sum(data []float32, out []float32) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		total := spmd.ReduceAdd(l, data[i])
		if i == 0 {
			out[0] = total
		}
	})
}

// Scale multiplies data by the first element, in phases.
func Scale(data []float32) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		k := spmd.BroadcastFirst(l, data[i])
		sync(l, l.Count())
		data[i] *= k
		sync(l, 1)
	})
}

// sync waits at a barrier when n is positive: n must be uniform.
func sync(l spmd.Lane, n int) {
	if n > 0 {
		l.Barrier()
	}
}

// Histogram counts the lanes whose element is below each bound.
func Histogram(data []int, bounds []int, out []int) error {
	return spmd.Run(len(data), func(l spmd.Lane) {
		i := l.Index()
		for b := 0; b < len(bounds); b++ {
			n := spmd.ReduceAdd(l, below(data[i], bounds[b]))
			if i == 0 {
				out[b] = n
			}
		}
	})
}

func below(v, bound int) int {
	if v < bound {
		return 1
	}
	return 0
}
'
mods=(plain kernel)
for mod in "${mods[@]}"; do
	dir="$tmp/mod/$mod"
	mkdir -p "$dir/p"
	cat >"$dir/go.mod" <<EOF
module example.com/$mod

go 1.26

require github.com/spmdvet/spmdvet v0.0.0

replace github.com/spmdvet/spmdvet => $root
EOF
	cp go.sum "$dir/go.sum"
	printf 'package p\n\n%s' "$heavy" >"$dir/p/heavy.go"
	if [ "$mod" = kernel ]; then
		printf 'package p\n\n%s' "$kernels" >"$dir/p/kernels.go"
	fi
	# A warm cache: everything compiled, nothing vetted.
	(cd "$dir" && GOCACHE="$tmp/warm-$mod" go build ./...)
	deps=$(cd "$dir" && GOCACHE="$tmp/warm-$mod" go list -deps ./... | wc -l)
	echo "bench-vet: module $mod: $deps packages in the dependency closure" >&2
done

now() { date +%s.%N; }

# Check once that every tool vets every module cleanly.
for mod in "${mods[@]}"; do
	for tool in "${tools[@]}"; do
		rm -rf "$tmp/cache" && cp -a "$tmp/warm-$mod" "$tmp/cache"
		if ! (cd "$tmp/mod/$mod" && GOCACHE="$tmp/cache" go vet -vettool="$tmp/tools/$tool" ./... >"$tmp/vet.out" 2>&1); then
			echo "bench-vet: go vet -vettool=$tool failed on $mod:" >&2
			cat "$tmp/vet.out" >&2
			exit 1
		fi
	done
done

: >"$tmp/times.txt"
TIMEFORMAT='%3U %3S'
for r in $(seq "$REPS"); do
	echo "bench-vet: round $r/$REPS" >&2
	for mod in "${mods[@]}"; do
		for tool in "${tools[@]}"; do
			rm -rf "$tmp/cache" && cp -a "$tmp/warm-$mod" "$tmp/cache"
			t0=$(now)
			{ time (cd "$tmp/mod/$mod" && GOCACHE="$tmp/cache" go vet -vettool="$tmp/tools/$tool" ./... >/dev/null 2>&1); } 2>"$tmp/cpu.txt"
			t1=$(now)
			read -r user sys <"$tmp/cpu.txt"
			awk -v m="$mod" -v t="$tool" -v a="$t0" -v b="$t1" -v u="$user" -v s="$sys" \
				'BEGIN { printf "%s %s %.3f %.3f\n", m, t, b - a, u + s }' >>"$tmp/times.txt"
		done
	done
done

# median MOD TOOL COLUMN prints the median of a column of times.txt: 3 for
# wall-clock seconds, 4 for CPU seconds (user + system, go and its children).
median() {
	awk -v m="$1" -v t="$2" -v c="$3" '$1 == m && $2 == t { print $c }' "$tmp/times.txt" | sort -g |
		awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2] + a[NR/2+1]) / 2 }'
}

echo "go vet -vettool=TOOL ./... with a warm build cache, median of $REPS interleaved runs"
echo "wall: elapsed seconds; cpu: user + system seconds of go vet and its children (less"
echo "sensitive to other load on a shared machine); extra = (cpu - cpu of noop) / (cpu of"
echo "ssa - cpu of noop): the vet work of the tool as a share of the SSA tool's"
printf '%-8s %-8s %7s %9s %7s %9s %8s %7s\n' module tool wall_s wall/noop cpu_s cpu/noop cpu/ssa extra
for mod in "${mods[@]}"; do
	wn=$(median "$mod" noop 3)
	cn=$(median "$mod" noop 4)
	cs=$(median "$mod" ssa 4)
	for tool in "${tools[@]}"; do
		w=$(median "$mod" "$tool" 3)
		c=$(median "$mod" "$tool" 4)
		awk -v mod="$mod" -v tool="$tool" -v w="$w" -v wn="$wn" -v c="$c" -v cn="$cn" -v cs="$cs" 'BEGIN {
			printf "%-8s %-8s %7.2f %9.2f %7.2f %9.2f %8.2f %7.2f\n", mod, tool, w, w / wn, c, c / cn, c / cs, (c - cn) / (cs - cn)
		}'
	done
done
