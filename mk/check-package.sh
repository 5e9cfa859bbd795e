#!/bin/sh
# SPDX-License-Identifier: MIT
# Usage: mk/check-package.sh OUT
#
# Build the Debian packages (debian/) from a clean tree, the committed
# HEAD exported with git archive into OUT/hugelink-VERSION, as a
# distribution would build them, then run lintian on the result: any
# error or warning fails.  The packages and lintian's report stay in
# OUT.  DEB_BUILD_OPTIONS is passed on ("nocheck" skips the packagers'
# tests, "make check-offline").
#
# As root with apt-get, it then installs the packages beside Debian's
# libhugetlbfs-bin (installed for the check when missing), checks that
# each keeps its own files and that a program relinked through the
# installed wrapper runs, and removes the hugelink packages, whoever
# installed them.
set -eu
out=$1
src=$(pwd)
version=$(cat VERSION)
deb_version=$(dpkg-parsechangelog -l debian/changelog -S Version)
[ "$deb_version" = "$version" ] || {
	echo "check-package: debian/changelog is at $deb_version, VERSION at $version" >&2
	exit 1
}
if ! git -C "$src" diff --quiet HEAD -- . ':!build'; then
	echo "check-package: building HEAD; uncommitted changes are left out" >&2
fi
rm -rf "$out"
mkdir -p "$out"
git -C "$src" archive --format=tar --prefix="hugelink-$version/" HEAD |
	tar -x -C "$out"
(cd "$out/hugelink-$version" && dpkg-buildpackage -us -uc) >"$out/build.log" 2>&1 || {
	tail -n 40 "$out/build.log" >&2
	echo "check-package: dpkg-buildpackage failed; log in $out/build.log" >&2
	exit 1
}
changes=$(ls "$out"/hugelink_"$version"_*.changes)
ls "$out"/*.deb
lintian --fail-on error,warning --info "$changes" | tee "$out/lintian.log" || {
	echo "check-package: lintian found errors or warnings; see $out/lintian.log" >&2
	exit 1
}
echo "check-package: lintian: no error or warning ($changes)"

[ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || {
	echo "check-package: not root: the packages were not installed"
	exit 0
}
export DEBIAN_FRONTEND=noninteractive
added=
if ! dpkg -s libhugetlbfs-bin >/dev/null 2>&1; then
	apt-get install -y -q --no-install-recommends libhugetlbfs-bin >"$out/apt.log" 2>&1 || {
		echo "check-package: apt-get cannot install libhugetlbfs-bin: not checked beside it"
		exit 0
	}
	added=libhugetlbfs-bin
fi
debs=$(ls "$out"/hugelink_*.deb "$out"/libhugelink1_*.deb "$out"/libhugelink-dev_*.deb)
remove() {
	dpkg -r hugelink libhugelink-dev libhugelink1 >/dev/null 2>&1 || true
	[ -z "$added" ] || apt-get purge -y -q "$added" >/dev/null 2>&1 || true
}
trap remove EXIT
dpkg -i $debs >"$out/install.log" 2>&1 || {
	cat "$out/install.log" >&2
	echo "check-package: the packages do not install beside libhugetlbfs-bin" >&2
	exit 1
}
for f in /usr/bin/hugectl /usr/bin/hugeedit /usr/bin/ld.hugetlbfs; do
	[ "$(dpkg -S "$f" | cut -d: -f1)" = libhugetlbfs-bin ] || {
		echo "check-package: $f: $(dpkg -S "$f")" >&2
		exit 1
	}
done
for f in hugelink-ctl hugelink-edit hugelink-inspect; do
	"/usr/bin/$f" --version
done
/usr/bin/hugelink-ld --hugetlbfs-version
tmp=$(mktemp -d)
printf '#include <stdio.h>\nint main(void) { puts("relinked"); return 0; }\n' >"$tmp/p.c"
gcc -B /usr/share/hugelink -Wl,--hugetlbfs-align -o "$tmp/p" "$tmp/p.c"
[ "$("$tmp/p")" = relinked ] && readelf -lW "$tmp/p" | grep -q '0x200000$' || {
	echo "check-package: a program relinked through the installed wrapper:" \
		"$(readelf -lW "$tmp/p" | grep LOAD)" >&2
	rm -rf "$tmp"
	exit 1
}
rm -rf "$tmp"
echo "check-package: installed beside libhugetlbfs-bin $(dpkg-query -W -f '${Version}' libhugetlbfs-bin);" \
	"hugectl, hugeedit and ld.hugetlbfs stay its own"
