package main

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/fairshuffle/shuffle/internal/readme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeHeatmaps holds the README's heat maps to the command printed
// beside them. By default it checks that the command names the pictures
// shown: FILE-algo.png under docs/ for each algorithm of -algo. The command
// and the pictures may stand in README.md or in docs/*.md (a picture's
// path is read relative to its file); there must be one such command.
// With SHUFFLE_LONG=1 its subtest pixels also runs the command (2·10⁶ shuffles, about 5 s
// of CPU) into a temporary directory and compares each picture with the
// committed one, pixel for pixel.
func TestReadmeHeatmaps(t *testing.T) {
	const root = "../.."
	files, err := readme.Files(root)
	require.NoError(t, err)
	var cmds [][]string
	var shown []string // the pictures, relative to root
	for _, f := range files {
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		cmds = append(cmds, regexp.MustCompile("`go run ./cmd/shuffle-audit ([^`]*-png docs/[^`]*)`").FindAllStringSubmatch(string(text), -1)...)
		for _, m := range regexp.MustCompile(`\]\(([^)]*heatmap[^)]*\.png)\)`).FindAllStringSubmatch(string(text), -1) {
			p, err := filepath.Rel(root, filepath.Join(filepath.Dir(f), m[1]))
			require.NoError(t, err)
			shown = append(shown, filepath.ToSlash(p))
		}
	}
	require.Len(t, cmds, 1, "the command for the heat maps in README.md and docs/")
	args := strings.Fields(cmds[0][1])
	flag := func(name string) string {
		i := slices.Index(args, name)
		require.True(t, i >= 0 && i+1 < len(args), "the command has no %s", name)
		return args[i+1]
	}
	out, algos := flag("-png"), strings.Split(flag("-algo"), ",")
	base := strings.TrimSuffix(out, ".png")
	var made []string
	for _, a := range algos {
		made = append(made, base+"-"+a+".png")
	}
	require.Equal(t, shown, made, "the heat maps the README shows and those its command makes")
	t.Run("pixels", func(t *testing.T) {
		long.Skip(t, "the README's heat maps made again (5 s of CPU)")
		dir := t.TempDir()
		run := slices.Clone(args)
		run[slices.Index(run, "-png")+1] = filepath.Join(dir, "heatmap.png")
		_, errs, code := audited(t, run...)
		require.Equal(t, 0, code, errs)
		for i, f := range made {
			want, got := decodeFile(t, filepath.Join(root, f)), decodeFile(t, filepath.Join(dir, "heatmap-"+algos[i]+".png"))
			if !assert.Equal(t, want.Bounds(), got.Bounds(), f) {
				continue
			}
			differ, first := 0, image.Point{-1, -1}
			for y := want.Bounds().Min.Y; y < want.Bounds().Max.Y; y++ {
				for x := want.Bounds().Min.X; x < want.Bounds().Max.X; x++ {
					r0, g0, b0, a0 := want.At(x, y).RGBA()
					r1, g1, b1, a1 := got.At(x, y).RGBA()
					if [4]uint32{r0, g0, b0, a0} != [4]uint32{r1, g1, b1, a1} {
						if differ == 0 {
							first = image.Pt(x, y)
						}
						differ++
					}
				}
			}
			assert.Zero(t, differ, "%s: %d pixels differ from what the README's command makes, the first at %v", f, differ, first)
		}
	})
}

// decodeFile decodes the PNG file at path.
func decodeFile(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err, path)
	return img
}
