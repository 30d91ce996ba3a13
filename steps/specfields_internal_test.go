package steps

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cucumber/godog"
)

// specFieldCases are declarations that give spec fields in their step
// (specfields.go), each with the field read back from the manifest the
// plan holds, or with the error it is.
var specFieldCases = []struct {
	text, doc string
	read      func(pl *Plan) any
	want      string
}{
	{`a job "cruncher" with backoffLimit 2`, "", func(pl *Plan) any { return *pl.work.jobs[0].j.Spec.BackoffLimit }, "2"},
	{`a Job "render" with completions 3 and parallelism 2`, "",
		func(pl *Plan) any {
			s := pl.work.jobs[0].j.Spec
			return fmt.Sprintf("%v %v", *s.Completions, *s.Parallelism)
		}, "3 2"},
	{`a job "report" with activeDeadlineSeconds 10:`, "spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: app\n",
		func(pl *Plan) any {
			return fmt.Sprintf("%v %v", *pl.work.jobs[0].j.Spec.ActiveDeadlineSeconds, pl.work.jobs[0].tpl.pod.Spec.ActiveDeadlineSeconds == nil)
		}, "10 true"},
	{`a job "cleanup-me" with ttlSecondsAfterFinished 20`, "", func(pl *Plan) any { return *pl.work.jobs[0].j.Spec.TTLSecondsAfterFinished }, "20"},
	{`a job "retry" with restartPolicy OnFailure`, "", func(pl *Plan) any { return pl.work.jobs[0].tpl.pod.Spec.RestartPolicy }, "OnFailure"},
	{`a job "built" with serviceAccountName "builder"`, "", func(pl *Plan) any { return pl.work.jobs[0].tpl.pod.Spec.ServiceAccountName }, "builder"},
	{`a job "same" with backoffLimit 2:`, "spec:\n  backoffLimit: 2\n", func(pl *Plan) any { return *pl.work.jobs[0].j.Spec.BackoffLimit }, "2"},
	{`a pod "batchy" with activeDeadlineSeconds 8`, "", func(pl *Plan) any { return *pl.pods[0].pod.Spec.ActiveDeadlineSeconds }, "8"},
	{`a pod "batchy" with activeDeadlineSeconds 8:`, "spec:\n  containers:\n  - name: app\n",
		func(pl *Plan) any { return *pl.pods[0].pod.Spec.ActiveDeadlineSeconds }, "8"},
	{`a pod "host" with restartPolicy Never and hostNetwork true`, "",
		func(pl *Plan) any {
			s := pl.pods[0].pod.Spec
			return fmt.Sprintf("%v %v", s.RestartPolicy, s.HostNetwork)
		}, "Never true"},
	{`a pod "stubborn" with terminationGracePeriodSeconds 5 and activeDeadlineSeconds 10`, "",
		func(pl *Plan) any {
			s := pl.pods[0].pod.Spec
			return fmt.Sprintf("%v %v", *s.TerminationGracePeriodSeconds, *s.ActiveDeadlineSeconds)
		}, "5 10"},
	{`a replicaset "queue" with 3 replicas`, "", func(pl *Plan) any { return pl.disr.sets[0].replicas }, "3"},
	{`a ReplicaSet "ingest" with 1 replica and terminationGracePeriodSeconds 7`, "",
		func(pl *Plan) any {
			return fmt.Sprintf("%v %v", pl.disr.sets[0].replicas, *pl.disr.sets[0].tpl.pod.Spec.TerminationGracePeriodSeconds)
		}, "1 7"},
	{`a replica set "rs" with replicas 2:`, "spec:\n  containers:\n  - name: app\n", func(pl *Plan) any { return pl.disr.sets[0].replicas }, "2"},
	{`a deployment "web" with 2 replicas and minReadySeconds 5`, "",
		func(pl *Plan) any {
			s := pl.work.deployments[0].d.Spec
			return fmt.Sprintf("%v %v", *s.Replicas, s.MinReadySeconds)
		}, "2 5"},
	{`a Deployment "api" with progressDeadlineSeconds 30`, "",
		func(pl *Plan) any {
			s := pl.work.deployments[0].d.Spec
			return fmt.Sprintf("%v %v", *s.Replicas, *s.ProgressDeadlineSeconds)
		}, "1 30"},
	{`a statefulset "db" with 3 replicas and podManagementPolicy Parallel`, "",
		func(pl *Plan) any {
			s := pl.work.statefulSets[0].set.Spec
			return fmt.Sprintf("%v %v", *s.Replicas, s.PodManagementPolicy)
		}, "3 Parallel"},
	{`a stateful set "db" with podManagementPolicy Parallel:`, "spec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n      - name: app\n",
		func(pl *Plan) any {
			s := pl.work.statefulSets[0].set.Spec
			return fmt.Sprintf("%v %v", *s.Replicas, s.PodManagementPolicy)
		}, "2 Parallel"},
	{`a DaemonSet "agent" with terminationGracePeriodSeconds 3`, "",
		func(pl *Plan) any { return *pl.work.daemonSets[0].tpl.pod.Spec.TerminationGracePeriodSeconds }, "3"},

	// Errors: a value of another type, a field's name wrong, a value
	// the YAML gives otherwise, a field the simulator does not model.
	{`a job "x" with backoffLimit two`, "", nil, `spec.backoffLimit takes an integer (int32), not "two"`},
	{`a job "x" with activeDeadlineSeconds 10s`, "", nil, `spec.activeDeadlineSeconds takes an integer (int64), the seconds, not "10s": write 10`},
	{`a job "x" with backofflimit 2:`, "spec: {}\n", nil, `a job's spec has no field backofflimit: it is backoffLimit`},
	{`a job "x" with backoffLimt 2`, "", nil, `a job's spec has no field backoffLimt; the nearest: backoffLimit`},
	{`a pod "x" with activeDeadline 8`, "", nil, `a pod's spec has no field activeDeadline; the nearest: activeDeadlineSeconds`},
	{`a pod "x" with hostNetwork yes`, "", nil, `spec.hostNetwork takes true or false, not "yes"`},
	{`a job "x" with template 3`, "", nil, `spec.template of a job is not a single value: write it in the YAML`},
	{`a job "x" with 3 replicas`, "", nil, `a job has no replicas`},
	{`a daemon set "x" with 2 replicas`, "", nil, `a daemon set has no replicas`},
	{`a job "x" with replicas 2`, "", nil, `a job has no replicas`},
	{`a job "x" with backoffLimit 1 and backoffLimit 2`, "", nil, `the step gives backoffLimit twice`},
	{`a job "x" with backoffLimit 2:`, "spec:\n  backoffLimit: 3\n", nil, `the step gives backoffLimit 2 but the YAML gives 3`},
	{`a pod "x" with activeDeadlineSeconds 8:`, "spec:\n  activeDeadlineSeconds: 9\n  containers:\n  - name: app\n", nil, `the step gives activeDeadlineSeconds 8 but the YAML gives 9`},
	{`a job "x" with restartPolicy OnFailure:`, "spec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: app\n", nil, `the step gives restartPolicy OnFailure but the YAML gives Never`},
	{`a replicaset "q" with 3 replicas:`, "spec:\n  replicas: 2\n  template:\n    spec:\n      containers:\n      - name: app\n", nil, `the step gives 3 pods but spec.replicas is 2`},
	{`a job "x" with suspend true`, "", nil, `spec.suspend is not modelled by the simulator`},
	{`a job "x" with restartPolicy Always`, "", nil, `needs restartPolicy Never or OnFailure`},
	{`a replica set "x" with minReadySeconds 5`, "", nil, `a replica set's minReadySeconds is not modelled`},
	{`a daemon set "x" with minReadySeconds 5`, "", nil, `a daemon set's minReadySeconds is not modelled`},
	{`a deployment "x" with restartPolicy Never`, "", nil, `a Deployment's pods have restartPolicy Always`},
	{`a pod "nginx" with image "nginx:1.27"`, "", nil, `image is a field of a container, not of a pod's spec: write it in the YAML's containers`},

	// The drafts pkg/runner's hint test held before this phrase read them.
	{`a replica set "rs" with 3 replicas`, "", func(pl *Plan) any { return pl.disr.sets[0].replicas }, "3"},
	{`a deployment "api" with 3 replicas:`, "spec:\n  template:\n    spec:\n      containers:\n      - name: app\n",
		func(pl *Plan) any { return *pl.work.deployments[0].d.Spec.Replicas }, "3"},
	{`a pod "web" with dnsPolicy ClusterFirst:`, "spec:\n  containers:\n  - name: app\n", func(pl *Plan) any { return pl.pods[0].pod.Spec.DNSPolicy }, "ClusterFirst"},
	{`a pod "web" with schedulerName MyScheduler:`, "spec:\n  containers:\n  - name: app\n", func(pl *Plan) any { return pl.pods[0].pod.Spec.SchedulerName }, "MyScheduler"},
	{`a pod "batch" with priorityClassName "low" and terminationGracePeriodSeconds 5`, "",
		func(pl *Plan) any {
			s := pl.pods[0].pod.Spec
			return fmt.Sprintf("%v %v", s.PriorityClassName, *s.TerminationGracePeriodSeconds)
		}, "low 5"},
}

