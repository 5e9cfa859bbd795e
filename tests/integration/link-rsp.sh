#!/bin/sh
# SPDX-License-Identifier: MIT
# Response files: our options are found inside them (nested, quoted, or
# through -Wl,@file), the rest reaches the real linker unchanged through a
# temporary response file, whatever its size, and the bad ones are
# refused as GNU ld refuses them.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

LD=$HLBIN/hugetlbfs-ld
write_prog
make_start

# Nested and quoted, through gcc -Wl,@file.
printf '%s\n' "--hugetlbfs-align '-z' \"now\" @inner.rsp" >outer.rsp
printf '%s\n' '"--hugetlbfs-page-size=1G"' >inner.rsp
hl_cc -Wl,@outer.rsp -o prog-1g prog.c
check_starts prog-1g $((2 * MIB)) $GIB
check_run prog-1g $GIB pie
readelf -d prog-1g | grep -q 'FLAGS.*BIND_NOW' || fail "-z now did not reach ld"
ok "nested response files"

# Arguments with blanks and quotes survive the wrapper's own response file.
hl_cc -Wl,--hugetlbfs-align -o "my 'quoted' prog" prog.c
check_p_align "my 'quoted' prog" $((2 * MIB))
check_run "my 'quoted' prog" $((2 * MIB)) pie
ok "quoted output name"

# Directly, with the options only in a response file.
printf '%s\n' '--hugetlbfs-link=BDT' '-shared -o "shared lib"' >direct.rsp
"$LD" @direct.rsp start.o
check_hugetlb_flags "shared lib" all
check_p_align "shared lib" $((2 * MIB))
ok "options only in a response file"

# Far more than ARG_MAX: the arguments must not go through exec.
max=$(getconf ARG_MAX)
n=$((max / 20 + 1000))
awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) print "--no-copy-dt-needed-entries" }' >big.rsp
[ "$(stat -c %s big.rsp)" -gt "$max" ] || fail "big.rsp is too small"
"$LD" @big.rsp --hugetlbfs-align -shared -o big start.o
check_starts big $((2 * MIB)) $((2 * MIB))
ok "$n arguments, $(stat -c %s big.rsp) bytes"

# A missing @file stays an argument (the real linker reports it).
refused any "@missing.rsp" out "$LD" --hugetlbfs-align -shared -o out \
	start.o @missing.rsp
echo '@loop.rsp' >loop.rsp
refused 2 "too many @-files" out "$LD" --hugetlbfs-align -o out @loop.rsp
mkdir adir
refused 2 "refers to a directory" out "$LD" --hugetlbfs-align -o out @adir
