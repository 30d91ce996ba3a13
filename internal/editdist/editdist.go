// Package editdist is the Levenshtein distance the nearest-phrase hint
// (pkg/runner) and the steps' nearest field names (steps/specfields.go)
// both use.
package editdist

// Strings is the Levenshtein distance of a and b, in runes.
func Strings(a, b string) int {
	if len(a) < 64 && len(b) < 64 && ascii(a) && ascii(b) {
		// Most words: no allocation (the hint compares ten thousands).
		var prev, cur [64]int
		return Of(len(a), len(b), func(i, j int) bool { return a[i] == b[j] }, prev[:], cur[:])
	}
	ra, rb := []rune(a), []rune(b)
	return Of(len(ra), len(rb), func(i, j int) bool { return ra[i] == rb[j] },
		make([]int, len(rb)+1), make([]int, len(rb)+1))
}

// Of is the Levenshtein distance of two sequences of n and m elements,
// same comparing the i-th of the first with the j-th of the second; prev
// and cur are its rows, of at least m+1 each.
func Of(n, m int, same func(i, j int) bool, prev, cur []int) int {
	for j := 0; j <= m; j++ {
		prev[j] = j
	}
	for i := 1; i <= n; i++ {
		cur[0] = i
		for j := 1; j <= m; j++ {
			cost := 1
			if same(i-1, j-1) {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[m]
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
