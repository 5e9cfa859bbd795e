# SPDX-License-Identifier: MIT
# A relinked shared library (libcheck.so) goes on huge pages whether it
# is loaded at start-up (DT_NEEDED of a relinked program) or by
# dlopen() (from a program linked plainly): text and rodata from the
# pool, data and bss on transparent huge pages, every byte kept (the
# library checks itself from the inside).
. /kt/common.sh
pool 24

run env HUGETLB_ELFMAP=RW "$T/use-linked" linked
want "lib-text 2048" "lib-rodata 2048" "lib-data thp" "lib-bss thp" "ok"
result lib-startup

run env HUGETLB_ELFMAP=RW "$T/use" open "$T/libcheck.so"
want "lib-text 2048" "lib-rodata 2048" "lib-data thp" "lib-bss thp" "ok"
result lib-dlopen
