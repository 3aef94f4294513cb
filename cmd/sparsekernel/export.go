package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sparsekernel/sparsekernel/export"
	"github.com/sparsekernel/sparsekernel/internal/words"
	"github.com/sparsekernel/sparsekernel/model"
)

func init() {
	commands = append(commands, &command{
		name:  "export",
		args:  "[flags] model.json",
		short: "write a model as one self-contained C, Go, Python or JavaScript source file",
		long: `
Export writes a saved model as one self-contained source file that predicts exactly like it:
C99 (no allocation, nothing beyond <math.h>), Go (nothing beyond package math), Python 3.8 or
later (a module that imports only math; no numpy) or JavaScript (an ES module that imports
nothing, for Node.js 18 or later and browsers). The file holds the input scaling, the nodes,
the weights, the class labels and the calibration as constant tables, and functions for the
decision values, the class index and label (or the value of a regressor) and the class
probabilities; its header comment (in Python, the module's docstring) says what the model is,
how it was trained and how to call it. Every name starts with the -name prefix, by default
derived from the model file name (for Python not a Python keyword, for JavaScript not a
reserved word: a derived one that is gets "model_" before it). The language is -lang (c, go,
python, js or javascript), or else Go if the -o file ends in .go, Python if it ends in .py,
JavaScript if it ends in .mjs or .js, or else C. Without -o the file goes to stdout.

Examples:

	sparsekernel export -lang c -o heart.c heart.model.json
	sparsekernel export -lang c -float -name heart -o heart_f.c heart.model.json
	mkdir -p heart && sparsekernel export -o heart/heart.go -package heart heart.model.json
	sparsekernel export -o heart.py heart.model.json
	sparsekernel export -o heart.mjs heart.model.json`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			var (
				lang, out, name, pkg string
				float                bool
			)
			fs.StringVar(&lang, "lang", "", "target `language`: c, go, python or js (default: from the -o extension, else c)")
			fs.StringVar(&out, "o", "", "output `file` (default: stdout)")
			fs.StringVar(&name, "name", "", "`prefix` of every exported name (default: from the model file name)")
			fs.StringVar(&pkg, "package", "", "Go: the package `name` (default: the prefix in lower case, or model)")
			fs.BoolVar(&float, "float", false, "C: single precision (float, expf), for devices without double support")
			return func(args []string, stdout, stderr io.Writer) error {
				if len(args) != 1 {
					return usagef("want one model file, got %s", words.Count(len(args), "argument"))
				}
				path := args[0]
				opt := export.Options{Name: name, Package: pkg, Float: float, Source: filepath.Base(path)}
				switch l := strings.ToLower(lang); {
				case l == "c" || l == "go" || l == "python" || l == "js":
					opt.Lang = export.Lang(l)
				case l == "javascript":
					opt.Lang = export.JS
				case l != "":
					return usagef("-lang %q: want c, go, python or js", lang)
				default:
					switch strings.ToLower(filepath.Ext(out)) {
					case ".go":
						opt.Lang = export.Go
					case ".py":
						opt.Lang = export.Python
					case ".mjs", ".js":
						opt.Lang = export.JS
					default:
						opt.Lang = export.C
					}
				}
				switch {
				case opt.Name == "":
					opt.Name = export.NameFromFile(path)
					if export.ValidNameFor(opt.Lang, opt.Name) != nil {
						opt.Name = "model_" + opt.Name // a keyword: class.json gives model_class
					}
				default:
					if err := export.ValidNameFor(opt.Lang, opt.Name); err != nil {
						return usagef("-name: %v", err)
					}
				}
				switch {
				case pkg != "" && opt.Lang != export.Go:
					return usagef("-package is for Go exports (-lang go)")
				case pkg != "":
					if err := export.ValidPackage(pkg); err != nil {
						return usagef("-package: %v", err)
					}
				case float && opt.Lang != export.C:
					return usagef("-float is for C exports (-lang c)")
				}
				if out != "" && sameFile(out, path) {
					return fmt.Errorf("%s: the output would overwrite the model file; choose another -o", out)
				}
				m, err := model.Load(path)
				if err != nil {
					return err
				}
				src, err := export.Generate(m, opt)
				if err != nil {
					return fmt.Errorf("%s: %w", path, err)
				}
				if out == "" {
					_, err := stdout.Write(src)
					return err
				}
				if err := model.WriteFileAtomic(out, src); err != nil {
					return err
				}
				fmt.Fprintf(stdout, "%s export of %s (%s) written to %s\n", langName(opt), path, words.Count(m.Size(), "node"), out)
				return nil
			}
		},
	})
}

// langName names the export's language for the summary line.
func langName(opt export.Options) string {
	switch {
	case opt.Lang == export.Go:
		return "Go"
	case opt.Lang == export.Python:
		return "Python"
	case opt.Lang == export.JS:
		return "JavaScript"
	case opt.Float:
		return "C (float)"
	default:
		return "C"
	}
}

// sameFile reports whether paths a and b name the same file (the same inode if both exist,
// the same absolute path otherwise).
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}
