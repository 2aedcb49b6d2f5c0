package report

import (
	"image"
	"image/color"
	"math/bits"
	"strings"
)

// Geometry of the bitmap font, in font pixels.
const (
	glyphH   = 9 // height of a line: capitals and digits, then descenders
	glyphCap = 7 // height of capitals and digits above the baseline
)

// glyph is one character of the bitmap font: bit c of row r is the pixel in
// column c, row r counted from the top of the line.
type glyph [glyphH]uint8

// lookupGlyph returns the glyph for r and whether the font has one.
// Runes the font lacks get a small box.
func lookupGlyph(r rune) (glyph, bool) {
	s, ok := glyphRows(r)
	if !ok {
		s = "..... ####. #..#. #..#. #..#. #..#. ####."
	}
	var g glyph
	for i, row := range strings.Fields(s) {
		for j, c := range row {
			if c == '#' {
				g[i] |= 1 << j
			}
		}
	}
	return g, ok
}

// span returns the first and last inked columns of g.
// A glyph without ink, a space, spans three columns.
func (g glyph) span() (lo, hi int) {
	var m uint8
	for _, row := range g {
		m |= row
	}
	if m == 0 {
		return 0, 2
	}
	return bits.TrailingZeros8(m), 7 - bits.LeadingZeros8(m)
}

// drawText draws s onto img in colour c, each font pixel a scale×scale
// square, with the top of the line at y and the first inked column at x.
// Glyphs are proportional: each is as wide as its ink, followed by one
// blank column. Pixels outside img are dropped.
func drawText(img *image.RGBA, x, y int, s string, c color.RGBA, scale int) {
	for i, r := range s {
		if i > 0 {
			x += scale
		}
		g, _ := lookupGlyph(r)
		lo, hi := g.span()
		for row, line := range g {
			for col := lo; col <= hi; col++ {
				if line>>col&1 == 0 {
					continue
				}
				x0, y0 := x+(col-lo)*scale, y+row*scale
				for dy := range scale {
					for dx := range scale {
						img.SetRGBA(x0+dx, y0+dy, c)
					}
				}
			}
		}
		x += (hi - lo + 1) * scale
	}
}

// textWidth returns the width in pixels of s as drawn by drawText,
// from its first to its last inked column.
func textWidth(s string, scale int) int {
	w := 0
	for i, r := range s {
		if i > 0 {
			w += scale
		}
		g, _ := lookupGlyph(r)
		lo, hi := g.span()
		w += (hi - lo + 1) * scale
	}
	return w
}

