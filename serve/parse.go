package serve

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sparsekernel/sparsekernel/dataset"
	"github.com/sparsekernel/sparsekernel/internal/words"
)

// requestError is a bad request: the HTTP status to answer with and a message naming the
// row (1-based) and the field at fault.
type requestError struct {
	status int
	msg    string
}

func (e *requestError) Error() string { return e.msg }

func badRequest(format string, args ...any) *requestError {
	return &requestError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// table receives the rows of a request as one flat slice: row r is
// vals[r*inputs : (r+1)*inputs]. A categorical input's value is the index of its category
// (model.Model.Categories): -1 for a name the model was not trained on, which unknown records.
type table struct {
	inputs   int
	maxRows  int
	names    map[string]int // feature name -> column; nil when the model has none
	features []string
	fills    bool // the model fills missing inputs: a missing value is NaN, not an error
	// cats[j] maps the category names of categorical input j to their indices; cats is nil
	// for a model without categorical inputs, and cats[j] nil for a numeric input.
	cats    []map[string]int
	vals    []float64
	rows    int
	seen    []uint32 // object rows: seen[j] == stamp when feature j has a value in this row
	stamp   uint32
	unknown []unknownCategory // the category names of the rows the model does not know, in order
}

// unknownCategory is a category name that the model was not trained on, read as -1 (no
// indicator set).
type unknownCategory struct {
	row   int    // 0-based
	input int    // 0-based
	line  int    // the CSV line of the field; 0 in JSON
	name  string // as the request wrote it (a JSON number's text, a CSV field trimmed)
}

func (t *table) reset(inputs, maxRows int, names map[string]int, features []string, fills bool, cats []map[string]int) {
	t.inputs, t.maxRows, t.names, t.features, t.fills, t.cats = inputs, maxRows, names, features, fills, cats
	t.vals = t.vals[:0]
	t.rows = 0
	clear(t.unknown) // (drops the names)
	t.unknown = t.unknown[:0]
	if cap(t.seen) < inputs {
		t.seen = make([]uint32, inputs)
		t.stamp = 0
	}
	t.seen = t.seen[:inputs]
}

// startRow counts a new row, refusing one beyond the row limit.
func (t *table) startRow() error {
	if t.rows >= t.maxRows {
		return &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("too many rows: the limit is %d per request", t.maxRows)}
	}
	t.rows++
	return nil
}

// field describes column j (0-based) of the current row for an error message.
func (t *table) field(j int) string {
	if j < len(t.features) {
		return fmt.Sprintf("row %d, field %d (%q)", t.rows, j+1, t.features[j])
	}
	return fmt.Sprintf("row %d, field %d", t.rows, j+1)
}

// categorical reports whether input j is categorical.
func (t *table) categorical(j int) bool { return t.cats != nil && t.cats[j] != nil }

// unknownCategory records name, a category of categorical input j in the current row that the
// model does not know, and returns its value, -1; line is the field's CSV line (0 in JSON).
func (t *table) unknownCategory(j int, name string, line int) float64 {
	t.unknown = append(t.unknown, unknownCategory{row: t.rows - 1, input: j, line: line, name: name})
	return -1
}

func (t *table) widthError(got int) error {
	return badRequest("row %d: %s, the model expects %d", t.rows, words.Count(got, "value"), t.inputs)
}

// featureList returns the model's feature names for an error message, shortened if long.
func (t *table) featureList() string {
	const most = 12
	if len(t.features) <= most {
		return strings.Join(t.features, ", ")
	}
	return strings.Join(t.features[:most], ", ") + fmt.Sprintf(", ... (%d in all)", len(t.features))
}

