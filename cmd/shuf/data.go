package main

// dataOptions are the options for data files: --allow-binary.
type dataOptions struct {
	allowBinary bool // --allow-binary: input that looks binary is shuffled all the same
}

// set applies one of the options of data files.
func (d *dataOptions) set(name, val string, hasVal bool) error {
	switch name {
	case "allow-binary":
		d.allowBinary = true
	}
	return nil
}

// check applies the rules of the options of data files that involve other
// options.
func (d *dataOptions) check(o *options) error {
	return nil
}
