# SPDX-License-Identifier: MIT
# The start of the brk heap: programs not padded by the wrapper, run
# without address randomisation (linux64 -R), whose heap starts right
# after bss, in the last huge page of their writable range, go on with
# that range and the heap's start on transparent huge pages, fork()
# working: a dynamic one given the runtime by LD_PRELOAD, and a static
# one with libhugelink.a linked in.
. /kt/common.sh
pool 24

run linux64 -R env LD_PRELOAD=/hl/lib/libhugelink.so HUGETLB_ELFMAP=RW "$T/sc-heap" fork
want "text 2048" "data thp" "bss thp" "brk thp" "fork ok" "ok"
result heap-preload

run linux64 -R env HUGETLB_ELFMAP=RW "$T/sc-heap-static" fork
want "text 2048" "data thp" "bss thp" "brk thp" "fork ok" "ok"
result heap-static
