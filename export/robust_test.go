package export

import (
	"errors"
	"fmt"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// A nil or zero model is an error wrapping model.ErrInvalid, not a nil dereference.
func TestGenerateNoModel(t *testing.T) {
	for _, m := range []*model.Model{nil, {}} {
		for _, lang := range []Lang{C, Go, Python, JS} {
			err := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						err = fmt.Errorf("panic: %v", r)
					}
				}()
				_, err = Generate(m, Options{Lang: lang})
				return err
			}()
			if !errors.Is(err, model.ErrInvalid) {
				t.Errorf("%v in %s: %v, want model.ErrInvalid", m, lang, err)
			}
		}
	}
}
