package main

import (
	"fmt"
	"path/filepath"
)

// dataOptions are the options for data files: --csv, --header-mismatch,
// --allow-binary and --aligned.
type dataOptions struct {
	csv         bool // --csv: the input is CSV records, not lines
	sep         byte // --csv's field separator: ',' or C of --csv=C
	dropHeaders bool // --header-mismatch=drop: a later file's header is dropped, even if it differs
	mismatchSet bool
	allowBinary bool      // --allow-binary: input that looks binary is shuffled all the same
	aligned     bool      // --aligned: each FILE shuffled alone, all by the same permutation
	key         *[32]byte // set by --aligned: the ChaCha8 key of every file's shuffle
}

// set applies one of the options of data files.
func (d *dataOptions) set(name, val string, hasVal bool) error {
	switch name {
	case "header-mismatch":
		switch val {
		case "error":
			d.dropHeaders = false
		case "drop":
			d.dropHeaders = true
		default:
			return fatalError{"invalid --header-mismatch: " + quote(val) + "; error or drop"}
		}
		d.mismatchSet = true
	case "csv":
		d.csv, d.sep = true, ','
		if hasVal {
			switch {
			case val == `\t`:
				d.sep = '\t'
			case len(val) != 1 || val[0] == '"' || val[0] == '\n' || val[0] == '\r' || val[0] == 0:
				return fatalError{"invalid --csv separator: " + quote(val) + "; one byte, not a quote or a line break"}
			default:
				d.sep = val[0]
			}
		}
	case "allow-binary":
		d.allowBinary = true
	case "aligned":
		d.aligned = true
	}
	return nil
}

// check applies the rules of the options of data files that involve other
// options.
func (d *dataOptions) check(o *options) error {
	switch {
	case d.mismatchSet && o.header == 0:
		return fatalError{"--header-mismatch needs --header"}
	case d.csv && o.delim == 0:
		return fatalError{"--csv and -z cannot be combined"}
	case d.csv && (o.echo || o.rangeSet):
		return fatalError{"--csv reads files: it cannot be combined with -e or -i"}
	case !d.aligned:
		return nil
	case o.echo || o.rangeSet:
		return fatalError{"--aligned shuffles files: it cannot be combined with -e or -i"}
	case !o.outputSet:
		return fatalError{"--aligned needs -o DIR"}
	case len(o.files) == 0:
		return fatalError{"--aligned needs the files to shuffle"}
	case o.randSet:
		return fatalError{"--aligned cannot take --random-source: use --seed"}
	case o.repeat && !o.countSet:
		return fatalError{"--aligned needs -n COUNT with -r"}
	}
	seen := map[string]string{}
	for _, f := range o.files {
		if f == "-" {
			return fatalError{"--aligned reads each file twice: it cannot read standard input"}
		}
		base := filepath.Base(f)
		if other, ok := seen[base]; ok {
			return fatalError{fmt.Sprintf("--aligned: %s and %s would both be written to %s",
				quoteName(other), quoteName(f), quoteName(filepath.Join(o.output, base)))}
		}
		seen[base] = f
	}
	return nil
}
