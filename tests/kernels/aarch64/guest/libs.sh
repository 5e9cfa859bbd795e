# SPDX-License-Identifier: MIT
# A relinked shared library loaded by dlopen() from a program linked
# plainly: its text and rodata on 2 MiB pages from the pool, every byte
# kept (the library checks itself from the inside).
. /kt/common.sh
pool 2048 24
run env HUGELINK_BACKING=hugetlb HUGETLB_ELFMAP=RW "$T/use" open "$T/libcheck.so"
want "lib-text 2048" "lib-rodata 2048" "ok"
result lib-dlopen
