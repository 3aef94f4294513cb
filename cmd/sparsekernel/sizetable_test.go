package main

import (
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// TestSizeTableEnding checks the line under eval's table of error against size: it says which
// model replaced the selection's (a contender) or what the pruning kept of it.
func TestSizeTableEnding(t *testing.T) {
	nodes := func(n int) []model.Node { return make([]model.Node, n) }
	for _, c := range []struct {
		name  string
		nodes int
		chose string
		want  string
	}{
		{"pruned", 4, "standardised inputs, 9 of 9 nodes, 4 kept by the Bernoulli evidence", "(of the 9 nodes selected, the evidence pruning kept 4)"},
		{"relevance vector machine", 5, "9 of 9 nodes; " + model.RVMChose + " at tau 2", "(the model is the relevance vector machine of 5 nodes that did better out of fold than this selection)"},
		{"logistic regression", 1, "9 of 9 nodes, 6 kept by the Gaussian evidence; " + model.LinearChose + ", as its cross-validated log-loss was as low", "(the model is the logistic regression on the inputs, one linear node, that did about as well out of fold as this selection of 9 nodes)"},
		{"unpruned", 9, "9 of 9 nodes", ""},
	} {
		m := &model.Model{Task: model.Classification, Nodes: nodes(c.nodes),
			Training: model.Training{Chosen: 9, Chose: c.chose, LOOErrors: make([]float64, 12), LOOScope: "cv"}}
		var b strings.Builder
		sizeTable(&b, m)
		out := b.String()
		last := strings.TrimSpace(out[strings.LastIndex(strings.TrimRight(out, "\n"), "\n")+1:])
		switch {
		case c.want == "" && strings.HasPrefix(last, "("):
			t.Errorf("%s: ends with %q", c.name, last)
		case c.want != "" && last != c.want:
			t.Errorf("%s: ends with %q, want %q", c.name, last, c.want)
		}
	}
}
