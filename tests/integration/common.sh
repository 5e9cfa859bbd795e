# SPDX-License-Identifier: MIT
# Sourced by every integration test.  The test runs in its own empty
# directory (the current one) with:
#   HL_PREFIX  the staged install tree (bin/, lib/, share/hugelink/)
#   HL_BINDIR, HL_LIBDIR, HL_DATADIR, HL_MANDIR  its directories, when
#              the build's layout is not that one
#   HL_CROSS_LIBDIR  the directory of the runtimes staged for other
#              architectures, % standing for the multiarch name
#              (CROSS_LIBDIR), when it is not $HL_LIBDIR/%
#   HL_SRC     the source tree
#   HL_BUILD   the build directory
#   CC         the C compiler
# A test exits 0 on success, 77 (through skip) when it cannot run here,
# anything else on failure.

set -eu
: "${HL_PREFIX:?HL_PREFIX must name the staged install tree}"
: "${HL_SRC:?HL_SRC must name the source tree}"
CC=${CC:-gcc}
HLBIN=${HL_BINDIR:-$HL_PREFIX/bin}
HLLIB=${HL_LIBDIR:-$HL_PREFIX/lib}
HLDATA=${HL_DATADIR:-$HL_PREFIX/share}
HLMAN=${HL_MANDIR:-$HL_PREFIX/share/man}
HLDIR=$HLDATA/hugelink
HLCROSSLIB=${HL_CROSS_LIBDIR:-$HLLIB/%}
# cross_lib MULTIARCH: the directory of the runtime staged for the
# architecture whose multiarch name is MULTIARCH (aarch64-linux-gnu).
cross_lib() { printf '%s\n' "$HLCROSSLIB" | sed "s|%|$1|g"; }
# The runtime's soname, libhugelink.so.<major>, by which hugectl preloads it.
HL_RUNTIME_SO=libhugelink.so.$(sed 's/\..*//' "$HL_SRC/VERSION")
HLINC=$HL_SRC/tests/integration/lib
# The tools by libhugetlbfs's names, or by hugelink's own where the build
# left those out (LIBHUGETLBFS_NAMES=no, as a package does); they name
# themselves in messages as they were called.
if [ -e "$HLBIN/hugectl" ]; then
	HUGECTL=$HLBIN/hugectl HUGEEDIT=$HLBIN/hugeedit
else
	HUGECTL=$HLBIN/hugelink-ctl HUGEEDIT=$HLBIN/hugelink-edit
fi
HUGECTL_NAME=${HUGECTL##*/} HUGEEDIT_NAME=${HUGEEDIT##*/}

# libhugetlbfs_names NAME...: those of libhugetlbfs's tool names NAME
# that the build staged (none, made with LIBHUGETLBFS_NAMES=no).
libhugetlbfs_names() { for _t; do [ ! -e "$HLBIN/$_t" ] || echo "$_t"; done; }
export LC_ALL=C
# The tests set what they test: nothing from the caller's environment,
# nor the jobserver of the "make -j check" that runs them, nor the
# compiler and linker flags a package build exports (build-flags sets
# those itself).
for _v in $(env | sed -n 's/^\(HUGETLB_[A-Z_]*\|HUGELINK_[A-Z_]*\|LD_PRELOAD\|GLIBC_TUNABLES\)=.*/\1/p'); do
	unset "$_v"
done
unset MAKEFLAGS MFLAGS MAKELEVEL CFLAGS CPPFLAGS CXXFLAGS LDFLAGS

# Test programs include hugecheck.h, which reads /proc/self/smaps: that
# file, not our library's messages, is the oracle for huge pages.
HC_CFLAGS="-O1 -g -I$HLINC"

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }
ok()   { echo "ok: $*"; }

# The huge-page pool is borrowed through mk/pool.sh, as the demo and the
# benchmark borrow it.  The runner holds the pool's lock around each test
# (and closes that descriptor for it): a test never calls pool_lock,
# which would wait for the runner forever.
. "$HL_SRC/mk/pool.sh"

