#!/usr/bin/env bash
# Usage: hack/kind-node-image.sh [VERSION]   (default $KIND_K8S_VERSION, else 1.36.3)
#
# Builds a kind node image for a Kubernetes release offline, from the Go
# module proxy and Debian's packages, and prints its name
# (podlife.local/kind-node:vVERSION). A finished image is reused while
# the recipe (these scripts, the kind version) is unchanged.
#
#   1. the Kubernetes binaries and etcd (hack/build-k8s.sh);
#   2. images for kube-apiserver, kube-controller-manager, kube-scheduler,
#      etcd and pause, each a static binary in one layer, written by
#      hack/mkimage without a Docker daemon;
#   3. a kubernetes-server-linux-amd64.tar.gz as a release would ship it.
#      kind's builder side-loads exactly four archives from it; kube-proxy
#      is not used (clusters run with kubeProxyMode: none), so the
#      kube-proxy.tar slot carries etcd and pause, which kubeadm needs and
#      which cannot be pulled here. CoreDNS, kindnetd and local-path are
#      not built: nothing in podlife's scenarios needs them;
#   4. the base image (hack/kind-base-image.sh);
#   5. `kind build node-image --type file`.
source "$(dirname "$0")/lib.sh"

V=${1:-${KIND_K8S_VERSION:-1.36.3}}
V=${V#v}
IMG=podlife.local/kind-node:v$V
T0=$(date +%s)

"$HACK_DIR/host-deps.sh"
"$HACK_DIR/docker-up.sh"

key=$( (cat "$HACK_DIR/kind-node-image.sh" "$HACK_DIR/kind-base-image.sh" "$HACK_DIR/build-k8s.sh" \
	"$HACK_DIR/pause/main.go" "$ROOT_DIR/pkg/driver/live/oci/oci.go"; echo "$KIND_VERSION $V") | sha256sum | cut -c1-16)
STAMP=$PODLIFE_CACHE/node-image/v$V.stamp
mkdir -p "$PODLIFE_CACHE/node-image"
if id=$(docker image inspect -f '{{.Id}}' "$IMG" 2>/dev/null) && [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$key $id" ]; then
	log "node image $IMG is up to date"
	echo "$IMG"
	exit 0
fi
log "building the kind node image $IMG offline (about 13 minutes on a fresh 2-core machine, seconds when cached)"

"$HACK_DIR/build-k8s.sh" "$V"
BIN=$PODLIFE_CACHE/k8s/v$V/bin
etcd_tag=$(cat "$PODLIFE_CACHE/k8s/v$V/etcd.tag")

# kind's CLI, at the version in go.mod, from the Go module proxy.
KIND=$PODLIFE_CACHE/bin/kind-$KIND_VERSION
if [ ! -x "$KIND" ]; then
	t=$(date +%s)
	mkdir -p "$PODLIFE_CACHE/bin/kind-build"
	GOBIN=$PODLIFE_CACHE/bin/kind-build CGO_ENABLED=0 go install "sigs.k8s.io/kind@$KIND_VERSION"
	mv "$PODLIFE_CACHE/bin/kind-build/kind" "$KIND"
	log "built kind $KIND_VERSION in $(since $t)"
fi

BASE=$("$HACK_DIR/kind-base-image.sh")

t=$(date +%s)
W=$PODLIFE_CACHE/node-build/v$V
rm -rf "$W"
mkdir -p "$W/kubernetes/server/bin"
(cd "$ROOT_DIR" && CGO_ENABLED=0 go build -trimpath -ldflags=-s -o "$W/pause" ./hack/pause)
# The sandbox image: the one kind's containerd config names, and kubeadm's.
sandbox=$(docker run --rm --entrypoint cat "$BASE" /etc/containerd/config.toml | sed -n 's/^[[:space:]]*sandbox_image = "\(.*\)"/\1/p')
kpause=$("$BIN/kubeadm" config images list --kubernetes-version "v$V" 2>/dev/null | grep /pause: || true)
image() { # ref binary-path
	printf '{"Ref":"%s","Files":[{"Path":"/usr/local/bin/%s","Source":"%s","Mode":493}]}' "$1" "$(basename "$2")" "$2"
}
for c in kube-apiserver kube-controller-manager kube-scheduler; do
	echo "[$(image "registry.k8s.io/$c:v$V" "$BIN/$c")]" | (cd "$ROOT_DIR" && go run ./hack/mkimage "$W/kubernetes/server/bin/$c.tar")
	echo "v$V" > "$W/kubernetes/server/bin/$c.docker_tag"
done
pauses=""
for ref in $sandbox $kpause; do
	pauses+=",{\"Ref\":\"$ref\",\"Files\":[{\"Path\":\"/pause\",\"Source\":\"$W/pause\",\"Mode\":493}],\"Entrypoint\":[\"/pause\"]}"
done
echo "[$(image "registry.k8s.io/etcd:$etcd_tag" "$BIN/etcd")$pauses]" | (cd "$ROOT_DIR" && go run ./hack/mkimage "$W/kubernetes/server/bin/kube-proxy.tar")
echo "v$V" > "$W/kubernetes/server/bin/kube-proxy.docker_tag"
cp "$BIN/kubeadm" "$BIN/kubelet" "$BIN/kubectl" "$W/kubernetes/server/bin/"
echo "v$V" > "$W/kubernetes/version"
tar -C "$W" -cf - kubernetes | gzip -1 > "$W/kubernetes-server-linux-amd64.tar.gz"
rm -rf "$W/kubernetes"
log "component images and server tarball in $(since $t)"

t=$(date +%s)
"$KIND" build node-image --type file "$W/kubernetes-server-linux-amd64.tar.gz" --base-image "$BASE" --image "$IMG" > "$W/build.log" 2>&1 ||
	{ tail -30 "$W/build.log" >&2; die "kind build node-image failed (log: $W/build.log)"; }
grep -i "cannot be fetched" "$W/build.log" | sed 's/^/    /' >&2 || true
rm -f "$W/kubernetes-server-linux-amd64.tar.gz"
echo "$key $(docker image inspect -f '{{.Id}}' "$IMG")" > "$STAMP"
log "node image $IMG built in $(since $t) ($(since $T0) in all)"
echo "$IMG"
