package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/fairshuffle/shuffle/audit"
	"github.com/fairshuffle/shuffle/audit/report"
)

// picture is one audit's heat maps.
type picture struct {
	name   string // appended to the file names, when there are several
	title  string
	rows   string // what the position table's rows are
	report *audit.Report
}

// writePictures writes the heat maps asked for: the position table to the
// file named, the adjacency table to the name with "-adjacency" added.
func writePictures(c *config, pics []picture) error {
	for _, f := range []struct {
		path  string
		write func(report.Heatmap, io.Writer) error
	}{{c.png, report.Heatmap.WritePNG}, {c.svg, report.Heatmap.WriteSVG}} {
		if f.path == "" {
			continue
		}
		for _, p := range pics {
			ext := filepath.Ext(f.path)
			base := strings.TrimSuffix(f.path, ext)
			if p.name != "" {
				base += "-" + p.name
			}
			pos, adj := report.Heatmaps(p.report, c.scale)
			pos.Title, pos.Rows = p.title, p.rows
			adj.Title = p.title + ", adjacency"
			for _, m := range []struct {
				path string
				h    report.Heatmap
			}{{base + ext, pos}, {base + "-adjacency" + ext, adj}} {
				if err := writeFile(m.path, func(w io.Writer) error { return f.write(m.h, w) }); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
