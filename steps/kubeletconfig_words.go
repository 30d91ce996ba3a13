package steps

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/cucumber/godog"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/yaml"

	"github.com/podlife/podlife/pkg/evictionapi"
)

// The kubelet's configuration as a KubeletConfiguration document (issue
// 38's eighteenth held-out batch: ten steps of its pressure draft, one of
// the seventeenth's, such as `Given a node "node-1" with 4Gi of memory and
// kubelet configuration:` over `evictionHard: {memory.available:
// "100Mi"}`, whose hint kept the node and dropped the thresholds): `Given
// the kubelet configuration:` and `Given a node "n" with … and [the]
// kubelet configuration:` (the node as its own phrase says it) take the
// eviction fields of a KubeletConfiguration (k8s.io/kubelet
// config/v1beta1, decoded strictly): evictionHard, evictionSoft with
// evictionSoftGracePeriod, evictionMinimumReclaim,
// evictionMaxPodGracePeriod, evictionPressureTransitionPeriod, each what
// the phrase of that setting says (`the kubelet hard eviction threshold
// is "memory.available<100Mi"`, …): the scenario's kubelets' (a setting
// of one node among several is not modelled). Any other field is bad
// input naming the ones taken.
func kubeletConfigWords() []Def {
	const f = "kubelet configuration"
	return []Def{
		phrase(f, `^the kubelet(?:'s)? configuration(?: is)?:$`, "Given the kubelet configuration:\n  \"\"\"yaml\n  evictionHard:\n    memory.available: 100Mi\n  evictionPressureTransitionPeriod: 30s\n  \"\"\"",
			withDoc(func(_ []string, doc *godog.DocString) (Step, error) { return parseKubeletConfig(nil, doc) })),
		phrase(f, `^(a node "[^"]*"(?: with .+?)?)(?:,| and) (?:with )?(?:the |its )?kubelet(?:'s)? configuration:$`, "Given a node \"worker-1\" with 4Gi memory and kubelet configuration:\n  \"\"\"yaml\n  evictionHard:\n    memory.available: 100Mi\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				node, err := nodePhrase(c[0])
				if err != nil {
					return nil, err
				}
				return parseKubeletConfig(node, doc)
			})),
	}
}

// kubeletEviction are the fields of a KubeletConfiguration
// (k8s.io/kubelet config/v1beta1 types.go, v0.36.3) podlife takes, as
// that type spells and types them (the type itself brings the kubelet's
// metrics and tracing packages with it).
type kubeletEviction struct {
	Kind                             string            `json:"kind,omitempty"`
	APIVersion                       string            `json:"apiVersion,omitempty"`
	EvictionHard                     map[string]string `json:"evictionHard,omitempty"`
	EvictionSoft                     map[string]string `json:"evictionSoft,omitempty"`
	EvictionSoftGracePeriod          map[string]string `json:"evictionSoftGracePeriod,omitempty"`
	EvictionPressureTransitionPeriod metav1.Duration   `json:"evictionPressureTransitionPeriod,omitempty"`
	EvictionMaxPodGracePeriod        int32             `json:"evictionMaxPodGracePeriod,omitempty"`
	EvictionMinimumReclaim           map[string]string `json:"evictionMinimumReclaim,omitempty"`
}

// nodePhrase is the step of a node's declaration said in a phrase of the
// language, for a parser the registry holds (set once the registry is
// built: a parser that named the registry would make its initialisation
// depend on itself).
var nodePhrase func(text string) (Step, error)

func init() {
	nodePhrase = func(text string) (Step, error) {
		d, err := definedPhrase(text)
		if err != nil || d.Family != "cluster" {
			return nil, inputErr("this step declares `%s`, which is not a node phrase of the language", text)
		}
		return d.Parse(text, Arg{})
	}
}

// kubeletConfigFields are the fields taken, as a KubeletConfiguration
// names them.
var kubeletConfigFields = []string{"evictionHard", "evictionSoft", "evictionSoftGracePeriod", "evictionMinimumReclaim", "evictionMaxPodGracePeriod", "evictionPressureTransitionPeriod"}

