// Package quantity parses the Kubernetes quantities a scenario or a
// manifest gives, bounded so that no text can make the parser spin and no
// value exceeds what the kubelet counts in 64 bits. It depends only on the
// standard library and apimachinery, so that every layer may use it.
package quantity

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/api/resource"
)

// Bounds on the quantities podlife takes. resource.ParseQuantity has none:
// a decimal exponent such as 1e7203685477 makes it round an inf.Dec of
// billions of digits (it never returns), and a value past int64 is kept
// whole where the kubelet's Value() and MilliValue() overflow (a node with
// 1e999999 memory would have none). So the text is bounded before it is
// parsed, and the value after.
const (
	// MaxLen is the longest quantity text taken.
	MaxLen = 64
	// MaxExponent bounds the decimal exponent of 1e3, 5E-2.
	MaxExponent = 30
)

// maxQuantity is the largest quantity whose milli-value fits in an
// int64, as the kubelet counts CPU (and Value() for the rest): about 8Pi.
func maxQuantity() *resource.Quantity {
	return resource.NewMilliQuantity(math.MaxInt64, resource.DecimalSI)
}

// Parse is resource.ParseQuantity for a quantity of a scenario or
// a manifest, bounded: too long a text, too large an exponent, or a value
// beyond what the kubelet counts in 64 bits (8Pi) is an error, returned
// before the parser could spin on it. Negative values are returned;
// callers that need them positive say so.
func Parse(s string) (resource.Quantity, error) {
	if len(s) > MaxLen {
		return resource.Quantity{}, fmt.Errorf("quantity %.20q… is %d characters long (at most %d)", s, len(s), MaxLen)
	}
	if i := strings.LastIndexAny(s, "eE"); i > 0 {
		// A decimal exponent (the only suffix with an e: Ei, E are
		// binary and SI suffixes without digits after them).
		if n, err := strconv.ParseInt(s[i+1:], 10, 64); err == nil && (n > MaxExponent || n < -MaxExponent) {
			return resource.Quantity{}, fmt.Errorf("quantity %q: exponent %d is out of range (at most ±%d)", s, n, MaxExponent)
		} else if err != nil && isDigits(strings.TrimLeft(s[i+1:], "+-")) {
			return resource.Quantity{}, fmt.Errorf("quantity %q: exponent %s is out of range (at most ±%d)", s, s[i+1:], MaxExponent)
		}
	}
	q, err := resource.ParseQuantity(s)
	if err != nil {
		return q, fmt.Errorf("%q is not a quantity (examples: 500m, 2, 256Mi, 4Gi)", s)
	}
	abs := q.DeepCopy()
	if abs.Sign() < 0 {
		abs.Neg()
	}
	if abs.Cmp(*maxQuantity()) > 0 {
		return q, fmt.Errorf("quantity %s is out of range: at most 8Pi (9.2e15; the kubelet counts milli-units in 64 bits)", s)
	}
	return q, nil
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
