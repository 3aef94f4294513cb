package sparsekernel

import (
	"runtime"

	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/ofs"
)

// The peak memory of a cross-validated fit (auto, pso, rwbs), measured as the Go heap live
// after a collection (GODEBUG=gctrace=1) on the development machine:
//   - every worker runs a selection path on a fold: the squared distances and the kernel
//     values of the candidates at the fold's points (L x N each), the model's orthogonal
//     columns (maxTerms x N) and its held-out values, and the paths of the configurations in
//     the race keep their held-out columns. With L candidates and a size cap T the estimate
//     is 8 N (L + T)(2 + 2 workers) bytes: 30,000 rows of a 10-input regression held 775 MB
//     (estimate 720), 50,000 two-class rows 535 MB with one worker and 877 MB with two when
//     fitted with 200 random candidates (estimates 600 and 1,200), 1,201 MB with two after
//     starting again with 400 (1,680: the estimate counts the candidates a fit may end with),
//     letter's 16,000 rows of 26 classes 1,022 MB (1,456);
//   - on wide data the inputs, standardised, and each running path's fold in the weighted
//     inputs are dense copies: 40 bytes per entry of the N x m inputs plus 20 per worker, an
//     upper bound (1,000 rows of 10,000 inputs held 512 MB with one worker and 576 MB with
//     two, 2,000 rows of 50,000 inputs 4.06 and 4.50 GB: 41 to 58 bytes an entry; before a
//     fold's candidate centres were copied out of its weighted inputs, which they had kept
//     alive for the whole fit, 124 bytes with two workers).
//
// The heap may grow to twice its live size between collections unless a memory limit is set
// (runtime/debug.SetMemoryLimit; the command line sets it to the memory available).
const (
	kernelWorkerFactor = 2 // the (2 + 2 workers) above
	inputBytesBase     = 40
	inputBytesPerWork  = 20
)

// MemoryEstimate returns about how many bytes a fit of opt's method holds at its peak on n
// rows of m inputs with the given number of classes (0: a regression), and how many of them
// are dense copies of the inputs (the rest is kernel matrices, which grow with the rows and
// the candidates; with opt.Categories, m counts the raw inputs, each categorical one taking as
// many encoded inputs as it has categories). For the papers' fixed-node methods it counts the inputs alone (their
// candidate pool is bounded, N x L at most 2^24 entries); ok is false for the LS-SVM, whose
// N x N systems are another matter, and for n, m or classes below 0.
func MemoryEstimate(n, m, classes int, opt Options) (bytes, inputs float64, ok bool) {
	if n < 0 || m < 0 || classes < 0 {
		return 0, 0, false
	}
	if opt.Categories != nil && len(opt.Categories) == m { // (the fit's inputs are the encoded ones)
		m = (&model.Model{Inputs: m, Categories: opt.Categories}).Width()
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	N, w := float64(n), float64(workers)
	inputs = N * float64(m) * (inputBytesBase + inputBytesPerWork*w)
	switch opt.Method {
	case LSSVM:
		return 0, 0, false
	case "", Auto, PSO, RWBS:
	default:
		return inputs, inputs, true
	}
	if opt.Task == model.Regression {
		classes = 0
	}
	l, t := ofs.Auto{Folds: opt.Folds, MaxSize: opt.MaxTerms}.Footprint(n, classes)
	return 8*N*float64(l+t)*kernelWorkerFactor*(1+w) + inputs, inputs, true
}
