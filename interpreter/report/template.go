package report

import "html/template"

// pageTemplate lays out a pageView. It is parsed once and only read
// afterwards (templates are safe for concurrent execution).
var pageTemplate = template.Must(template.New("page").Parse(pageHTML))

// pageHTML is the page: system fonts only, one column, sections as cards;
// charts scale down on narrow screens; a chart's figures fold under it.
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
:root { color-scheme: light; }
body { margin: 0; background: #f6f6f4; color: #222;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif; }
header, main { max-width: 960px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 24px; }
h1 { font-size: 1.7em; margin: 0 0 .2em; }
.subtitle { color: #555; margin: 0 0 .8em; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0 0 20px;
  padding: 12px 16px; background: #fff; border: 1px solid #e0e0dc; border-radius: 6px; }
dl.meta dt { font-weight: 600; color: #555; }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
section { background: #fff; border: 1px solid #e0e0dc; border-radius: 6px; padding: 16px 20px; margin: 0 0 20px; }
h2 { font-size: 1.2em; margin: 0 0 .6em; }
figure { margin: 0; }
figure svg { display: block; max-width: 100%; height: auto; }
svg text { font-family: "Liberation Sans", Arial, Helvetica, sans-serif !important; }
.caption { color: #555; font-size: .9em; margin: .5em 0 0; }
.empty { color: #777; font-style: italic; margin: 0; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-size: .9em; margin: .4em 0; }
th, td { padding: 3px 10px; border-bottom: 1px solid #eee; text-align: left; vertical-align: top; }
th { border-bottom: 2px solid #ccc; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.sig td { background: #fff3c4; font-weight: 600; }
.mark { color: #a05a00; }
details summary { cursor: pointer; color: #555; font-size: .9em; margin-top: .5em; }
@media print {
  body { background: #fff; }
  section { break-inside: avoid; border-color: #ccc; }
}
</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
{{- with .Subtitle}}
<p class="subtitle">{{.}}</p>
{{- end}}
{{- with .Meta}}
<dl class="meta">
{{- range .}}
<dt>{{.Label}}</dt><dd>{{.Value}}</dd>
{{- end}}
</dl>
{{- end}}
</header>
<main>
{{- range .Sections}}
<section id="{{.ID}}">
{{- with .Title}}
<h2>{{.}}</h2>
{{- end}}
{{- range .Paragraphs}}
<p>{{.}}</p>
{{- end}}
{{- if .Empty}}
<p class="empty">{{.Empty}}</p>
{{- else if .SVG}}
<figure>
{{.SVG}}
{{- with .Caption}}
<figcaption class="caption">{{.}}</figcaption>
{{- end}}
</figure>
{{- with .Data}}
<details><summary>Figures</summary>
{{template "table" .}}
</details>
{{- end}}
{{- else if .Table}}
{{template "table" .Table}}
{{- with .Caption}}
<p class="caption">{{.}}</p>
{{- end}}
{{- end}}
</section>
{{- end}}
</main>
</body>
</html>
{{define "table" -}}
<div class="scroll"><table>
{{- if .Header}}
<thead><tr>{{range .Header}}<th{{if .Numeric}} class="num"{{end}} scope="col">{{.Text}}</th>{{end}}</tr></thead>
{{- end}}
<tbody>
{{- range $i, $row := .Rows}}
{{- $sig := index $.Significant $i}}
<tr{{if $sig}} class="sig"{{end}}>
{{- range $j, $c := $row}}<td{{if $c.Numeric}} class="num"{{end}}>{{$c.Text}}{{if and $sig (eq $j 0)}} <span class="mark" title="significant">✱</span>{{end}}</td>{{end}}</tr>
{{- end}}
</tbody>
</table></div>
{{- if .AnyMarked}}
<p class="caption"><span class="mark">✱</span> significant (highlighted rows)</p>
{{- end}}
{{- end}}
`
