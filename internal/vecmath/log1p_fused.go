//go:build amd64.v3

package vecmath

// log1pFused says that this build's math.Log1p fuses products with sums (GOAMD64=v3 or
// later), which Log1p's assembly, rounding each product, would not match bit for bit.
const log1pFused = true
