package seeds

import "testing"

// Neighbouring seeds, purposes and indices never share a derived seed.
func TestDeriveDistinct(t *testing.T) {
	seen := map[uint64][3]uint64{}
	for s := range uint64(50) {
		for p := range uint64(5) {
			for i := range uint64(50) {
				d := Derive(s, p, i)
				if prev, dup := seen[d]; dup {
					t.Fatalf("Derive(%d, %d, %d) = Derive%v", s, p, i, prev)
				}
				seen[d] = [3]uint64{s, p, i}
			}
		}
	}
}
