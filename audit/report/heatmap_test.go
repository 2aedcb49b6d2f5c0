package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"math/rand/v2"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"

	"github.com/fairshuffle/shuffle/audit"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// flatHeatmap returns a Heatmap of deck size n with every probability 1/n.
func flatHeatmap(n int) Heatmap {
	p := make([]float64, n*n)
	for k := range p {
		p[k] = 1 / float64(n)
	}
	return Heatmap{N: n, P: p, Scale: 0.25, Title: "test"}
}

// nearColour reports whether a and b differ by at most tol in every channel.
func nearColour(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return math.Abs(float64(x)-float64(y)) <= float64(tol) }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// decodePNG renders h as a PNG and decodes it again.
func decodePNG(t *testing.T, h Heatmap) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := h.WritePNG(&buf); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func TestPNGSize(t *testing.T) {
	for _, n := range []int{1, 2, 7, 52, 300} {
		h := flatHeatmap(n)
		h.Title = strings.Repeat("long title ", n%3*10)
		l := h.layout(newFace())
		img := decodePNG(t, h)
		if got, want := img.Bounds(), image.Rect(0, 0, l.w, l.h); got != want {
			t.Errorf("n=%d: bounds %v, want %v", n, got, want)
		}
		if l.cell < 2 || l.matrix.Dx() != n*l.cell || l.matrix.Dy() != n*l.cell {
			t.Errorf("n=%d: cell %d, matrix %v", n, l.cell, l.matrix)
		}
		if !l.matrix.In(img.Bounds()) || !l.bar.In(img.Bounds()) {
			t.Errorf("n=%d: matrix %v or bar %v outside %v", n, l.matrix, l.bar, img.Bounds())
		}
		for _, lb := range l.labels {
			w := textWidth(newFace(), lb.s)
			x := lb.x - w*lb.align/2
			r := image.Rect(x, lb.y-above, x+w, lb.y-above+lineH)
			if lb.vertical {
				r = image.Rect(lb.x, lb.y-w/2, lb.x+lineH, lb.y-w/2+w)
			}
			if !r.In(img.Bounds()) {
				t.Errorf("n=%d: label %q at %v outside %v", n, lb.s, r, img.Bounds())
			}
		}
	}
	if l := flatHeatmap(52).layout(newFace()); l.cell != 10 {
		t.Errorf("n=52: cell %d, want 10", l.cell)
	}
}

func TestPNGCells(t *testing.T) {
	const n = 4
	h := flatHeatmap(n)
	u := 1.0 / n
	h.P[0*n+1] = u * 1.1 // above 1/n
	h.P[0*n+2] = u * 0.9 // below 1/n
	h.P[1*n+0] = u * 2   // far above the scale
	h.P[1*n+1] = 0       // far below the scale
	l := h.layout(newFace())
	img := decodePNG(t, h)
	at := func(i, j int) color.RGBA {
		p := l.matrix.Min.Add(image.Pt(j*l.cell+l.cell/2, i*l.cell+l.cell/2))
		return color.RGBAModel.Convert(img.At(p.X, p.Y)).(color.RGBA)
	}
	if c := at(2, 2); !nearColour(c, color.RGBA{255, 255, 255, 255}, 3) {
		t.Errorf("cell at 1/n is %v, want white", c)
	}
	if c := at(0, 1); c.R <= c.B {
		t.Errorf("cell above 1/n is %v, want red-dominant", c)
	}
	if c := at(0, 2); c.B <= c.R {
		t.Errorf("cell below 1/n is %v, want blue-dominant", c)
	}
	if c := at(1, 0); c != colour(1) {
		t.Errorf("cell beyond the scale is %v, want %v", c, colour(1))
	}
	if c := at(1, 1); c != colour(-1) {
		t.Errorf("cell below the scale is %v, want %v", c, colour(-1))
	}
}

func TestColour(t *testing.T) {
	if c := colour(0); c != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("colour(0) = %v, want white", c)
	}
	if c := colour(math.NaN()); c != colour(0) {
		t.Errorf("colour(NaN) = %v, want white", c)
	}
	for _, d := range []float64{0.01, 0.2, 0.5, 0.7, 1} {
		c, m := colour(d), colour(-d)
		if c.R <= c.B || m.B <= m.R {
			t.Errorf("colour(%g) = %v, colour(%g) = %v: want red, blue", d, c, -d, m)
		}
		if !nearColour(c, color.RGBA{m.B, m.G, m.R, m.A}, 2) {
			t.Errorf("colour(%g) = %v and colour(%g) = %v are not mirror images", d, c, -d, m)
		}
	}
	for _, d := range []float64{1.5, 10, math.Inf(1)} {
		if colour(d) != colour(1) || colour(-d) != colour(-1) {
			t.Errorf("colour(±%g) not clipped to colour(±1)", d)
		}
	}
	// Moving away from 0 makes the colour monotonically darker.
	prev := colour(0)
	for k := 1; k <= 100; k++ {
		c := colour(float64(k) / 100)
		if c.G > prev.G || c.B > prev.B {
			t.Fatalf("colour(%g) = %v is lighter than %v", float64(k)/100, c, prev)
		}
		prev = c
	}
}