// clip shortens user text quoted in an error message.
func clip(s []byte) string {
	const most = 40
	if len(s) > most {
		return string(s[:most]) + "..."
	}
	return string(s)
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// noFill is the end of the message refusing a missing value for a model without fill values.
const noFill = "is a missing value, and the model was trained without missing values (train it with -missing median, or Options.FillMissing, to fill them)"

// jsonParser reads the request forms
//
//	{"rows": [[1, 2], [3, 4]]}   {"rows": [{"a": 1, "b": 2}]}   [[1, 2], [3, 4]]   {"row": [1, 2]}
//
// into a table, without reflection and without allocating for well-formed input. It
// accepts exactly the JSON texts that encoding/json accepts (the fuzz test compares it with
// a decoder built on encoding/json), with the structure above. For a model that fills
// missing inputs, a null value and a feature left out of an object row are missing (NaN);
// for one that does not, they are errors. A categorical input takes a string, or a number
// read as its text as written (1.5 names the category "1.5", and 3.0 not "3"), naming one of
// its categories (table.unknownCategory for one it does not know; a marker of a missing value
// that names none, such as "NA", is missing, as in a CSV body), or a boolean naming its
// category true or false in any case (True, TRUE), where it has one.
type jsonParser struct {
	data []byte
	pos  int
	t    *table
}

func parseJSON(data []byte, t *table) error {
	p := jsonParser{data: data, t: t}
	p.skipSpace()
	if p.pos == len(p.data) {
		return badRequest("empty body: send {\"rows\": [[...], ...]}")
	}
	var err error
	switch p.data[p.pos] {
	case '[':
		err = p.rows()
	case '{':
		err = p.top()
	default:
		return p.syntax("expected '{' or '[' at the start of the body")
	}
	if err != nil {
		return err
	}
	p.skipSpace()
	if p.pos != len(p.data) {
		return p.syntax("data after the end of the JSON value")
	}
	return nil
}

func (p *jsonParser) syntax(msg string) error {
	return badRequest("malformed JSON at byte %d: %s", p.pos+1, msg)
}

func (p *jsonParser) skipSpace() { p.pos = spaceEnd(p.data, p.pos) }

// spaceEnd returns the index of the first byte at or after i that is not JSON white space.
func spaceEnd(d []byte, i int) int {
	for i < len(d) && (d[i] == ' ' || d[i] == '\n' || d[i] == '\t' || d[i] == '\r') {
		i++
	}
	return i
}

// next skips white space and returns the next byte, or 0 at the end of the data.
func (p *jsonParser) next() byte {
	p.skipSpace()
	if p.pos == len(p.data) {
		return 0
	}
	return p.data[p.pos]
}

// top reads {"rows": [...]} or {"row": [...]}.
func (p *jsonParser) top() error {
	p.pos++ // '{'
	if p.next() == '}' {
		return badRequest("the body has no \"rows\": send {\"rows\": [[...], ...]}")
	}
	var sawRows, sawRow bool
	for {
		if p.next() != '"' {
			return p.syntax("expected a key in double quotes")
		}
		key, err := p.str()
		if err != nil {
			return err
		}
		if p.next() != ':' {
			return p.syntax("expected ':' after a key")
		}
		p.pos++
		switch string(key) {
		case "rows":
			if sawRows || sawRow {
				return badRequest("the body has \"rows\" twice, or both \"rows\" and \"row\"")
			}
			sawRows = true
			if p.next() != '[' {
				return badRequest("\"rows\" must be an array of rows")
			}
			if err := p.rows(); err != nil {
				return err
			}
		case "row":
			if sawRows || sawRow {
				return badRequest("the body has \"row\" twice, or both \"rows\" and \"row\"")
			}
			sawRow = true
			if err := p.t.startRow(); err != nil {
				return err
			}
			if err := p.row(); err != nil {
				return err
			}
		default:
			return badRequest("unknown key %q: the body holds \"rows\" (or \"row\" for one row)", clip(key))
		}
		switch p.next() {
		case ',':
			p.pos++
		case '}':
			p.pos++
			if p.t.rows == 0 {
				return badRequest("no rows: send at least one")
			}
			return nil
		default:
			return p.syntax("expected ',' or '}' after a value")
		}
	}
}

// rows reads an array of rows.
func (p *jsonParser) rows() error {
	p.pos++ // '['
	if p.next() == ']' {
		return badRequest("no rows: send at least one")
	}
	for {
		if err := p.t.startRow(); err != nil {
			return err
		}
		if err := p.row(); err != nil {
			return err
		}
		switch p.next() {
		case ',':
			p.pos++
		case ']':
			p.pos++
			return nil
		default:
			return p.syntax(fmt.Sprintf("expected ',' or ']' after row %d", p.t.rows))
		}
	}
}

// row reads one row: an array of numbers or an object of feature names and numbers.
func (p *jsonParser) row() error {
	switch p.next() {
	case '[':
		return p.arrayRow()
	case '{':
		return p.objectRow()
	case 0:
		return p.syntax("unexpected end of the body")
	default:
		return badRequest("row %d: want an array of numbers or an object of feature values, found %s", p.t.rows, p.describe())
	}
}

func (p *jsonParser) arrayRow() error {
	t := p.t
	p.pos++ // '['
	if p.plainRow() {
		return nil
	}
	if p.next() == ']' {
		return t.widthError(0)
	}
	n := 0
	for {
		if n == t.inputs {
			return badRequest("row %d: more than %d values, the model expects %d", t.rows, n, t.inputs)
		}
		v, err := p.value(n, "")
		if err != nil {
			return err
		}
		t.vals = append(t.vals, v)
		n++
		switch p.next() {
		case ',':
			p.pos++
		case ']':
			p.pos++
			if n != t.inputs {
				return t.widthError(n)
			}
			return nil
		default:
			return p.syntax(fmt.Sprintf("expected ',' or ']' after a value in row %d", t.rows))
		}
	}
}

func (p *jsonParser) objectRow() error {
	t := p.t
	if t.names == nil {
		return badRequest("row %d: the model has no feature names; send each row as an array of %d numbers", t.rows, t.inputs)
	}
	p.pos++ // '{'
	base := len(t.vals)
	absent := 0.0 // the value of a feature the row leaves out
	if t.fills {
		absent = math.NaN()
	}
	for range t.inputs {
		t.vals = append(t.vals, absent)
	}
	t.stamp++
	if t.stamp == 0 { // wrapped: clear the marks
		clear(t.seen)
		t.stamp = 1
	}
	if p.next() == '}' {
		p.pos++
		return p.missing()
	}
	for {
		if p.next() != '"' {
			return p.syntax(fmt.Sprintf("expected a feature name in double quotes in row %d", t.rows))
		}
		name, err := p.str()
		if err != nil {
			return err
		}
		j, ok := t.names[string(name)]
		if !ok {
			return badRequest("row %d: unknown feature %q (the model's features: %s)", t.rows, clip(name), t.featureList())
		}
		if t.seen[j] == t.stamp {
			return badRequest("row %d: feature %q given twice", t.rows, name)
		}
		t.seen[j] = t.stamp
		if p.next() != ':' {
			return p.syntax("expected ':' after a feature name")
		}
		p.pos++
		v, err := p.value(j, string(name))
		if err != nil {
			return err
		}
		t.vals[base+j] = v
		switch p.next() {
		case ',':
			p.pos++
		case '}':
			p.pos++
			return p.missing()
		default:
			return p.syntax(fmt.Sprintf("expected ',' or '}' after a value in row %d", t.rows))
		}
	}
}

// missing reports the first feature that the current object row lacks, unless the model
// fills missing inputs.
func (p *jsonParser) missing() error {
	t := p.t
	if t.fills {
		return nil
	}
	for j, s := range t.seen {
		if s != t.stamp {
			return badRequest("row %d: missing feature %q", t.rows, t.features[j])
		}
	}
	return nil
}

// value reads one value of the current row, column j (name: its key in an object row): a
// number, or a category of a categorical input.
func (p *jsonParser) value(j int, name string) (float64, error) {
	if p.t.categorical(j) {
		return p.category(j, name)
	}
	return p.number(j, name)
}

// null reads null, a missing value of column j: NaN where the model fills missing inputs, an
// error where it does not.
func (p *jsonParser) null(j int, name string) (float64, error) {
	if !p.t.fills {
		return 0, badRequest("%s: null %s", p.where(j, name), noFill)
	}
	p.pos += len("null")
	return math.NaN(), nil
}

// isNull reports whether the value at the current position starts with null (what follows is
// checked by the caller, as after any value).
func (p *jsonParser) isNull() bool { return bytes.HasPrefix(p.data[p.pos:], []byte("null")) }

// number reads one value of the current row, column j (name: its key in an object row):
// a number, or null for a missing value (NaN) where the model fills missing inputs.
func (p *jsonParser) number(j int, name string) (float64, error) {
	c := p.next()
	if c != '-' && (c < '0' || c > '9') {
		if !p.isNull() {
			return 0, badRequest("%s: %s is not a number", p.where(j, name), p.describe())
		}
		return p.null(j, name)
	}
	start := p.pos
	v, exact, ok := p.scanNumber()
	if !ok || (p.pos < len(p.data) && numberByte(p.data[p.pos])) {
		return 0, p.malformed(start, j, name)
	}
	if exact {
		return v, nil
	}
	v, err := strconv.ParseFloat(string(p.data[start:p.pos]), 64)
	if err != nil || !finite(v) {
		return 0, badRequest("%s: %s is out of the range of finite numbers", p.where(j, name), p.data[start:p.pos])
	}
	return v, nil
}

// malformed returns the error for a malformed number at start, in column j.
func (p *jsonParser) malformed(start, j int, name string) error {
	end := start
	for end < len(p.data) && end-start < 24 && numberByte(p.data[end]) {
		end++
	}
	p.pos = start
	return p.syntax(fmt.Sprintf("%s: malformed number %q", p.where(j, name), p.data[start:end]))
}

// category reads the value of categorical input j of the current row (name: its key in an
// object row): a string or a number (its text as written) naming a category, whose index it
// returns (-1 for a name the model does not know: table.unknownCategory), or null for a missing
// value.
func (p *jsonParser) category(j int, name string) (float64, error) {
	var text []byte
	switch c := p.next(); {
	case c == '"':
		s, err := p.str()
		if err != nil {
			return 0, err
		}
		text = s
	case c == '-' || c >= '0' && c <= '9':
		start := p.pos
		if _, _, ok := p.scanNumber(); !ok || (p.pos < len(p.data) && numberByte(p.data[p.pos])) {
			return 0, p.malformed(start, j, name)
		}
		text = p.data[start:p.pos]
	case p.isNull():
		return p.null(j, name)
	case bytes.HasPrefix(p.data[p.pos:], []byte("true")), bytes.HasPrefix(p.data[p.pos:], []byte("false")):
		// a boolean names the category written as it is in any case (True, as Python
		// writes it, or TRUE, as R does), where the input has one such category
		text := "true"
		if p.data[p.pos] == 'f' {
			text = "false"
		}
		if c, ok := p.t.boolCategory(j, text); ok {
			p.pos += len(text)
			return float64(c), nil
		}
		return 0, badRequest("%s: a boolean is not a category name of this input, which has no category %s: send the category as a string", p.where(j, name), text)
	default:
		return 0, badRequest("%s: %s is not a category name: send the category as a string", p.where(j, name), p.describe())
	}
	text = bytes.TrimSpace(text) // (blanks around a name dropped, as the readers and a CSV body drop them)
	if c, ok := p.t.cats[j][string(text)]; ok {
		return float64(c), nil
	}
	if s := string(text); dataset.MissingCategory(s) { // (a marker, as in a CSV body)
		if !p.t.fills {
			return 0, badRequest("%s: %q %s", p.where(j, name), clip(text), noFill)
		}
		return math.NaN(), nil
	}
	return p.t.unknownCategory(j, string(text), 0), nil
}

// boolCategory returns the index of categorical input j's one category whose name is text
// ("true" or "false") in any case; false if it has none or several.
func (t *table) boolCategory(j int, text string) (int, bool) {
	found, index := 0, 0
	for name, c := range t.cats[j] {
		if strings.EqualFold(name, text) {
			found, index = found+1, c
		}
	}
	return index, found == 1
}

// plainRow reads the rest of an array row (after its '[') in the common form: the model's
// number of values, each a number whose value the exact fast path of scanDecimal gives,
// separated by commas and white space and closed by ']'. It
// returns false, having moved nothing, at anything else: the caller then reads the row with
// the general code, which finds the same values or reports the error.
func (p *jsonParser) plainRow() bool {
	t := p.t
	d := p.data
	i := p.pos
	base := len(t.vals)
	if t.inputs == 0 || t.cats != nil { // (a category's number is a name, not a value)
		return false
	}
	if cap(t.vals)-base < t.inputs {
		t.vals = append(t.vals, make([]float64, t.inputs)...)[:base]
	}
	vals := t.vals[base : base+t.inputs]
	for j := range vals {
		v, end, exact := scanDecimal(d, spaceEnd(d, i))
		if !exact {
			return false
		}
		vals[j] = v
		i = spaceEnd(d, end)
		if i == len(d) {
			return false
		}
		if j == len(vals)-1 {
			if d[i] != ']' {
				return false
			}
		} else if d[i] != ',' {
			return false
		}
		i++
	}
	t.vals = t.vals[:base+t.inputs]
	p.pos = i
	return true
}

// uint64pow10[n] is 10^n.
var uint64pow10 = [...]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
	1e16, 1e17, 1e18, 1e19}

