package main

import "testing"

// TestStatTicks: the user and system times are fields 14 and 15 of
// /proc/<pid>/stat, counted after the command, which may hold spaces and
// parentheses.
func TestStatTicks(t *testing.T) {
	cases := []struct {
		name, stat string
		want       int64
		err        bool
	}{
		{"a plain command", "42 (etcd) S 1 42 42 0 -1 4194560 100 0 0 0 250 75 0 0 20 0 12 0 100 0 0", 325, false},
		{"spaces and parentheses in the command", "7 (kube (api) server) R 1 7 7 0 -1 0 0 0 0 0 1000 1 0 0 20 0 1 0 5 0 0", 1001, false},
		{"cut short", "7 (x) R 1 2 3", 0, true},
		{"no command", "garbage", 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := statTicks(c.stat)
			if (err != nil) != c.err || got != c.want {
				t.Fatalf("statTicks = %d, %v; want %d, error %v", got, err, c.want, c.err)
			}
		})
	}
}
