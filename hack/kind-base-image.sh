#!/usr/bin/env bash
# Usage: hack/kind-base-image.sh   (prints the image name on stdout)
#
# Builds a kind "base" image offline, in place of docker.io/kindest/base
# (which cannot be pulled here): a Debian bookworm root made by
# debootstrap from the machine's Debian mirror, with Debian's systemd,
# containerd 1.6, runc and CNI plugins, and kind's own base files (the
# entrypoint, systemd units, containerd config and kubelet drop-ins) taken
# from the kind module in the Go module cache.
#
# Differences from kindest/base, each because of this machine:
#   - Debian's containerd is 1.6 while kind expects 2.x: /usr/local/bin/ctr
#     wraps Debian's ctr, answering `ctr info` with `ctr version`, and
#     making `ctr content fetch` of an image that cannot be fetched offline
#     (kindnetd, local-path, CoreDNS) a warning instead of an error.
#   - kindnetd cannot be pulled: a static bridge CNI config takes its
#     place (clusters are created with disableDefaultCNI; one node).
#   - where root lacks CAP_SYS_RESOURCE, negative oom_score_adj values
#     cannot be set and every sandbox fails: containerd's
#     restrict_oom_score_adj is turned on (only there).
# The image is cached in Docker under a tag derived from this script, the
# kind version and those choices; the debootstrap root is cached in
# $PODLIFE_CACHE/kind-base.
source "$(dirname "$0")/lib.sh"

restrict=false
if lacks_sys_resource; then restrict=true; fi
key=$( (cat "$0"; echo "$KIND_VERSION $restrict") | sha256sum | cut -c1-12)
IMG=podlife.local/kind-base:$key
if docker image inspect "$IMG" >/dev/null 2>&1; then
	echo "$IMG"
	exit 0
fi

KIND_DIR=$(cd "$ROOT_DIR" && go mod download -json "sigs.k8s.io/kind@$KIND_VERSION" | sed -n 's/.*"Dir": "\(.*\)".*/\1/p')
FILES=$KIND_DIR/images/base/files
[ -d "$FILES" ] || die "kind's base files are not in the module cache ($FILES)"

C=$PODLIFE_CACHE/kind-base
mkdir -p "$C"
PKGS=systemd,systemd-sysv,conntrack,iptables,nftables,iproute2,ethtool,util-linux,mount,kmod,libseccomp2,pigz,bash,ca-certificates,jq,procps,containerd,runc,containernetworking-plugins,e2fsprogs,fuse-overlayfs
ROOTTAR=$C/rootfs-bookworm-$(echo "$PKGS" | sha256sum | cut -c1-8).tar
if [ ! -f "$ROOTTAR" ]; then
	t=$(date +%s)
	log "debootstrap: a Debian bookworm root with systemd, containerd and runc from $(debian_mirror) (about 2-3 minutes)"
	rm -rf "$C/debootstrap"
	as_root debootstrap --variant=minbase --include="$PKGS" bookworm "$C/debootstrap" "$(debian_mirror)" > "$C/debootstrap.log" 2>&1 ||
		{ tail -20 "$C/debootstrap.log" >&2; die "debootstrap failed (log: $C/debootstrap.log)"; }
	as_root tar -C "$C/debootstrap" --numeric-owner -cf "$ROOTTAR.tmp" .
	mv "$ROOTTAR.tmp" "$ROOTTAR"
	as_root rm -rf "$C/debootstrap"
	log "debootstrap done in $(since $t)"
fi

t=$(date +%s)
R=$C/rootfs
as_root rm -rf "$R"
mkdir -p "$R"
as_root tar -C "$R" -xf "$ROOTTAR"

