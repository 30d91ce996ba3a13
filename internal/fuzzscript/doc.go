// Package fuzzscript holds the test of hack/fuzz.sh, behind make fuzz: a
// crasher fails the run at once, a failure that kept no input (Go 1.26's
// fuzzing deadline race) is run once more. It has no code of its own.
package fuzzscript
