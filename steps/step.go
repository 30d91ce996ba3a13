package steps

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/cucumber/godog"
	messages "github.com/cucumber/messages/go/v21"
	"k8s.io/apimachinery/pkg/api/resource"
)

// Step is a phrase parsed: its slots typed, ready to be declared and run.
// Parsing checks each slot on its own (a duration, a count, a signal);
// Declare checks what the step says against what the steps before it
// declared; Run carries it out.
type Step interface {
	// Declare states what the step adds to the scenario (pods, nodes,
	// capabilities it needs, the time it waits) and checks the names it
	// uses against the plan. It makes no call to a session: lint is parse
	// and declare.
	Declare(pl *Plan) error
	// Run carries the step out on the scenario's session. The runner has
	// declared it first.
	Run(ctx context.Context, st *State) error
}

// declaration is embedded by the steps that only declare: a Given that
// adds to the plan has nothing to do when it runs.
type declaration struct{}

func (declaration) Run(context.Context, *State) error { return nil }

// declaresNothing is embedded by the steps that add nothing to the plan
// and name nothing in it.
type declaresNothing struct{}

func (declaresNothing) Declare(*Plan) error { return nil }

// Arg is what follows a step's text: a doc string or a table.
type Arg struct {
	Doc   *godog.DocString
	Table *godog.Table
}

// parser builds a step from a phrase's captures and its argument.
type parser func(c []string, a Arg) (Step, error)

// Parse reads text, which matches d's pattern, into d's step.
func (d Def) Parse(text string, a Arg) (Step, error) {
	m := d.Pattern.FindStringSubmatch(text)
	if m == nil {
		return nil, fmt.Errorf("internal: %q does not match %s", text, d.Pattern)
	}
	if d.expand != nil {
		return &eachPod{texts: d.expand(text), arg: a}, nil
	}
	if d.fallback {
		return parseAnchored(m[1:], a)
	}
	if at := d.theNodeAt(text); at >= 0 {
		return &onlyNode{def: d, text: text, at: at, arg: a}, nil
	}
	if refs := d.rsPodsIn(text); refs != nil {
		return &rsPodStep{def: d, text: text, refs: refs, arg: a}, nil
	}
	s, err := d.parse(d.captures(m[1:]), a)
	if names := d.initNamed(text); err == nil && names != nil {
		s = initContainer{Step: s, names: names}
	}
	if kind, name, ok := d.workloadNamed(text); err == nil && ok {
		s = workloadShaped{Step: s, kind: kind, name: name}
	}
	return s, err
}

// Slot types: a capture parsed into one of these is checked once, when
// the phrase is read.
type (
	// Count is a number of times or of pods, not negative.
	Count int
	// ExitCode is a container's exit code, 0 to 255.
	ExitCode int
	// GraceSeconds is a grace period in whole seconds, as the API takes
	// it: "5", "5s", "1m".
	GraceSeconds int64
)

// slotSetter is a slot type that parses itself (its pointer's set), for
// the slots of one family: a pod state, a signal, a taint.
type slotSetter interface{ set(string) error }

// slotValue parses one capture into the slot's type. A step whose slot
// type has no case here fails every parse, which the registry's tests
// (every example parses) catch.
func slotValue[T any](s string) (T, error) {
	var v T
	var err error
	switch p := any(&v).(type) {
	case *string:
		*p = s
	case *time.Duration:
		*p, err = parseDuration(s)
	case *Count:
		var n int
		n, err = parseCount(s)
		*p = Count(n)
	case *ExitCode:
		var n int
		n, err = parseExitCode(s)
		*p = ExitCode(n)
	case *GraceSeconds:
		var n int64
		n, err = parseSeconds(s)
		*p = GraceSeconds(n)
	case *resource.Quantity:
		*p, err = parseQuantity(s)
	case slotSetter:
		err = p.set(s)
	default:
		err = fmt.Errorf("internal: no parser for a slot of type %T", v)
	}
	return v, err
}

