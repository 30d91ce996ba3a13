package sim

import (
	"reflect"
	"unsafe"
)

// An equality plan is equalTree compiled for one type: the fields' offsets
// and kinds, found once by reflection, then compared in memory. The API
// server compares every new pod's container lists with recent ones
// (podcopy.go); a walk by reflection cost about a microsecond for two
// containers, a sizeable part of a pod's life in a large cluster.
//
// It answers as equalTree does, with one difference that API objects
// never meet: two pointers to the same object, or two slices of the same
// elements, are equal without looking (a float that is NaN would differ
// from itself in equalTree; API objects hold no floats).
type eqPlan struct {
	kind   reflect.Kind
	size   uintptr // of a value of the type
	fields []eqField
	elem   *eqPlan // of a slice, array or pointer
	length int     // of an array
	// typ is kept for maps and interfaces, which equalTree compares.
	typ reflect.Type
}

type eqField struct {
	offset uintptr
	plan   *eqPlan
}

// eqPlans builds and keeps the plans of the types it is asked for.
type eqPlans map[reflect.Type]*eqPlan

func (ps eqPlans) of(t reflect.Type) *eqPlan {
	if p, ok := ps[t]; ok {
		return p
	}
	p := &eqPlan{kind: t.Kind(), size: t.Size(), typ: t}
	ps[t] = p // before the fields: a type may contain itself behind a pointer
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			f := t.Field(i)
			p.fields = append(p.fields, eqField{offset: f.Offset, plan: ps.of(f.Type)})
		}
	case reflect.Slice, reflect.Pointer:
		p.elem = ps.of(t.Elem())
	case reflect.Array:
		p.elem, p.length = ps.of(t.Elem()), t.Len()
	}
	return p
}

// equal compares the values of p's type at a and b.
func (p *eqPlan) equal(a, b unsafe.Pointer) bool {
	switch p.kind {
	case reflect.String:
		return *(*string)(a) == *(*string)(b)
	case reflect.Bool:
		return *(*bool)(a) == *(*bool)(b)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		// By the type's size: int, uint and uintptr are 4 bytes on a
		// 32-bit platform.
		switch p.size {
		case 8:
			return *(*uint64)(a) == *(*uint64)(b)
		case 4:
			return *(*uint32)(a) == *(*uint32)(b)
		case 2:
			return *(*uint16)(a) == *(*uint16)(b)
		}
		return *(*uint8)(a) == *(*uint8)(b)
	case reflect.Float64:
		return *(*float64)(a) == *(*float64)(b)
	case reflect.Float32:
		return *(*float32)(a) == *(*float32)(b)
	case reflect.Struct:
		for _, f := range p.fields {
			if !f.plan.equal(unsafe.Add(a, f.offset), unsafe.Add(b, f.offset)) {
				return false
			}
		}
		return true
	case reflect.Pointer:
		pa, pb := *(*unsafe.Pointer)(a), *(*unsafe.Pointer)(b)
		if pa == nil || pb == nil || pa == pb {
			return pa == pb
		}
		return p.elem.equal(pa, pb)
	case reflect.Slice:
		sa, sb := (*sliceHeader)(a), (*sliceHeader)(b)
		if (sa.data == nil) != (sb.data == nil) || sa.len != sb.len {
			return false
		}
		if sa.data == sb.data {
			return true
		}
		for i := range sa.len {
			off := uintptr(i) * p.elem.size
			if !p.elem.equal(unsafe.Add(sa.data, off), unsafe.Add(sb.data, off)) {
				return false
			}
		}
		return true
	case reflect.Array:
		for i := range p.length {
			off := uintptr(i) * p.elem.size
			if !p.elem.equal(unsafe.Add(a, off), unsafe.Add(b, off)) {
				return false
			}
		}
		return true
	case reflect.Map, reflect.Interface:
		return equalTree(reflect.NewAt(p.typ, a).Elem(), reflect.NewAt(p.typ, b).Elem())
	}
	return false // channels, functions: not in API objects
}

// sliceHeader is how a slice is laid out in memory.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// equalTree is reflect.DeepEqual for values without cycles, as API objects
// are: it keeps no record of the pointers it followed, which made
// reflect.DeepEqual allocate for each one (and cost a tenth of a pod's
// life). Like reflect.DeepEqual it is strict (a nil slice differs from an
// empty one, a quantity from the same amount spelt otherwise): when in
// doubt a pod gets its own copy.
func equalTree(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Struct:
		for i := range a.NumField() {
			if !equalTree(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !equalTree(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if a.Elem().Type() != b.Elem().Type() {
			return false
		}
		return equalTree(a.Elem(), b.Elem())
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for it := a.MapRange(); it.Next(); {
			v := b.MapIndex(it.Key())
			if !v.IsValid() || !equalTree(it.Value(), v) {
				return false
			}
		}
		return true
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float()
	}
	return false // channels, functions: not in API objects
}