// TestSpecFieldsInTheStep: each wording sets its fields on the manifest
// the plan holds; each wrong one is its error.
func TestSpecFieldsInTheStep(t *testing.T) {
	for _, c := range specFieldCases {
		t.Run(c.text, func(t *testing.T) {
			defs := Definitions()
			m := matching(defs, c.text)
			if len(m) != 1 {
				t.Fatalf("matches %v, want one phrase", patternsOf(defs, m))
			}
			var a Arg
			if c.doc != "" {
				a.Doc = &godog.DocString{Content: c.doc}
			}
			pl := NewPlan(nil, ".", nil)
			s, err := defs[m[0]].Parse(c.text, a)
			if err == nil {
				err = s.Declare(pl)
			}
			if c.read == nil {
				if err == nil || !strings.Contains(err.Error(), c.want) {
					t.Fatalf("error %v, want one saying %q", err, c.want)
				}
				if !IsInputError(err) {
					t.Errorf("%v is not an input error (lint gives its line)", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(c.read(pl)); got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

// TestSpecFieldsLeaveTheirPhrases: a text an existing phrase reads is
// still that phrase's (`with priority 8` is a priority through a class,
// not spec.priority), and `with N replicas` is `of N pods`.
func TestSpecFieldsLeaveTheirPhrases(t *testing.T) {
	for _, text := range []string{`a pod "x" with priority 8:`, `a pod "x" with priority 8`, `a pod "x" with restartPolicy Never`,
		`a pod "x" with terminationGracePeriodSeconds 5:`, `a pod "x" with restartPolicy Never and terminationGracePeriodSeconds 5`,
		`a pod "x" with priority class "low" and terminationGracePeriodSeconds 5`, `a pod "x" with QoS class "Burstable"`, `a pod "x" with memory limit 256Mi`} {
		defs := Definitions()
		m := matching(defs, text)
		if len(m) != 1 || defs[m[0]].parse == nil || strings.Contains(defs[m[0]].Pattern.String(), "[A-Za-z0-9]*") {
			t.Errorf("%q matches %v, want one phrase, not the spec fields'", text, patternsOf(defs, m))
		}
	}
	s, err := parseSpecDecl("pod", "x", "priority 8 and activeDeadlineSeconds 3", nil)
	if err != nil {
		t.Fatal(err)
	}
	if p := s.(aPod); p.priority != "8" || len(p.spec) != 1 {
		t.Errorf("priority 8 with another field is %+v, want the pod's priority 8 (through a class) and the other field", p)
	}
	checkRestatements(t, []struct{ draft, canonical string }{
		{`a replicaset "queue" with 3 replicas`, `a replica set "queue" of 3 pods`},
		{`a ReplicaSet "queue" with 1 replica`, `a replica set "queue" of 1 pod`},
		{`a deployment "web" with 3 replicas`, `a deployment "web" of 3 pods`},
		{`a stateful set "db" with 3 replicas`, `a stateful set "db" of 3 pods`},
		{`a pod "x" with priority 8 and activeDeadlineSeconds 3`, ``},
	})
}

// TestSpecFieldErrorIsSaidOnce: a declaration whose field is wrong is
// reported at its step; the steps that name its object then are not
// (ErrDeclaredBadly, which lint leaves out).
func TestSpecFieldErrorIsSaidOnce(t *testing.T) {
	pl := NewPlan(nil, ".", nil)
	if err := declareText(pl, `a job "x" with backoffLimit two`); err == nil || !IsInputError(err) {
		t.Fatalf("the declaration: %v, want its input error", err)
	}
	if err := declareText(pl, `the job "x" has 1 failed pod`); !errors.Is(err, ErrDeclaredBadly) {
		t.Errorf("a step naming the job: %v, want ErrDeclaredBadly", err)
	}
}