// digitRun returns the length n of the run of decimal digits at d[i:] and, when n <= 19,
// its value.
func digitRun(d []byte, i int) (v uint64, n int) {
	for ; i < len(d); i++ {
		c := d[i] - '0'
		if c > 9 {
			break
		}
		v = v*10 + uint64(c)
		n++
	}
	return v, n
}

// where names the field of the current row for an error message.
func (p *jsonParser) where(j int, name string) string {
	if name != "" {
		return fmt.Sprintf("row %d, field %q", p.t.rows, name)
	}
	return p.t.field(j)
}

// numberByte reports whether c may continue a number-like token (for error messages).
func numberByte(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '.' || c == '+' || c == '-'
}

// pow10 holds the powers of ten that a float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
	1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// scanNumber moves past a number of the JSON grammar, reporting whether it is one. When the
// number has at most 15-16 significant digits (a mantissa below 2^53) and a decimal
// exponent within +-22, it also returns its value, exactly as strconv.ParseFloat would (the
// product or quotient of two exact float64s is correctly rounded); otherwise exact is false
// and the caller parses the text.
func (p *jsonParser) scanNumber() (v float64, exact, ok bool) {
	v, end, exact := scanDecimal(p.data, p.pos)
	if end < 0 {
		return 0, false, false
	}
	p.pos = end
	return v, exact, true
}

