package raw

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"io"
	"math"
	"strconv"
)

// A JSONWriter writes a raw audit as JSON while it runs, a sequence at a
// time, so that memory does not grow with the input:
//
//	{"raw": {"seqlen": N, "sequences": [{"Frequency": [p], …}, …],
//	 "tests": [{"battery": …, "test": …, "rows": […]}, …], "verdict": …}}
//
// Each sequence has every test, by NIST's names, in NIST's order, each
// with its p-values in NIST's order, [] where the test does not apply.
type JSONWriter struct {
	w     *bufio.Writer
	names []string
	n     int
}

// NewJSONWriter starts the JSON of an audit of sequences of seqlen bits.
func NewJSONWriter(w io.Writer, seqlen int) *JSONWriter {
	j := &JSONWriter{w: bufio.NewWriter(w)}
	for _, t := range Tests() {
		j.names = append(j.names, t.Name)
	}
	j.w.WriteString(`{"raw": {"seqlen": ` + strconv.Itoa(seqlen) + `, "sequences": [`)
	return j
}

// Sequence writes s; its signature is [Options.Each]'s.
func (j *JSONWriter) Sequence(s Sequence) error {
	b := j.w.AvailableBuffer()
	if j.n > 0 {
		b = append(b, ',')
	}
	j.n++
	b = append(b, "\n  {"...)
	for i, p := range s.P {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendQuote(b, j.names[i])
		b = append(b, ": ["...)
		for k, x := range p {
			if k > 0 {
				b = append(b, ", "...)
			}
			b = appendNumber(b, x)
		}
		b = append(b, ']')
	}
	b = append(b, '}')
	_, err := j.w.Write(b)
	return err
}

type jsonRow struct {
	Sequences  int      `json:"sequences"`
	Passed     int      `json:"passed"`
	Min        int      `json:"min"`
	Max        int      `json:"max"`
	Bins       [10]int  `json:"bins"`
	Uniformity *float64 `json:"uniformity"`
	Smallest   *float64 `json:"smallest"`
	P          *float64 `json:"p"`
	Checks     int      `json:"checks"`
	STSPass    bool     `json:"sts_pass"`
}

type jsonTest struct {
	Battery       string    `json:"battery"`
	Test          string    `json:"test"`
	NotApplicable int       `json:"not_applicable"`
	Reason        string    `json:"reason,omitempty"`
	Rows          []jsonRow `json:"rows"`
}

// Close ends the JSON with r's assessment (each test's rows: STS's
// second level and the checks of [Result.Verdict]), the sequences'
// count, the bytes read, their SHA-256, and the verdict. It does not close
// the underlying writer.
func (j *JSONWriter) Close(r *Result) error {
	tests := make([]jsonTest, len(r.Tests))
	for i, t := range r.Tests {
		jt := jsonTest{Battery: t.Battery, Test: t.Name, NotApplicable: t.NotApplicable, Reason: t.Reason, Rows: []jsonRow{}}
		for _, row := range t.Rows {
			jt.Rows = append(jt.Rows, jsonRow{Sequences: row.Sequences, Passed: row.Passed, Min: row.Min, Max: row.Max, Bins: row.Bins,
				Uniformity: number(row.Uniformity), Smallest: number(row.Smallest), P: number(row.P), Checks: row.Checks, STSPass: row.Pass()})
		}
		tests[i] = jt
	}
	rest, err := json.Marshal(struct {
		Count    int        `json:"count"`
		Bytes    int64      `json:"bytes"`
		LeftOver int64      `json:"leftover_bits"`
		SHA256   string     `json:"sha256"`
		Alpha    float64    `json:"alpha"`
		Checks   int        `json:"checks"`
		Tests    []jsonTest `json:"tests"`
		Verdict  string     `json:"verdict"`
	}{r.Sequences, r.Bytes, r.LeftOver, hex.EncodeToString(r.Digest[:]), r.Alpha, r.Checks(), tests, r.Verdict().String()})
	if err != nil {
		return err
	}
	j.w.WriteString("\n], ")
	j.w.Write(rest[1:]) // the fields, after "{"
	j.w.WriteString("}\n")
	return j.w.Flush()
}

// appendNumber appends x in JSON, in the shortest form that reads back as
// x; null for NaN or ±Inf, which JSON cannot hold.
func appendNumber(b []byte, x float64) []byte {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return append(b, "null"...)
	}
	return strconv.AppendFloat(b, x, 'g', -1, 64)
}

func number(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}
