#!/bin/sh
# SPDX-License-Identifier: MIT
# --hugetlbfs-align: every segment on huge pages of the target's default size (2 MiB), for every output kind.
# Each output kind (PIE, no-pie, static, static-pie, and a shared library
# with a program using it) is checked for its layout, W^X, the program
# headers a plain link has, TLS, the load base and the runtime.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

write_prog
write_lib
for kind in pie no-pie static static-pie; do
	check_program align $kind
done
check_shared align