# Cleanups run in reverse order when the test exits, however it exits.
# The huge-page pool is given back last, once the mounts and files that
# hold its pages are gone.
_hl_cleanups=
at_exit() { _hl_cleanups="$*
$_hl_cleanups"; }
_hl_run_cleanups() {
	rc=$?
	set +e
	printf '%s\n' "$_hl_cleanups" | while IFS= read -r c; do
		[ -n "$c" ] && eval "$c"
	done
	pool_restore
	exit $rc
}
trap _hl_run_cleanups EXIT
trap 'exit 130' INT TERM

# kill_at_exit PID: kill PID, a child this shell started in the
# background, when the test exits, if it is still this shell's child
# then: a PID the kernel has given to another process since is left
# alone.
kill_at_exit() { at_exit "kill_child $1"; }
kill_child() {
	[ "$(sed 's/.*) [A-Za-z] \([0-9]*\) .*/\1/' "/proc/$1/stat" 2>/dev/null)" = $$ ] &&
		kill "$1" 2>/dev/null
	return 0
}

# hl_cc ARGS...: compile and link through the staged linker wrapper.
hl_cc() { $CC -B"$HLDIR" "$@"; }

# hl_make_try DIR ARGS...: make ARGS in the source tree with the build in
# DIR (B=DIR), not the one the tests run against, so that a test may
# build with other settings; make's output goes to DIR.log, and its exit
# status is returned.  hl_make DIR ARGS...: the same, and make must
# succeed.
hl_make_try() {
	_b=$1
	shift
	env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -s -C "$HL_SRC" \
		B="$_b" CC="$CC" "$@" >"$_b.log" 2>&1
}
hl_make() {
	hl_make_try "$@" || { tail -n 30 "$1.log" >&2; fail "make failed (build in $1)"; }
}

# cc_is_clang: $CC is a clang (it defines __clang__), which spells some
# flags otherwise than gcc.
cc_is_clang() { $CC -dM -E -x c /dev/null | grep -q __clang__; }

# remap_outside_symbols OBJDIR: the symbols the objects of remap/ in
# OBJDIR (OBJDIR/remap/*.o) need from outside remap/, one a line; empty
# when they are freestanding, as remap/ must be (the current directory,
# the test's own, keeps a list of what they define).  The GOT's own symbol,
# which the linker makes, is no outside code.
remap_outside_symbols() {
	nm --defined-only "$1"/remap/*.o | awk 'NF == 3 { print $3 }' |
		sort -u >remap-defined
	nm -u "$1"/remap/*.o | awk 'NF == 2 { print $2 }' |
		grep -vx '_GLOBAL_OFFSET_TABLE_' | sort -u |
		comm -23 - remap-defined || true
}

# have_root, need_root: whether the test may use root's powers
# (lib/root.sh); a test that changes the machine with them asks first.
. "$HL_SRC/tests/integration/lib/root.sh"

# need_cmd CMD: CMD is on PATH, or the test fails.  Every program a test
# needs beyond the shell's is a "cmd" row of mk/deps.sh, which "make
# check" installs first, so a missing one is a broken set-up to report,
# not a reason to check less.  Under "make check-offline" (HL_OFFLINE=1),
# which installs nothing, it is a reason to skip, named.
need_cmd() {
	command -v "$1" >/dev/null 2>&1 && return 0
	_pkg=$(awk -v c="$1" '$1 == "cmd" && $2 == c && NF == 3 { print $3; exit }' \
		"$HL_SRC/mk/deps.sh")
	[ -n "$_pkg" ] || fail "$1 is not installed, and mk/deps.sh does not list it"
	[ -z "${HL_OFFLINE:-}" ] || skip "$1 is not installed (package $_pkg)"
	fail "$1 is not installed: \"make deps\" installs it (package $_pkg, listed in mk/deps.sh)"
}

# need_aarch64_runtime: aarch64-linux-gnu-gcc is installed, and the
# build staged the aarch64 runtime with it, or the test skips.  A build
# told to stage no other architecture's runtime (a package's,
# STAGE_CROSS=) has none, and a test is not to build one either.
need_aarch64_runtime() {
	command -v aarch64-linux-gnu-gcc >/dev/null 2>&1 ||
		skip "no aarch64-linux-gnu-gcc (make deps installs gcc-aarch64-linux-gnu)"
	case " ${HL_STAGE_CROSS-aarch64} " in
	*" aarch64 "*) ;;
	*) skip "the build staged no aarch64 runtime (STAGE_CROSS=\"$HL_STAGE_CROSS\")" ;;
	esac
}

# need_thp: transparent huge pages serve this test's programs (the
# setting is "always" or "madvise"), or the test skips.
need_thp() {
	_t=/sys/kernel/mm/transparent_hugepage/enabled
	[ -f "$_t" ] || skip "this kernel has no transparent huge pages ($_t)"
	grep -q '\[never\]' "$_t" && skip "transparent huge pages are off ($_t: $(cat "$_t"))"
	return 0
}

# pool_reserve N [KB]: make sure at least N pages of KB kilobytes (2048 by
# default) are free, or skip saying why.  Overcommit is turned off
# meanwhile so that "free" means free; every pool touched is given back
# as it was found when the test exits.
pool_reserve() {
	need_root
	pool_exists "${2:-2048}" || skip "$POOL_WHY"
	pool_hold "${2:-2048}"
	pool_take "$1" "${2:-2048}" || skip "$POOL_WHY"
}

# pool_set_free N [KB]: leave exactly N free pages (0 empties the pool),
# restored on exit.
pool_set_free() {
	pool_reserve "$1" "${2:-2048}"
	_d=$(pool_dir "${2:-2048}")
	_free=$(cat "$_d/free_hugepages")
	_nr=$(cat "$_d/nr_hugepages")
	echo $((_nr - _free + $1)) > "$_d/nr_hugepages"
	[ "$(cat "$_d/free_hugepages")" -eq "$1" ] ||
		fail "could not set the free ${2:-2048} kB pool to $1"
}

# pool_free [KB], pool_rsvd [KB]: the number of free, and of reserved,
# pages of that size.
pool_free() { cat "$(pool_dir "${1:-2048}")/free_hugepages"; }
pool_rsvd() { cat "$(pool_dir "${1:-2048}")/resv_hugepages"; }

# mount_hugetlbfs DIR [KB]: mount a private hugetlbfs of that page size on
# DIR, unmounted on exit.
mount_hugetlbfs() {
	need_root
	mkdir -p "$1"
	mount -t hugetlbfs -o "pagesize=${2:-2048}K" none "$1" ||
		skip "cannot mount hugetlbfs with ${2:-2048} kB pages"
	at_exit "umount $1"
}

# share_await_maker DIR PID [FILE...]: wait until some lock file of the
# shared files in DIR is held, as process PID holds it while it makes a
# file there (HUGELINK_FAULT=wait-publish keeps it inside); fail, showing
# the FILEs (PID's output), when PID ends first.  Needs flock.
share_await_maker() {
	_dir=$1 _pid=$2
	shift 2
	until share_locked "$_dir"; do
		kill -0 "$_pid" 2>/dev/null ||
			fail "the process making a shared file ended: $(cat "$@")"
		sleep 0.1
	done
}
share_locked() {
	for _l in "$1"/*'#lock'; do
		[ -e "$_l" ] || return 1
		flock -n -E 99 "$_l" true || [ $? -ne 99 ] || return 0
	done
	return 1
}

# no_system_hugetlbfs: the tests run with no hugetlbfs mounted where the
# runtime could find it, unless they mount one themselves.  Hide existing
# mounts from the test with a private mount namespace when there are any.
hugetlbfs_mounts() { awk '$3 == "hugetlbfs" { print $2 }' /proc/mounts; }

# build_c NAME CFLAGS... : compile NAME.c (already written here) with the
# hugecheck helpers, through the wrapper.
build_c() {
	_n=$1; shift
	hl_cc $HC_CFLAGS -o "$_n" "$_n.c" "$@" && small_folios "$_n"
}

# small_folios FILE: FILE, copied over itself, so that the page cache
# holds it in small folios, as it holds a program installed by cp.  The
# linker's output can sit there in huge folios already, which the file
# backing would serve (doc/runtime.md); the tests of the copies start
# where the page cache cannot, and those of the file backing prime.
small_folios() {
	cp "$1" "$1.copy" && mv -f "$1.copy" "$1"
}

# Two eu-elflint 0.188 messages about what the embedded runtime brings
# into every relinked program are ignored wherever the tests run it:
#  - it reports every note of an owner it does not know, and so the
#    runtime's own two (.note.hugelink, owner "hugelink", core/note.h), though
#    an owner's note types are its own to define;
#  - it measures a local TLS symbol's value (an offset in the TLS
#    segment) against its .tbss section alone, so the fork guard's
#    thread-local pointer (remap/forkguard.c) "does not fit" whenever
#    the program has .tdata too: a plain gcc link of any such program
#    gets the same message.
HL_NOTE_LINT="note type [12] with owner name 'hugelink'\\|symbol [0-9]* (forking) does not fit completely in referenced section \\[ *[0-9]*\\] '\\.tbss'"

# elf_check FILE: the relinked binary must pass eu-elflint.  elflint
# 0.188 rejects every static executable, plainly linked ones included,
# for __ehdr_start ("st_value out of bounds"); that one line is ignored,
# and so is the runtime's note.
elf_check() {
	need_cmd eu-elflint
	eu-elflint --gnu-ld -q "$1" >elflint.out 2>&1 || true
	if grep -v -e '(__ehdr_start): st_value out of bounds' \
		-e "$HL_NOTE_LINT" elflint.out | grep -q .; then
		cat elflint.out >&2
		fail "eu-elflint rejects $1"
	fi
}

# add_user PREFIX: create a user of its own for this test, with no home
# and no login, removed on exit; sets user, uid and gid.
add_user() {
	need_root
	need_cmd useradd
	need_cmd pkill
	user=$1$$
	useradd --no-create-home --no-user-group --gid nogroup \
		--shell /usr/sbin/nologin "$user" || fail "useradd $user"
	at_exit "del_user $user"
	uid=$(id -u "$user") gid=$(id -g "$user")
}

# del_user USER: end the processes of USER, a user add_user made, and
# remove USER.  userdel refuses a user whose process a kill at exit has
# signalled but that has not ended yet.
del_user() {
	pkill -KILL -u "$1" 2>/dev/null
	_n=0
	while pgrep -u "$1" >/dev/null 2>&1 && [ $_n -lt 100 ]; do
		sleep 0.05
		_n=$((_n + 1))
	done
	userdel "$1"
}

# expect_child_copy FILE: a forked child's data and bss, as segcheck's
# "fork" reports them in FILE, are on the copy its parent made before
# fork(): base pages or transparent huge pages, never the parent's
# hugetlb pages.
expect_child_copy() {
	for _k in data bss; do
		grep -qxE "child-$_k (4|thp)" "$1" || {
			sed 's/^/    /' "$1" >&2
			fail "the child's $_k is not on its own copy"
		}
	done
}

# build_segcheck NAME [FLAGS...]: the segment checker (lib/segcheck.c),
# relinked through the wrapper with --hugetlbfs-align and FLAGS.
build_segcheck() {
	_n=$1; shift
	hl_cc $HC_CFLAGS -o "$_n" "$HLINC/segcheck.c" -Wl,--hugetlbfs-align "$@" ||
		fail "cannot link $_n with $*"
	small_folios "$_n"
	elf_check "$_n"
}

# build_libcheck NAME [FLAGS...]: the library checker (lib/libcheck.c) as
# the shared object NAME, relinked through the wrapper with FLAGS
# (--hugetlbfs-align, say; none: a plain link).  Its constructor of
# priority 100 runs before the runtime's, as an early writer.
build_libcheck() {
	_n=$1; shift
	hl_cc $HC_CFLAGS -Wno-prio-ctor-dtor -fPIC -shared -o "$_n" \
		"$HLINC/libcheck.c" "$@" || fail "cannot link $_n with $*"
	small_folios "$_n"
}

# build_libuse NAME [FLAGS...]: the library's user (lib/libuse.c) as NAME,
# through the wrapper with FLAGS; "-L. -lcheck..." there links it with a
# libcheck, whatever --as-needed says, found again by a run path here.
build_libuse() {
	_n=$1; shift
	hl_cc $HC_CFLAGS -o "$_n" "$HLINC/libuse.c" -Wl,--no-as-needed "$@" \
		-Wl,-rpath,"$PWD" || fail "cannot link $_n with $*"
}

# build_use_plain NAME: the library's user, linked plainly (not through
# the wrapper) and not as PIE, so that none of its own segments can ever
# go on huge pages: at 0x400000 they all share one.  A PIE one would be
# loaded at a random address, and one start in 512 its first segment
# would have a huge page to itself, and take one from the pool.
build_use_plain() {
	$CC $HC_CFLAGS -no-pie -o "$1" "$HLINC/libuse.c" ||
		fail "cannot link $1"
}

# acts WHO PRELOAD PROGRAM [ARG...]: exactly one copy of the runtime acts
# when PROGRAM runs, with PRELOAD as LD_PRELOAD ("" for none), and it is
# the one in the object whose path ends in /WHO (a grep pattern).  The
# oracle is gdb: a breakpoint on hl_config_read, which only the copy that
# acts calls, and only once per process, at every copy; gdb names the
# object of each hit.  Run with HUGETLB_ELFMAP=no, so that nothing moves
# under the breakpoints (with nothing asked at all, no copy reads the
# configuration).
acts() {
	_who=$1 _pre=$2
	shift 2
	need_cmd gdb
	gdb_hits hits.gdb hl_config_read
	_env=
	[ -z "$_pre" ] || _env="set environment LD_PRELOAD=$_pre"
	gdb -q -batch -ex "set environment HUGETLB_ELFMAP=no" -ex "$_env" \
		-x hits.gdb --args "$@" >gdb.out 2>&1 ||
		fail "gdb $*: $(cat gdb.out)"
	grep -E '^hl_config_read( \+ [0-9]+)? in section' gdb.out >hits || true
	[ "$(wc -l <hits)" -eq 1 ] ||
		fail "$*${_pre:+ with $_pre}: $(wc -l <hits) runtimes acted: $(cat hits)"
	grep -q " of .*/$_who\$" hits ||
		fail "$*${_pre:+ with $_pre}: the runtime in $(cat hits), not $_who's"
	ok "$*${_pre:+, $_pre preloaded}: one runtime acts, $_who's"
}

# build_helper NAME: the test helper lib/NAME.c (nothp, nomremap, nopopulate), built
# here as ./NAME.
build_helper() {
	$CC -O1 -o "$1" "$HLINC/$1.c" || fail "cannot build the helper $1"
}

# gdb_hits FILE FUNCTION...: write FILE, a gdb script that runs the
# program with a breakpoint on each FUNCTION and, at each hit, prints
# where it stopped ("FUNCTION in section .text of OBJECT", or "FUNCTION
# + N in ..." where the breakpoint falls after a prologue, as in clang's
# code) and goes on.
gdb_hits() {
	_f=$1; shift
	{
		printf '%s\n' "set breakpoint pending on" "set confirm off" \
			"set pagination off" "set debuginfod enabled off"
		for _fn; do echo "break $_fn"; done
		printf '%s\n' "commands 1-$#" silent 'info symbol $pc' continue \
			end run quit
	} >"$_f"
}

# expect_lines FILE LINE...: every LINE appears in FILE as a whole line.
expect_lines() {
	_f=$1; shift
	for _l in "$@"; do
		grep -qxF "$_l" "$_f" || {
			sed 's/^/    /' "$_f" >&2
			fail "expected \"$_l\" in $_f"
		}
	done
}

# Awk functions for readelf's hex numbers (Debian's awk is mawk, which
# has no strtonum): hex("0x1f") is 31; up() and down() round to P.
HL_AWK_LIB='
function hex(s,   i, v) {
	v = 0; s = tolower(s); sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++)
		v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
	return v
}
function up(x) { return int((x + P - 1) / P) * P }
function down(x) { return int(x / P) * P }
'

