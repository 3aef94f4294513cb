// Command measure writes the data and the models that docs/export/measure.sh measures: a
// two-class problem in 2 inputs (synth.Ripley) and in 10 (the same with 8 inputs of pure
// noise), 250 training and 1000 test points each, and LOOMI models of exactly 5 and 20 nodes
// on each. It prints each model's test error. Benchmark material only, not a test.
//
//	go run ./docs/export/measure -o DIR
package main

import (
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sparsekernel/sparsekernel"
	"github.com/sparsekernel/sparsekernel/model"
	"github.com/sparsekernel/sparsekernel/synth"
)

func main() {
	out := flag.String("o", ".", "output `directory`")
	example := flag.String("example", "", "also write the natural-size LOOMI model of the 2-D data to this `file`")
	flag.Parse()
	log.SetFlags(0)
	for _, p := range []struct {
		name  string
		noise int
	}{{"2d", 0}, {"10d", 8}} {
		train := withNoise(synth.Ripley(250, 1), p.noise, 11)
		test := withNoise(synth.Ripley(1000, 2), p.noise, 12)
		writeCSV(filepath.Join(*out, p.name+"_train.csv"), train)
		writeCSV(filepath.Join(*out, p.name+"_test.csv"), test)
		features := make([]string, len(train.X[0]))
		for j := range features {
			features[j] = "x" + strconv.Itoa(j+1)
		}
		sizes := []int{5, 20}
		if p.name == "2d" && *example != "" {
			sizes = append(sizes, 0)
		}
		for _, n := range sizes {
			opt := sparsekernel.Options{Method: sparsekernel.LOOMI, MinTerms: n, MaxTerms: n, Features: features, Seed: 1}
			labels := make([]string, len(train.Y))
			for i, v := range train.Y {
				labels[i] = map[bool]string{false: "a", true: "b"}[v > 0]
			}
			m, err := sparsekernel.FitLabels(train.X, labels, opt)
			if err != nil {
				log.Fatal(err)
			}
			path := filepath.Join(*out, fmt.Sprintf("%s_%d.model.json", p.name, n))
			if n == 0 {
				path = *example
			}
			if err := m.Save(path); err != nil {
				log.Fatal(err)
			}
			fmt.Printf("%s\t%d nodes\ttest error %.2f%%\n", path, m.Size(), 100*testError(m, test))
		}
	}
}

// withNoise appends k inputs of Gaussian noise (standard deviation 0.5) to every point.
func withNoise(s synth.Set, k int, seed uint64) synth.Set {
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := range s.X {
		for range k {
			s.X[i] = append(s.X[i], 0.5*rng.NormFloat64())
		}
	}
	return s
}

func writeCSV(path string, s synth.Set) {
	var b strings.Builder
	for j := range s.X[0] {
		fmt.Fprintf(&b, "x%d,", j+1)
	}
	b.WriteString("class\n")
	for i, x := range s.X {
		for _, v := range x {
			b.WriteString(strconv.FormatFloat(v, 'g', -1, 64) + ",")
		}
		b.WriteString(map[bool]string{true: "b", false: "a"}[s.Y[i] > 0] + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		log.Fatal(err)
	}
}

func testError(m *model.Model, s synth.Set) float64 {
	f, err := m.Decisions(s.X)
	if err != nil {
		log.Fatal(err)
	}
	wrong := 0
	for i, v := range f {
		if (model.Class(v) == 1) != (s.Y[i] > 0) {
			wrong++
		}
	}
	return float64(wrong) / float64(len(f))
}
