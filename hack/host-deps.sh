#!/usr/bin/env bash
# Installs the Debian packages the live suite needs on the host, if they
# are missing: Docker's engine (kind runs its nodes as containers) and
# debootstrap (the node image's base is built from Debian's packages).
source "$(dirname "$0")/lib.sh"

need=()
command -v dockerd >/dev/null || need+=(docker.io)
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v dpkg-deb >/dev/null || need+=(dpkg)
command -v iptables >/dev/null || need+=(iptables)
if [ ${#need[@]} -eq 0 ]; then
	exit 0
fi
t=$(date +%s)
log "installing ${need[*]} from Debian's packages"
as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
log "installed ${need[*]} in $(since $t)"
