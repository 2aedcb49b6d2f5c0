package report

import (
	"bufio"
	"cmp"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strconv"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/math/f64"
)

// Heatmap is a table of a shuffle's probabilities as a picture.
//
// A position table has N rows and M columns, an adjacency table N × N.
// White is 1/N, red more often, blue less often.
type Heatmap struct {
	N     int       // rows: the deck size, or the distinct cards; uniform is 1/N
	M     int       // columns; 0 means N
	P     []float64 // P[i*cols+j]: probability that the item starting at position i ends at position j
	Scale float64   // relative deviation from 1/N drawn at full colour, e.g. 0.25 means 1/N·(1±0.25); must be > 0
	Title string    // one line drawn above the matrix, e.g. "naive, n = 52, 100000 trials"
	Rows  string    // what the rows are; "" means "start position →"
	Cols  string    // what the columns are; "" means "final position →"
}

// Picture geometry, in pixels.
const (
	matrixW  = 520 // preferred width of the matrix
	pad      = 16  // outer margin
	gap      = 8   // space between parts
	tickLen  = 4   // length of a tick mark
	barW     = 20  // width of the colour bar
	fontSize = 16  // SVG font size
)

// Alignments of a label relative to its x.
const (
	alignLeft = iota
	alignCentre
	alignRight
)

// label is one line of text in a Heatmap picture.
type label struct {
	x, y     int    // anchor; y is the top of the capitals
	s        string // text
	align    int    // alignLeft, alignCentre or alignRight of x
	vertical bool   // turned a quarter clockwise: left edge at x, centred on y
	c        grey
}

// layout is the placement of the parts of a Heatmap picture.
type layout struct {
	w, h   int               // size of the picture
	cell   int               // height of a matrix cell, and its width when the table is square
	cellW  int               // width of a matrix cell
	matrix image.Rectangle   // the matrix
	bar    image.Rectangle   // the colour bar
	lines  []image.Rectangle // frames and tick marks, filled grey
	labels []label
}

// grey is a shade of grey for the parts of a picture other than the matrix.
type grey uint8

// The shades of grey used.
const (
	paper grey = 255 // background
	ink   grey = 34  // text
	faint grey = 110 // secondary text
	rule  grey = 150 // frames and tick marks
)

// rgba returns g as an opaque colour.
func (g grey) rgba() color.RGBA { return color.RGBA{uint8(g), uint8(g), uint8(g), 255} }

// width returns the number of columns.
func (h Heatmap) width() int {
	if h.M == 0 {
		return h.N
	}
	return h.M
}

// validate reports why h cannot be drawn, if it cannot.
func (h Heatmap) validate() error {
	switch {
	case h.N < 1:
		return fmt.Errorf("heatmap: deck size %d is not positive", h.N)
	case h.M < 0:
		return fmt.Errorf("heatmap: %d columns", h.M)
	case len(h.P) != h.N*h.width():
		return fmt.Errorf("heatmap: %d probabilities for %d rows and %d columns, want %d", len(h.P), h.N, h.width(), h.N*h.width())
	case !(h.Scale > 0) || math.IsInf(h.Scale, 1):
		return fmt.Errorf("heatmap: scale %g is not positive and finite", h.Scale)
	}
	return nil
}

// deviation returns the colour-map argument of cell (i, j): its relative
// deviation from 1/n in units of h.Scale.
func (h Heatmap) deviation(i, j int) float64 {
	return (h.P[i*h.width()+j]*float64(h.N) - 1) / h.Scale
}

// legend returns the colour-bar labels at the deviations +1, 0 and −1, top
// to bottom: the probability relative to 1/n, and the probability itself.
func (h Heatmap) legend() [3][2]string {
	pct := strconv.FormatFloat(100*h.Scale, 'g', 3, 64) + "%"
	u := 1 / float64(h.N)
	// Enough decimals for three significant digits of 1/n and two of the deviation.
	prec := max(0, 2-int(math.Floor(math.Log10(u))), 1-int(math.Floor(math.Log10(u*h.Scale))))
	f := func(p float64) string { return strconv.FormatFloat(max(0, p), 'f', prec, 64) }
	return [3][2]string{
		{"1/n+" + pct, f(u * (1 + h.Scale))},
		{"1/n", f(u)},
		{"1/n-" + pct, f(u * (1 - h.Scale))},
	}
}

// ticks returns the positions labelled on an axis of n positions:
// multiples of a round step, and the last position.
func ticks(n int) []int {
	step := 1
	for base := 1; 6*step < n; base *= 10 {
		for _, m := range []int{1, 2, 5} {
			if step = m * base; 6*step >= n {
				break
			}
		}
	}
	var ts []int
	for t := 0; t < n-1; t += step {
		if 2*(n-1-t) >= step { // not crowding the last label
			ts = append(ts, t)
		}
	}
	return append(ts, n-1)
}

