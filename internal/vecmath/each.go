package vecmath

import (
	"sync"
	"sync/atomic"
)

// Each calls do(i) for i = 0, ..., n-1, shared out among up to workers goroutines that take the
// next index as they finish one (on the calling goroutine alone with one worker or fewer).
func Each(n, workers int, do func(i int)) {
	workers = min(workers, n)
	if workers <= 1 {
		for i := range n {
			do(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				do(i)
			}
		})
	}
	wg.Wait()
}
