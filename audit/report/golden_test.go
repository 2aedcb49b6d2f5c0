package report

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"image"
	"image/draw"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goldenSquare is a square heat map with a fixed pattern; the adjacency
// form has a NaN diagonal and its own axis labels.
func goldenSquare(n int, adjacency bool) Heatmap {
	h := Heatmap{N: n, P: make([]float64, n*n), Scale: 0.25, Title: fmt.Sprintf("golden, n = %d", n)}
	for i := range n {
		for j := range n {
			h.P[i*n+j] = (1 + 0.08*float64((7*i+3*j)%11-5)) / float64(n)
			if adjacency && i == j {
				h.P[i*n+j] = math.NaN()
			}
		}
	}
	if adjacency {
		h.Rows, h.Cols = "card →", "the card after it →"
	}
	return h
}

// TestSquareGolden: square tables draw exactly as they did when their text
// became Go Regular, drawn by golang.org/x/image/font (before, at 4612cff
// and since, a hand-drawn bitmap font: other digests, other sizes); a
// rectangular table's m = n draws as the square one. The digests are of
// the PNG's decoded pixels, so that a change in the PNG encoder does not
// matter, and of the SVG's bytes; the README's heat maps follow them.
func TestSquareGolden(t *testing.T) {
	for _, g := range []struct {
		n         int
		adjacency bool
		w, h      int
		png, svg  string
	}{
		{1, false, 717, 648, "197dd25c8faf87250a71be2cdd75ba09b30093569e9377df3e5b5e7529c18ea7", "a61f01f67cd90f5da6c59fb6ae1b08ceda6e8387c190c79a0198d7b84a646859"},
		{7, false, 715, 646, "30cfa94892d0c2782a61026a605361eea91534c604ec9c3254f11784fc7903f7", "e5759cdf9f74d279264e302b508131cdefbc95983ce03ad6fe2ee2334aecd295"},
		{7, true, 715, 646, "9403cda32c1fd9d7fedb3f923876875b3c359215962378b03ca87f53cbbc63d9", "116bef171c5fd65d2a35fb2fc35024cdb15dc29b50cc6f4c8b2521a7c0534719"},
		{52, false, 726, 648, "201181e29e34eb529aa21405560df2d88ebc9397f0819043c5c461bfb7e18af4", "41d06eb5bc3484514c848efcf400e0bc31354378653942be81fe198083eb20ad"},
		{52, true, 726, 648, "2ebdf4550d1b0533d1e10f176f029e6181f2417d18ddfbd1ecedef948d41ad5a", "8b59bcc268a18d18906d6877b2b7bb03e534249a990cdc5177e4d2b0ed09b8a3"},
		{300, false, 815, 728, "ccb01521fc637b9db962d6a31e2c69a5e3ff80f67b7a48fa62f12924d44b0dbc", "db8523a4e06afd391397a357a0bd7f54ad425a463d7de7aa8791f449f23b5537"},
	} {
		h := goldenSquare(g.n, g.adjacency)
		for _, m := range []int{0, g.n} { // m = n is the same table
			if m > 52 {
				break
			}
			h.M = m
			img := decodePNG(t, h)
			rgba := image.NewRGBA(img.Bounds())
			draw.Draw(rgba, rgba.Bounds(), img, image.Point{}, draw.Src)
			var svg bytes.Buffer
			require.NoError(t, h.WriteSVG(&svg))
			assert.Equal(t, image.Rect(0, 0, g.w, g.h), rgba.Bounds(), "n = %d", g.n)
			assert.Equal(t, g.png, fmt.Sprintf("%x", sha256.Sum256(rgba.Pix)), "n = %d, adjacency %v: PNG", g.n, g.adjacency)
			assert.Equal(t, g.svg, fmt.Sprintf("%x", sha256.Sum256(svg.Bytes())), "n = %d, adjacency %v: SVG", g.n, g.adjacency)
		}
	}
}
