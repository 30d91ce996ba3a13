package timeline

// Interned keeps each distinct value once, named by its index in the
// order values were first seen: what the timeline's and the Events'
// compact records point at (whats, names) instead of holding the values.
type Interned[K comparable] struct {
	list  []K
	index map[K]uint32
}

// ID is the index of k, added if new.
func (t *Interned[K]) ID(k K) uint32 {
	if i, ok := t.index[k]; ok {
		return i
	}
	if t.index == nil {
		t.index = map[K]uint32{}
	}
	i := uint32(len(t.list))
	t.list = append(t.list, k)
	t.index[k] = i
	return i
}

// At is the value of index i. It must not be modified.
func (t *Interned[K]) At(i uint32) *K { return &t.list[i] }

// Len is the number of distinct values.
func (t *Interned[K]) Len() int { return len(t.list) }
