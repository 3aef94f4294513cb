#!/usr/bin/env bash
# Redraws docs/results-summary.png, the README's summary figure: the "Summary across data sets"
# figure of `sparsekernel report` over the default's and the tunable methods' results and the
# peers', rendered by headless chromium. Usage: results/summary-figure.sh
set -euo pipefail
tmp=$(mktemp -d)
go build -o "$tmp/sparsekernel" ./cmd/sparsekernel
"$tmp/sparsekernel" report -o "$tmp/report.html" results/auto-two-class.jsonl results/auto-regression.jsonl \
	results/auto-multi-class.jsonl results/pso-default.jsonl results/rwbs-default.jsonl peers/results/*.jsonl
/usr/bin/python3 - "$tmp" <<'PY'
import sys
tmp = sys.argv[1]
h = open(f"{tmp}/report.html").read()
i = h.index('<section id="summary">')
svg = h[h.index("<svg", i):h.index("</svg>", i) + len("</svg>")]
open(f"{tmp}/summary.html", "w").write('<!DOCTYPE html><html><body style="margin:0">' + svg + "</body></html>")
PY
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1.5 \
	--window-size=747,507 --screenshot="$PWD/docs/results-summary.png" "file://$tmp/summary.html" 2>/dev/null
echo "docs/results-summary.png written"
