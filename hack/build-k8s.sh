#!/usr/bin/env bash
# Usage: hack/build-k8s.sh VERSION [COMMAND...]   (e.g. 1.36.3, or 1.34.4 kubelet)
#
# Builds the Kubernetes binaries a kind node needs (kubeadm, kubelet,
# kubectl, kube-apiserver, kube-controller-manager, kube-scheduler; or
# only the COMMANDs named) from the Go module proxy, and, with kubeadm,
# the etcd that this version's kubeadm asks for, into
# $PODLIFE_CACHE/k8s/vVERSION/bin. Already built binaries are kept.
#
# `go install k8s.io/kubernetes/cmd/kubelet@vX` does not work: the module's
# go.mod replaces every k8s.io/* staging module with a local folder. A
# throwaway main module that requires k8s.io/kubernetes and replaces each
# staging module with its published v0.Y.Z does.
source "$(dirname "$0")/lib.sh"

V=${1:?usage: build-k8s.sh VERSION [COMMAND...]}
V=${V#v}
shift
OUT=$PODLIFE_CACHE/k8s/v$V
BIN=$OUT/bin
CMDS=(kubeadm kubelet kubectl kube-apiserver kube-controller-manager kube-scheduler)
[ $# -eq 0 ] || CMDS=("$@")
mkdir -p "$BIN"

missing=()
for c in "${CMDS[@]}"; do [ -x "$BIN/$c" ] || missing+=("$c"); done

if [ ${#missing[@]} -gt 0 ]; then
	t=$(date +%s)
	log "building Kubernetes v$V (${missing[*]}) from the Go module proxy; about 7 minutes on 2 cores for all of them when nothing is cached"
	MOD=$OUT/module
	mkdir -p "$MOD"
	info=$(cd "$MOD" && GOFLAGS=-mod=mod go mod download -json "k8s.io/kubernetes@v$V" 2>&1 || true)
	gomod=$(echo "$info" | sed -n 's/.*"GoMod": "\(.*\)".*/\1/p')
	[ -f "$gomod" ] || die "k8s.io/kubernetes@v$V is not on the Go module proxy: $(echo "$info" | sed -n 's/.*"Error": "\(.*\)".*/\1/p' | head -1)"
	staging=$(sed -n 's#^[[:space:]]*\(k8s.io/[a-z0-9-]*\) => ./staging/src/.*#\1#p' "$gomod")
	{
		echo "module podlife.local/k8sbuild"
		echo
		echo "go $(sed -n 's/^go //p' "$gomod")"
		echo
		echo "require k8s.io/kubernetes v$V"
		echo
		echo "replace ("
		for m in $staging; do echo "	$m => $m v0.${V#1.}"; done
		echo ")"
	} > "$MOD/go.mod"
	major=${V%%.*}; rest=${V#*.}; minor=${rest%%.*}
	ld="-s -w"
	# Without the version stamps the binaries call themselves v0.0.0, which
	# kubeadm, kind and /version all trip over.
	for p in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
		ld+=" -X $p.gitVersion=v$V -X $p.gitMajor=$major -X $p.gitMinor=$minor -X $p.gitTreeState=clean"
		ld+=" -X $p.gitCommit=0000000000000000000000000000000000000000 -X $p.buildDate=1970-01-01T00:00:00Z"
	done
	pkgs=()
	for c in "${missing[@]}"; do pkgs+=("k8s.io/kubernetes/cmd/$c"); done
	(cd "$MOD" && GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -ldflags="$ld" -o "$BIN/" "${pkgs[@]}") ||
		die "building Kubernetes v$V failed (above); a staging module the proxy does not serve at v0.${V#1.} (403 or 404 above) means this patch release cannot be built here: try another patch of the same minor"
	log "built Kubernetes v$V in $(since $t)"
fi

# etcd: the version this kubeadm's image list names (registry.k8s.io/etcd:3.6.5-0).
[ -x "$BIN/kubeadm" ] || exit 0
etcd_tag=$("$BIN/kubeadm" config images list --kubernetes-version "v$V" 2>/dev/null | sed -n 's#.*/etcd:##p')
[ -n "$etcd_tag" ] || die "kubeadm v$V names no etcd image"
echo "$etcd_tag" > "$OUT/etcd.tag"
EV=${etcd_tag%%-*}
EBIN=$PODLIFE_CACHE/etcd/v$EV/bin
if [ ! -x "$EBIN/etcd" ]; then
	t=$(date +%s)
	log "building etcd v$EV from the Go module proxy"
	EMOD=$PODLIFE_CACHE/etcd/v$EV/module
	mkdir -p "$EMOD" "$EBIN"
	# etcd's server module replaces its sibling modules with local folders
	# too; pin them to the same release instead.
	cat > "$EMOD/go.mod" <<EOM
module podlife.local/etcdbuild

go 1.24

require go.etcd.io/etcd/server/v3 v$EV

replace (
	go.etcd.io/etcd/api/v3 => go.etcd.io/etcd/api/v3 v$EV
	go.etcd.io/etcd/client/pkg/v3 => go.etcd.io/etcd/client/pkg/v3 v$EV
	go.etcd.io/etcd/client/v3 => go.etcd.io/etcd/client/v3 v$EV
	go.etcd.io/etcd/pkg/v3 => go.etcd.io/etcd/pkg/v3 v$EV
)
EOM
	(cd "$EMOD" && GOFLAGS=-mod=mod CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o "$EBIN/etcd" go.etcd.io/etcd/server/v3)
	log "built etcd v$EV in $(since $t)"
fi
ln -sfn "$EBIN/etcd" "$BIN/etcd"
