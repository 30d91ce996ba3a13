package steps

import (
	"context"
	"strconv"

	corev1 "k8s.io/api/core/v1"
)

// A container's HTTP answers by status code (issue 38's twelfth to
// fourteenth blind batches, ten times: `container "server" answers
// /healthz with HTTP 200 for 30s, then with HTTP 500`): the kubelet's
// HTTP prober counts a code from 200 to 399 as success and any other as
// failure (pkg/probe/http/http.go DoHTTPProbe, v1.36.3), so the answers
// are the probe behaviours of the container's HTTP probes on that path
// (every HTTP probe of the container when no path is said): failing from
// the start, after D, or until D.
func probeCodePhrases() []Def {
	return []Def{
		phrase("behaviour", `^container "([^"]*)"(?: of pod "([^"]*)")? (?:answers|responds|returns)(?: (/\S*))? with (?:HTTP |status |code )?(\d{3})(?: for ([^\s,]+),? (?:then|and then)(?: with)? (?:HTTP |status |code )?(\d{3}))?$`,
			`Given container "app" of pod "web" answers /healthz with HTTP 200 for 30s, then with HTTP 500`,
			func(c []string, _ Arg) (Step, error) {
				s := &httpAnswers{ctr: c[0], pod: c[1], path: c[2], first: c[3], after: c[4], then: c[5]}
				for _, code := range []string{s.first, s.then} {
					if code == "" {
						continue
					}
					if n, err := strconv.Atoi(code); err != nil || n < 100 || n > 599 {
						return nil, inputErr("%q is not an HTTP status code (100 to 599)", code)
					}
				}
				return s, nil
			}),
	}
}

// httpAnswers is the behaviour its codes give each HTTP probe it
// answers, built at declaration from the container's spec.
type httpAnswers struct {
	ctr, pod, path     string
	first, after, then string
	steps              allOf
}

// probeFails says whether the kubelet counts code as a probe's failure.
func probeFails(code string) bool {
	n, _ := strconv.Atoi(code)
	return n < 200 || n >= 400
}

func (s *httpAnswers) Declare(pl *Plan) error {
	pd, err := pl.mustPod(s.pod)
	if err != nil {
		return err
	}
	var ctr *corev1.Container
	for i := range pd.pod.Spec.Containers {
		if pd.pod.Spec.Containers[i].Name == s.ctr {
			ctr = &pd.pod.Spec.Containers[i]
		}
	}
	if ctr == nil {
		return inputErr("pod %q has no container %q", pd.name, s.ctr)
	}
	var kinds []string
	for _, p := range []struct {
		kind  string
		probe *corev1.Probe
	}{{"startup", ctr.StartupProbe}, {"liveness", ctr.LivenessProbe}, {"readiness", ctr.ReadinessProbe}} {
		if p.probe != nil && p.probe.HTTPGet != nil && (s.path == "" || p.probe.HTTPGet.Path == s.path) {
			kinds = append(kinds, p.kind)
		}
	}
	if len(kinds) == 0 {
		on := ""
		if s.path != "" {
			on = " on " + s.path
		}
		return inputErr("container %q has no httpGet probe%s: its answers by status code are what its HTTP probes get (declare the probe in the pod's YAML)", s.ctr, on)
	}
	subject := `container "` + s.ctr + `"`
	if s.pod != "" {
		subject += ` of pod "` + s.pod + `"`
	}
	fails, thenFails := probeFails(s.first), probeFails(s.then)
	if s.then == "" {
		thenFails = fails
	}
	for _, k := range kinds {
		var text string
		switch {
		case !fails && !thenFails:
			continue // success all along: what an agent answers by default
		case fails && thenFails && k == "startup":
			text = subject + " fails its startup probe"
		case fails && thenFails:
			text = subject + " fails its " + k + " probe from 0s after it starts"
		case thenFails:
			text = subject + " fails its " + k + " probe after " + s.after
		default: // failing, then passing
			text = subject + " fails its " + k + " probe until " + s.after
		}
		step, err := parseDefined(text, Arg{})
		if err != nil {
			return inputErr("the %s probe's answers (%s): %v", k, text, err)
		}
		s.steps = append(s.steps, step)
	}
	return s.steps.Declare(pl)
}

func (s *httpAnswers) Run(ctx context.Context, st *State) error { return s.steps.Run(ctx, st) }
