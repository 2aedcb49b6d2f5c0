package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLongTests(t *testing.T) {
	got, err := longTests("testdata/a")
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"TestDirect", "TestThroughVar", "TestThroughMethod", "TestThroughValue", "FuzzLong"}, got,
		"TestPlain reaches nothing long; TestlowerIsNoTest is no test")
	got, err = longTests("testdata/b")
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"TestOne", "TestTwo"}, got, "a TestMain that reaches internal/long: every test")
}
