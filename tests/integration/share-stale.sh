# SPDX-License-Identifier: MIT
# Shared files can never go stale: a program rebuilt at the same path runs
# its new code (and its old files are removed), a different program with
# the same name runs its own code, and a process killed while preparing
# leaves nothing behind that blocks or slows the next run.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 40
mount_hugetlbfs "$PWD/mnt"
share() { HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt HUGETLB_ELFMAP=R "$@"; }

version() {
	mkdir -p "$1"
	cat >"$1/prog.c" <<C
#include "hugecheck.h"
__attribute__((noinline)) const char *version(void) { return "$2"; }
int main(void)
{
	hc_report("text", (void *)version, 1);
	puts(version());
	return 0;
}
C
	build_c "$1/prog" -Wl,--hugetlbfs-align
}
files() { ls mnt | grep -v '#lock$' | sort; }

version a v1
share a/prog >out
expect_lines out "text 2048" "v1"
before=$(files)
[ -n "$before" ] || fail "the first run made no shared files: $(ls mnt)"
sleep 1.1
version a v2
share a/prog >out
expect_lines out "text 2048" "v2"
after=$(files)
[ "$(printf '%s\n' "$before" "$after" | sort | uniq -d)" = "" ] ||
	fail "the rebuilt program kept old files: $after"
[ "$(printf '%s\n' "$after" | wc -l)" = "$(printf '%s\n' "$before" | wc -l)" ] ||
	fail "stale files were not replaced: before $before, after $after"
ok "a rebuilt program runs its new code; its old files are gone"

version b other
share b/prog >out
expect_lines out "text 2048" "other"
share a/prog >out
expect_lines out "text 2048" "v2"
ok "another program with the same name runs its own code"

# A run killed while it prepares, holding the lock.
version c killed
HUGELINK_FAULT=wait-publish:$PWD/never HUGETLB_SHARE=1 \
	HUGETLB_SHARE_PATH=$PWD/mnt HUGETLB_ELFMAP=R c/prog >/dev/null 2>&1 &
victim=$!
while [ ! -e mnt/*c%2fprog#lock ]; do sleep 0.1; done
sleep 0.5
kill -9 $victim
wait $victim 2>/dev/null || true
[ -z "$(files | grep c%2fprog || true)" ] || fail "a killed run left files: $(files)"
share c/prog >out 2>err
expect_lines out "text 2048" "killed"
[ ! -s err ] || fail "the run after a killed one said: $(cat err)"
ok "a run killed mid-prepare leaves nothing behind"