// frame returns the four one-pixel lines just outside r.
func frame(r image.Rectangle) []image.Rectangle {
	o := r.Inset(-1)
	return []image.Rectangle{
		{o.Min, image.Pt(o.Max.X, r.Min.Y)},
		{image.Pt(o.Min.X, r.Max.Y), o.Max},
		{image.Pt(o.Min.X, r.Min.Y), image.Pt(r.Min.X, r.Max.Y)},
		{image.Pt(r.Max.X, r.Min.Y), image.Pt(o.Max.X, r.Max.Y)},
	}
}

// layout places the parts of the picture of h, which must be valid. A
// square table has square cells; the cells of another are stretched so
// that each side of the matrix is near matrixW.
func (h Heatmap) layout(face font.Face) layout {
	rowTs, colTs := ticks(h.N), ticks(h.width())
	tickW := 0
	for _, t := range rowTs {
		tickW = max(tickW, textWidth(face, strconv.Itoa(t)))
	}
	l := layout{cell: max(2, matrixW/h.N), cellW: max(2, matrixW/h.width())}
	height, width := h.N*l.cell, h.width()*l.cellW
	x0 := pad + lineH + gap + tickW + tickLen + gap
	y0 := pad + 3*lineH + 2*gap // title, axis label and tick labels
	l.matrix = image.Rect(x0, y0, x0+width, y0+height)
	l.bar = image.Rect(l.matrix.Max.X+3*gap, y0, l.matrix.Max.X+3*gap+barW, y0+height)
	l.lines = append(frame(l.matrix), frame(l.bar)...)

	add := func(x, y int, s string, align int, c grey) {
		l.labels = append(l.labels, label{x: x, y: y, s: s, align: align, c: c})
	}
	titleW := textWidth(face, h.Title)
	titleX := max(x0+width/2, pad+titleW/2) // centred over the matrix if it fits
	add(titleX, pad, h.Title, alignCentre, ink)
	rows, cols := cmp.Or(h.Rows, "start position →"), cmp.Or(h.Cols, "final position →")
	add(x0+width/2, pad+lineH+gap, cols, alignCentre, ink)
	l.labels = append(l.labels, label{x: pad, y: y0 + height/2, s: rows, vertical: true, c: ink})
	// Column and row ticks alternate, as they did when the tables were
	// all square, so that a square table's picture stays byte for byte.
	for k := range max(len(colTs), len(rowTs)) {
		var cx, ry int
		if k < len(colTs) {
			cx = colTs[k]*l.cellW + l.cellW/2
			l.lines = append(l.lines, image.Rect(x0+cx, y0-1-tickLen, x0+cx+1, y0-1))
		}
		if k < len(rowTs) {
			ry = rowTs[k]*l.cell + l.cell/2
			l.lines = append(l.lines, image.Rect(x0-1-tickLen, y0+ry, x0-1, y0+ry+1))
		}
		if k < len(colTs) {
			add(x0+cx, y0-1-tickLen-2-capH, strconv.Itoa(colTs[k]), alignCentre, ink)
		}
		if k < len(rowTs) {
			add(x0-1-tickLen-3, y0+ry-capH/2, strconv.Itoa(rowTs[k]), alignRight, ink)
		}
	}
	textX := l.bar.Max.X + 1 + tickLen + 4
	right := titleX - titleW/2 + titleW
	for k, s := range h.legend() {
		y := y0 + k*(height-1)/2
		l.lines = append(l.lines, image.Rect(l.bar.Max.X+1, y, l.bar.Max.X+1+tickLen, y+1))
		add(textX, y-capH-2, s[0], alignLeft, ink)
		add(textX, y+4, s[1], alignLeft, faint)
		right = max(right, textX+textWidth(face, s[0]), textX+textWidth(face, s[1]))
	}
	l.w = right + pad
	l.h = y0 + height + lineH + pad
	return l
}

// colour maps a relative deviation d = (p·n − 1)/scale, clipped to [−1, 1],
// to a diverging colour: −1 a strong blue, 0 white, +1 a strong red,
// through light blue and light red. colour(−d) is colour(d) with red and
// blue swapped. NaN maps to white.
func colour(d float64) color.RGBA {
	if math.IsNaN(d) {
		d = 0
	}
	white := [3]float64{255, 255, 255}
	light := [3]float64{244, 165, 140}
	strong := [3]float64{178, 24, 43}
	t := min(math.Abs(d), 1)
	from, to, f := white, light, 2*t
	if t > 0.5 {
		from, to, f = light, strong, 2*t-1
	}
	var c [3]uint8
	for k := range c {
		c[k] = uint8(math.Round(from[k] + f*(to[k]-from[k])))
	}
	if d < 0 {
		c[0], c[2] = c[2], c[0]
	}
	return color.RGBA{c[0], c[1], c[2], 255}
}

