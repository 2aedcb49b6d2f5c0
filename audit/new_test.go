package audit

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

// fakeGame is a game of two outcomes whose Uses, Cards and Probs a test
// chooses, to reach each of New's checks of a game.
func fakeGame(cards, least, most int, probs []float64, err error) Game {
	g := Game{
		Name: "fake", Outcomes: []string{"a", "b"}, Cards: cards,
		Outcome: func([]int) int { return 0 },
		Probs:   func(int) ([]float64, error) { return probs, err },
	}
	if least >= 0 {
		g.Uses = func([]int) (int, int) { return least, most }
	}
	return g
}

// TestNewPanics: each of New's programmer errors panics with its message,
// at the first value past each bound; the bound itself does not.
func TestNewPanics(t *testing.T) {
	half := []float64{0.5, 0.5}
	games := func(g ...Game) []Game { return g }
	for _, c := range []struct {
		n    int
		o    Options
		want string // "" for no panic
	}{
		{2, Options{}, "audit: New: n = 2, want at least 3"},
		{3, Options{}, ""},
		// Each size check ahead of Dealt's: a Dealt of -1 shows which one fired.
		{3, Options{Copies: math.MaxInt32, Dealt: -1}, "audit: New: n = 3 with 2147483647 copies is too large"},
		{3, Options{Copies: math.MaxInt32/3 + 1, Dealt: -1}, "audit: New: n = 3 with 715827883 copies is too large"},
		{3, Options{Copies: math.MaxInt32 / 3, Dealt: -1}, "audit: New: Dealt = -1, want 0 to 2147483646"},
		{5, Options{Alpha: -0.01}, "audit: New: Alpha = -0.01, want 0 < Alpha < 1, or 0 for the default"},
		{5, Options{Alpha: 1}, "audit: New: Alpha = 1, want 0 < Alpha < 1, or 0 for the default"},
		{5, Options{Alpha: math.NaN()}, "audit: New: Alpha = NaN, want 0 < Alpha < 1, or 0 for the default"},
		{5, Options{Alpha: math.Nextafter(1, 0)}, ""},
		{5, Options{Batch: -1}, "audit: New: negative Batch -1"},
		{5, Options{Batch: 0}, ""},
		{5, Options{Copies: -1}, "audit: New: negative Copies -1"},
		{5, Options{Dealt: -1}, "audit: New: Dealt = -1, want 0 to 5"},
		{5, Options{Dealt: 6}, "audit: New: Dealt = 6, want 0 to 5"},
		{5, Options{Dealt: 5}, ""},
		{5, Options{Copies: 2, Dealt: 11}, "audit: New: Dealt = 11, want 0 to 10"},
		{5, Options{Copies: 2, Dealt: 10}, ""},
		{5, Options{Hand: -1}, "audit: New: negative Hand -1"},
		{5, Options{Dealt: 3, Hand: 4}, "audit: New: Hand = 4, more than the 3 cards dealt"},
		{5, Options{Dealt: 3, Hand: 3}, ""},
		{5, Options{Copies: 2, Hand: 2}, "audit: New: Hand = 2 of a shoe of 2 copies: its hands are not equally likely sets"},
		{5, Options{Copies: 1, Hand: 2}, ""},
		{100, Options{Hand: 50}, "audit: New: Hand = 50: C(100, 50) hands are too many to rank"},
		// Used: one game with Uses, whose bounds fit the deal.
		{52, Options{Used: true}, "audit: New: Used with 0 games, want one with Uses"},
		{52, Options{Used: true, Games: games(fakeGame(5, -1, 0, half, nil))}, "audit: New: Used with 1 games, want one with Uses"},
		{52, Options{Used: true, Games: games(fakeGame(5, 4, 5, half, nil), fakeGame(5, 4, 5, half, nil))}, "audit: New: Used with 2 games, want one with Uses"},
		{52, Options{Used: true, Games: games(fakeGame(5, 0, 5, half, nil))}, "audit: New: Used: game fake uses 0 to 5 cards, with Dealt = 0 of 52"},
		{52, Options{Used: true, Games: games(fakeGame(5, 1, 5, half, nil))}, ""},
		{52, Options{Used: true, Games: games(fakeGame(5, 52, 52, half, nil))}, "audit: New: Used: game fake uses 52 to 52 cards, with Dealt = 0 of 52"},
		{52, Options{Used: true, Games: games(fakeGame(5, 51, 51, half, nil))}, ""},
		{52, Options{Used: true, Copies: 2, Games: games(fakeGame(5, 103, 103, half, nil))}, ""},
		{52, Options{Used: true, Copies: 2, Games: games(fakeGame(5, 104, 104, half, nil))}, "audit: New: Used: game fake uses 104 to 104 cards, with Dealt = 0 of 104"},
		{52, Options{Used: true, Games: games(fakeGame(5, 4, 3, half, nil))}, "audit: New: Used: game fake uses 4 to 3 cards, with Dealt = 0 of 52"},
		{52, Options{Used: true, Games: games(fakeGame(5, 4, 4, half, nil))}, ""},
		{52, Options{Used: true, Dealt: 5, Games: games(fakeGame(5, 4, 5, half, nil))}, "audit: New: Used: game fake uses 4 to 5 cards, with Dealt = 5 of 52"},
		{52, Options{Used: true, Dealt: 4, Games: games(fakeGame(5, 4, 5, half, nil))}, ""},
		// The games: 52 cards, no more read than dealt (unless Used), chances
		// for every outcome.
		{51, Options{Games: games(fakeGame(5, -1, 0, half, nil))}, "audit: New: game fake needs 52 cards, not 51"},
		{52, Options{Dealt: 4, Games: games(fakeGame(5, -1, 0, half, nil))}, "audit: New: game fake reads 5 cards, more than the 4 dealt"},
		{52, Options{Dealt: 5, Games: games(fakeGame(5, -1, 0, half, nil))}, ""},
		{52, Options{Games: games(fakeGame(5, -1, 0, nil, errors.New("no such shoe")))}, "audit: New: no such shoe"},
		{52, Options{Games: games(fakeGame(5, -1, 0, []float64{1}, nil))}, "audit: New: game fake has 2 outcomes and 1 chances"},
		{52, Options{Games: games(fakeGame(5, -1, 0, []float64{1, 0}, nil))}, "audit: New: game fake has 1 possible outcomes, want at least 2"},
	} {
		wantNew(t, c.n, c.o, c.want)
	}
	if strconv.IntSize == 64 {
		n := math.MaxInt32
		n++ // at run time: the constant overflows int on 32-bit platforms
		wantNew(t, n, Options{}, "audit: New: n = 2147483648 with 1 copies is too large")
	}
}

// wantNew checks that New(n, o) panics with want, or, if want is "",
// does not panic.
func wantNew(t *testing.T, n int, o Options, want string) {
	t.Helper()
	name := fmt.Sprintf("New(%d, %+v)", n, o)
	if want == "" {
		assert.NotPanics(t, func() { New(n, o) }, name)
		return
	}
	assert.PanicsWithValue(t, want, func() { New(n, o) }, name)
}
