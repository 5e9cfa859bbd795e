#!/bin/sh
# SPDX-License-Identifier: MIT
# make install puts in place the files of this build, one by one, and
# make uninstall removes those and then the directories they leave
# empty, nothing else, in a package's layout (PREFIX=/usr): the aarch64
# runtime goes in $(LIBDIR)/aarch64-linux-gnu, on Debian the arm64
# multiarch directory of libc6:arm64 and every other arm64 library, and
# the linker scripts in share/hugelink/ldscripts.  Files that were there
# before stay, with what they hold.  Files an earlier build left in the
# stage (a runtime of another version, a script no longer made) are not
# installed.
. "$HL_SRC/tests/integration/common.sh"

hl_make "$PWD/b" stage PREFIX=/usr
major=$(sed 's/\..*//' "$HL_SRC/VERSION")
scripts=share/hugelink/ldscripts
cross=
[ ! -d b/stage/lib/aarch64-linux-gnu ] || cross=lib/aarch64-linux-gnu

# What an earlier build would have left in the stage.
for l in lib $cross; do
	cp "b/stage/$l/libhugelink.so.$major" "b/stage/$l/libhugelink.so.0.9.0"
done
cp "b/stage/$scripts/elf_x86_64.xB" "b/stage/$scripts/elf_k1om.xB"

# Others' files where hugelink installs.
mkdir -p d/usr/lib/aarch64-linux-gnu "d/usr/$scripts"
echo theirs >d/usr/lib/aarch64-linux-gnu/libc.so.6
echo theirs >"d/usr/$scripts/site.xB"
(cd d && find . -exec ls -ld {} + | awk '{ print $1, $NF }' | sort -k 2) >before

hl_make "$PWD/b" install DESTDIR="$PWD/d" PREFIX=/usr
for l in lib $cross; do
	[ -f "d/usr/$l/libhugelink.so.$major" ] || fail "not installed: /usr/$l/libhugelink.so.$major"
	[ ! -e "d/usr/$l/libhugelink.so.0.9.0" ] ||
		fail "an earlier build's runtime was installed: /usr/$l/libhugelink.so.0.9.0"
done
[ ! -e "d/usr/$scripts/elf_k1om.xB" ] || fail "a script no longer made was installed"
ls "b/stage/$scripts" | grep -vx elf_k1om.xB >staged
ls "d/usr/$scripts" | grep -vx site.xB >installed
diff -u staged installed || fail "the scripts installed are not the build's"
ok "installed: this build's files${cross:+, the aarch64 runtime among them}, none left by an earlier one"

hl_make "$PWD/b" uninstall DESTDIR="$PWD/d" PREFIX=/usr
(cd d && find . -exec ls -ld {} + | awk '{ print $1, $NF }' | sort -k 2) >after
diff -u before after || fail "uninstall did not give back the tree it found"
ok "uninstall: /usr/lib/aarch64-linux-gnu and $scripts kept with the files of others"
