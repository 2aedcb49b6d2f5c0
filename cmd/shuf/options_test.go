package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAdditionsParsed: the options GNU shuf lacks, spelled in full, and
// the errors of their values.
func TestAdditionsParsed(t *testing.T) {
	t.Setenv("LC_ALL", "C") // the quotes of the messages
	for _, tc := range []struct {
		args  []string
		check func(*options)
	}{
		{[]string{"--header"}, func(o *options) { assert.Equal(t, 1, o.header) }},
		{[]string{"--header=3"}, func(o *options) { assert.Equal(t, 3, o.header) }},
		{[]string{"--header", "3"}, func(o *options) {
			assert.Equal(t, 1, o.header)
			assert.Equal(t, []string{"3"}, o.files, "an optional argument comes only with '='")
		}},
		{[]string{"--hea=3"}, func(o *options) {
			assert.Equal(t, 0, o.header)
			assert.Equal(t, uint64(3), o.count, "--hea is --head-count, as with GNU")
		}},
		{[]string{"--shards", "8"}, func(o *options) { assert.Equal(t, 8, o.shards) }},
		{[]string{"--split=80,10,10"}, func(o *options) { assert.Equal(t, []int{80, 10, 10}, o.split) }},
		{[]string{"--split", "50,50,0"}, func(o *options) { assert.Equal(t, []int{50, 50, 0}, o.split) }},
		{[]string{"a", "-", "b"}, func(o *options) { assert.Equal(t, []string{"a", "-", "b"}, o.files) }},
		{[]string{"--progress"}, func(o *options) { assert.Equal(t, progressLog, o.progress) }},
		{[]string{"--progress=250ms"}, func(o *options) { assert.Equal(t, 250*time.Millisecond, o.progress) }},
		{[]string{"--progress", "10"}, func(o *options) {
			assert.Equal(t, progressLog, o.progress)
			assert.Equal(t, []string{"10"}, o.files, "an optional argument comes only with '='")
		}},
		{[]string{"-e", "a", "b"}, func(o *options) { assert.Empty(t, o.files) }},
	} {
		o, err := parseArgs(tc.args)
		require.NoError(t, err, "%q", tc.args)
		tc.check(o)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--header=x"}, "invalid --header line count: 'x'"},
		{[]string{"--header="}, "invalid --header line count: ''"},
		{[]string{"--shards", "0"}, "invalid --shards count: '0'"},
		{[]string{"--shards", "-1"}, "invalid --shards count: '-1'"},
		{[]string{"--split", "100"}, "invalid --split percentages: '100'; 2 or 3 that sum to 100"},
		{[]string{"--split", "80,10"}, "invalid --split percentages: '80,10'; 2 or 3 that sum to 100"},
		{[]string{"--split", "80,10,10,"}, "invalid --split percentages: '80,10,10,'; 2 or 3 that sum to 100"},
		{[]string{"--split", "80,-10,30"}, "invalid --split percentages: '80,-10,30'; 2 or 3 that sum to 100"},
		{[]string{"--split", "150,-50"}, "invalid --split percentages: '150,-50'; 2 or 3 that sum to 100"},
		{[]string{"--split", "a,b"}, "invalid --split percentages: 'a,b'; 2 or 3 that sum to 100"},
		{[]string{"--split="}, "invalid --split percentages: ''; 2 or 3 that sum to 100"},
		{[]string{"--split", "40,30,20,10"}, "invalid --split percentages: '40,30,20,10'; 2 or 3 that sum to 100"},
		{[]string{"--split", "80,10,5"}, "invalid --split percentages: '80,10,5'; 2 or 3 that sum to 100"},
		{[]string{"--shards"}, "option '--shards' requires an argument"},
		{[]string{"--crypto=1"}, "option '--crypto' doesn't allow an argument"},
		{[]string{"--sp=1"}, "unrecognized option '--sp=1'"},
		{[]string{"--progress=0"}, "invalid --progress interval: '0'"},
		{[]string{"--prog"}, "unrecognized option '--prog'"},
		{[]string{"--he=1"}, "option '--he=1' is ambiguous; possibilities: '--head-count' '--help'"},
	} {
		_, err := parseArgs(tc.args)
		require.Error(t, err, "%q", tc.args)
		assert.Equal(t, tc.want, err.Error(), "%q", tc.args)
	}
}
