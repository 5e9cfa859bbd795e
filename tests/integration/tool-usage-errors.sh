#!/bin/sh
# SPDX-License-Identifier: MIT
# Every tool words a usage error the same way, under every name it is
# installed as, run by its full path: "NAME: --bogus: unknown option",
# then its usage lines, the first of them checked here (tool-usage-options
# checks them all), and "Try 'NAME --help'.", with no directory in NAME;
# the exit status is the tool's documented one for a usage error.
. "$HL_SRC/tests/integration/common.sh"

# usage_error NAME STATUS HELP ARG...: $HLBIN/NAME ARG... fails with
# STATUS, and its first line is "NAME: ARG: unknown option"
# (the first ARG).  USAGE_AS runs NAME as another name (the wrapper
# calls itself hugetlbfs-ld whatever name it runs as, "ld" above all).
usage_error() {
	_n=$1 _want=$2 _help=$3; shift 3
	_as=${USAGE_AS:-$_n}
	set +e
	"$HLBIN/$_as" "$@" >out 2>err
	_rc=$?
	set -e
	[ "$_rc" -eq "$_want" ] || fail "$_n $*: exit $_rc, not $_want: $(cat err)"
	[ "$(head -n 1 err)" = "$_n: $1: unknown option" ] ||
		fail "$_n $*: first line: $(head -n 1 err)"
	grep -qx "Try '$_n $_help'." err || fail "$_n $*: no hint: $(cat err)"
	if grep -qF "$HLBIN" err; then fail "$_n $*: names its path: $(cat err)"; fi
	[ ! -s out ] || fail "$_n $*: wrote to stdout: $(cat out)"
	echo "$_n: $(head -n 1 err)"
}

for n in $(libhugetlbfs_names hugectl) hugelink-ctl; do
	usage_error "$n" 125 --help --bogus true
	grep -qx "usage: $n \[option ...\] program \[argument ...\]" err ||
		fail "$n: no usage line: $(cat err)"
done
for n in $(libhugetlbfs_names hugeedit) hugelink-edit; do
	usage_error "$n" 2 --help --bogus /bin/true
	grep -qx "usage: $n \[--text\] \[--data\] file" err || fail "$n: no usage line: $(cat err)"
	usage_error "$n" 2 --help -x /bin/true
done
usage_error hugelink-inspect 2 --help --bogus /bin/true
grep -qx "usage: hugelink-inspect \[--json\] program" err ||
	fail "hugelink-inspect: no usage line: $(cat err)"
usage_error hugelink-profile 2 --help --bogus perf.data
grep -q "^usage: hugelink-profile " err || fail "hugelink-profile: no usage line: $(cat err)"
for n in hugetlbfs-ld hugelink-ld $(libhugetlbfs_names ld.hugetlbfs); do
	USAGE_AS=$n usage_error hugetlbfs-ld 2 --hugetlbfs-help --hugetlbfs-bogus -o x
done
ok "one wording for usage errors"

# An option missing its argument, and one given an argument it does not
# take, are named too.
set +e
"$HLBIN/hugelink-inspect" --pid 2>err
"$HUGEEDIT" --text=2M /bin/true 2>>err
set -e
grep -qx "hugelink-inspect: --pid: needs an argument" err &&
	grep -qx "$HUGEEDIT_NAME: --text: takes no argument" err || fail "messages: $(cat err)"
ok "missing and unexpected arguments"
