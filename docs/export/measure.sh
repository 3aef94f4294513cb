#!/usr/bin/env bash
# Measures the C and Go exports of LOOMI models of 5 and 20 nodes on a 2-D and a 10-D
# two-class problem: object size (text/data/bss, and the read-only tables), stack use per
# function (-fstack-usage), decision time per row (C: bench.c; Go: a testing.B benchmark),
# and, for comparison, the size of a cross-validated RBF SVM on the same data
# (svm_count.py, needs scikit-learn). Benchmark material only; run from anywhere:
#
#	docs/export/measure.sh [work-dir]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="${1:-$(mktemp -d)}"
mkdir -p "$work"
cc="${CC:-cc}"
echo "work directory: $work"
echo "compiler: $("$cc" --version | head -1); go: $(go version); load: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

cd "$root"
go build -o "$work/sparsekernel" ./cmd/sparsekernel
go run ./docs/export/measure -o "$work"

cd "$work"
printf '\n%-8s %-6s %6s %6s %5s %7s %10s %9s %9s %8s %8s\n' model real text data bss rodata "decision" "predict" "tables" "wall ns" "cpu ns"
for data in 2d 10d; do
	inputs=$(head -1 "${data}_train.csv" | tr ',' '\n' | grep -c '^x')
	for n in 5 20; do
		for real in double float; do
			dir="c_${data}_${n}_${real}"
			mkdir -p "$dir"
			flag=""
			[ "$real" = float ] && flag="-float"
			./sparsekernel export -lang c $flag -name m -o "$dir/m.c" "${data}_${n}.model.json" >/dev/null
			(cd "$dir" && "$cc" -std=c99 -O2 -Wall -Wextra -Werror -pedantic -fstack-usage -c m.c)
			read -r text data_ bss _ < <(size "$dir/m.o" | tail -1)
			rodata=$(size -A "$dir/m.o" | awk '$1 ~ /^\.rodata/ {s += $2} END {print s + 0}')
			dec=$(awk '/m_decision/ {print $2}' "$dir/m.su")
			pred=$(awk '/m_predict/ {print $2}' "$dir/m.su")
			tables=$(grep -o 'Read-only tables: [0-9]* [a-z]*' "$dir/m.c" | awk '{print $3}')
			"$cc" -std=c99 -O2 -DN_IN="$inputs" -DREAL="$real" -o "$dir/bench" "$here/bench.c" "$dir/m.o" -lm
			read -r wall cpu _ < <(nice -n 10 "$dir/bench" < "${data}_test.csv")
			printf '%-8s %-6s %6s %6s %5s %7s %10s %9s %9s %8s %8s\n' "${data}_$n" "$real" "$text" "$data_" "$bss" "$rodata" "$dec" "$pred" "$tables" "$wall" "$cpu"
		done
	done
done
echo "(text includes the read-only tables (rodata); decision and predict: bytes of stack of each"
echo " function's own frame, from -fstack-usage at -O2; tables: the numbers the file carries;"
echo " wall ns, cpu ns: decision time per row, best of 3 runs of bench.c, compiled -O2 and linked"
echo " with m.o, in wall-clock and in CPU time)"

echo
echo "Go exports: decision time per row (testing.B, best of 3), wall-clock and CPU time"
for data in 2d 10d; do
	for n in 5 20; do
		dir="go_${data}_${n}"
		mkdir -p "$dir"
		./sparsekernel export -lang go -name m -package m -o "$dir/m.go" "${data}_${n}.model.json" >/dev/null
		printf 'module bench\n\ngo 1.21\n' > "$dir/go.mod"
		cat > "$dir/bench_test.go" <<'GO'
package m

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func cpuTime() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano() + ru.Stime.Nano())
}

var sink float64

func BenchmarkDecision(b *testing.B) {
	data, err := os.ReadFile(os.Getenv("ROWS"))
	if err != nil {
		b.Fatal(err)
	}
	var rows [][]float64
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		fields := strings.Split(line, ",")
		x := make([]float64, MInputs)
		for j := range x {
			x[j], _ = strconv.ParseFloat(fields[j], 64)
		}
		rows = append(rows, x)
	}
	b.ResetTimer()
	c0 := cpuTime()
	for i := 0; i < b.N; i++ {
		f, err := MDecision(rows[i%len(rows)])
		if err != nil {
			b.Fatal(err)
		}
		sink += f[0]
	}
	b.ReportMetric((cpuTime()-c0)/float64(b.N), "cpu-ns/row")
}
GO
		read -r wall cpu < <(cd "$dir" && ROWS="$work/${data}_test.csv" GOWORK=off GOFLAGS=-mod=mod GOPROXY=off nice -n 10 go test -run XXX -bench Decision -benchtime 0.5s -count 3 . |
			awk '/^BenchmarkDecision/ {if (w == "" || $3 < w) w = $3; if (c == "" || $5 < c) c = $5} END {print w, c}')
		printf '%-8s %8s %8s ns/row (wall, cpu)\n' "${data}_$n" "$wall" "$cpu"
	done
done

echo
echo "RBF SVM (scikit-learn SVC, C and gamma by 5-fold CV) on the same data"
/usr/bin/python3 "$here/svm_count.py" "$work"
