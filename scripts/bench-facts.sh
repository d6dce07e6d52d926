#!/usr/bin/env bash
# Runs BenchmarkSummaries (passes/divergence/bench_test.go) REPS times and
# prints, for each size, the median time of the divergence analyzer over the
# generated module with and without the spmd vocabulary, their ratio, and
# the cost per function above the fixed cost of size 0, relative to the
# smallest size: if summaries are computed once per function, that last
# column stays near 1.
#
# Every figure is a ratio against a baseline measured in the same run: the
# machine this runs on may be shared and noisy, so absolute times mean
# little.
#
# Usage: scripts/bench-facts.sh
# Environment: REPS (go test runs, default 5), BENCHTIME (default 3x),
# SIZES (comma-separated function counts, default 250,500,1000,2000; 0,
# the fixed cost, always runs).
set -euo pipefail

cd "$(dirname "$0")/.."
REPS=${REPS:-5}
BENCHTIME=${BENCHTIME:-3x}
SIZES=${SIZES:-250,500,1000,2000}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go test -c -o "$tmp/divergence.test" ./passes/divergence
for r in $(seq "$REPS"); do
	echo "bench-facts: run $r/$REPS" >&2
	(cd passes/divergence && SPMDVET_BENCH_SIZES=$SIZES "$tmp/divergence.test" \
		-test.run '^$' -test.bench '^BenchmarkSummaries$' -test.benchtime "$BENCHTIME" -test.count 1) >>"$tmp/out.txt"
done
if ! grep -q '^BenchmarkSummaries/' "$tmp/out.txt"; then
	cat "$tmp/out.txt" >&2
	echo "bench-facts: the benchmark did not run" >&2
	exit 1
fi

# One line per sample: variant n ns/op.
awk '
	$1 ~ /^BenchmarkSummaries\// {
		name = $1; sub(/-[0-9]+$/, "", name); split(name, p, "/")
		n = p[3]; sub(/^n=/, "", n)
		for (i = 2; i < NF; i++) if ($(i+1) == "ns/op") print p[2], n, $i
	}
' "$tmp/out.txt" >"$tmp/samples.txt"

# median VARIANT N prints the median ns/op.
median() {
	awk -v v="$1" -v n="$2" '$1 == v && $2 == n { print $3 }' "$tmp/samples.txt" | sort -g |
		awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR+1)/2]; else print (a[NR/2] + a[NR/2+1]) / 2 }'
}

echo "divergence analyzer over a generated module of 10 packages, median of $REPS runs ($BENCHTIME each)"
echo "marginal = (spmd(N) - spmd(0)) / N; flat = marginal / marginal at the smallest N > 0"
printf '%-9s %9s %9s %10s %13s %13s %6s\n' functions spmd_ms skip_ms spmd/skip 'skip/skip(0)' marginal_us/f flat
s0=$(median spmd 0)
k0=$(median skip 0)
base=""
IFS=, read -ra sizes <<<"$SIZES"
for n in 0 "${sizes[@]}"; do
	if [ "$n" = 0 ] && [ "${done0:-}" ]; then
		continue
	fi
	s=$(median spmd "$n")
	k=$(median skip "$n")
	if [ "$n" = 0 ]; then
		awk -v s="$s" -v k="$k" -v k0="$k0" 'BEGIN {
			printf "%-9s %9.1f %9.1f %10.1f %13.2f %13s %6s\n", 0, s / 1e6, k / 1e6, s / k, k / k0, "-", "-"
		}'
		done0=1
		continue
	fi
	marg=$(awk -v s="$s" -v s0="$s0" -v n="$n" 'BEGIN { printf "%.1f", (s - s0) / n / 1e3 }')
	[ -z "$base" ] && base=$marg
	awk -v n="$n" -v s="$s" -v k="$k" -v k0="$k0" -v m="$marg" -v b="$base" 'BEGIN {
		printf "%-9s %9.1f %9.1f %10.1f %13.2f %13.1f %6.2f\n", n, s / 1e6, k / 1e6, s / k, k / k0, m, m / b
	}'
done
