// Package report turns benchmark results into one self-contained HTML page: per data set a
// table of every method of sparsekernel beside the peers (other tools' results in the same
// JSON lines), a plot of test error against model size, the LOO curves of the models, the
// decision regions of a model of ours and of an SVC on two-input sets, a summary plot across
// the sets, and the software, machine, seeds and command lines behind each result. Figures
// are inline SVG drawn with gonum/plot; the page needs no script and no network.
//
// Inputs are the JSON lines of `sparsekernel bench -json` (bench.Result) and of the peer
// scripts (peers/results/*.jsonl); keys a line lacks are shown as missing, not as errors.
// The SVC of a decision-region figure is read from the JSON written by
// testdata/svc_regions.py (scikit-learn).
package report