// scanDecimal reads the JSON number -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at d[i:]: end
// is where it stops (-1 if there is none), and exact says v is its value, from the
// exact fast path (at most 19 digits, a mantissa of at most 2^53 and a power of ten up to 22,
// which a float64 holds exactly: one rounding, so the correctly rounded value). Otherwise the
// value is strconv.ParseFloat's of d[i:end].
func scanDecimal(d []byte, i int) (v float64, end int, exact bool) {
	var sign uint64
	if i < len(d) && d[i] == '-' {
		sign = 1 << 63
	}
	i += int(sign >> 63)
	mant, digits := digitRun(d, i)
	switch {
	case digits == 0:
		return 0, -1, false
	case d[i] == '0': // a leading zero is the whole integer part
		mant, digits = 0, 1
	}
	i += digits
	exp := 0
	if i < len(d) && d[i] == '.' {
		i++
		frac, n := digitRun(d, i)
		if n == 0 {
			return 0, -1, false
		}
		if digits+n <= 19 {
			mant = mant*uint64pow10[n] + frac
		}
		digits += n
		i += n
		exp = -n
	}
	if i < len(d) && d[i]|0x20 == 'e' {
		i++
		eneg := i < len(d) && d[i] == '-'
		if i < len(d) && (d[i] == '-' || d[i] == '+') {
			i++
		}
		e, n := digitRun(d, i)
		if n == 0 {
			return 0, -1, false
		}
		i += n
		if n > 4 { // far beyond +-22 (or leading zeros): left to ParseFloat
			return 0, i, false
		}
		if eneg {
			e = -e
		}
		exp += int(int64(e))
	}
	// At most 19 digits: mant has not wrapped.
	if digits > 19 || mant > 1<<53 || exp < -22 || exp > 22 {
		return 0, i, false
	}
	v = float64(int64(mant)) // mant <= 2^53: the signed conversion is exact and cheaper
	if exp >= 0 {
		v *= pow10[exp]
	} else {
		v /= pow10[-exp]
	}
	return math.Float64frombits(math.Float64bits(v) | sign), i, true
}

