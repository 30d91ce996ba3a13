// Package errlist flattens errors joined with errors.Join into the ones of
// one type, so that every problem of an input is reported, in order.
package errlist

import "errors"

// All lists the errors of type T in err, which may join several (at any
// depth), the first first.
func All[T error](err error) []T {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []T
		for _, e := range j.Unwrap() {
			out = append(out, All[T](e)...)
		}
		return out
	}
	var e T
	if errors.As(err, &e) {
		return []T{e}
	}
	return nil
}
