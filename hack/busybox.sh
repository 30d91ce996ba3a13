#!/usr/bin/env bash
# Fetches Debian's busybox-static (without installing it) and prints the
# path of its static busybox binary, cached in $PODLIFE_CACHE/busybox.
# podlife builds the busybox:<tag> images scenarios name from it, on
# machines where Docker Hub cannot be reached.
source "$(dirname "$0")/lib.sh"

D=$PODLIFE_CACHE/busybox
if [ -x "$D/bin/busybox" ]; then
	echo "$D/bin/busybox"
	exit 0
fi
mkdir -p "$D/deb"
(cd "$D/deb" && apt-get download busybox-static >/dev/null 2>&1) ||
	{ as_root apt-get update -qq && (cd "$D/deb" && apt-get download busybox-static >/dev/null); } ||
	die "apt-get download busybox-static failed"
rm -rf "$D/x"
dpkg-deb -x "$D"/deb/busybox-static_*.deb "$D/x"
mkdir -p "$D/bin"
install -m0755 "$D/x/bin/busybox" "$D/bin/busybox"
rm -rf "$D/x" "$D/deb"
log "busybox from Debian's busybox-static: $("$D/bin/busybox" | head -1)"
echo "$D/bin/busybox"
