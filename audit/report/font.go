package report

import (
	"image"
	"image/color"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// The heat maps' text is Go Regular, the Go project's own font (BSD
// licence, with arrows among its glyphs), drawn by x/image's opentype
// rasterizer at fontSize pixels: the size the SVG asks of a browser's
// sans-serif, so that the PNG and the SVG share one layout. Its glyphs are
// smaller than 512 pixels, so the rasterizer works in fixed point: the
// same pixels on every platform.

// goRegular is the parsed font, shared: an *opentype.Font is safe for
// concurrent use, a Face is not.
var goRegular = sync.OnceValue(func() *opentype.Font {
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		panic("report: parsing Go Regular: " + err.Error())
	}
	return f
})

// newFace returns a face of Go Regular at fontSize pixels, for one
// goroutine.
func newFace() font.Face {
	face, err := opentype.NewFace(goRegular(), &opentype.FaceOptions{Size: fontSize, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("report: a face of Go Regular: " + err.Error())
	}
	return face
}

// lineH is the height of a line of text, capH that of capitals and digits
// above the baseline, and above that of the ascent above capitals, in
// pixels: a line whose capitals start at y spans y−above to y−above+lineH.
var lineH, capH, above = func() (int, int, int) {
	m := newFace().Metrics()
	return (m.Ascent + m.Descent).Ceil(), m.CapHeight.Ceil(), (m.Ascent - m.CapHeight).Ceil()
}()

// textWidth returns the advance width of s in face, in pixels.
func textWidth(face font.Face, s string) int {
	return font.MeasureString(face, s).Ceil()
}

// drawText draws s onto img in colour c, the top of its capitals at y and
// its origin at x, blending it over what is there.
func drawText(img *image.RGBA, face font.Face, x, y int, s string, c color.RGBA) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face, Dot: fixed.P(x, y+capH)}
	d.DrawString(s)
}
