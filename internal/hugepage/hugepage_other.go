//go:build !linux

package hugepage

// Advise does nothing on this system.
func Advise(f []float64) {}