func TestSVG(t *testing.T) {
	const n = 13
	h := flatHeatmap(n)
	h.Title = `a < b & "c" > 'd'`
	var buf bytes.Buffer
	if err := h.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "a &lt; b &amp; ") {
		t.Errorf("title not escaped in\n%s", buf.String())
	}
	dec := xml.NewDecoder(&buf)
	cells, inText, title := 0, false, false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
			for _, a := range tok.Attr {
				if tok.Name.Local == "rect" && a.Name.Local == "class" && a.Value == "cell" {
					cells++
				}
			}
		case xml.CharData:
			title = title || inText && string(tok) == h.Title
		case xml.EndElement:
			inText = false
		}
	}
	if cells != n*n {
		t.Errorf("%d cell rects, want %d", cells, n*n)
	}
	if !title {
		t.Errorf("no text element holds the title %q", h.Title)
	}
}

func TestInvalid(t *testing.T) {
	for _, h := range []Heatmap{
		{N: 0},
		{N: 2, P: make([]float64, 3), Scale: 1},
		{N: 2, P: make([]float64, 4), Scale: 0},
		{N: 2, P: make([]float64, 4), Scale: math.NaN()},
		{N: 2, P: make([]float64, 4), Scale: math.Inf(1)},
	} {
		if err := h.WritePNG(io.Discard); err == nil {
			t.Errorf("WritePNG(%+v) succeeded", h)
		}
		if err := h.WriteSVG(io.Discard); err == nil {
			t.Errorf("WriteSVG(%+v) succeeded", h)
		}
	}
}

// TestInvalidMessages: each invalid heat map is refused with what is wrong
// with it; one row, one column and the smallest positive scale are valid.
func TestInvalidMessages(t *testing.T) {
	for _, c := range []struct {
		h   Heatmap
		err string
	}{
		{Heatmap{N: 0}, "heatmap: deck size 0 is not positive"},
		{Heatmap{N: -1}, "heatmap: deck size -1 is not positive"},
		{Heatmap{N: 2, M: -1, P: make([]float64, 4), Scale: 1}, "heatmap: -1 columns"},
		{Heatmap{N: 2, P: make([]float64, 3), Scale: 1}, "heatmap: 3 probabilities for 2 rows and 2 columns, want 4"},
		{Heatmap{N: 2, M: 3, P: make([]float64, 5), Scale: 1}, "heatmap: 5 probabilities for 2 rows and 3 columns, want 6"},
		{Heatmap{N: 2, P: make([]float64, 4), Scale: -1}, "heatmap: scale -1 is not positive and finite"},
		{Heatmap{N: 2, P: make([]float64, 4), Scale: math.Inf(1)}, "heatmap: scale +Inf is not positive and finite"},
		{Heatmap{N: 2, P: make([]float64, 4), Scale: math.NaN()}, "heatmap: scale NaN is not positive and finite"},
		{Heatmap{N: 1, P: make([]float64, 1), Scale: 5e-324}, ""},
		{Heatmap{N: 2, M: 1, P: make([]float64, 2), Scale: 1}, ""},
	} {
		err := c.h.validate()
		if c.err == "" {
			assert.NoError(t, err, "%+v", c.h)
		} else {
			assert.EqualError(t, err, c.err, "%+v", c.h)
		}
	}
}

func TestLegend(t *testing.T) {
	want := [3][2]string{{"1/n+25%", "0.0240"}, {"1/n", "0.0192"}, {"1/n-25%", "0.0144"}}
	if got := flatHeatmap(52).legend(); got != want {
		t.Errorf("legend = %q, want %q", got, want)
	}
	h := flatHeatmap(1000)
	h.Scale = 0.025
	want = [3][2]string{{"1/n+2.5%", "0.001025"}, {"1/n", "0.001000"}, {"1/n-2.5%", "0.000975"}}
	if got := h.legend(); got != want {
		t.Errorf("legend = %q, want %q", got, want)
	}
	// A scale of 2 or more: the decimals are those of 1/n, and the
	// bottom of the bar, below 0, reads 0.
	h = flatHeatmap(52)
	h.Scale = 2
	want = [3][2]string{{"1/n+200%", "0.0577"}, {"1/n", "0.0192"}, {"1/n-200%", "0.0000"}}
	if got := h.legend(); got != want {
		t.Errorf("legend = %q, want %q", got, want)
	}
}

