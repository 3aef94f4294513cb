//go:build linux

package hugepage

import (
	"syscall"
	"unsafe"
)

// madvHugepage is Linux's MADV_HUGEPAGE.
const madvHugepage = 14

// Advise asks the kernel to back the whole huge pages within f's memory (up to its capacity)
// with huge pages (madvise MADV_HUGEPAGE; it takes effect where transparent huge pages are
// enabled "always" or "madvise"). It changes no value of f; failures are ignored.
func Advise(f []float64) {
	if cap(f)*8 < minBytes {
		return
	}
	base := unsafe.Pointer(unsafe.SliceData(f))
	start, end := aligned(uintptr(base), uintptr(cap(f))*8)
	if start >= end {
		return
	}
	_ = syscall.Madvise(unsafe.Slice((*byte)(unsafe.Add(base, start-uintptr(base))), end-start), madvHugepage)
}
