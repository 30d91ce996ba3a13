package steps

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func configSteps() []Def {
	const f = "cluster"
	return []Def{
		phrase(f, `^a config map "([^"]*)" with keys? (.+)$`, `Given a config map "settings" with keys "mode", "level"`,
			s2(func(name string, keys quotedKeys) Step { return keyedObject{name: name, keys: keys} })),
		phrase(f, `^a secret "([^"]*)" with keys? (.+)$`, `Given a secret "credentials" with key "password"`,
			s2(func(name string, keys quotedKeys) Step { return keyedObject{secret: true, name: name, keys: keys} })),
	}
}

// quotedKeys are the keys of `with keys "mode", "level"`.
type quotedKeys []string

func (k *quotedKeys) set(s string) error {
	ks, err := quoted(s)
	*k = ks
	return err
}

// Given a config map "settings" with keys "mode", "level"; Given a secret
// "credentials" with key "password"
type keyedObject struct {
	declaration
	secret bool
	name   string
	keys   quotedKeys
}

func (s keyedObject) Declare(pl *Plan) error {
	if !s.secret {
		if err := pl.beforeCluster("a config map"); err != nil {
			return err
		}
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: s.name}, Data: map[string]string{}}
		for _, k := range s.keys {
			cm.Data[k] = "value-of-" + k
		}
		pl.setup.ConfigMaps = append(pl.setup.ConfigMaps, cm)
		return nil
	}
	if err := pl.beforeCluster("a secret"); err != nil {
		return err
	}
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: s.name}, Data: map[string][]byte{}}
	for _, k := range s.keys {
		sec.Data[k] = []byte("value-of-" + k)
	}
	pl.setup.Secrets = append(pl.setup.Secrets, sec)
	return nil
}
