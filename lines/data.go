package lines

import (
	"fmt"
	"path/filepath"

	"github.com/fairshuffle/shuffle/internal/gnu"
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

// check applies the rules of the options of data files that involve other
// options.
func (d *dataOptions) check(o *options) error {
	if o.data.csv && (o.data.sep == '"' || o.data.sep == '\n' || o.data.sep == '\r' || o.data.sep == 0) {
		panic(fmt.Sprintf("lines.CSV: invalid separator %q", o.data.sep))
	}
	switch {
	case d.csv && o.delim == 0:
		return fatalError("--csv and -z cannot be combined")
	case d.csv && (o.echo || o.rangeSet):
		return fatalError("--csv reads files: it cannot be combined with -e or -i")
	case !d.aligned:
		return nil
	case o.echo || o.rangeSet:
		return fatalError("--aligned shuffles files: it cannot be combined with -e or -i")
	case !o.outputSet:
		return fatalError("--aligned needs -o DIR")
	case len(o.files) == 0:
		return fatalError("--aligned needs the files to shuffle")
	case o.randSet:
		return fatalError("--aligned cannot take --random-source: use --seed")
	case o.repeat && !o.countSet:
		return fatalError("--aligned needs -n COUNT with -r")
	}
	seen := map[string]string{}
	for _, f := range o.files {
		if f == "-" {
			return fatalError("--aligned reads each file twice: it cannot read standard input")
		}
		base := filepath.Base(f)
		if other, ok := seen[base]; ok {
			return fatalError(fmt.Sprintf("--aligned: %s and %s would both be written to %s",
				gnu.QuoteName(other), gnu.QuoteName(f), gnu.QuoteName(filepath.Join(o.output, base))))
		}
		seen[base] = f
	}
	return nil
}
