package steps

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func configSteps() []Def {
	const f = "cluster"
	return []Def{
		def(f, `^a config map "([^"]*)" with keys? (.+)$`, `Given a config map "settings" with keys "mode", "level"`, aConfigMap),
		def(f, `^a secret "([^"]*)" with keys? (.+)$`, `Given a secret "credentials" with key "password"`, aSecret),
	}
}

// Given a config map "settings" with keys "mode", "level"
func aConfigMap(ctx context.Context, name, keys string) error {
	st := From(ctx)
	ks, err := quoted(keys)
	if err != nil {
		return err
	}
	if err := st.Plan.beforeCluster("a config map"); err != nil {
		return err
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}, Data: map[string]string{}}
	for _, k := range ks {
		cm.Data[k] = "value-of-" + k
	}
	st.Plan.setup.ConfigMaps = append(st.Plan.setup.ConfigMaps, cm)
	return nil
}

// Given a secret "credentials" with key "password"
func aSecret(ctx context.Context, name, keys string) error {
	st := From(ctx)
	ks, err := quoted(keys)
	if err != nil {
		return err
	}
	if err := st.Plan.beforeCluster("a secret"); err != nil {
		return err
	}
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: name}, Data: map[string][]byte{}}
	for _, k := range ks {
		sec.Data[k] = []byte("value-of-" + k)
	}
	st.Plan.setup.Secrets = append(st.Plan.setup.Secrets, sec)
	return nil
}
