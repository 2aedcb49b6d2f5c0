package main

// dataOptions are the options for data files: --header-mismatch and
// --allow-binary.
type dataOptions struct {
	dropHeaders bool // --header-mismatch=drop: a later file's header is dropped, even if it differs
	mismatchSet bool
	allowBinary bool // --allow-binary: input that looks binary is shuffled all the same
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
	case "allow-binary":
		d.allowBinary = true
	}
	return nil
}

// check applies the rules of the options of data files that involve other
// options.
func (d *dataOptions) check(o *options) error {
	if d.mismatchSet && o.header == 0 {
		return fatalError{"--header-mismatch needs --header"}
	}
	return nil
}
