package serve

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/sparsekernel/sparsekernel/model"
)

// refAnswer builds the answer to POST /predict for the rows X from model.Model's methods
// and strconv.AppendFloat(b, v, 'g', -1, 64): what the handler must write, byte for byte.
func refAnswer(t testing.TB, m *model.Model, X [][]float64) []byte {
	t.Helper()
	quote := func(s string) []byte {
		q, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	b := []byte(`{"predictions":[`)
	for r, x := range X {
		f, err := m.Decision(x)
		if err != nil {
			t.Fatal(err)
		}
		if r > 0 {
			b = append(b, ',')
		}
		if m.Task == model.Classification {
			l, err := m.Label(f)
			if err != nil {
				t.Fatal(err)
			}
			b = append(append(b, `{"label":`...), quote(l)...)
		} else {
			b = strconv.AppendFloat(append(b, `{"value":`...), f[0], 'g', -1, 64)
		}
		b = append(b, `,"decision":[`...)
		for k, v := range f {
			if k > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendFloat(b, v, 'g', -1, 64)
		}
		b = append(b, ']')
		if m.Task == model.Classification && m.Calibration != nil {
			p := make([]float64, len(m.Classes))
			if err := m.Probabilities(p, f); err != nil {
				t.Fatal(err)
			}
			b = append(b, `,"probabilities":{`...)
			for c, v := range p {
				if c > 0 {
					b = append(b, ',')
				}
				b = append(append(b, quote(m.Classes[c])...), ':')
				b = strconv.AppendFloat(b, v, 'g', -1, 64)
			}
			b = append(b, '}')
		}
		b = append(b, '}')
	}
	return append(b, "]}\n"...)
}

// numberText writes an input value in one of the forms a client may send: short decimals,
// full precision, exponent forms, integers, long digit strings, extreme magnitudes.
func numberText(rng *rand.Rand) string {
	v := 3 * rng.NormFloat64()
	switch rng.IntN(12) {
	case 0, 1, 2, 3:
		return strconv.FormatFloat(math.Round(v*1e4)/1e4, 'g', -1, 64)
	case 4:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case 5:
		return strconv.FormatFloat(v, 'e', rng.IntN(20), 64)
	case 6:
		return strconv.FormatFloat(v, 'f', rng.IntN(25), 64)
	case 7:
		return strconv.Itoa(rng.IntN(2000) - 1000)
	case 8:
		return strconv.FormatFloat(v, 'E', -1, 64)
	case 9:
		return []string{"-0", "0", "0.0", "1e22", "1e23", "-1e-300", "4.9e-324", "1.7976931348623157e308",
			"9007199254740993", "123456789012345678901234567890", "0.30000000000000004", "2e-1",
			"0.1e1", "1E+2", "-2.5e-3", "7e0"}[rng.IntN(16)]
	case 10:
		return strconv.FormatFloat(v*math.Pow(10, float64(rng.IntN(40)-20)), 'g', -1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 3, 64)
	}
}

// TestAnswerBitIdentical pins the answers of POST /predict, byte for byte, to those built
// from model.Model's methods and strconv.AppendFloat, for batches of rows written in many
// number forms, on every kind of model.
func TestAnswerBitIdentical(t *testing.T) {
	models := map[string]*model.Model{"bench": benchModel(), "two classes": twoClass(), "three classes": threeClass(),
		"regressor": regressor(), "uncalibrated": uncalibrated()}
	rng := rand.New(rand.NewPCG(21, 4))
	for name, m := range models {
		s, _ := newServer(t, m, Config{})
		h := s.Handler()
		for trial := range 30 {
			n := 1 + rng.IntN(300)
			if trial == 0 {
				n = 1000
			}
			X := make([][]float64, n)
			var body strings.Builder
			body.WriteString(`{"rows": [`)
			for r := range X {
				if r > 0 {
					body.WriteString(", ")
				}
				body.WriteByte('[')
				X[r] = make([]float64, m.Inputs)
				for j := range X[r] {
					if j > 0 {
						body.WriteString([]string{",", ", ", " ,", "\n,\t"}[rng.IntN(4)])
					}
					s := numberText(rng)
					v, err := strconv.ParseFloat(s, 64)
					if err != nil {
						t.Fatal(err)
					}
					X[r][j] = v
					body.WriteString(s)
				}
				body.WriteByte(']')
			}
			body.WriteString("]}")
			status, _, got := do(h, "POST", "/predict", "application/json", body.String())
			if status != http.StatusOK {
				t.Fatalf("%s: status %d: %s", name, status, got)
			}
			if want := refAnswer(t, m, X); !bytes.Equal(got, want) {
				i := 0
				for i < len(got) && i < len(want) && got[i] == want[i] {
					i++
				}
				t.Fatalf("%s, trial %d: the answer differs at byte %d:\n got %.200s\nwant %.200s", name, trial, i, got[max(i-100, 0):], want[max(i-100, 0):])
			}
		}
	}
}
