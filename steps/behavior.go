package steps

import (
	"context"

	"github.com/podlife/podlife/pkg/behavior"
)

func behaviorSteps() []Def {
	const f = "behaviour"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		def(f, ctr+`exits with code (\S+) after (\S+)$`, `Given container "app" of pod "web" exits with code 1 after 5s`, exitsWithCode),
		def(f, ctr+`runs to completion after (\S+)$`, `Given container "app" of pod "web" runs to completion after 5s`, runsToCompletion),
		def(f, ctr+`ignores SIGTERM$`, `Given container "app" of pod "web" ignores SIGTERM`, ignoresSIGTERM),
		def(f, ctr+`takes (\S+) to exit after SIGTERM$`, `Given container "app" of pod "web" takes 4s to exit after SIGTERM`, takesToExit),
		def(f, ctr+`exits with code (\S+) on SIGTERM$`, `Given container "app" of pod "web" exits with code 0 on SIGTERM`, exitsOnSIGTERM),
	}
}

// shape changes the behaviour of an agent container before its pod exists.
func (st *State) shape(cname, pname string, change func(b *behavior.Behavior)) error {
	p, c, err := st.mustContainer(cname, pname)
	if err != nil {
		return err
	}
	b, ok := p.beh[c.Name]
	if !ok {
		return inputErr("container %q runs image %s: behaviour steps apply to agent containers (no image:)", c.Name, c.Image)
	}
	if p.created {
		return inputErr("pod %q is created already: behaviour steps come before its creation", p.name)
	}
	change(b)
	return nil
}

// Given container "app" of pod "web" exits with code 1 after 5s
func exitsWithCode(ctx context.Context, cname, pname, code, after string) error {
	n, err := parseExitCode(code)
	if err != nil {
		return err
	}
	d, err := parseDuration(after)
	if err != nil {
		return err
	}
	return From(ctx).shape(cname, pname, func(b *behavior.Behavior) { b.Exit = &behavior.Exit{Code: n, After: d} })
}

// Given container "app" of pod "web" runs to completion after 5s
func runsToCompletion(ctx context.Context, cname, pname, after string) error {
	return exitsWithCode(ctx, cname, pname, "0", after)
}

// Given container "app" of pod "web" ignores SIGTERM
func ignoresSIGTERM(ctx context.Context, cname, pname string) error {
	return From(ctx).shape(cname, pname, func(b *behavior.Behavior) { b.Term.Ignore = true })
}

// Given container "app" of pod "web" takes 4s to exit after SIGTERM
func takesToExit(ctx context.Context, cname, pname, delay string) error {
	d, err := parseDuration(delay)
	if err != nil {
		return err
	}
	return From(ctx).shape(cname, pname, func(b *behavior.Behavior) {
		b.Term = behavior.Term{Delay: d, Code: behavior.DefaultTermCode}
	})
}

// Given container "app" of pod "web" exits with code 0 on SIGTERM
func exitsOnSIGTERM(ctx context.Context, cname, pname, code string) error {
	n, err := parseExitCode(code)
	if err != nil {
		return err
	}
	return From(ctx).shape(cname, pname, func(b *behavior.Behavior) { b.Term.Ignore = false; b.Term.Code = n })
}
