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

// TestSquareGolden: square tables draw exactly as they did before the
// tables could be rectangular (the digests are of the code at 4612cff: the
// PNG's decoded pixels, so that a change in the PNG encoder does not
// matter, and the SVG's bytes), so the README's heat maps do not change.
func TestSquareGolden(t *testing.T) {
	for _, g := range []struct {
		n         int
		adjacency bool
		w, h      int
		png, svg  string
	}{
		{1, false, 731, 640, "f6b3a3f8699b913cad89baba4a0d395a8adf5641d4debe198aadb50ff6ee2fa5", "0f459d1074641b901784fdb38588c17e31fd37a5ee9b6f6f1519d55ee94de839"},
		{7, false, 729, 638, "3f6438c4b13a7ef0f64904b951e91bf0d60dcb7c4acae875400656ba1c3b6c9e", "6f84a18847456648b811542f15947ebf0fb5d8d4a4317f89c9152468152c9dc0"},
		{7, true, 729, 638, "2d6f5bedf09c6413d97c141b53bacf3afc3cfde318b5b9fe0dc6e000c8365ffc", "f7d0b601e854134f94a282014a9ce64fd35bfaa55859d85711208231bdf65d36"},
		{52, false, 743, 640, "eea37f8d77b1290a22f32f6423e5ecc37470856398f01bc8d26dcfbafe3bdbd8", "4168b110f0ac13d1bf7ef9547b3221b4a470c6ab3e0eecac3bde239eea7a5ed4"},
		{52, true, 743, 640, "777c1906884390597e773375906eeb87ad108bfd626ca4154ddbfe3dc05d664d", "359ee521bf57e5067bedc90478c812f17d033806c4bee1bae16f7438be8674b0"},
		{300, false, 835, 720, "cbc399e4c764165410b6ee48a67a9684e5986d1385bb174915ba7192c3d9a64d", "62aa3cb433e0a0e1cff10eb75a7674a7b794c1bb6c5c409ef297eab6cca92c15"},
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
