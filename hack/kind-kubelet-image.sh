#!/usr/bin/env bash
# Usage: hack/kind-kubelet-image.sh KUBELET_VERSION [BASE_IMAGE]
#   (e.g. 1.34.4; BASE_IMAGE defaults to the node image hack/kind-node-image.sh
#   builds for $KIND_K8S_VERSION, else 1.36.3)
#
# Builds the node image of a skewed node, whose kubelet is an older
# release than its control plane, and prints its name
# (podlife.local/kind-node:vBASE-kubelet-vKUBELET). Kubernetes' version
# skew policy lets a kubelet be up to three minor versions older than the
# API server, so a 1.36 cluster can have 1.33, 1.34 and 1.35 nodes.
#
# The image is the base release's node image (hack/kind-node-image.sh)
# with /usr/bin/kubelet, where kind's builder puts it, replaced by the
# older release's kubelet (hack/build-k8s.sh VERSION kubelet: only the
# kubelet is built). Everything else is the base's: kind reads the node's
# version from /kind/version and writes the base release's kubeadm join
# configuration; kubeadm join (preflight skipped, as kind does) starts the
# older kubelet with it, as a node upgraded control plane first would be.
# A finished image is reused while its inputs are unchanged.
source "$(dirname "$0")/lib.sh"

KV=${1:?usage: kind-kubelet-image.sh KUBELET_VERSION [BASE_IMAGE]}
KV=${KV#v}
BASE=${2:-}
T0=$(date +%s)
[ -n "$BASE" ] || BASE=$("$HACK_DIR/kind-node-image.sh" "${KIND_K8S_VERSION:-1.36.3}")
# The base's release, as kind reads it.
BV=$(docker run --rm --entrypoint cat "$BASE" /kind/version) || die "cannot read /kind/version of node image $BASE"
BV=${BV#v}
IMG=podlife.local/kind-node:v$BV-kubelet-v$KV

kb=${KV#*.}; bb=${BV#*.}
if (( ${kb%%.*} > ${bb%%.*} || ${bb%%.*} - ${kb%%.*} > 3 )); then
	die "a kubelet $KV under a $BV control plane is outside Kubernetes' version skew policy (up to three minor versions older)"
fi

"$HACK_DIR/build-k8s.sh" "$KV" kubelet
KUBELET=$PODLIFE_CACHE/k8s/v$KV/bin/kubelet

key=$( (cat "$HACK_DIR/kind-kubelet-image.sh" "$KUBELET"; docker image inspect -f '{{.Id}}' "$BASE") | sha256sum | cut -c1-16)
STAMP=$PODLIFE_CACHE/node-image/v$BV-kubelet-v$KV.stamp
if id=$(docker image inspect -f '{{.Id}}' "$IMG" 2>/dev/null) && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$key $id" ]; then
	log "node image $IMG is up to date"
	echo "$IMG"
	exit 0
fi

# A container created (never started) from the base, the kubelet copied
# in, committed: offline, and the base's configuration (entrypoint, stop
# signal, volumes) carries over.
cid=$(docker create "$BASE")
trap 'docker rm -f "$cid" >/dev/null 2>&1 || true' EXIT
docker cp "$KUBELET" "$cid:/usr/bin/kubelet"
docker commit -m "podlife: kubelet v$KV on the v$BV node image" "$cid" "$IMG" >/dev/null
echo "$key $(docker image inspect -f '{{.Id}}' "$IMG")" > "$STAMP"
log "node image $IMG (kubelet v$KV on v$BV) in $(since $T0)"
echo "$IMG"
