# SPDX-License-Identifier: MIT
# What the runtime says goes only to the standard error the program was
# started with.  A daemon closes fd 2, opens its database (which gets
# fd 2), and later loads a relinked library with dlopen(): whatever the
# runtime would say about that library (HUGETLB_VERBOSE=3 lists every
# range moved; a thread beside it keeps the library's data on base
# pages, which is said at the default verbosity) must not land in the
# database.  The same for a program started with fd 2 closed.  The
# control: with fd 2 left alone, the same run says it.
. "$HL_SRC/tests/integration/common.sh"
need_thp
pool_reserve 24

build_libcheck libcheck.so -Wl,--hugetlbfs-align
cat >daemon.c <<'EOF'
#include <dlfcn.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void *idle(void *arg)
{
	pause();
	return arg;
}

/* daemon DB LIB [keep]: close fd 2 (unless "keep"), open DB, which gets
 * fd 2, and load LIB beside a second thread. */
int main(int argc, char **argv)
{
	pthread_t t;
	int fd;

	if (argc < 3)
		return 2;
	if (argc < 4 || strcmp(argv[3], "keep")) {
		close(2);
		fd = open(argv[1], O_RDWR);
		if (fd != 2)
			return 3;
	}
	pthread_create(&t, NULL, idle, NULL);
	if (!dlopen(argv[2], RTLD_NOW))
		return 4;
	puts("loaded");
	return 0;
}
EOF
hl_cc -O1 -o daemon daemon.c -pthread -Wl,--hugetlbfs-align ||
	fail "cannot link the daemon"

printf 'database contents\n' >db.orig

# The control: fd 2 kept, and the runtime says what it did.
cp db.orig db
HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=RW ./daemon db ./libcheck.so keep >out 2>err ||
	fail "control: status $?: $(cat out err)"
grep -q "libcheck.so: .*writable, and other threads run" err ||
	fail "control: nothing said about the library: $(cat err)"
ok "control: fd 2 kept, the library's data staying on base pages is said"

for v in 2 3; do
	cp db.orig db
	HUGETLB_VERBOSE=$v HUGETLB_ELFMAP=RW ./daemon db ./libcheck.so >out 2>err ||
		fail "verbose $v: status $?: $(cat out err)"
	grep -qx loaded out || fail "verbose $v: $(cat out)"
	cmp -s db db.orig || fail "verbose $v: the database changed: $(cat db)"
	ok "HUGETLB_VERBOSE=$v: fd 2 reopened on a database before dlopen(): database unchanged"

	cp db.orig db
	HUGETLB_VERBOSE=$v HUGETLB_ELFMAP=RW ./daemon db ./libcheck.so >out 2>&- ||
		fail "verbose $v, started with fd 2 closed: status $?: $(cat out)"
	grep -qx loaded out || fail "verbose $v, fd 2 closed: $(cat out)"
	cmp -s db db.orig || fail "verbose $v, started with fd 2 closed: the database changed: $(cat db)"
	ok "HUGETLB_VERBOSE=$v: started with fd 2 closed: database unchanged"
done
