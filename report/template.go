package report

import "html/template"

// pageTemplate is the report page. It is well-formed XML as well as HTML (void elements
// closed, no named entities), so that tests can check it with encoding/xml.
var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>{{.Title}}</title>
<style>
:root { color-scheme: light; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "Liberation Sans", Arial, sans-serif;
  color: #222; background: #fff; margin: 0 auto; max-width: 1180px; padding: 1.2em 1.5em 3em; }
h1 { font-size: 1.7em; margin: 0.2em 0; }
h2 { font-size: 1.3em; margin-top: 2em; padding-bottom: 0.2em; border-bottom: 2px solid #ddd; }
h3 { font-size: 1.05em; margin: 1.4em 0 0.4em; }
p.meta, p.note, figcaption { color: #555; font-size: 0.9em; }
nav ul { columns: 3 14em; padding-left: 1.2em; margin: 0.3em 0; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.9em; }
th, td { border: 1px solid #d4d4d4; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f1f3f5; }
tbody tr:nth-child(even) { background: #fafafa; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.best { font-weight: bold; background: #e6f4ea; }
.badge { display: inline-block; font-size: 0.75em; font-weight: bold; color: #fff; background: #2e7d32;
  border-radius: 0.3em; padding: 0 0.35em; margin-left: 0.35em; }
.sw { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.4em; border: 2px solid;
  border-radius: 50%; vertical-align: -0.05em; }
tr.peer td:first-child { color: #555; }
.figs { display: flex; flex-wrap: wrap; gap: 1em 1.5em; align-items: flex-start; }
figure { margin: 0.5em 0; max-width: 100%; }
figure svg { max-width: 100%; height: auto; display: block; }
figcaption { max-width: 36em; margin-top: 0.3em; }
table.runs td { font-size: 0.85em; }
table.runs td.cmd { font-family: ui-monospace, "Liberation Mono", monospace; word-break: break-all; }
</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
<p class="meta">{{if .Generated}}{{.Generated}}. {{end}}Results from {{range $i, $f := .Files}}{{if $i}}, {{end}}<code>{{$f}}</code>{{end}}.
Test error is the percentage of misclassified test points (classification) or the test MSE (regression) unless a table says otherwise; mean ± sample standard deviation over the realisations.</p>
</header>
<nav>
<h2>Contents</h2>
<ul>
{{if .Summary}}<li><a href="#summary">Summary across data sets</a></li>
{{end}}{{range .Sets}}<li><a href="#{{.ID}}">{{.Name}}</a></li>
{{end}}<li><a href="#runs">How the results were produced</a></li>
</ul>
</nav>
{{if .Summary}}<section id="summary">
<h2>Summary across data sets</h2>
<figure>{{.Summary}}<figcaption>{{.SummaryCaption}}</figcaption></figure>
</section>
{{end}}{{range .Sets}}<section id="{{.ID}}">
<h2>{{.Name}}</h2>
{{if .Rows}}<p class="meta">{{.Task}}; test error in {{.Metric}}.</p>
<table class="results">
<thead><tr><th>method</th><th>by</th><th>realisations</th><th>test error</th><th>model size</th><th>seconds per fit</th><th>evaluations</th></tr></thead>
<tbody>
{{range .Rows}}<tr{{if eq .By "peer"}} class="peer"{{end}}><td><span class="sw" style="border-color: {{.Color}};{{if ne .By "peer"}} background: {{.Color}};{{end}}"></span>{{.Label}}</td><td>{{.By}}</td><td class="num">{{.K}}</td><td class="num{{if .BestError}} best{{end}}">{{.Error}}{{if .BestError}}<span class="badge">best</span>{{end}}</td><td class="num{{if .Smallest}} best{{end}}">{{.Size}}{{if .Smallest}}<span class="badge">smallest</span>{{end}}</td><td class="num">{{.Seconds}}</td><td class="num">{{.Evals}}</td></tr>
{{end}}</tbody>
</table>
{{else}}<p class="note">No benchmark results for this set.</p>
{{end}}<div class="figs">
{{if .ErrorSize}}<figure>{{.ErrorSize}}<figcaption>Mean test error (bar: ± one standard deviation) against mean model size (log scale); filled markers: sparsekernel, hollow: peers.{{if .LeftOut}} {{.LeftOut}}{{end}}</figcaption></figure>
{{end}}</div>
{{if .Regions}}<h3>Decision regions</h3>
<div class="figs">
{{range .Regions}}<figure>{{.SVG}}<figcaption>{{.Caption}}</figcaption></figure>
{{end}}</div>
{{end}}{{if or .LOO .NoLOO}}<h3>LOO curves</h3>
{{if .LOO}}<div class="figs">
{{range .LOO}}<figure>{{.SVG}}<figcaption>{{.Caption}}</figcaption></figure>
{{end}}</div>
{{end}}{{if .NoLOO}}<p class="note">{{.NoLOO}}</p>
{{end}}{{end}}</section>
{{end}}<section id="runs">
<h2>How the results were produced</h2>
<p class="note">Software, machine, seed, command line and options (the fields that are not zero), as recorded in each result line ("not recorded": a line from an older sparsekernel, or a peer that records only its library versions).</p>
<table class="runs">
<thead><tr><th>file</th><th>results</th><th>software</th><th>machine</th><th>started</th><th>seed</th><th>command</th><th>options</th></tr></thead>
<tbody>
{{range .Runs}}<tr><td><code>{{.File}}</code></td><td>{{.Results}}</td><td>{{.Software}}</td><td>{{.Machine}}</td><td>{{.Started}}</td><td>{{.Seed}}</td><td class="cmd">{{.Command}}</td><td>{{.Options}}</td></tr>
{{end}}</tbody>
</table>
</section>
</body>
</html>
`))
