#!/usr/bin/env bash
# Makes sure a Docker engine answers (kind runs its nodes as containers).
# An engine that already runs is used as it is. Otherwise dockerd from
# Debian's docker.io is started in the background (pid in
# $PODLIFE_CACHE/dockerd.pid, log in $PODLIFE_CACHE/dockerd.log); on a
# machine whose root lacks CAP_SYS_RESOURCE it gets a runc wrapper that
# drops that capability as its default runtime, without which privileged
# containers cannot start there.
source "$(dirname "$0")/lib.sh"

if docker info >/dev/null 2>&1; then
	exit 0
fi
command -v dockerd >/dev/null || "$HACK_DIR/host-deps.sh"
t=$(date +%s)
args=()
if ! [ -d /run/systemd/system ]; then
	args+=(--exec-opt native.cgroupdriver=cgroupfs)
fi
if lacks_sys_resource; then
	mkdir -p "$PODLIFE_CACHE/bin"
	(cd "$ROOT_DIR" && CGO_ENABLED=0 go build -o "$PODLIFE_CACHE/bin/runc-nosysres" ./hack/runc-nosysres)
	args+=(--add-runtime "podlife-runc=$PODLIFE_CACHE/bin/runc-nosysres" --default-runtime podlife-runc)
	log "root lacks CAP_SYS_RESOURCE here: dockerd runs containers through hack/runc-nosysres"
fi
log "starting dockerd"
as_root setsid nohup dockerd "${args[@]}" >"$PODLIFE_CACHE/dockerd.log" 2>&1 < /dev/null &
echo $! > "$PODLIFE_CACHE/dockerd.pid"
for _ in $(seq 120); do
	if docker info >/dev/null 2>&1; then
		log "dockerd is up in $(since $t) (log: $PODLIFE_CACHE/dockerd.log)"
		exit 0
	fi
	sleep 0.5
done
tail -20 "$PODLIFE_CACHE/dockerd.log" >&2
die "dockerd did not come up in 60s"