// The adaptors below build a phrase's parser from its step's
// constructor, by the constructor's parameter types, one per number of
// captures. Checks that take several slots together (a window's two
// bounds) belong to the step's Declare; a phrase that reads its captures
// otherwise (a list of names, a doc string) gives its own parser.

func s0(build func() Step) parser {
	return func([]string, Arg) (Step, error) { return build(), nil }
}

func s1[A any](build func(A) Step) parser {
	return func(c []string, _ Arg) (Step, error) {
		a, err := slotValue[A](c[0])
		if err != nil {
			return nil, err
		}
		return build(a), nil
	}
}

// s2, s3, s4 and s5 read their first capture, then the rest as one fewer:
// a bad slot is reported in the order the phrase writes it.
func s2[A, B any](build func(A, B) Step) parser {
	return func(c []string, arg Arg) (Step, error) {
		a, err := slotValue[A](c[0])
		if err != nil {
			return nil, err
		}
		return s1(func(b B) Step { return build(a, b) })(c[1:], arg)
	}
}

func s3[A, B, C any](build func(A, B, C) Step) parser {
	return func(c []string, arg Arg) (Step, error) {
		a, err := slotValue[A](c[0])
		if err != nil {
			return nil, err
		}
		return s2(func(b B, cc C) Step { return build(a, b, cc) })(c[1:], arg)
	}
}

func s4[A, B, C, D any](build func(A, B, C, D) Step) parser {
	return func(c []string, arg Arg) (Step, error) {
		a, err := slotValue[A](c[0])
		if err != nil {
			return nil, err
		}
		return s3(func(b B, cc C, d D) Step { return build(a, b, cc, d) })(c[1:], arg)
	}
}

func s5[A, B, C, D, E any](build func(A, B, C, D, E) Step) parser {
	return func(c []string, arg Arg) (Step, error) {
		a, err := slotValue[A](c[0])
		if err != nil {
			return nil, err
		}
		return s4(func(b B, cc C, d D, e E) Step { return build(a, b, cc, d, e) })(c[1:], arg)
	}
}

func s6[A, B, C, D, E, F any](build func(A, B, C, D, E, F) Step) parser {
	return func(c []string, arg Arg) (Step, error) {
		a, err := slotValue[A](c[0])
		if err != nil {
			return nil, err
		}
		return s5(func(b B, cc C, d D, e E, f F) Step { return build(a, b, cc, d, e, f) })(c[1:], arg)
	}
}

// withDoc and withTable are parsers of phrases that require a doc string
// or a table after them.
func withDoc(build func(c []string, doc *godog.DocString) (Step, error)) parser {
	return func(c []string, a Arg) (Step, error) {
		if a.Doc == nil {
			return nil, errNoDoc
		}
		return build(c, a.Doc)
	}
}

func withTable(build func(c []string, t *godog.Table) (Step, error)) parser {
	return func(c []string, a Arg) (Step, error) {
		if a.Table == nil {
			return nil, errNoTable
		}
		return build(c, a.Table)
	}
}

var (
	errNoDoc   = errors.New("this step needs a doc string (\"\"\" ... \"\"\") after it")
	errNoTable = errors.New("this step needs a table (| ... |) after it")
)

// ArgOf is the Arg of a pickle step's argument (nil: none).
func ArgOf(a *messages.PickleStepArgument) Arg {
	if a == nil {
		return Arg{}
	}
	var out Arg
	if a.DocString != nil {
		out.Doc = &godog.DocString{Content: a.DocString.Content, MediaType: a.DocString.MediaType}
	}
	out.Table = a.DataTable
	return out
}

// dispatch runs the step godog matched to d: parsed from the pickle step
// the scenario is at, declared, then run, under the rule of defer.go.
func (st *State) dispatch(ctx context.Context, d Def) error {
	return st.keepGoing(func() error {
		if st.pickle == nil {
			return fmt.Errorf("internal: step %s ran outside a scenario's hooks", d.Pattern)
		}
		s, err := d.Parse(st.pickle.Text, ArgOf(st.pickle.Argument))
		if err != nil {
			return err
		}
		if err := s.Declare(st.Plan); err != nil {
			return err
		}
		return s.Run(ctx, st)
	})
}