// str reads a string and returns its value; the slice may alias the body.
func (p *jsonParser) str() ([]byte, error) {
	d := p.data
	start := p.pos
	i := start + 1
	plain := true
	for {
		if i == len(d) {
			p.pos = i
			return nil, p.syntax("unterminated string")
		}
		c := d[i]
		switch {
		case c == '"':
			p.pos = i + 1
			raw := d[start+1 : i]
			if !utf8.Valid(raw) { // (encoding/json would put U+FFFD in its place: a name no one sent)
				p.pos = start
				return nil, p.syntax("string of text that is not valid UTF-8")
			}
			if plain {
				return raw, nil
			}
			// Escapes: decode as encoding/json does.
			var s string
			if err := json.Unmarshal(d[start:i+1], &s); err != nil {
				p.pos = start
				return nil, p.syntax("malformed string")
			}
			return []byte(s), nil
		case c == '\\':
			plain = false
			i += 2
			if i > len(d) {
				i = len(d)
			}
		case c < 0x20:
			p.pos = i
			return nil, p.syntax("control character in a string")
		default:
			i++
		}
	}
}

// describe names the JSON value at the current position for an error message.
func (p *jsonParser) describe() string {
	d := p.data[p.pos:]
	switch {
	case len(d) == 0:
		return "the end of the body"
	case d[0] == '"':
		if s, err := p.str(); err == nil {
			return fmt.Sprintf("the string %q", clip(s))
		}
		return "a string"
	case d[0] == '[':
		return "an array"
	case d[0] == '{':
		return "an object"
	case bytes.HasPrefix(d, []byte("null")):
		return "null"
	case bytes.HasPrefix(d, []byte("true")), bytes.HasPrefix(d, []byte("false")):
		return "a boolean"
	default:
		end := 0
		for end < len(d) && end < 16 && d[end] > ' ' && d[end] != ',' && d[end] != ']' && d[end] != '}' {
			end++
		}
		if end == 0 {
			end = 1
		}
		return fmt.Sprintf("%q", d[:end])
	}
}

