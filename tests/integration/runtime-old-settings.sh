#!/bin/sh
# SPDX-License-Identifier: MIT
# Settings written for libhugetlbfs never switch the remap off: a value
# libhugetlbfs accepted is read as it read it, and one hugelink does not
# read is ignored, with at most one line said; the rest of the
# configuration applies.  Judged from the program's smaps.
. "$HL_SRC/tests/integration/common.sh"
# The checks read KernelPageSize and count the pool's pages: writable
# data goes on hugetlb pages here, not on the default transparent ones.
export HUGELINK_BACKING=hugetlb
pool_reserve 16
build_segcheck sc
build_segcheck bdt -Wl,--hugetlbfs-link=BDT
"$CC" $HC_CFLAGS -DMB=8 -o plain "$HLINC/segcheck.c"

# remapped PROGRAM [ARG] VAR=VALUE...: PROGRAM has its text and data on
# huge pages under the settings, and says at most one line.  A program
# not relinked (plain) has its data's last huge page reach past bss, and
# about one start in 500 its brk heap begins there, by address
# randomisation; that range never takes hugetlb pages (doc/runtime.md),
# so such a start is run again, up to three times.
remapped() {
	_p=$1
	shift
	_arg=
	case $1 in *=*) ;; *) _arg=$1; shift ;; esac
	_try=0
	while :; do
		_rc=0
		env "$@" "./$_p" $_arg >out 2>err || _rc=$?
		grep -q "holds the start of the brk heap" err &&
			[ $_try -lt 3 ] || break
		_try=$((_try + 1))
	done
	[ $_rc -eq 0 ] || fail "$*: $_p failed: $(cat out err)"
	case $_arg in
	mid) expect_lines out "text-mid 2048" "data-mid 2048" "ok" ;;
	*) expect_lines out "text 2048" "data 2048" "bss 2048" "ok" ;;
	esac
	[ "$(wc -l <err)" -le 1 ] || fail "$*: said more than one line: $(cat err)"
	ok "$_p: $*"
}

# Alongside HUGETLB_ELFMAP=RW, whatever their values.
for old in HUGETLB_NO_RESERVE=yes HUGETLB_NO_RESERVE=1 \
	   HUGETLB_FORCE_ELFMAP=1 HUGETLB_FORCE_ELFMAP=yes \
	   HUGETLB_FORCE_ELFMAP=maybe HUGETLB_MINIMAL_COPY=1 \
	   HUGETLB_MINIMAL_COPY=yes HUGETLB_VERBOSE=loud HUGETLB_SHARE=2 \
	   HUGETLB_DEFAULT_PAGE_SIZE=big HUGETLB_PATH=relative \
	   HUGETLB_MORECORE=yes HUGETLB_SHM=yes HUGETLB_NO_PREFAULT=1; do
	remapped sc HUGETLB_ELFMAP=RW "$old"
done

# HUGETLB_ELFMAP as libhugetlbfs read it: R and W wherever they are; a
# value naming neither leaves the segments' flags to decide.
remapped sc HUGETLB_ELFMAP=RWX
remapped sc HUGETLB_ELFMAP=rw
# A size ends where its number and unit do, as libhugetlbfs read it.
remapped sc HUGETLB_ELFMAP=R=2M,W
remapped sc "HUGETLB_ELFMAP=W=2MiB R"
remapped bdt HUGETLB_ELFMAP=yes
remapped bdt HUGETLB_ELFMAP=1
env HUGETLB_ELFMAP=yes ./sc >out 2>&1
expect_lines out "text 4" "data 4" "ok"
ok "sc: HUGETLB_ELFMAP=yes: nothing flagged, nothing remapped"

# HUGETLB_FORCE_ELFMAP=1 or yes, alone, on a program that was not
# relinked, with the runtime preloaded: the aligned interiors go on huge
# pages.
remapped plain mid LD_PRELOAD="$HLLIB/libhugelink.so" HUGETLB_FORCE_ELFMAP=1
remapped plain mid LD_PRELOAD="$HLLIB/libhugelink.so" HUGETLB_FORCE_ELFMAP=YES
