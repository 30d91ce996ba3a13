# Shared helpers for podlife's hack/ scripts (sourced, not run).
#
# Everything built here is cached under $PODLIFE_CACHE (default
# ~/.cache/podlife), keyed by version, so that a second run only redoes
# what changed. Progress goes to stderr with a time stamp.

set -euo pipefail

PODLIFE_CACHE=${PODLIFE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/podlife}
HACK_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT_DIR=$(cd "$HACK_DIR/.." && pwd)
mkdir -p "$PODLIFE_CACHE"

# The kind release whose node-image builder and base files podlife uses;
# it is the version in go.mod.
KIND_VERSION=${KIND_VERSION:-$(cd "$ROOT_DIR" && go list -m -f '{{.Version}}' sigs.k8s.io/kind 2>/dev/null || echo v0.33.0)}

log() { printf '%s podlife: %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

# since START prints the seconds elapsed since START (from date +%s).
since() { echo "$(( $(date +%s) - $1 ))s"; }

# duration_secs prints the seconds of a duration written as Go writes one
# of whole hours, minutes and seconds (40m, 1h30m, 90s); it fails on any
# other.
duration_secs() {
	local d=$1 total=0 n u
	[[ $d =~ ^([0-9]+[hms])+$ ]] || return 1
	while [[ $d =~ ^([0-9]+)([hms])(.*)$ ]]; do
		n=${BASH_REMATCH[1]} u=${BASH_REMATCH[2]} d=${BASH_REMATCH[3]}
		case $u in h) total=$((total + n * 3600)) ;; m) total=$((total + n * 60)) ;; s) total=$((total + n)) ;; esac
	done
	echo "$total"
}

# as_root runs a command as root (CI runs as root; sudo elsewhere).
as_root() {
	if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# lacks_sys_resource tells whether this machine's root lacks
# CAP_SYS_RESOURCE in its bounding set (bit 24), as the VMs podlife's CI
# runs on do. Privileged containers and negative oom_score_adj then fail,
# and the workarounds below are applied; elsewhere they are not.
lacks_sys_resource() {
	local bnd
	bnd=$(awk '/^CapBnd:/{print $2}' /proc/self/status)
	(( (16#$bnd >> 24 & 1) == 0 ))
}

# cgroup_v1 tells whether the host runs cgroup v1 (Kubernetes 1.35+ then
# needs failCgroupV1: false).
cgroup_v1() { [ "$(stat -fc %T /sys/fs/cgroup)" != cgroup2fs ]; }

# debian_mirror is the Debian mirror apt uses on this machine.
debian_mirror() {
	local m=""
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		m=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources)
	fi
	if [ -z "$m" ] && [ -f /etc/apt/sources.list ]; then
		m=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list)
	fi
	echo "${m:-http://deb.debian.org/debian}"
}
