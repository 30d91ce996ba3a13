package sim

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
)

// ensureImage is EnsureImageExists (pkg/kubelet/images/image_manager.go):
// an unparseable reference is InvalidImageName (no back-off); pull policy
// Never without the image is ErrImageNeverPull; a present image is used
// unless the policy is Always; a pull during its back-off is
// ImagePullBackOff; a failed pull is ErrImagePull and moves the back-off.
// startContainer then records "Error: <reason>" as a Failed event.
func (p *runtimePod) ensureImage(c *ctr) *startError {
	img := c.spec.Image
	parsed := p.k.parsed.image(img)
	if err := parsed.err; err != nil {
		msg := fmt.Sprintf("Failed to apply default image tag %q: couldn't parse image name %q: %v", img, img, err)
		p.event(c, corev1.EventTypeWarning, "InspectFailed", msg)
		p.event(c, corev1.EventTypeWarning, "Failed", "Error: InvalidImageName")
		return &startError{reason: "InvalidImageName", message: msg}
	}
	ref := parsed.tagged
	present := p.k.images[ref]
	policy := c.spec.ImagePullPolicy
	if present && policy != corev1.PullAlways {
		p.event(c, corev1.EventTypeNormal, "Pulled", parsed.present)
		return nil
	}
	if policy == corev1.PullNever {
		msg := fmt.Sprintf("Container image %q is not present with pull policy of Never", img)
		p.event(c, corev1.EventTypeWarning, "ErrImageNeverPull", msg)
		p.event(c, corev1.EventTypeWarning, "Failed", "Error: ErrImageNeverPull")
		return &startError{reason: "ErrImageNeverPull", message: msg}
	}
	key := string(p.uid) + "_" + img
	b := p.k.imageBackOff
	if b.IsInBackOffSinceUpdate(key, p.env.wall(p.env.now).Time) {
		msg := fmt.Sprintf("Back-off pulling image %q", img)
		p.event(c, corev1.EventTypeNormal, "BackOff", msg)
		p.event(c, corev1.EventTypeWarning, "Failed", "Error: ImagePullBackOff")
		return &startError{reason: "ImagePullBackOff", message: msg + ": ErrImagePull: " + p.k.pullErrors[key]}
	}
	p.event(c, corev1.EventTypeNormal, "Pulling", fmt.Sprintf("Pulling image %q", img))
	if parsed.unpullable() {
		perr := fmt.Sprintf("rpc error: code = NotFound desc = failed to pull and unpack image %q: failed to resolve reference %q: %s: not found", ref, ref, ref)
		p.event(c, corev1.EventTypeWarning, "Failed", fmt.Sprintf("Failed to pull image %q: %s", img, perr))
		b.Next(key, p.env.wall(p.env.now).Time)
		p.k.pullErrors[key] = perr
		p.event(c, corev1.EventTypeWarning, "Failed", "Error: ErrImagePull")
		return &startError{reason: "ErrImagePull", message: perr}
	}
	p.k.images[ref] = true
	p.event(c, corev1.EventTypeNormal, "Pulled", fmt.Sprintf("Successfully pulled image %q in 0s (0s including waiting). Image size: 0 bytes.", img))
	return nil
}

// checkConfig is the part of generateContainerConfig
// (makeEnvironmentVariables in pkg/kubelet/kubelet_pods.go) that fails on
// a missing ConfigMap or Secret, or a missing key, when not optional:
// CreateContainerConfigError, retried at every sync without back-off.
func (p *runtimePod) checkConfig(c *ctr) *startError {
	fail := func(msg string) *startError { return &startError{reason: "CreateContainerConfigError", message: msg} }
	ns := p.pod.Namespace
	for _, from := range c.spec.EnvFrom {
		if r := from.ConfigMapRef; r != nil && !optional(r.Optional) && p.k.api.configMap(r.Name) == nil {
			return fail(fmt.Sprintf("configmaps %q not found", r.Name))
		}
		if r := from.SecretRef; r != nil && !optional(r.Optional) && p.k.api.secret(r.Name) == nil {
			return fail(fmt.Sprintf("secrets %q not found", r.Name))
		}
	}
	for _, e := range c.spec.Env {
		if e.ValueFrom == nil {
			continue
		}
		if r := e.ValueFrom.ConfigMapKeyRef; r != nil && !optional(r.Optional) {
			cm := p.k.api.configMap(r.Name)
			if cm == nil {
				return fail(fmt.Sprintf("configmaps %q not found", r.Name))
			}
			if _, ok := cm.Data[r.Key]; !ok {
				if _, ok := cm.BinaryData[r.Key]; !ok {
					return fail(fmt.Sprintf("couldn't find key %s in ConfigMap %s/%s", r.Key, ns, r.Name))
				}
			}
		}
		if r := e.ValueFrom.SecretKeyRef; r != nil && !optional(r.Optional) {
			sec := p.k.api.secret(r.Name)
			if sec == nil {
				return fail(fmt.Sprintf("secrets %q not found", r.Name))
			}
			if _, ok := sec.Data[r.Key]; !ok {
				if _, ok := sec.StringData[r.Key]; !ok {
					return fail(fmt.Sprintf("couldn't find key %s in Secret %s/%s", r.Key, ns, r.Name))
				}
			}
		}
	}
	return nil
}

func optional(b *bool) bool { return b != nil && *b }

// missingVolume names the first ConfigMap or Secret volume that does not
// exist (and is not optional): the volume manager cannot mount it, so the
// pod never gets a sandbox.
func (k *kubelet) missingVolume(pod *corev1.Pod) (volume, message string) {
	for _, v := range pod.Spec.Volumes {
		if cm := v.ConfigMap; cm != nil && !optional(cm.Optional) && k.api.configMap(cm.Name) == nil {
			return v.Name, fmt.Sprintf("configmap %q not found", cm.Name)
		}
		if sec := v.Secret; sec != nil && !optional(sec.Optional) && k.api.secret(sec.SecretName) == nil {
			return v.Name, fmt.Sprintf("secret %q not found", sec.SecretName)
		}
	}
	return "", ""
}
