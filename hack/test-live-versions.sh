#!/usr/bin/env bash
# make test-live-versions: the scenarios of older kubelet profiles on
# clusters of their own release.
#
# Usage: hack/test-live-versions.sh VERSION...   (e.g. 1.28.15 1.34.4)
#
# For each release: a node image of that release (hack/kind-node-image.sh,
# about 13 minutes each on 2 cores when nothing is cached), a kind cluster
# of it, and the catalogue's scenarios tagged @kubelet:1.N or
# @control-plane:1.N run there (hack/test-live.sh with KIND_K8S_VERSION,
# no skewed nodes), retries off, reports in reports/live-1.N/. A release
# whose scenarios are all of its control plane's version and kubelet's
# runs everything a cluster of it can check: the API server's, the
# scheduler's and the printer's switches as well as the kubelet's.
#
# The last line counts every release's scenarios together, as make
# test-live's does.
source "$(dirname "$0")/lib.sh"
cd "$ROOT_DIR"

[ $# -gt 0 ] || die "usage: test-live-versions.sh VERSION... (e.g. 1.28.15 1.34.4)"
T0=$(date +%s)
rc=0
passed=0 failed=0 skipped=0
summary=""
for v in "$@"; do
	v=${v#v}
	m=${v%.*}
	dir=reports/live-$m
	log "Kubernetes $v: the scenarios tagged @kubelet:$m or @control-plane:$m on a cluster of that release (reports in $dir)"
	set +e
	KIND_K8S_VERSION=$v KUBELET_VERSIONS="" PODLIFE_RETRIES=${PODLIFE_RETRIES:-0} \
		PODLIFE_TAGS="kubelet:$m || control-plane:$m" PODLIFE_REPORT_DIR=$dir \
		"$HACK_DIR/test-live.sh"
	r=$?
	set -e
	[ $r -eq 0 ] || rc=1
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$dir/summary.txt" 2>/dev/null | tail -1 || true)
	if [ -z "$line" ]; then
		summary+="  $v: no results (exit $r)"$'\n'
		rc=1
		continue
	fi
	summary+="  $v: $line"$'\n'
	read -r p _ f _ s _ <<<"${line//,/}"
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
done
log "test-live-versions ran in $(since "$T0")"
printf 'by release:\n%s' "$summary"
echo "$passed passed, $failed failed, $skipped skipped"
exit $rc