# kind's base files, where its Dockerfile puts them.
install -m0755 "$FILES"/usr/local/bin/* "$R/usr/local/bin/"
mkdir -p "$R/kind" "$R/LICENSES" "$R/etc/containerd" "$R/etc/systemd/system/kubelet.service.d" "$R/etc/kubernetes/manifests" "$R/opt/cni/bin" "$R/etc/cni/net.d"
cp -r "$FILES/kind/." "$R/kind/"
chmod 0755 "$R/kind" "$R/kind/bin" "$R"/kind/bin/*
install -m0644 "$FILES/etc/crictl.yaml" "$R/etc/"
install -m0644 "$FILES/etc/containerd/config.toml" "$R/etc/containerd/"
install -m0644 "$FILES/etc/default/kubelet" "$R/etc/default/"
install -m0644 "$FILES"/etc/sysctl.d/* "$R/etc/sysctl.d/"
install -m0644 "$FILES"/etc/systemd/system/*.service "$FILES"/etc/systemd/system/*.slice "$R/etc/systemd/system/"
install -m0644 "$FILES"/etc/systemd/system/kubelet.service.d/* "$R/etc/systemd/system/kubelet.service.d/"
if $restrict; then
	sed -i 's/restrict_oom_score_adj = false/restrict_oom_score_adj = true/' "$R/etc/containerd/config.toml"
	grep -q 'restrict_oom_score_adj = true' "$R/etc/containerd/config.toml" || die "could not set restrict_oom_score_adj"
fi

# Debian's binaries where kind's units and scripts look for them.
ln -sf /usr/bin/containerd "$R/usr/local/bin/containerd"
ln -sf /usr/bin/containerd-shim-runc-v2 "$R/usr/local/bin/containerd-shim-runc-v2"
ln -sf /usr/sbin/runc "$R/usr/local/sbin/runc"
for p in host-local loopback ptp portmap bridge; do cp "$R/usr/lib/cni/$p" "$R/opt/cni/bin/"; done

cat > "$R/usr/local/bin/ctr" <<'EOW'
#!/bin/bash
# podlife: Debian's ctr (containerd 1.6) with what kind v0.2x+ expects of
# containerd 2.x: `ctr info` answers like `ctr version`, and an image that
# cannot be fetched offline is a warning, not a failed node-image build.
if [ "$1" = info ]; then exec /usr/bin/ctr version; fi
if [ "$2" = content ] && [ "$3" = fetch ]; then
	ref="${@: -1}"
	if /usr/bin/ctr --namespace=k8s.io images ls -q | grep -qx -- "$ref"; then exit 0; fi
	if timeout 20 /usr/bin/ctr "$@" >/dev/null 2>&1; then exit 0; fi
	echo "podlife: $ref cannot be fetched offline; the node image goes without it" >&2
	exit 0
fi
exec /usr/bin/ctr "$@"
EOW
chmod 0755 "$R/usr/local/bin/ctr"

# No masquerade: a pod here talks to nothing off its node (no registry,
# no DNS, no Services; the kubelet's probes reach it on the bridge), and
# ipMasq made the bridge plugin run iptables several times at every
# sandbox's creation and deletion, on one shared nat table.
cat > "$R/etc/cni/net.d/10-podlife.conflist" <<'EOC'
{"cniVersion":"1.0.0","name":"podlife","plugins":[
 {"type":"bridge","bridge":"cni0","isGateway":true,"ipMasq":false,"hairpinMode":true,
  "ipam":{"type":"host-local","ranges":[[{"subnet":"10.244.0.0/24"}]],"routes":[{"dst":"0.0.0.0/0"}]}},
 {"type":"portmap","capabilities":{"portMappings":true}}]}
EOC

# As kind's Dockerfile does: the base runtime spec, then systemd trimmed
# to what a node needs, and the node's services enabled. The spec leaves
# out kind's createContainer hook (mount-product-files.sh, which gives
# each container the node's product_uuid and product_name): it ran bash,
# jq twice and a mount at every container's creation, pause containers
# included, and no scenario reads those files.
as_root chroot "$R" /bin/sh -ec '
/usr/bin/ctr oci spec | jq "del(.process.rlimits)" > /etc/containerd/cri-base.json
find /lib/systemd/system/sysinit.target.wants/ -name systemd-tmpfiles-setup.service -delete
rm -f /lib/systemd/system/multi-user.target.wants/* /etc/systemd/system/*.wants/* /lib/systemd/system/local-fs.target.wants/*
rm -f /lib/systemd/system/sockets.target.wants/*udev* /lib/systemd/system/sockets.target.wants/*initctl* /lib/systemd/system/basic.target.wants/*
echo ReadKMsg=no >> /etc/systemd/journald.conf
ln -sf /usr/lib/systemd/systemd /sbin/init
systemctl enable kubelet.service containerd.service undo-mount-hacks.service >/dev/null 2>&1
systemctl mask systemd-binfmt.service >/dev/null 2>&1
apt-get clean
rm -rf /var/lib/apt/lists/* /var/cache/apt/*.bin'
: > "$R/etc/machine-id"

as_root tar -C "$R" --numeric-owner -c . | docker import - "$IMG-rootfs" >/dev/null
# docker import cannot set STOPSIGNAL: two lines of Dockerfile on top
# (FROM a local image needs no network).
B=$(mktemp -d)
printf 'FROM %s\nENV container=docker\nSTOPSIGNAL SIGRTMIN+3\nENTRYPOINT [ "/usr/local/bin/entrypoint", "/sbin/init" ]\n' "$IMG-rootfs" > "$B/Dockerfile"
DOCKER_BUILDKIT=0 docker build -q -t "$IMG" "$B" >/dev/null
rm -rf "$B"
docker rmi "$IMG-rootfs" >/dev/null 2>&1 || true
as_root rm -rf "$R"
log "kind base image $IMG built in $(since $t)"
echo "$IMG"
