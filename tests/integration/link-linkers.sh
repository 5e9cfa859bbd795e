#!/bin/sh
# SPDX-License-Identifier: MIT
# -fuse-ld=bfd|lld|mold|gold reach the wrapper (share/hugelink/ld.<name>)
# and through it that linker.  GNU ld gets the generated script; lld, mold
# and gold -z max-page-size, so each segment owns its huge pages.  Pages
# above the default and --hugetlbfs-link are refused for the others.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

P=$((2 * MIB))
write_prog
write_lib

# check_with LINKER KIND: link prog.c as KIND with -fuse-ld=LINKER.
check_with() {
	_out=prog-$1-$2
	$CC -fuse-ld="$1" $(kind_flags "$2") -o "$_out.plain" prog.c
	hl_cc -fuse-ld="$1" $(kind_flags "$2") -Wl,--hugetlbfs-align -o "$_out" prog.c
	[ "$(linker_of "$_out")" = "$1" ] || fail "$_out was not linked by $1"
	check_pages "$_out" $P $P
	[ "$1" != bfd ] || check_starts "$_out" $P $P
	check_wx "$_out"
	check_types "$_out.plain" "$_out"
	case $2 in
	pie | static-pie) check_p_align "$_out" $P; check_run "$_out" $P pie ;;
	*) check_run "$_out" $P ;;
	esac
	check_embedded_runtime "$_out"
	# eu-elflint rejects plain lld and mold output: it applies to the others.
	case $1 in bfd | gold) elflint_like "$_out.plain" "$_out" ;; esac
	ok "$1 $2: $(stat -c %s "$_out") bytes"
}

# Every one of them: mk/deps.sh installs them for make check.
for l in bfd lld mold gold; do
	need_cmd "ld.$l"
done
for l in bfd lld mold gold; do
	for kind in pie no-pie static static-pie; do
		# gold itself cannot link static-pie (no --no-dynamic-linker).
		[ "$l:$kind" != gold:static-pie ] || continue
		check_with "$l" "$kind"
	done
	hl_cc -fuse-ld="$l" -shared -fPIC -Wl,--hugetlbfs-align -o "lib$l.so" lib.c
	$CC -fuse-ld="$l" -shared -fPIC -o "libplain-$l.so" lib.c
	check_pages "lib$l.so" $P $P
	check_p_align "lib$l.so" $P
	check_library_runtime "libplain-$l.so" "lib$l.so"
	hl_cc -fuse-ld="$l" -Wl,--hugetlbfs-align -o "use-$l" use.c -L. "-l$l" \
		-Wl,-rpath,"$PWD"
	check_run "use-$l" $P pie
	if [ "$l" != bfd ]; then
		refused any "use GNU ld" big hl_cc -fuse-ld="$l" \
			-Wl,--hugetlbfs-align,--hugetlbfs-page-size=1G -o big prog.c
		refused any "needs GNU ld" b hl_cc -fuse-ld="$l" \
			-Wl,--hugetlbfs-link=B -o b prog.c
	fi
	ok "ld.$l"
done
