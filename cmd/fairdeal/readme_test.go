package main

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/fair"
	"github.com/fairshuffle/shuffle/internal/readme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeCommands runs every fairdeal command of the shell blocks of
// README.md and docs/*.md (docs/fair-deal.md has the full round), in the
// order shown, in one folder, each once, and checks what it does. A
// command the documentation shows and this test does not know fails it,
// and so does one this test knows that the documentation no longer shows.
func TestReadmeCommands(t *testing.T) {
	cmds, err := readme.AllCommands("../..", "fairdeal ", false)
	require.NoError(t, err)
	require.NotEmpty(t, cmds)
	t.Chdir(t.TempDir())

	transcript := func(name string) map[string]any {
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		var m map[string]any
		require.NoError(t, json.Unmarshal(b, &m), name)
		return m
	}
	const deal = "fairdeal deal -secret seed.hex -client alice -client bob -nonce 0 -decks 6"
	checks := map[string]func(out string){
		"fairdeal commit -secret seed.hex > commitment.json": func(string) {
			st, err := os.Stat("seed.hex")
			require.NoError(t, err)
			assert.Equal(t, os.FileMode(0o600), st.Mode().Perm())
			b, _ := os.ReadFile("seed.hex")
			seed, err := hex.DecodeString(strings.TrimSpace(string(b)))
			require.NoError(t, err)
			assert.Equal(t, map[string]any{"version": 1.0, "commitment": fair.Commit(seed)}, transcript("commitment.json"))
		},
		deal + " > round0.json": func(string) {
			m := transcript("round0.json")
			assert.NotContains(t, m, "server_seed", "no seed without -reveal")
			assert.Equal(t, 312.0, m["n"])
		},
		deal + " -reveal > round0-revealed.json": func(string) {
			m := transcript("round0-revealed.json")
			assert.Contains(t, m, "server_seed")
			assert.Equal(t, transcript("commitment.json")["commitment"], m["commitment"])
		},
		"fairdeal verify round0-revealed.json": func(out string) {
			assert.True(t, strings.HasPrefix(out, "ok: the commitment is the SHA-256 of the server seed\n"+
				"ok: the deck is the deal of 2 client seeds, nonce 0, 312 cards\n"), out)
		},
	}
	ran := map[string]bool{}
	for _, c := range cmds {
		if ran[c] {
			continue
		}
		check, ok := checks[c]
		if !assert.True(t, ok, "README or docs/ command %q is not checked by this test", c) {
			continue
		}
		ran[c] = true
		args := strings.Fields(strings.TrimPrefix(c, "fairdeal "))
		var to string
		if i := slices.Index(args, ">"); i >= 0 {
			require.Equal(t, i+2, len(args), "%s: > FILE must come last", c)
			args, to = args[:i], args[i+1]
		}
		code, out, errs := fairdeal(t, "", args...)
		require.Equal(t, 0, code, "%s: %s", c, errs)
		if to != "" {
			require.NoError(t, os.WriteFile(to, []byte(out), 0o644))
		}
		check(out)
	}
	for c := range checks {
		assert.True(t, ran[c], "neither README.md nor docs/ shows %q any more", c)
	}
}
