#!/usr/bin/env bash
# Compares the speed of the uniformity analysis with LLVM 22's on the
# benchmark suite (cfggen.BenchCases): the same functions, written as IR
# for opt and timed as BenchmarkAnalyze for ours.
#
# For LLVM it reports the time opt's -time-passes gives the
# UniformityInfoAnalysis alone and together with the analyses it needs
# (CycleAnalysis, DominatorTreeAnalysis), which is what Analyze computes
# too. opt is timed on 'require<uniformity>', since printing the report
# would take far longer than the analysis.
#
# Usage: scripts/bench-vs-llvm.sh [case...]
# Environment: OPT (default opt-22), RUNS (opt runs per case, the fastest
# counts; default 3, but a case whose run takes over 10 s runs once),
# BENCHTIME (go test -benchtime; default 1s).
#
# Budget half an hour for the whole suite on two cores: opt needs about
# 7 minutes and 10 GB for the 100k case.
set -euo pipefail

cd "$(dirname "$0")/.."
OPT=${OPT:-opt-22}
RUNS=${RUNS:-3}
BENCHTIME=${BENCHTIME:-1s}

if ! command -v "$OPT" >/dev/null; then
	echo "bench-vs-llvm: $OPT not found" >&2
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/gen" ./uniformity/internal/cfggen/cmd/gen
if [ $# -gt 0 ]; then
	cases=("$@")
else
	mapfile -t cases < <("$tmp/gen" -bench list)
fi

# Ours: one go test run for all cases. Sub-benchmark names are the case
# names; go test appends -GOMAXPROCS.
pattern="^BenchmarkAnalyze\$/^($(IFS='|'; echo "${cases[*]}"))\$"
go test ./uniformity -run '^$' -bench "$pattern" -benchtime "$BENCHTIME" -count 1 >"$tmp/go.txt"

# ours_ms CASE prints the ns/op of the case in milliseconds.
ours_ms() {
	awk -v name="BenchmarkAnalyze/$1" '
		{ sub(/-[0-9]+$/, "", $1) }
		$1 == name { for (i = 2; i < NF; i++) if ($(i+1) == "ns/op") printf "%.3f", $i / 1e6 }
	' "$tmp/go.txt"
}

# llvm_ms FILE prints two times in milliseconds from opt's -time-passes
# report, the fastest run of RUNS: UniformityInfoAnalysis alone, and summed
# with CycleAnalysis and DominatorTreeAnalysis.
llvm_ms() {
	local best="" t
	for _ in $(seq "$RUNS"); do
		"$OPT" -passes='require<uniformity>' -disable-output -time-passes "$1" 2>"$tmp/report.txt"
		# A report line is "user (pct) [system (pct) user+system (pct)]
		# wall (pct) Name": with the percentages gone, the wall time is
		# the next to last field.
		t=$(sed 's/([^)]*)//g' "$tmp/report.txt" | awk '
			/Analysis execution timing report/ { on = 1 }
			/Pass execution timing report/ { on = 0 }
			on && $NF == "UniformityInfoAnalysis" { ui = $(NF-1) }
			on && ($NF == "UniformityInfoAnalysis" || $NF == "CycleAnalysis" || $NF == "DominatorTreeAnalysis") { all += $(NF-1) }
			END { printf "%.3f %.3f", ui * 1000, all * 1000 }
		')
		if [ -z "$best" ] || awk -v a="${t#* }" -v b="${best#* }" 'BEGIN { exit !(a < b) }'; then
			best=$t
		fi
		if awk -v a="${t#* }" 'BEGIN { exit !(a > 10000) }'; then
			break # a slow case varies little, and repeating it costs minutes
		fi
	done
	echo "$best"
}

printf '%-26s %9s %11s %11s %15s %9s\n' case blocks "ours (ms)" "LLVM UI" "LLVM UI+CI+DT" ratio
for c in "${cases[@]}"; do
	"$tmp/gen" -bench "$c" >"$tmp/$c.ll"
	blocks=$(grep -c '^bb[0-9]*:$' "$tmp/$c.ll")
	ours=$(ours_ms "$c")
	read -r ui all < <(llvm_ms "$tmp/$c.ll")
	ratio=$(awk -v a="$ours" -v b="$all" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
	printf '%-26s %9s %11s %11s %15s %9s\n' "$c" "$blocks" "${ours:--}" "$ui" "$all" "$ratio"
done
echo
echo "ratio = ours / (LLVM UniformityInfo + CycleInfo + DominatorTree); below 1 is faster than LLVM."
