# SPDX-License-Identifier: MIT
# Huge pages taken by another process at the last moment, between the plan
# and the reservation: the program goes on transparent huge pages instead,
# and runs.  That is the pool running short, which is what THP is there
# for: nothing is said of it at the default verbosity, and at
# HUGETLB_VERBOSE=3 the pool's count is.  Pages once reserved cannot be
# taken away from the program.  HUGELINK_FAULT=wait:FILE holds the
# runtime just before it reserves, until FILE exists.
. "$HL_SRC/tests/integration/common.sh"
cat >hog.c <<'C'
/* Hold N huge pages (reserved and touched) until stdin closes. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	size_t len = strtoul(argv[1], NULL, 0) << 21;
	char *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	char c;

	if (p == MAP_FAILED) {
		puts("refused");
		return 0;
	}
	for (size_t i = 0; i < len; i += 1 << 21)
		p[i] = 1;
	puts("held");
	fflush(stdout);
	while (read(0, &c, 1) > 0)
		;
	return 0;
}
C
"$CC" -O1 -o hog hog.c
build_segcheck sc
need=$(huge_pages_needed sc)
pool_set_free "$need"

# The hog takes every free page while the program waits to reserve,
# after it has seen them free (it sleeps in the wait).
mkfifo hold
race() {
	rm -f go hog.out
	# Whatever ends the test, the program and the hog end before the
	# pool is given back: each holds pages of it.
	env "$@" HUGELINK_FAULT=wait:$PWD/go HUGETLB_ELFMAP=RW ./sc >out 2>err &
	prog=$!
	kill_at_exit $prog
	until grep -q nanosleep "/proc/$prog/wchan" 2>/dev/null; do
		kill -0 $prog 2>/dev/null || fail "the program ended before it waited: $(cat out err)"
		sleep 0.1
	done
	./hog "$need" <hold >hog.out &
	hog=$!
	kill_at_exit $hog
	exec 8>hold
	while [ ! -s hog.out ]; do
		kill -0 $hog 2>/dev/null || fail "the hog ended before it said anything"
		sleep 0.1
	done
	grep -q held hog.out || fail "the hog could not take the pool"
	touch go
	wait $prog || fail "the program failed when its pages were taken: $(cat out err)"
	exec 8>&-
	wait
	expect_lines out "text thp" "rodata thp" "data thp" "ok"
}
race HUGETLB_VERBOSE=2
[ ! -s err ] || fail "the pool running short was a warning: $(cat err)"
race HUGETLB_VERBOSE=3
grep -q "on transparent huge pages where hugetlb pages could not be had: .*pool has 0" err ||
	fail "no reason given at HUGETLB_VERBOSE=3: $(cat err)"
ok "pages taken before the reservation: transparent huge pages, said at 3: $(grep 'pool has 0' err)"

# Once the program has reserved its pages, a hog gets none of them, and
# the swap that follows cannot run short.  HUGELINK_BACKING=hugetlb puts
# the writable range in the pool too, so the program takes all of it.
rm -f go hog.out
HUGELINK_BACKING=hugetlb HUGELINK_FAULT=wait-commit:$PWD/go HUGETLB_ELFMAP=RW \
	./sc fork >out 2>err &
prog=$!
kill_at_exit $prog
while [ "$(pool_free)" -ne 0 ]; do
	kill -0 $prog 2>/dev/null || fail "the program ended before it reserved the pool: $(cat out err)"
	sleep 0.1
done
./hog 1 </dev/null >hog.out
grep -q refused hog.out || fail "the hog got a page the program had reserved"
touch go
wait $prog || fail "the program failed: $(cat out err)"
expect_lines out "text 2048" "data 2048" "bss 2048" "fork ok" "ok"
ok "the program kept the pages it reserved"
