// Package evictionapi is the kubelet's eviction configuration as typed
// values, named after the kubelet's pkg/kubelet/eviction/api (v1.36.3):
// the signals (Signal), a threshold's value, a quantity or a percentage of
// the capacity (Value), a threshold (Threshold), and the eviction part of
// the KubeletConfiguration (Config) with its defaults.
//
// A statement such as "memory.available<500Mi" is parsed once, where it is
// written (the steps), with the kubelet's validation and messages
// (pkg/kubelet/eviction/helpers.go, parseThresholdStatement); after that
// the configuration crosses the driver seam typed: the simulator turns it
// into its own thresholds, the live driver renders the kind node's
// KubeletConfiguration from it (Value.String).
//
// The package imports only the standard library and k8s.io/apimachinery,
// so that every layer (steps, pkg/driver, pkg/sim, the drivers) may import
// it; internal/designrules checks it.
package evictionapi
