package timeline

import (
	"strings"
	"unsafe"
)

// NamedText is a text with its first mention of a name cut out (Head,
// the name, Tail), or, not Named, a text as it is (Head): what many
// objects say of themselves ("Successfully assigned default/web-7 to
// worker-2") is then one text for all of them. The timeline keeps what
// events say of their pods so; the simulator's compact Kubernetes Events,
// what they say of their objects.
type NamedText struct {
	Head, Tail string
	Named      bool
}

// CutName is text without its first mention of name; a text that does
// not mention it, or an empty name, is kept whole.
func CutName(text, name string) NamedText {
	if name != "" {
		if head, tail, ok := strings.Cut(text, name); ok {
			return NamedText{Head: head, Tail: tail, Named: true}
		}
	}
	return NamedText{Head: text}
}

// Of is the text said of name.
func (t *NamedText) Of(name string) string {
	if !t.Named {
		return t.Head
	}
	return t.Head + name + t.Tail
}

// AddrSlot places strings in a cache of size slots by where they live
// and their lengths: a recorder says the same things with the same
// strings (constants, texts made once), which compare equal at their
// first byte's address, so a cache hit hashes none of their bytes. The
// same bytes in another string only miss the cache.
func AddrSlot(size int, ss ...string) int {
	var h uintptr
	for _, s := range ss {
		h = h*31 + uintptr(unsafe.Pointer(unsafe.StringData(s)))>>3 + uintptr(len(s))
	}
	return int(h % uintptr(size))
}
