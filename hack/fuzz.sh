#!/usr/bin/env bash
# make fuzz: each fuzzer for a bounded time, one at a time.
#
# Usage: hack/fuzz.sh FUZZTIME pkg:Fuzzer...
#
# A fuzzer fails on a crasher: an input that panics, fails the target, or
# hangs past internal/deadline's limit. go test then writes that input
# under the package's testdata/fuzz/<Fuzzer>/, where it stays as a seed,
# and this script fails at once.
#
# Go 1.26's fuzzing coordinator can also fail a run that found nothing: when
# -fuzztime's deadline expires, a race lets its own "context deadline
# exceeded" through as the target's failure, and no input is written
# (golang/go#75804, fixed in Go 1.27). A failure that wrote no input is
# therefore run once more, and fails the script only if it fails again.
set -euo pipefail

fuzztime=$1
shift
GO=${GO:-go}

# inputs counts the inputs kept for a fuzzer under its package (none yet
# for a fuzzer whose seeds are all in its code).
inputs() {
	local dir=$1/testdata/fuzz/$2
	if [ -d "$dir" ]; then find "$dir" -type f | wc -l; else echo 0; fi
}

for f in "$@"; do
	pkg=./${f%%:*} name=${f##*:}
	for attempt in 1 2; do
		echo "fuzz: $name ($pkg) for $fuzztime"
		before=$(inputs "$pkg" "$name")
		if "$GO" test -run '^$' -fuzz "^$name\$" -fuzztime "$fuzztime" -fuzzminimizetime 10x "$pkg"; then
			break
		fi
		if [ "$(inputs "$pkg" "$name")" != "$before" ]; then
			echo "fuzz: $name failed on an input, kept under $pkg/testdata/fuzz/$name" >&2
			exit 1
		fi
		if [ "$attempt" = 2 ]; then
			echo "fuzz: $name failed twice without a failing input: not the coordinator's deadline race (golang/go#75804) alone" >&2
			exit 1
		fi
		echo "fuzz: $name failed without a failing input (Go 1.26's fuzzing deadline race, golang/go#75804): running it again" >&2
	done
done