func TestTicks(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{1, "[0]"},
		{2, "[0 1]"},
		{7, "[0 2 4 6]"},
		{52, "[0 10 20 30 40 51]"},
		{1000, "[0 200 400 600 800 999]"},
	} {
		if got := fmt.Sprint(ticks(tc.n)); got != tc.want {
			t.Errorf("ticks(%d) = %s, want %s", tc.n, got, tc.want)
		}
	}
}

// TestGlyphs: Go Regular has a glyph for every character the heat maps
// write, the arrows among them.
func TestGlyphs(t *testing.T) {
	const used = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .,-+=/()%:;'→↓"
	var buf sfnt.Buffer
	for _, r := range used {
		if i, err := goRegular().GlyphIndex(&buf, r); err != nil || i == 0 {
			t.Errorf("no glyph for %q: %v", r, err)
		}
	}
}

// TestTextWidth: drawn text inks only its box, from x to x + textWidth
// and from the line's top to lineH below, and inks both ends of it.
func TestTextWidth(t *testing.T) {
	face := newFace()
	for _, s := range []string{"H", "naive, n = 52 (100%)", "start position →", "1/n-25%", "0.0144"} {
		img := image.NewRGBA(image.Rect(0, 0, 400, 40))
		drawText(img, face, 5, 3, s, color.RGBA{0, 0, 0, 255})
		ink := image.Rectangle{}
		for y := range 40 {
			for x := range 400 {
				if img.RGBAAt(x, y).A != 0 {
					ink = ink.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		box := image.Rect(5, 3-above, 5+textWidth(face, s), 3-above+lineH)
		assert.True(t, ink.In(box), "%q: ink %v outside %v", s, ink, box)
		assert.LessOrEqual(t, box.Max.X-ink.Max.X, 3, "%q: ink %v ends short of %v", s, ink, box)
		assert.LessOrEqual(t, ink.Min.X-box.Min.X, 3, "%q: ink %v starts late in %v", s, ink, box)
	}
	assert.Zero(t, textWidth(face, ""))
	assert.True(t, capH > 0 && capH < lineH, "capH %d, lineH %d", capH, lineH)
}

// TestRectangle: a table of n rows and m columns has n·m cells of their
// own width, inside the picture with its labels.
func TestRectangle(t *testing.T) {
	for _, s := range [][2]int{{52, 5}, {52, 312}, {3, 1}, {10, 416}, {600, 3}} {
		n, m := s[0], s[1]
		h := Heatmap{N: n, M: m, P: make([]float64, n*m), Scale: 0.25, Title: "rectangle"}
		for k := range h.P {
			h.P[k] = (1 + 0.1*float64(k%5-2)) / float64(n)
		}
		l := h.layout(newFace())
		require.Equal(t, n*l.cell, l.matrix.Dy(), "%d×%d", n, m)
		require.Equal(t, m*l.cellW, l.matrix.Dx(), "%d×%d", n, m)
		assert.GreaterOrEqual(t, l.cellW, 2)
		img := decodePNG(t, h)
		assert.Equal(t, image.Rect(0, 0, l.w, l.h), img.Bounds())
		assert.True(t, l.matrix.In(img.Bounds()) && l.bar.In(img.Bounds()), "%d×%d", n, m)
		for _, lb := range l.labels {
			w := textWidth(newFace(), lb.s)
			x := lb.x - w*lb.align/2
			r := image.Rect(x, lb.y-above, x+w, lb.y-above+lineH)
			if lb.vertical {
				r = image.Rect(lb.x, lb.y-w/2, lb.x+lineH, lb.y-w/2+w)
			}
			assert.True(t, r.In(img.Bounds()), "%d×%d: label %q at %v outside %v", n, m, lb.s, r, img.Bounds())
		}
		// The last cell is the last probability's colour.
		at := l.matrix.Max.Sub(image.Pt(l.cellW/2+1, l.cell/2+1))
		assert.Equal(t, colour(h.deviation(n-1, m-1)), color.RGBAModel.Convert(img.At(at.X, at.Y)))
		var svg bytes.Buffer
		require.NoError(t, h.WriteSVG(&svg))
		assert.Equal(t, n*m, strings.Count(svg.String(), `class="cell"`))
	}
	assert.Error(t, Heatmap{N: 3, M: 2, P: make([]float64, 9), Scale: 1}.WritePNG(io.Discard))
	assert.Error(t, Heatmap{N: 3, M: -1, P: make([]float64, 9), Scale: 1}.WriteSVG(io.Discard))
}

// TestTables: the pictures of fair decks, shoes and deals average 1/n in
// every cell (the adjacency table's diagonal too, for a shoe), and a
// square table's picture is the report's counts over the decks.
func TestTables(t *testing.T) {
	needShoes(t)
	r := rand.New(rand.NewPCG(5, 5))
	for _, s := range []struct{ n, k, m int }{{6, 1, 6}, {6, 3, 18}, {6, 3, 7}, {6, 1, 4}, {6, 2, 1}} {
		a := audit.New(s.n, audit.Options{Copies: s.k, Dealt: s.m})
		shoe := make([]int, s.n*s.k)
		const decks = 40000
		for range decks {
			for i := range shoe {
				shoe[i] = i % s.n
			}
			r.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] })
			require.NoError(t, a.Add(shoe[:s.m]))
		}
		rep := a.Report()
		pos, adj := Heatmaps(rep, 0.25)
		require.Equal(t, s.n*s.m, len(pos.P))
		require.NoError(t, pos.validate())
		require.NoError(t, adj.validate())
		u := 1 / float64(s.n)
		for i, p := range pos.P {
			assert.InDelta(t, u, p, 0.15*u, "%+v: position cell %d", s, i)
		}
		for i, p := range adj.P {
			switch {
			case s.m < 2 || s.k == 1 && i/s.n == i%s.n:
				assert.True(t, math.IsNaN(p), "%+v: adjacency cell %d is %g, want blank", s, i, p)
			default:
				assert.InDelta(t, u, p, 0.15*u, "%+v: adjacency cell %d", s, i)
			}
		}
		if s.k == 1 && s.m == s.n {
			assert.Equal(t, float64(rep.Adjacency[1])/decks, adj.P[1])
		}
	}
}

