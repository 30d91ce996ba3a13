// Package live runs the scenario catalogue on a real kubelet: a kind
// cluster that the suite creates (and deletes), or, with
// PODLIFE_LIVE_CLUSTER=existing (what `KUBECONFIG=… make test-live`
// sets), the cluster of the kubeconfig. See live_suite_test.go and the
// README's "Live runs".
package live