func parseKubeletConfig(node Step, doc *godog.DocString) (Step, error) {
	var present map[string]any
	if err := yaml.Unmarshal([]byte(doc.Content), &present); err != nil {
		return nil, inputErr("the kubelet configuration: %v", err)
	}
	var extra []string
	for k := range present {
		if k != "kind" && k != "apiVersion" && !slices.Contains(kubeletConfigFields, k) {
			extra = append(extra, k)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		return nil, inputErr("the kubelet configuration sets %s: podlife takes %s from it", strings.Join(extra, ", "), strings.Join(kubeletConfigFields, ", "))
	}
	var kc kubeletEviction
	if err := yaml.UnmarshalStrict([]byte(doc.Content), &kc); err != nil {
		return nil, inputErr("the kubelet configuration: %v", err)
	}
	if kc.Kind != "" && kc.Kind != "KubeletConfiguration" {
		return nil, inputErr("the kubelet configuration is of kind %q, not KubeletConfiguration", kc.Kind)
	}
	s := &kubeletConfig{node: node}
	// The flags' own syntax, which the phrases' slots take: a hard or soft
	// threshold is "signal<value".
	if len(kc.EvictionHard) > 0 {
		ts, err := parseThresholds(joinThresholds(kc.EvictionHard, "<"))
		if err != nil {
			return nil, err
		}
		s.steps = append(s.steps, evictionThreshold{thresholds: ts})
	}
	for _, sig := range slices.Sorted(maps.Keys(kc.EvictionSoft)) {
		g, ok := kc.EvictionSoftGracePeriod[sig]
		if !ok {
			return nil, inputErr("the kubelet configuration's evictionSoft %s has no evictionSoftGracePeriod (the kubelet refuses a soft threshold without one)", sig)
		}
		grace, err := time.ParseDuration(g)
		if err != nil {
			return nil, inputErr("the kubelet configuration's evictionSoftGracePeriod %s: %v", sig, err)
		}
		ts, err := parseThresholds(sig + "<" + kc.EvictionSoft[sig])
		if err != nil {
			return nil, err
		}
		s.steps = append(s.steps, evictionThreshold{thresholds: ts, soft: true, grace: grace})
	}
	for sig := range kc.EvictionSoftGracePeriod {
		if _, ok := kc.EvictionSoft[sig]; !ok {
			return nil, inputErr("the kubelet configuration's evictionSoftGracePeriod names %s, which evictionSoft does not", sig)
		}
	}
	if len(kc.EvictionMinimumReclaim) > 0 {
		r, err := evictionapi.ParseMinimumReclaims(joinThresholds(kc.EvictionMinimumReclaim, "="))
		if err != nil {
			return nil, inputErr("the kubelet configuration's evictionMinimumReclaim: %v", err)
		}
		s.steps = append(s.steps, minimumReclaim{reclaims: minReclaims(r)})
	}
	if _, ok := present["evictionMaxPodGracePeriod"]; ok {
		s.steps = append(s.steps, maxPodGrace{grace: GraceSeconds(kc.EvictionMaxPodGracePeriod)})
	}
	if _, ok := present["evictionPressureTransitionPeriod"]; ok {
		s.steps = append(s.steps, transitionPeriod{period: kc.EvictionPressureTransitionPeriod.Duration})
	}
	return s, nil
}

// joinThresholds writes a map of signal to value as its flag does, in
// the signals' order.
func joinThresholds(m map[string]string, op string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		parts = append(parts, k+op+m[k])
	}
	return strings.Join(parts, ",")
}

// kubeletConfig is the node it declares, if any, then each setting's step.
type kubeletConfig struct {
	node  Step
	steps []Step
}

func (s *kubeletConfig) Declare(pl *Plan) error {
	if s.node != nil {
		if err := s.node.Declare(pl); err != nil {
			return err
		}
	}
	for _, x := range s.steps {
		if err := x.Declare(pl); err != nil {
			return fmt.Errorf("the kubelet configuration: %w", err)
		}
	}
	return nil
}

func (s *kubeletConfig) Run(ctx context.Context, st *State) error {
	if s.node != nil {
		if err := s.node.Run(ctx, st); err != nil {
			return err
		}
	}
	for _, x := range s.steps {
		if err := x.Run(ctx, st); err != nil {
			return err
		}
	}
	return nil
}
