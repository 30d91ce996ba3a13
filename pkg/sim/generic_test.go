package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// image is an image container running cmd (none: the image's own).
func image(name, ref string, cmd ...string) corev1.Container {
	return corev1.Container{Name: name, Image: ref, Command: cmd}
}

// shaped gives a pod's image container a behaviour, as the behaviour steps
// do (behavior.Annotation).
func shaped(p *corev1.Pod, container string, muts ...func(*behavior.Behavior)) *corev1.Pod {
	for _, c := range allContainers(&p.Spec) {
		if c.Name != container {
			continue
		}
		b, _ := behavior.ForImage(c.Command, c.Args)
		for _, m := range muts {
			m(&b)
		}
		if p.Annotations == nil {
			p.Annotations = map[string]string{}
		}
		p.Annotations[behavior.Annotation(container)] = behavior.EncodeAnnotation(b)
	}
	return p
}

func withReadiness(c corev1.Container, h corev1.ProbeHandler) corev1.Container {
	c.ReadinessProbe = &corev1.Probe{ProbeHandler: h, PeriodSeconds: 5}
	return c
}

// TestGenericProcesses pins how the simulator runs what it cannot know
// (dsl.md, "Phrases people write" and "Defaults"; podlife's own
// assumptions, not the kubelet's): each case names the rule. The pod
// starts at 0, is deleted at 10s with its grace; times are from the start.
func TestGenericProcesses(t *testing.T) {
	nginx := image("app", "nginx:1.27")
	kinds := append([]timeline.Kind{timeline.Started, timeline.Ready, timeline.ProbeFailed}, killKinds...)
	cases := []struct {
		name string
		pod  *corev1.Pod
		want []string
	}{
		{
			name: "an unknown image with no command is a generic process: starts at once, runs until signalled, exits 143 on SIGTERM",
			pod:  podOf("web", 30, nil, nginx),
			want: []string{"0s app Started", "0s app Ready", "10s app SIGTERM", "10s app Exited(143)", "10s - Deleted"},
		},
		{
			name: "an unknown command of a known image is a generic process too",
			pod:  podOf("web", 30, nil, image("app", "busybox:1.36", "nginx", "-g", "daemon off;")),
			want: []string{"0s app Started", "0s app Ready", "10s app SIGTERM", "10s app Exited(143)", "10s - Deleted"},
		},
		{
			name: "sleep N of an image still runs as such: as PID 1 it ignores SIGTERM, SIGKILL at the grace",
			pod:  podOf("web", 5, nil, image("app", "busybox:1.36", "sleep", "3600")),
			want: []string{"0s app Started", "0s app Ready", "10s app SIGTERM", "15s app SIGKILL", "15s app Exited(137)", "15s - Deleted"},
		},
		{
			name: "an exec readiness probe the simulator does not understand succeeds at once",
			pod:  podOf("web", 30, nil, withReadiness(nginx, corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{"cat", "/tmp/healthy"}}})),
			want: []string{"0s app Started", "0s app Ready", "10s app SIGTERM", "10s app Exited(143)", "10s - Deleted"},
		},
		{
			name: "a preStop exec hook the simulator does not understand succeeds at once, then SIGTERM",
			pod:  podOf("web", 30, nil, withPreStop(nginx, execHook("nginx", "-s", "quit"))),
			want: []string{"0s app Started", "0s app Ready", "10s app PreStopStarted", "10s app PreStopDone", "10s app SIGTERM", "10s app Exited(143)", "10s - Deleted"},
		},
		{
			name: "a generic process is taken to serve what its httpGet probe asks: healthy at once",
			pod:  podOf("web", 30, nil, withReadiness(nginx, corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{Path: "/", Port: intOrString(80)}})),
			want: []string{"0s app Started", "0s app Ready", "10s app SIGTERM", "10s app Exited(143)", "10s - Deleted"},
		},
		{
			name: "a tcpSocket liveness probe of a generic process succeeds: no restart",
			pod: podOf("web", 30, nil, func() corev1.Container {
				c := nginx
				c.LivenessProbe = &corev1.Probe{ProbeHandler: corev1.ProbeHandler{TCPSocket: &corev1.TCPSocketAction{Port: intOrString(80)}}, PeriodSeconds: 2, FailureThreshold: 1}
				return c
			}()),
			want: []string{"0s app Started", "0s app Ready", "10s app SIGTERM", "10s app Exited(143)", "10s - Deleted"},
		},
		{
			name: "an httpGet probe of a generic process answers by its behaviour steps (becomes ready after D)",
			pod: shaped(podOf("web", 30, nil, withReadiness(nginx, corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{Path: "/healthz", Port: intOrString(80)}})), "app",
				func(b *behavior.Behavior) { d := 7 * time.Second; b.ReadyAfter = &d }),
			want: []string{"0s app Started", "0s app ProbeFailed(readiness)", "5s app ProbeFailed(readiness)", "10s app Ready", "10s app SIGTERM", "10s app Exited(143)", "10s - Deleted"},
		},
		{
			name: "an httpGet preStop hook of a generic process succeeds at once",
			pod:  podOf("web", 30, nil, withPreStop(nginx, corev1.LifecycleHandler{HTTPGet: &corev1.HTTPGetAction{Path: "/quit", Port: intOrString(80)}})),
			want: []string{"0s app Started", "0s app Ready", "10s app PreStopStarted", "10s app PreStopDone", "10s app SIGTERM", "10s app Exited(143)", "10s - Deleted"},
		},
		{
			name: "sleep N of an image serves no port: its httpGet probe is refused",
			pod:  podOf("web", 5, nil, withReadiness(image("app", "busybox:1.36", "sleep", "3600"), corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{Path: "/", Port: intOrString(80)}})),
			want: []string{"0s app Started", "0s app ProbeFailed(readiness)", "5s app ProbeFailed(readiness)", "10s app ProbeFailed(readiness)", "10s app SIGTERM", "15s app ProbeFailed(readiness)", "15s app SIGKILL", "15s app Exited(137)", "15s - Deleted"},
		},
		{
			name: "a behaviour step on a generic process changes its SIGTERM handling",
			pod:  shaped(podOf("web", 30, nil, nginx), "app", termDelay(4*time.Second)),
			want: []string{"0s app Started", "0s app Ready", "10s app SIGTERM", "14s app Exited(143)", "14s - Deleted"},
		},
		{
			name: "a behaviour step on a generic process makes it exit on its own (then restartPolicy Always restarts it)",
			pod:  shaped(podOf("web", 30, nil, nginx), "app", exitAfter(0, 3*time.Second)),
			want: []string{"0s app Started", "0s app Ready", "3s app Exited(0)", "3s app Started", "3s app Ready", "6s app Exited(0)", "10s - Deleted"},
		},
		{
			name: "a behaviour step on sleep N starts from what sleep does: it still ignores SIGTERM unless told",
			pod: shaped(podOf("web", 30, nil, image("app", "busybox:1.36", "sleep", "3600")), "app",
				func(b *behavior.Behavior) { b.Term = behavior.Term{Code: 0, Delay: 2 * time.Second} }),
			want: []string{"0s app Started", "0s app Ready", "10s app SIGTERM", "12s app Exited(0)", "12s - Deleted"},
		},
		{
			name: "a probe answered by the behaviour (becomes ready after D) on a generic process",
			pod: shaped(podOf("web", 30, nil, withReadiness(nginx, corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: behavior.ProbeCommand("readiness")}})), "app",
				func(b *behavior.Behavior) { d := 7 * time.Second; b.ReadyAfter = &d }),
			want: []string{"0s app Started", "0s app ProbeFailed(readiness)", "5s app ProbeFailed(readiness)", "10s app Ready", "10s app SIGTERM", "10s app Exited(143)", "10s - Deleted"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := CheckPod(tc.pod); err != nil {
				t.Fatalf("CheckPod: %v", err)
			}
			s := newSim(t, "")
			start(t, s, tc.pod)
			s.RunUntil(10*time.Second, nil)
			if err := s.DeletePod("web", metav1.DeleteOptions{}); err != nil {
				t.Fatal(err)
			}
			s.RunUntil(time.Minute, nil)
			diffLines(t, transcript(s, 0, kinds...), tc.want)
		})
	}
}

