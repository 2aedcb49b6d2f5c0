package main

import "github.com/fairshuffle/shuffle/lines"

// partNames is the files --shards or --split write, for the tests that
// read them back.
func (o *options) partNames() []string {
	return lines.PartNames(o.output, lines.Shards(o.shards), lines.Split(o.split...))
}
