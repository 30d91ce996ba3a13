package sim

import (
	"math/rand"
	"reflect"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

// TestCreatedPodsShareEqualContainers: pods created with equal container
// lists share the stored list; a pod whose containers differ, even by a
// nil list against an empty one, gets its own; and what the caller does to
// its pod afterwards changes nothing stored.
func TestCreatedPodsShareEqualContainers(t *testing.T) {
	s, err := New(Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	tmpl := lifecycleTemplate()
	tmpl.Spec.Containers[0].Resources.Requests = corev1.ResourceList{corev1.ResourceMemory: resource.MustParse("64Mi")}
	create := func(name string, edit func(*corev1.Pod)) *corev1.Pod {
		t.Helper()
		p := tmpl.DeepCopy()
		p.Name = name
		if edit != nil {
			edit(p)
		}
		if err := s.CreatePod(p); err != nil {
			t.Fatal(err)
		}
		stored := s.Pod(name)
		if !reflect.DeepEqual(stored.Spec.Containers[1].Args, p.Spec.Containers[1].Args) {
			t.Fatalf("%s: stored containers differ from the created pod's", name)
		}
		// The caller's pod is its own: changing it changes nothing stored.
		p.Spec.Containers[0].Name = "changed"
		p.Spec.Containers[0].Resources.Requests[corev1.ResourceMemory] = resource.MustParse("1Gi")
		p.Spec.InitContainers[0].Name = "changed"
		return stored
	}
	shares := func(a, b *corev1.Pod) bool { return &a.Spec.Containers[0] == &b.Spec.Containers[0] }
	a, b := create("a", nil), create("b", nil)
	if !shares(a, b) || &a.Spec.InitContainers[0] != &b.Spec.InitContainers[0] {
		t.Fatal("equal container lists are not shared")
	}
	if q := a.Spec.Containers[0].Resources.Requests[corev1.ResourceMemory]; a.Spec.InitContainers[0].Name != "init" || a.Spec.Containers[0].Name != "a" || q.String() != "64Mi" {
		t.Fatal("a change to the caller's pod reached the stored pod")
	}
	c := create("c", func(p *corev1.Pod) { p.Spec.Containers[1].ImagePullPolicy = corev1.PullAlways })
	if shares(a, c) {
		t.Fatal("different container lists are shared")
	}
	d := create("d", func(p *corev1.Pod) { p.Spec.Containers[0].Env = []corev1.EnvVar{} })
	if shares(a, d) {
		t.Fatal("an empty list was taken for a missing one")
	}
	e := create("e", func(p *corev1.Pod) {
		p.Spec.Containers[0].Resources.Requests[corev1.ResourceMemory] = resource.MustParse("65Mi")
	})
	if shares(a, e) {
		t.Fatal("different requests are shared")
	}
	if !shares(a, create("f", nil)) {
		t.Fatal("equal container lists are not shared after others")
	}
}

// TestEqualPlanIsEqualTree: the compiled comparison answers as
// equalTree does for container lists that differ in one leaf anywhere
// in them (a string, a number, a flag, a quantity, a pointer or list set
// or cleared, nil against empty), and for equal ones.
func TestEqualPlanIsEqualTree(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	base := lifecycleTemplate()
	base.Spec.Containers[0].Resources.Requests = corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("250m")}
	base.Spec.Containers[1].Env = []corev1.EnvVar{{Name: "A", Value: "1"}}
	var cl containerLists
	differ, same := 0, 0
	for range 3000 {
		a := copyContainers(base.Spec.Containers)
		b := copyContainers(base.Spec.Containers)
		if rng.Intn(4) > 0 {
			mutateLeaf(rng, reflect.ValueOf(&b).Elem())
		}
		want := equalTree(reflect.ValueOf(a), reflect.ValueOf(b))
		if got := cl.equal(a, b); got != want {
			t.Fatalf("plan says %v, equalTree %v:\n%+v\n%+v", got, want, a, b)
		}
		if want {
			same++
		} else {
			differ++
		}
	}
	if differ < 1000 || same < 500 {
		t.Fatalf("the mutations made %d lists differ and left %d the same", differ, same)
	}
}

// mutateLeaf changes one value somewhere under v: it walks down at
// random and changes what it stops at.
func mutateLeaf(rng *rand.Rand, v reflect.Value) {
	for depth := 0; ; depth++ {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() || rng.Intn(6) == 0 {
				if v.IsNil() {
					v.Set(reflect.New(v.Type().Elem()))
				} else {
					v.Set(reflect.Zero(v.Type()))
				}
				return
			}
			v = v.Elem()
		case reflect.Slice:
			if v.Len() == 0 || rng.Intn(6) == 0 {
				switch {
				case v.IsNil():
					v.Set(reflect.MakeSlice(v.Type(), 0, 0))
				case v.Len() == 0:
					v.Set(reflect.Zero(v.Type()))
				default:
					v.Set(v.Slice(0, v.Len()-1))
				}
				return
			}
			v = v.Index(rng.Intn(v.Len()))
		case reflect.Struct:
			if v.Type() == reflect.TypeFor[resource.Quantity]() {
				v.Set(reflect.ValueOf(resource.MustParse("300m")))
				return
			}
			var settable []reflect.Value
			for i := range v.NumField() {
				if v.Field(i).CanSet() {
					settable = append(settable, v.Field(i))
				}
			}
			if len(settable) == 0 {
				return
			}
			v = settable[rng.Intn(len(settable))]
		case reflect.Map:
			if v.IsNil() {
				v.Set(reflect.MakeMap(v.Type()))
			} else {
				v.Set(reflect.Zero(v.Type()))
			}
			return
		case reflect.String:
			if s := v.String(); s != "" && rng.Intn(2) == 0 {
				v.SetString(string(s[0]^1) + s[1:]) // the same length
			} else {
				v.SetString(s + "x")
			}
			return
		case reflect.Bool:
			v.SetBool(!v.Bool())
			return
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			v.SetInt(v.Int() + 1)
			return
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			v.SetUint(v.Uint() + 1)
			return
		default:
			return
		}
	}
}
