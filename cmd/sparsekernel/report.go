package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/sparsekernel/sparsekernel/internal/version"
	"github.com/sparsekernel/sparsekernel/model"
	benchreport "github.com/sparsekernel/sparsekernel/report"
)

func init() {
	commands = append(commands, &command{
		name:  "report",
		args:  "[flags] results.jsonl...",
		short: "write an HTML report of benchmark results beside the peers'",
		long: `
Report reads the JSON lines of 'sparsekernel bench -json' and of the peer scripts
(peers/results/*.jsonl) and writes one self-contained HTML page: per data set a table of
every method (test error, model size, time per fit; best marked), test error against
model size, the LOO curve of each model with its chosen size, a summary plot across sets,
and the software, machine, seeds and command lines behind each result.

-regions adds the decision regions of a two-input classification set:

	-regions [name=]data[,svc.json][,method=M]

data is a benchmark folder, a generated benchmark (ripley) or a labelled data file; name
(default: the folder's or file's name) is the data set's name in the results. The report
refits the model of ours with the lowest mean test error on that set (or method M) on the
training split of its first realisation, with the options and seed its run recorded, and
draws its nodes as ellipses. svc.json, written by report/testdata/svc_regions.py on the
same data, adds an SVC's regions and support vectors beside it.

Example:

	sparsekernel bench -json -generated ripley -realisations 5 > ripley.jsonl
	python3 report/testdata/svc_regions.py -o svc.json report/testdata/ripley-train.csv
	sparsekernel report -o report.html -regions ripley,svc.json ripley.jsonl peers/results/*.jsonl`,
		setup: func(fs *flag.FlagSet) func([]string, io.Writer, io.Writer) error {
			var (
				out     string
				title   string
				regions multiFlag
			)
			fs.StringVar(&out, "o", "report.html", "HTML `file` to write")
			fs.StringVar(&title, "title", "sparsekernel benchmark report", "page `title`")
			fs.Var(&regions, "regions", "decision regions of a 2-D set: `[name=]data[,svc.json][,method=M]` (repeatable)")
			return func(args []string, stdout, stderr io.Writer) error {
				if len(args) == 0 {
					return usagef("no results file given")
				}
				inputs := slices.Clone(args) // and the files -regions names, which -o must not replace
				for _, spec := range regions {
					for part := range strings.SplitSeq(spec, ",") {
						if _, file, ok := strings.Cut(part, "="); ok && !strings.HasPrefix(part, "method=") {
							part = file
						}
						inputs = append(inputs, part)
					}
				}
				if err := checkOutput(out, false, inputs...); err != nil {
					return err
				}
				rep := &benchreport.Report{Title: title,
					Generated: "Written by " + version.String() + " on " + time.Now().UTC().Format("2006-01-02 15:04 MST")}
				for _, path := range args {
					res, err := benchreport.ReadFile(path)
					if err != nil {
						return err
					}
					rep.Results = append(rep.Results, res...)
				}
				for _, spec := range regions {
					rg, err := regionsFrom(spec, rep.Results)
					if err != nil {
						return err
					}
					rep.Regions = append(rep.Regions, rg)
				}
				var buf bytes.Buffer
				if err := rep.WriteHTML(&buf); err != nil {
					return err
				}
				if err := model.WriteFileAtomic(out, buf.Bytes()); err != nil {
					return err
				}
				fmt.Fprintf(stdout, "report of %d results written to %s\n", len(rep.Results), out)
				return nil
			}
		},
	})
}

// regionsFrom parses a -regions value, [name=]data[,svc.json][,method=M], and fits the model.
func regionsFrom(spec string, results []*benchreport.Result) (*benchreport.Regions, error) {
	parts := strings.Split(spec, ",")
	name, data, named := strings.Cut(parts[0], "=")
	if !named {
		name, data = "", parts[0]
	}
	if data == "" {
		return nil, usagef("-regions %q: no data", spec)
	}
	var svcPath, method string
	for _, p := range parts[1:] {
		switch {
		case strings.HasPrefix(p, "method="):
			method = strings.TrimPrefix(p, "method=")
		case p != "" && svcPath == "":
			svcPath = p
		default:
			return nil, usagef("-regions %q: want [name=]data[,svc.json][,method=M]", spec)
		}
	}
	src, err := benchreport.OpenSource(data)
	if err != nil {
		return nil, err
	}
	if name == "" {
		name = src.Name()
	}
	rg, err := benchreport.FitRegions(name, src, results, method)
	if err != nil {
		return nil, err
	}
	if svcPath != "" {
		if rg.SVC, err = benchreport.ReadSVC(svcPath); err != nil {
			return nil, err
		}
	}
	return rg, nil
}
