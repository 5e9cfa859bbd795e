#!/bin/sh
# SPDX-License-Identifier: MIT
# The runtime's constructor runs before the program's own constructors
# (its priority, 101), in a relinked program built by gcc or clang: a
# program whose own constructor starts a thread still has its data
# moved, as a writable range is moved only while the process has one
# thread, and its text too (its own smaps); the constructor's thread
# then sees the data it wrote before.
. "$HL_SRC/tests/integration/common.sh"
need_thp
export HUGELINK_BACKING=thp

cat >prog.c <<'E'
#include <pthread.h>
#include <unistd.h>
#define MB 4
#include "bigsegs.h"
#include "hugecheck.h"

static pthread_t worker;

static void *work(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return NULL;
}

/* A constructor of the program's own, as a C++ static initialiser or a
 * library's start-up is: it starts a thread that runs to the end. */
__attribute__((constructor)) static void start_worker(void)
{
	big_data[1] = 7;
	pthread_create(&worker, NULL, work, NULL);
}

__attribute__((noinline)) int text(int x) { return x * 3 + 1; }

int main(void)
{
	hc_report("text", (const void *)text, 64);
	hc_report("data", big_data, SZ);
	return text(0) == 1 && big_data[0] == 0xa5 && big_data[1] == 7 ? 0 : 1;
}
E
build_c prog -Wl,--hugetlbfs-align -pthread || fail "cannot relink prog"
HUGETLB_ELFMAP=RW HUGETLB_VERBOSE=3 ./prog >out 2>err ||
	fail "prog exits $?: $(cat out err)"
grep -qxE "data (thp|2048)" out || fail "the data stayed: $(cat out err)"
grep -qxE "text (thp|2048)" out || fail "the text stayed: $(cat out err)"
if grep -q "other threads run" err; then fail "the thread ran first: $(cat err)"; fi
ok "$(tr '\n' ' ' <out)"
