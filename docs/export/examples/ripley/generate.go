// This directory is an example of a Go export: the 7-node LOOMI classifier of
// ../ripley.model.json (fitted by docs/export/measure on synth.Ripley data), exported by
// `sparsekernel export`. The C exports of the same model are ../ripley.c and
// ../ripley_float.c, the Python one ../ripley.py, the JavaScript one ../ripley.mjs. To
// regenerate all five after a change of the exporter:
//
//	go generate ./docs/export/examples/ripley

package ripley

//go:generate go run ../../../../cmd/sparsekernel export -o ripley.go ../ripley.model.json
//go:generate go run ../../../../cmd/sparsekernel export -o ../ripley.c ../ripley.model.json
//go:generate go run ../../../../cmd/sparsekernel export -float -name ripley_f -o ../ripley_float.c ../ripley.model.json
//go:generate go run ../../../../cmd/sparsekernel export -o ../ripley.py ../ripley.model.json
//go:generate go run ../../../../cmd/sparsekernel export -o ../ripley.mjs ../ripley.model.json