// parseCSV reads rows of comma-separated plain decimal numbers. An empty field, a marker of
// dataset.IsMissing ("NA", "?", ...) or NaN is a missing value (dataset.MissingValue, as the
// command line reads it): NaN where the model fills missing inputs, an error where it does
// not. A categorical input's field, trimmed as a number's is, names its category (one the
// model does not know is -1: table.unknownCategory); it is a missing value only where it is a
// missing-value marker that names none of the input's categories (not None, a category as the
// reader takes it). The first record is a
// header of feature names when header is "present", not when it is "absent", and otherwise
// (the Content-Type has no header parameter) when it holds one of the model's feature names
// or no number, missing value or known category (of the input of its column) at all. A
// header must name each of the model's features once, in any order. A leading UTF-8 byte
// order mark (Excel's "CSV UTF-8") is skipped, as the command line skips it.
func parseCSV(data []byte, t *table, header string) error {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if len(bytes.TrimSpace(data)) == 0 {
		return badRequest("empty body: send CSV rows of numbers")
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	r.TrimLeadingSpace = true
	var order []int // order[i]: the model column of CSV column i; nil: the model's order
	first := true
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return badRequest("malformed CSV at line %d: %v", pe.Line, pe.Err)
			}
			return badRequest("malformed CSV: %v", err)
		}
		if first {
			first = false
			if isHeader(rec, t, header) {
				line, _ := r.FieldPos(0)
				if order, err = headerOrder(rec, t, line, header == ""); err != nil {
					return err
				}
				continue
			}
		}
		if err := t.startRow(); err != nil {
			return err
		}
		if len(rec) != t.inputs {
			line, _ := r.FieldPos(0)
			return badRequest("row %d (line %d): %s, the model expects %d%s", t.rows, line, words.Count(len(rec), "value"), t.inputs, separatorHint(rec, t.inputs))
		}
		base := len(t.vals)
		for range t.inputs {
			t.vals = append(t.vals, 0)
		}
		for i, s := range rec {
			j := i
			if order != nil {
				j = order[i]
			}
			field := strings.TrimSpace(s)
			if t.categorical(j) {
				if err := t.csvCategory(base, j, field, r, i); err != nil {
					return err
				}
				continue
			}
			// Read as the command line reads a file's fields (dataset.ParseValue), so that the
			// same file does not predict here and fail there.
			v, err := dataset.ParseValue(field)
			if err != nil && t.fills && dataset.MissingValue(field) {
				v, err = math.NaN(), nil
			}
			if err != nil {
				line, _ := r.FieldPos(i)
				what := "is not a number"
				switch {
				case dataset.MissingValue(field):
					what = noFill
				case errors.Is(err, dataset.ErrNonFinite):
					what = "is not a finite number"
				default:
					if _, perr := strconv.ParseFloat(field, 64); perr == nil { // Go syntax: 1_000, 0x1p4
						what = "is not a number: write it in plain decimal notation (no underscores, no hexadecimal)"
					}
				}
				return badRequest("%s (line %d): %q %s", t.field(j), line, clip([]byte(s)), what)
			}
			t.vals[base+j] = v
		}
	}
	if t.rows == 0 {
		return badRequest("no rows: send at least one")
	}
	return nil
}

