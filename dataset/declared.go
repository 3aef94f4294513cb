package dataset

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// readmeName is the file of a benchmark folder that may declare its task (declaredTask).
const readmeName = "README.md"

var (
	regressionWord     = regexp.MustCompile(`\bregression\b`)
	classificationWord = regexp.MustCompile(`\bclass(es|ification)?\b`)
)

// declaredTask returns the task that a folder's README names in its introduction, the text
// before its first section heading ("## ..."; a "# title" line is skipped): its first
// paragraph that names one task decides. A paragraph names a regression if it says
// "regression" and not "class", "classes" or "classification", and classes if it says those
// and not "regression" ("Regression: 506 samples", "Two-class classification, labels +1 / -1",
// "150 samples x 4 features, 3 classes"). Without such a paragraph nothing is declared.
func declaredTask(readme string) (Task, bool) {
	var para []string
	decide := func() (Task, bool) {
		text := strings.ToLower(strings.Join(para, " "))
		para = para[:0]
		reg, cls := regressionWord.MatchString(text), classificationWord.MatchString(text)
		switch {
		case reg && !cls:
			return Regression, true
		case cls && !reg:
			return Classification, true
		}
		return 0, false
	}
	for l := range strings.Lines(readme) {
		l = strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(l, "##"):
			return decide()
		case l == "":
			if t, ok := decide(); ok {
				return t, true
			}
		case !strings.HasPrefix(l, "#"):
			para = append(para, l)
		}
	}
	return decide()
}

// readDeclared reads the task the folder's README.md declares, if it has one.
func (f *Folder) readDeclared() error {
	b, err := os.ReadFile(filepath.Join(f.Dir, readmeName))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	}
	if t, ok := declaredTask(string(b)); ok {
		f.Declared = &t
	}
	return nil
}

// Task returns the folder's task and why. It is what DetectLabels reads from the labels,
// unless the folder's README.md declares the other task where the labels allow it either way:
// a regression for integer labels of three or more values (counts or scores, which the labels
// alone read as classes), classes for integer labels of many values or few rows each (which
// they read as a regression target). Text labels are always classes, two values never a
// regression target, and numbers that are not all integers never classes, whatever the README
// says (its words may be about something else: "as in a logistic regression study").
func (f *Folder) Task() Detection {
	det := DetectLabels(f.Labels)
	if f.Declared == nil || *f.Declared == det.Task {
		return det
	}
	cs, numeric := distinct(f.Labels, 0)
	if !numeric {
		return det
	}
	switch {
	case !integers(cs):
		return det
	case *f.Declared == Regression && len(cs) >= 3:
		return Detection{Regression, 0, fmt.Sprintf("%s declares a regression; the labels alone read as %d classes, %s", readmeName, det.Classes, det.Reason)}
	case *f.Declared == Classification:
		return Detection{Classification, len(cs), fmt.Sprintf("%s declares classes; the labels alone read as a regression target, %s", readmeName, det.Reason)}
	}
	return det
}
