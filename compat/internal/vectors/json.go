package vectors

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Case is what numpy's and CPython's gen.py write of a case beside its seed:
// the call, its arguments and its output. Name labels the case in failures;
// the reader sets it.
type Case struct {
	Name   string            `json:"-"`
	Call   string            `json:"call"`
	Args   []json.RawMessage `json:"args"`
	Out    json.RawMessage   `json:"out"`
	SHA256 string            `json:"sha256"` // of a long list: [Sum], with Len and Prefix
	Prefix []int             `json:"prefix"`
	Len    int               `json:"len"`
}

// ReadJSON reads the JSON list of cases at path, failing t if it cannot or
// the list is empty, and logs the count.
func ReadJSON[V any](t testing.TB, path string) []V {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var vs []V
	if err := json.Unmarshal(b, &vs); err != nil {
		t.Fatal(err)
	}
	if len(vs) == 0 {
		t.Fatalf("%s: no vectors", path)
	}
	t.Logf("%s: %d cases", path, len(vs))
	return vs
}

// Arg returns argument i, a JSON number or a decimal string, as an int64.
func (c *Case) Arg(t testing.TB, i int) int64 {
	t.Helper()
	n, err := strconv.ParseInt(strings.Trim(string(c.Args[i]), `"`), 10, 64)
	if err != nil {
		t.Fatalf("%s: argument %d: %v", c.Name, i, err)
	}
	return n
}

// CheckInts compares a list of ints with the case: the whole list, or its
// length, first values and [Sum].
func (c *Case) CheckInts(t testing.TB, got []int) {
	t.Helper()
	if c.SHA256 == "" {
		var want []int
		if err := json.Unmarshal(c.Out, &want); err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("%s:\n got %v\nwant %v", c.Name, got, want)
		}
		return
	}
	sum := Sum(got)
	if len(got) != c.Len || !slices.Equal(got[:min(len(got), len(c.Prefix))], c.Prefix) || sum != c.SHA256 {
		t.Errorf("%s: got %d values starting %v, SHA-256 %s; want %d starting %v, %s",
			c.Name, len(got), got[:min(len(got), 10)], sum, c.Len, c.Prefix, c.SHA256)
	}
}

// CheckStrings compares outputs printed as Python prints them (repr of a
// float, str of an int) with the case's list of strings.
func (c *Case) CheckStrings(t testing.TB, got []string) {
	t.Helper()
	var want []string
	if err := json.Unmarshal(c.Out, &want); err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got %q\nwant %q", c.Name, got, want)
	}
}

// CheckJSON compares seq, marshalled, with the case's output: a string
// holding the JSON of a mixed list, as gen.py writes a sequence of calls.
func (c *Case) CheckJSON(t testing.TB, seq []any) {
	t.Helper()
	var s string
	if err := json.Unmarshal(c.Out, &s); err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	var want []any
	if err := json.Unmarshal([]byte(s), &want); err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	wantJSON, _ := json.Marshal(want)
	got, err := json.Marshal(seq)
	if err != nil {
		t.Fatalf("%s: %v", c.Name, err)
	}
	if string(got) != string(wantJSON) {
		t.Errorf("%s:\n got %s\nwant %s", c.Name, got, wantJSON)
	}
}