# huge_ranges FILE [KB] [CLASSES]: one line for each PT_LOAD a full remap
# of relinked FILE moves, the huge pages its range takes, worked out from
# readelf alone: the range rounded out to huge pages, a writable one from
# the end of RELRO on.  A segment neither executable nor writable (the
# headers', rodata) moves only when its bytes fill at least half of its
# range, the runtime's default (HUGELINK_MIN_FILL).  CLASSES is RW (the
# default), R (read-only segments only) or W.
huge_ranges() {
	readelf -lW "$1" | awk -v P=$(( ${2:-2048} * 1024 )) -v C="${3:-RW}" "$HL_AWK_LIB"'
		$1 == "GNU_RELRO" { re = hex($3) + hex($6) }
		$1 == "LOAD" { n++; va[n] = hex($3); msz[n] = hex($6)
			       w[n] = index($0, " RW ") > 0
			       x[n] = index($0, " R E ") > 0 }
		END {
			for (i = 1; i <= n; i++) {
				if (index(C, w[i] ? "W" : "R") == 0) continue
				lo = va[i]
				if (w[i] && re > lo && re < lo + msz[i]) lo = re
				span = up(va[i] + msz[i]) - down(lo)
				if (!w[i] && !x[i] && (va[i] + msz[i] - lo) * 2 < span)
					continue
				print span / P
			}
		}'
}

# huge_pages_needed FILE [KB] [CLASSES]: the huge pages a full remap of
# relinked FILE takes: the sum of huge_ranges.
huge_pages_needed() {
	huge_ranges "$@" | awk '{ t += $1 } END { print t + 0 }'
}