// csvCategory reads the trimmed field of CSV column i, categorical input j, of the row whose
// values start at t.vals[base].
func (t *table) csvCategory(base, j int, field string, r *csv.Reader, i int) error {
	if !utf8.ValidString(field) {
		line, _ := r.FieldPos(i)
		return badRequest("%s (line %d): category %q is not valid UTF-8 text (send UTF-8)", t.field(j), line, clip([]byte(field)))
	}
	c, known := t.cats[j][field]
	v := float64(c)
	switch {
	case known:
	case !dataset.MissingCategory(field): // (as the reader takes it)
		line, _ := r.FieldPos(i)
		v = t.unknownCategory(j, field, line)
	case t.fills:
		v = math.NaN()
	default:
		line, _ := r.FieldPos(i)
		return badRequest("%s (line %d): %q %s", t.field(j), line, clip([]byte(field)), noFill)
	}
	t.vals[base+j] = v
	return nil
}

func isHeader(rec []string, t *table, header string) bool {
	switch header {
	case "present":
		return true
	case "absent":
		return false
	}
	values := 0 // numbers, missing values and known categories
	for i, s := range rec {
		s = strings.TrimSpace(s)
		if _, ok := t.names[s]; ok {
			return true
		}
		if i < t.inputs && t.categorical(i) {
			if _, ok := t.cats[i][s]; ok {
				values++
				continue
			}
		}
		if _, err := strconv.ParseFloat(s, 64); err == nil || dataset.MissingValue(s) {
			values++
		}
	}
	return values == 0
}

// separatorHint says that a CSV body's fields are separated by commas where rec, a record of
// one field, holds a semicolon or a tab (a body written with another separator) and the model
// expects more inputs; "" otherwise.
func separatorHint(rec []string, inputs int) string {
	if len(rec) == 1 && inputs > 1 && strings.ContainsAny(rec[0], ";\t") {
		return "; a CSV body's fields are separated by commas (this one holds semicolons or tabs)"
	}
	return ""
}

// headerOrder maps the columns of a CSV header to the model's inputs; guessed says that
// isHeader took the record for a header without a header parameter.
func headerOrder(rec []string, t *table, line int, guessed bool) ([]int, error) {
	if t.names == nil {
		return nil, badRequest("line %d is a header, but the model has no feature names: send rows of %d numbers only", line, t.inputs)
	}
	order := make([]int, len(rec))
	used := make([]bool, t.inputs)
	for i, s := range rec {
		s = strings.TrimSpace(s)
		j, ok := t.names[s]
		if !ok {
			hint := separatorHint(rec, t.inputs)
			if hint == "" && t.cats != nil && guessed { // a first row of category names the model does not know?
				hint = "; if it is a row of data, send Content-Type: text/csv; header=absent"
			}
			return nil, badRequest("header (line %d), field %d: unknown feature %q (the model's features: %s)%s", line, i+1, clip([]byte(s)), t.featureList(), hint)
		}
		if used[j] {
			return nil, badRequest("header (line %d): feature %q given twice", line, s)
		}
		used[j] = true
		order[i] = j
	}
	for j, u := range used {
		if !u {
			return nil, badRequest("header (line %d): missing feature %q", line, t.features[j])
		}
	}
	return order, nil
}
