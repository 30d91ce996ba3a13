#!/usr/bin/env bash
# make bench-kwok: the same pods through KWOK and through podlife's
# simulator, and the ratio of what each costs (issue 19).
#
# Usage: hack/bench-kwok.sh   (NODES, PODS: 100 and 10000 by default)
#
# KWOK's control plane runs on kwokctl's binary runtime with its QPS
# limits off and its default stages (a pod is made Ready, and removed once
# deleted): kube-apiserver, kube-controller-manager, kube-scheduler and
# etcd of Kubernetes $K8S_VERSION, the binaries the node-image build
# caches (hack/build-k8s.sh builds them when missing, about 7 minutes),
# and kwok and kwokctl $KWOK_VERSION built from the Go module proxy.
# hack/kwokbench creates the nodes and pods with an unthrottled client,
# counts the CPU of every control-plane process (not its own), runs the
# same pods through one simulator in its own process, and prints both
# figures and their ratio. The cluster is deleted on exit. Not in CI.
source "$(dirname "$0")/lib.sh"
cd "$ROOT_DIR"

K8S_VERSION=${K8S_VERSION:-1.36.3}
KWOK_VERSION=${KWOK_VERSION:-v0.8.0}
NODES=${NODES:-100}
PODS=${PODS:-10000}

"$HACK_DIR/build-k8s.sh" "$K8S_VERSION" >&2
K8S=$PODLIFE_CACHE/k8s/v$K8S_VERSION/bin
[ -x "$K8S/etcd" ] || die "no etcd in $K8S (hack/build-k8s.sh $K8S_VERSION builds it with kubeadm)"

KWOK=$PODLIFE_CACHE/kwok/$KWOK_VERSION/bin
if [ ! -x "$KWOK/kwok" ] || [ ! -x "$KWOK/kwokctl" ]; then
	t=$(date +%s)
	log "building kwok and kwokctl $KWOK_VERSION from the Go module proxy"
	mkdir -p "$KWOK"
	GOBIN=$KWOK go install "sigs.k8s.io/kwok/cmd/kwok@$KWOK_VERSION" "sigs.k8s.io/kwok/cmd/kwokctl@$KWOK_VERSION"
	log "kwok built in $(since "$t")"
fi
go build -o "$PODLIFE_CACHE/bin/kwokbench" ./hack/kwokbench

export KWOK_WORKDIR=$PODLIFE_CACHE/kwok/work
mkdir -p "$KWOK_WORKDIR"
cluster=podlife-bench-$$
cleanup() { "$KWOK/kwokctl" delete cluster --name "$cluster" >/dev/null 2>&1 || log "could not delete the KWOK cluster $cluster: kwokctl delete cluster --name $cluster (KWOK_WORKDIR=$KWOK_WORKDIR)"; }
trap cleanup EXIT

t=$(date +%s)
log "starting KWOK's control plane ($cluster: Kubernetes v$K8S_VERSION, kwok $KWOK_VERSION, binary runtime, QPS limits off)"
PATH=$KWOK:$K8S:$PATH "$KWOK/kwokctl" create cluster --name "$cluster" --runtime binary \
	--kube-apiserver-binary "$K8S/kube-apiserver" --kube-controller-manager-binary "$K8S/kube-controller-manager" \
	--kube-scheduler-binary "$K8S/kube-scheduler" --etcd-binary "$K8S/etcd" --kwok-controller-binary "$KWOK/kwok" \
	--disable-qps-limits --wait 2m >"$KWOK_WORKDIR/$cluster-create.log" 2>&1 ||
	die "kwokctl create cluster failed: $KWOK_WORKDIR/$cluster-create.log"
log "KWOK is up in $(since "$t")"

mkdir -p reports/bench
{
	echo "machine: nproc $(nproc), $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -1), $(go version); $(date -u +%Y-%m-%d)"
	"$PODLIFE_CACHE/bin/kwokbench" -kubeconfig "$KWOK_WORKDIR/clusters/$cluster/kubeconfig.yaml" \
		-pids "$KWOK_WORKDIR/clusters/$cluster/pids" -nodes "$NODES" -pods "$PODS"
} | tee reports/bench/kwok.txt
