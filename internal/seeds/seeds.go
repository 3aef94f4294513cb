// Package seeds derives independent random seeds from one user seed, so that every random
// choice of a run flows from that seed through its own stream.
package seeds

// Derive returns the seed of stream (purpose, index) of seed: a SplitMix64 hash of the three
// (Steele, Lea and Flood 2014), so that distinct (seed, purpose, index) give unrelated seeds;
// in particular seed s's stream i+1 is not seed s+1's stream i.
func Derive(seed, purpose, index uint64) uint64 {
	x := mix(seed ^ mix(purpose^0x5eed5eed) ^ mix(index+0x9e3779b97f4a7c15))
	return x
}

func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}