// TestAssumptions pins the lint notes: one per assumption the simulator
// makes, none for what it runs as written.
func TestAssumptions(t *testing.T) {
	nginx := image("app", "nginx:1.27")
	cases := []struct {
		name string
		pod  *corev1.Pod
		want []string // a fragment of each note, in order
	}{
		{"an agent container is run as written: no note", podOf("web", 30, nil, agent("app")), nil},
		{"sleep N is run as such: no note", podOf("web", 30, nil, image("app", "busybox:1.36", "sleep", "30")), nil},
		{"an unknown image is a generic process", podOf("web", 30, nil, nginx),
			[]string{`container "app": the simulator does not know image nginx:1.27; it runs it as a generic process: it starts at once, runs until signalled and exits with 143 on SIGTERM`}},
		{"an unknown command names the command", podOf("web", 30, nil, image("app", "busybox:1.36", "httpd", "-f")),
			[]string{`does not know "httpd -f" of image busybox:1.36`}},
		{"an unknown exec probe and hook succeed at once",
			podOf("web", 30, nil, withPreStop(withReadiness(agent("app"), corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{"cat", "/tmp/healthy"}}}), execHook("nginx", "-s", "quit"))),
			[]string{`its preStop hook "nginx -s quit"; it succeeds at once`, `its readinessProbe "cat /tmp/healthy"; it succeeds at once`}},
		{"an httpGet probe of a generic process answers by its behaviour",
			podOf("web", 30, nil, withReadiness(nginx, corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{Port: intOrString(80)}})),
			[]string{"generic process", "cannot ask the image on its readinessProbe; it answers as the process's behaviour says"}},
		{"behaviour steps on an image container are noted, with the skip on a cluster",
			shaped(podOf("web", 30, nil, nginx), "app", ignoreTerm),
			[]string{"changed by the behaviour steps (on a cluster the image runs as written, and the scenario is skipped there)"}},
		{"an unpullable image never runs: no note", podOf("web", 30, nil, image("app", behavior.UnpullableImage)), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Assumptions(tc.pod)
			if len(got) != len(tc.want) {
				t.Fatalf("got %d note(s), want %d:\n%s", len(got), len(tc.want), strings.Join(got, "\n"))
			}
			for i, w := range tc.want {
				if !strings.Contains(got[i], w) {
					t.Errorf("note %d = %q, want it to contain %q", i, got[i], w)
				}
			}
		})
	}
}