// glyphRows returns the picture of the glyph for r, if the font has one:
// up to glyphH rows separated by spaces, top row first, each row up to 8
// columns where '#' is ink and '.' is blank. Missing rows are blank.
// Rows 0 to 6 hold capitals and digits; rows 7 and 8 hold descenders.
func glyphRows(r rune) (string, bool) {
	switch r {
	case '0':
		return ".###. #...# #..## #.#.# ##..# #...# .###.", true
	case '1':
		return "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.", true
	case '2':
		return ".###. #...# ....# ...#. ..#.. .#... #####", true
	case '3':
		return "##### ...#. ..#.. ...#. ....# #...# .###.", true
	case '4':
		return "...#. ..##. .#.#. #..#. ##### ...#. ...#.", true
	case '5':
		return "##### #.... ####. ....# ....# #...# .###.", true
	case '6':
		return "..##. .#... #.... ####. #...# #...# .###.", true
	case '7':
		return "##### ....# ...#. ..#.. .#... .#... .#...", true
	case '8':
		return ".###. #...# #...# .###. #...# #...# .###.", true
	case '9':
		return ".###. #...# #...# .#### ....# ...#. .##..", true

	case 'A':
		return ".###. #...# #...# ##### #...# #...# #...#", true
	case 'B':
		return "####. #...# #...# ####. #...# #...# ####.", true
	case 'C':
		return ".###. #...# #.... #.... #.... #...# .###.", true
	case 'D':
		return "###.. #..#. #...# #...# #...# #..#. ###..", true
	case 'E':
		return "##### #.... #.... ####. #.... #.... #####", true
	case 'F':
		return "##### #.... #.... ####. #.... #.... #....", true
	case 'G':
		return ".###. #...# #.... #.### #...# #...# .####", true
	case 'H':
		return "#...# #...# #...# ##### #...# #...# #...#", true
	case 'I':
		return "###.. .#... .#... .#... .#... .#... ###..", true
	case 'J':
		return "..### ...#. ...#. ...#. ...#. #..#. .##..", true
	case 'K':
		return "#...# #..#. #.#.. ##... #.#.. #..#. #...#", true
	case 'L':
		return "#.... #.... #.... #.... #.... #.... #####", true
	case 'M':
		return "#...# ##.## #.#.# #.#.# #...# #...# #...#", true
	case 'N':
		return "#...# #...# ##..# #.#.# #..## #...# #...#", true
	case 'O':
		return ".###. #...# #...# #...# #...# #...# .###.", true
	case 'P':
		return "####. #...# #...# ####. #.... #.... #....", true
	case 'Q':
		return ".###. #...# #...# #...# #.#.# #..#. .##.#", true
	case 'R':
		return "####. #...# #...# ####. #.#.. #..#. #...#", true
	case 'S':
		return ".#### #.... #.... .###. ....# ....# ####.", true
	case 'T':
		return "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..", true
	case 'U':
		return "#...# #...# #...# #...# #...# #...# .###.", true
	case 'V':
		return "#...# #...# #...# #...# #...# .#.#. ..#..", true
	case 'W':
		return "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.", true
	case 'X':
		return "#...# #...# .#.#. ..#.. .#.#. #...# #...#", true
	case 'Y':
		return "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..", true
	case 'Z':
		return "##### ....# ...#. ..#.. .#... #.... #####", true

	case 'a':
		return "..... ..... .###. ....# .#### #...# .####", true
	case 'b':
		return "#.... #.... #.##. ##..# #...# #...# ####.", true
	case 'c':
		return "..... ..... .###. #.... #.... #...# .###.", true
	case 'd':
		return "....# ....# .##.# #..## #...# #...# .####", true
	case 'e':
		return "..... ..... .###. #...# ##### #.... .###.", true
	case 'f':
		return "..##. .#... .#... ###.. .#... .#... .#...", true
	case 'g':
		return "..... ..... .#### #...# #...# #...# .#### ....# .###.", true
	case 'h':
		return "#.... #.... #.##. ##..# #...# #...# #...#", true
	case 'i':
		return ".#... ..... ##... .#... .#... .#... ###..", true
	case 'j':
		return "...#. ..... ..##. ...#. ...#. ...#. ...#. #..#. .##..", true
	case 'k':
		return "#.... #.... #..#. #.#.. ##... #.#.. #..#.", true
	case 'l':
		return "##... .#... .#... .#... .#... .#... ###..", true
	case 'm':
		return "..... ..... ##.#. #.#.# #.#.# #.#.# #.#.#", true
	case 'n':
		return "..... ..... #.##. ##..# #...# #...# #...#", true
	case 'o':
		return "..... ..... .###. #...# #...# #...# .###.", true
	case 'p':
		return "..... ..... ####. #...# #...# #...# ####. #.... #....", true
	case 'q':
		return "..... ..... .#### #...# #...# #...# .#### ....# ....#", true
	case 'r':
		return "..... ..... #.##. ##..# #.... #.... #....", true
	case 's':
		return "..... ..... .#### #.... .###. ....# ####.", true
	case 't':
		return ".#... .#... ###.. .#... .#... .#..# ..##.", true
	case 'u':
		return "..... ..... #...# #...# #...# #..## .##.#", true
	case 'v':
		return "..... ..... #...# #...# #...# .#.#. ..#..", true
	case 'w':
		return "..... ..... #...# #...# #.#.# #.#.# .#.#.", true
	case 'x':
		return "..... ..... #...# .#.#. ..#.. .#.#. #...#", true
	case 'y':
		return "..... ..... #...# #...# #...# #...# .#### ....# .###.", true
	case 'z':
		return "..... ..... ##### ...#. ..#.. .#... #####", true

	case ' ':
		return "", true
	case '.':
		return "..... ..... ..... ..... ..... ##... ##...", true
	case ',':
		return "..... ..... ..... ..... ..... .#... .#... #....", true
	case ':':
		return "..... ##... ##... ..... ##... ##...", true
	case ';':
		return "..... .#... .#... ..... .#... .#... #....", true
	case '\'':
		return ".#... .#... #....", true
	case '"':
		return "#.#.. #.#.. #.#..", true
	case '-':
		return "..... ..... ..... ####.", true
	case '+':
		return "..... ..#.. ..#.. ##### ..#.. ..#..", true
	case '=':
		return "..... ..... ##### ..... #####", true
	case '/':
		return "....# ....# ...#. ..#.. .#... #.... #....", true
	case '(':
		return "..#.. .#... #.... #.... #.... .#... ..#..", true
	case ')':
		return "#.... .#... ..#.. ..#.. ..#.. .#... #....", true
	case '[':
		return "###.. #.... #.... #.... #.... #.... ###..", true
	case ']':
		return "###.. ..#.. ..#.. ..#.. ..#.. ..#.. ###..", true
	case '<':
		return "...#. ..#.. .#... #.... .#... ..#.. ...#.", true
	case '>':
		return "#.... .#... ..#.. ...#. ..#.. .#... #....", true
	case '%':
		return ".#..# #.#.# .#.#. ..#.. .#.#. #.#.# #..#.", true
	case '&':
		return ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#", true
	case '!':
		return "#.... #.... #.... #.... #.... ..... #....", true
	case '?':
		return ".###. #...# ....# ...#. ..#.. ..... ..#..", true
	case '*':
		return "..... ..#.. #.#.# .###. #.#.# ..#..", true
	case '#':
		return ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.", true
	case '_':
		return "..... ..... ..... ..... ..... ..... ..... #####", true
	case '·':
		return "..... ..... ..... ##... ##...", true
	case '±':
		return "..#.. ..#.. ##### ..#.. ..#.. ..... #####", true
	case '×':
		return "..... #...# .#.#. ..#.. .#.#. #...#", true
	case '→':
		return "....... ....#.. .....#. ####### .....#. ....#..", true
	case '←':
		return "....... ..#.... .#..... ####### .#..... ..#....", true
	case '↓':
		return "..#.. ..#.. ..#.. ..#.. #.#.# .###. ..#..", true
	case '↑':
		return "..#.. .###. #.#.# ..#.. ..#.. ..#.. ..#..", true
	}
	return "", false
}
