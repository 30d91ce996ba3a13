package report

import "testing"

// TestReproduce: the block names the run seed and, for each failed or
// errored scenario, the command that runs it again; a run with no
// failure has none.
func TestReproduce(t *testing.T) {
	results := []Result{
		{Feature: "features/a.feature", Line: 3, Status: Passed, Seed: 99},
		{Feature: "features/a.feature", Line: 9, Status: Failed, Seed: 1234567},
		{Feature: "features/b.feature", Line: 4, Status: Errored},
		{Feature: "features/b.feature", Line: 20, Status: Skipped},
	}
	cases := []struct {
		name    string
		results []Result
		seed    int64
		driver  string
		kubelet string
		want    string
	}{
		{"simulator", results, 1, "sim", "",
			"\nto reproduce (seed 1 gives the same run every time):\n  podlife run --seed 1 features/a.feature:9\n  podlife run --seed 1 features/b.feature:4\n"},
		{"a kubelet version", results[:2], 7, "sim", "1.27",
			"\nto reproduce (seed 7 gives the same run every time):\n  podlife run --kubelet-version 1.27 --seed 7 features/a.feature:9\n"},
		{"a cluster", results[:2], 1, "live", "",
			"\nto run again (seed 1; a cluster's timing is its own each time):\n  podlife run --driver live --seed 1 features/a.feature:9\n"},
		{"nothing failed", []Result{results[0], results[3]}, 1, "sim", "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := Reproduce(tc.results, tc.seed, tc.driver, tc.kubelet); got != tc.want {
				t.Errorf("\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}