// TestCheckPodBehaviourAnnotation: the annotation is the steps' and must
// be well-formed and name an image container of the pod.
func TestCheckPodBehaviourAnnotation(t *testing.T) {
	cases := []struct {
		name string
		pod  *corev1.Pod
		want string
	}{
		{"an annotation on an agent container is refused", shaped(podOf("web", 30, nil, agent("app")), "app"), "not from annotation"},
		{"an annotation naming no container is refused",
			&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Annotations: map[string]string{behavior.Annotation("ghost"): "[]"}},
				Spec: corev1.PodSpec{Containers: []corev1.Container{image("app", "nginx:1.27")}}}, `no container "ghost"`},
		{"malformed arguments are refused",
			&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Annotations: map[string]string{behavior.Annotation("app"): `["--nope"]`}},
				Spec: corev1.PodSpec{Containers: []corev1.Container{image("app", "nginx:1.27")}}}, "behaviour annotation"},
		{"a malformed agent probe command is still refused",
			podOf("web", 30, nil, withReadiness(image("app", "nginx:1.27"), corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{behavior.Path, "probe", "sometimes"}}})), "agent command"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckPod(tc.pod)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("CheckPod = %v, want an error about %q", err, tc.want)
			}
		})
	}
}

// TestCheckPodValidation pins API validation rules the simulator applies
// as kube-apiserver does (pkg/apis/core/validation/validation.go).
func TestCheckPodValidation(t *testing.T) {
	never := corev1.ContainerRestartPolicyNever
	rule := corev1.ContainerRestartRule{Action: corev1.ContainerRestartRuleActionRestart,
		ExitCodes: &corev1.ContainerRestartRuleOnExitCodes{Operator: corev1.ContainerRestartRuleOnExitCodesOpIn, Values: []int32{42}}}
	withRules := func(policy *corev1.ContainerRestartPolicy) *corev1.Pod {
		c := image("app", "nginx:1.27")
		c.RestartPolicy, c.RestartPolicyRules = policy, []corev1.ContainerRestartRule{rule}
		return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web"}, Spec: corev1.PodSpec{Containers: []corev1.Container{c}}}
	}
	tolerating := func(effect corev1.TaintEffect) *corev1.Pod {
		p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web"}, Spec: corev1.PodSpec{Containers: []corev1.Container{image("app", "nginx:1.27")}}}
		p.Spec.Tolerations = []corev1.Toleration{{Key: "a", Operator: corev1.TolerationOpExists, Effect: effect, TolerationSeconds: new(int64(10))}}
		return p
	}
	cases := []struct {
		name string
		pod  *corev1.Pod
		want string // "" when the pod is valid
	}{
		{"restart rules need a container restartPolicy (validateContainerRestartPolicy)", withRules(nil), "must specify restartPolicy when restart rules are used"},
		{"restart rules with a policy are valid", withRules(&never), ""},
		{"tolerationSeconds belongs to NoExecute only (validateTolerations)", tolerating(corev1.TaintEffectNoSchedule), "effect must be 'NoExecute'"},
		{"tolerationSeconds on NoExecute is valid", tolerating(corev1.TaintEffectNoExecute), ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckPod(tc.pod)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want an error containing %q", err, tc.want)
			}
		})
	}
}