// needShoes skips a test of whole shoes while audit.Report panics on them:
// at 4612cff its places test (audit/stats.go, margins) reads card j at
// place i as t[i*m+j] before it picks t[j*m+i], out of the table when a
// line holds more cards (m) than there are distinct cards (n).
func needShoes(t *testing.T) {
	t.Helper()
	a := audit.New(3, audit.Options{Copies: 2})
	for range 20 {
		require.NoError(t, a.Add([]int{0, 1, 2, 2, 1, 0}))
	}
	defer func() {
		if e := recover(); e != nil {
			t.Skipf("audit.Report panics on whole shoes: %v", e)
		}
	}()
	a.Report()
}

// TestPrintable: the control characters XML does not allow, and bytes
// that are not UTF-8, become U+FFFD; tab and newline stay.
func TestPrintable(t *testing.T) {
	assert.Equal(t, "\uFFFDa\tb\n\uFFFD", printable("\x01a\tb\n\xff"))
}

// TestShellQuote runs the quoted words through sh and gets them back.
func TestShellQuote(t *testing.T) {
	for _, w := range []string{"plain", "-in", "dir/decks-1.txt", "-alpha=0.01", "a,b:c@d+e%"} {
		assert.Equal(t, w, shellQuote(w), "needs no quotes")
	}
	assert.Equal(t, "''", shellQuote(""))
	assert.Equal(t, `'it'\''s'`, shellQuote("it's"))
	words := []string{"plain", "a b", "", "it's", `"q"`, "$HOME", "`x`", "a\\b", "*", "~", "x;y", "new\nline", "é", "'", "''", "-exec=a|b", "%s", "!", "#"}
	if runtime.GOOS == "windows" {
		t.Skip("no sh")
	}
	out, err := exec.Command("sh", "-c", `printf '%s\0' `+shellJoin(words)).Output()
	require.NoError(t, err)
	assert.Equal(t, words, strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00"))
}

// TestFooter: the page names the program that wrote it, and shuffle-audit
// as it always has.
func TestFooter(t *testing.T) {
	a := audit.New(3, audit.Options{})
	require.NoError(t, a.Add([]int{2, 0, 1}))
	for tool, want := range map[string]string{
		"shuffle-audit": "Written by shuffle-audit (github.com/fairshuffle/shuffle/cmd/shuffle-audit).",
		"lab <audit>":   "Written by lab &lt;audit&gt; (with github.com/fairshuffle/shuffle/audit/report).",
	} {
		var b bytes.Buffer
		require.NoError(t, HTML(&b, &Record{Report: a.Report(), Tool: tool}))
		assert.Contains(t, b.String(), want)
	}
}
