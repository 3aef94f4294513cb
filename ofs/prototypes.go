package ofs

import (
	"math"
	"math/rand/v2"

	"github.com/sparsekernel/sparsekernel/internal/seeds"
)

// Prototypes returns candidate centres that are not training points: the mean of X, and, for
// each group of points (the classes of a classifier; all points for a regressor, group nil),
// the centroids of k-means clusterings of the group with k = 1, 2, 4, 8 (16 for one group),
// as long as a cluster keeps at least 4 points on average. An RBF network is often best served
// by nodes on such centroids (Moody and Darken, 1989): a class that is a blob, or a radial
// boundary around the data's centre, needs one node there and no training point lies on it.
func Prototypes(X [][]float64, group []int, seed uint64) [][]float64 {
	return prototypes(X, group, seed, 8)
}

// prototypes is Prototypes with the groups' clusterings at k = 1, 2, 4, ... up to finest
// (one group: 2, 4, 8, 16).
func prototypes(X [][]float64, group []int, seed uint64, finest int) [][]float64 {
	groups := map[int][][]float64{}
	var order []int
	for i, x := range X {
		g := 0
		if group != nil {
			g = group[i]
		}
		if _, ok := groups[g]; !ok {
			order = append(order, g)
		}
		groups[g] = append(groups[g], x)
	}
	out := [][]float64{mean(X)}
	for gi, g := range order { // streams by order of appearance, not by the groups' numbers
		pts := groups[g]
		for _, k := range clusterings(len(pts), finest, len(order) == 1) {
			out = append(out, KMeans(pts, k, seeds.Derive(seed, uint64(gi), uint64(k)))...)
		}
	}
	return out
}

// clusterings returns the k of the clusterings of a group of size points, up to finest (one
// group alone: 2, 4, 8, 16), each keeping at least 4 points a cluster on average.
func clusterings(size, finest int, alone bool) []int {
	first, last := 1, finest
	if alone {
		first, last = 2, 16
	}
	var ks []int
	for k := first; k <= last && 4*k <= size; k *= 2 {
		ks = append(ks, k)
	}
	return ks
}

// prototypeCount returns how many centres prototypes returns for the groups class up to
// finest, without clustering.
func prototypeCount(class []int, finest int) int {
	size := map[int]int{}
	for _, g := range class {
		size[g]++
	}
	count := 1 // the mean
	for _, s := range size {
		for _, k := range clusterings(s, finest, len(size) == 1) {
			count += k
		}
	}
	return count
}

func mean(X [][]float64) []float64 {
	c := make([]float64, len(X[0]))
	for _, x := range X {
		for j, v := range x {
			c[j] += v
		}
	}
	for j := range c {
		c[j] /= float64(len(X))
	}
	return c
}

// KMeans returns k centroids of X by Lloyd's algorithm (at most 10 sweeps: candidate centres
// need not be converged ones) from a k-means++ start drawn from seed.
func KMeans(X [][]float64, k int, seed uint64) [][]float64 {
	if k == 1 {
		return [][]float64{mean(X)}
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	C := [][]float64{append([]float64(nil), X[rng.IntN(len(X))]...)}
	d := make([]float64, len(X))
	for i := range d {
		d[i] = math.Inf(1)
	}
	for len(C) < k {
		var tot float64
		last := C[len(C)-1]
		for i, x := range X {
			d[i] = min(d[i], sqDist(x, last))
			tot += d[i]
		}
		pick := rng.IntN(len(X))
		if tot > 0 {
			r := rng.Float64() * tot
			for i := range X {
				if r -= d[i]; r <= 0 {
					pick = i
					break
				}
			}
		}
		C = append(C, append([]float64(nil), X[pick]...))
	}
	assign := make([]int, len(X))
	count := make([]int, k)
	dist := make([]float64, k)
	for it := range 10 {
		changed := false
		for i, x := range X {
			b := nearest(x, C, dist)
			if it == 0 || assign[i] != b {
				changed = true
				assign[i] = b
			}
		}
		if !changed {
			break
		}
		for c := range C {
			clear(C[c])
			count[c] = 0
		}
		for i, x := range X {
			count[assign[i]]++
			axpy(1, x, C[assign[i]])
		}
		for c := range C {
			if count[c] == 0 {
				copy(C[c], X[rng.IntN(len(X))])
				continue
			}
			for j := range C[c] {
				C[c][j] /= float64(count[c])
			}
		}
	}
	return C
}

// nearest returns the index of the centre of C nearest to x (the first of equally near), its
// squared distances to them in dist (len(C)): each summed as sqDist sums it, four centres a
// pass, so that four chains of additions run at once.
func nearest(x []float64, C [][]float64, dist []float64) int {
	c := 0
	for ; c+4 <= len(C); c += 4 {
		c0, c1, c2, c3 := C[c][:len(x)], C[c+1][:len(x)], C[c+2][:len(x)], C[c+3][:len(x)]
		var s0, s1, s2, s3 float64
		for j, v := range x {
			d0, d1, d2, d3 := v-c0[j], v-c1[j], v-c2[j], v-c3[j]
			s0 += d0 * d0
			s1 += d1 * d1
			s2 += d2 * d2
			s3 += d3 * d3
		}
		dist[c], dist[c+1], dist[c+2], dist[c+3] = s0, s1, s2, s3
	}
	for ; c < len(C); c++ {
		dist[c] = sqDist(x, C[c])
	}
	b, bd := 0, math.Inf(1)
	for c, v := range dist[:len(C)] {
		if v < bd {
			b, bd = c, v
		}
	}
	return b
}

func sqDist(a, b []float64) float64 {
	var s float64
	for j, v := range a {
		d := v - b[j]
		s += d * d
	}
	return s
}
