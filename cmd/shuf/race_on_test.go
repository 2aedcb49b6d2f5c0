//go:build race

package main

// raceEnabled: the tests run under the race detector, so the command they
// run is built with it too.
const raceEnabled = true