// WritePNG writes h to w as a PNG image.
func (h Heatmap) WritePNG(w io.Writer) error {
	if err := h.validate(); err != nil {
		return err
	}
	face := newFace()
	l := h.layout(face)
	img := image.NewRGBA(image.Rect(0, 0, l.w, l.h))
	fill := func(r image.Rectangle, c color.RGBA) {
		draw.Draw(img, r, &image.Uniform{c}, image.Point{}, draw.Src)
	}
	fill(img.Bounds(), paper.rgba())
	for i := range h.N {
		for j := range h.width() {
			r := image.Rect(0, 0, l.cellW, l.cell).Add(l.matrix.Min.Add(image.Pt(j*l.cellW, i*l.cell)))
			fill(r, colour(h.deviation(i, j)))
		}
	}
	for y := l.bar.Min.Y; y < l.bar.Max.Y; y++ {
		d := 1 - 2*float64(y-l.bar.Min.Y)/float64(max(1, l.bar.Dy()-1))
		fill(image.Rect(l.bar.Min.X, y, l.bar.Max.X, y+1), colour(d))
	}
	for _, r := range l.lines {
		fill(r, rule.rgba())
	}
	for _, lb := range l.labels {
		tw := textWidth(face, lb.s)
		if !lb.vertical {
			drawText(img, face, lb.x-tw*lb.align/2, lb.y, lb.s, lb.c.rgba())
			continue
		}
		// Drawn on paper, then turned a quarter clockwise into place:
		// (x, y) goes to (lb.x+lineH−y, top+x), pixel for pixel.
		tmp := image.NewRGBA(image.Rect(0, 0, tw, lineH))
		draw.Draw(tmp, tmp.Bounds(), &image.Uniform{paper.rgba()}, image.Point{}, draw.Src)
		drawText(tmp, face, 0, above, lb.s, lb.c.rgba())
		top := lb.y - tw/2
		turn := f64.Aff3{0, -1, float64(lb.x + lineH), 1, 0, float64(top)}
		xdraw.NearestNeighbor.Transform(img, turn, tmp, tmp.Bounds(), draw.Src, nil)
	}
	return png.Encode(w, img)
}

// WriteSVG writes h to w as an SVG image with the same layout as WritePNG.
func (h Heatmap) WriteSVG(w io.Writer) error {
	if err := h.validate(); err != nil {
		return err
	}
	l := h.layout(newFace())
	b := bufio.NewWriter(w)
	hex := func(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
	rect := func(r image.Rectangle, attrs string) {
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" %s/>`+"\n", r.Min.X, r.Min.Y, r.Dx(), r.Dy(), attrs)
	}
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %[1]d %[2]d" font-family="sans-serif" font-size="%d">`+"\n",
		l.w, l.h, fontSize)
	b.WriteString(`<defs><linearGradient id="legend" x1="0" y1="0" x2="0" y2="1">`)
	for k := 0; k <= 8; k++ {
		fmt.Fprintf(b, `<stop offset="%g" stop-color="%s"/>`, float64(k)/8, hex(colour(1-float64(k)/4)))
	}
	b.WriteString("</linearGradient></defs>\n")
	rect(image.Rect(0, 0, l.w, l.h), `fill="`+hex(paper.rgba())+`"`)
	b.WriteString(`<g shape-rendering="crispEdges">` + "\n")
	for i := range h.N {
		for j := range h.width() {
			r := image.Rect(0, 0, l.cellW, l.cell).Add(l.matrix.Min.Add(image.Pt(j*l.cellW, i*l.cell)))
			rect(r, `class="cell" fill="`+hex(colour(h.deviation(i, j)))+`"`)
		}
	}
	rect(l.bar, `fill="url(#legend)"`)
	for _, r := range l.lines {
		rect(r, `fill="`+hex(rule.rgba())+`"`)
	}
	b.WriteString("</g>\n")
	for _, lb := range l.labels {
		if lb.vertical {
			fmt.Fprintf(b, `<text transform="translate(%d %d) rotate(90)" text-anchor="middle"`, lb.x+lineH-above-capH, lb.y)
		} else {
			anchor := [...]string{"start", "middle", "end"}[lb.align]
			fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="%s"`, lb.x, lb.y+capH, anchor)
		}
		fmt.Fprintf(b, ` fill="%s">`, hex(lb.c.rgba()))
		xml.EscapeText(b, []byte(lb.s)) // write errors stay in b until Flush
		b.WriteString("</text>\n")
	}
	b.WriteString("</svg>\n")
	return b.Flush()
}
