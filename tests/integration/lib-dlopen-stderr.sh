# SPDX-License-Identifier: MIT
# What the runtime says goes only to the standard error the program was
# started with.  A daemon closes fd 2, opens its database (which gets
# fd 2), and later loads a relinked library with dlopen(): whatever the
# runtime would say about that library (HUGETLB_VERBOSE=3 lists every
# range moved; a thread beside it keeps the library's data on base
# pages, which is said at the default verbosity) must not land in the
# database.  The same for a program started with fd 2 closed, and for a
# plain program (no runtime of its own: the library's copy acts, and its
# first look at fd 2 is after the database took it).  At start-up, a
# library's constructor that puts a data file on fd 2 before the
# runtime's constructor runs, with HUGETLB_VERBOSE=4, leaves it as it
# was.  The controls: with fd 2 left alone, or opened for writing only
# as a shell's 2>> does, the same runs say it.
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
"$CC" -O1 -o daemon-plain daemon.c -pthread -ldl ||
	fail "cannot link the plain daemon"

printf 'database contents\n' >db.orig

# The control: fd 2 kept, and the runtime says what it did.
cp db.orig db
HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=RW ./daemon db ./libcheck.so keep >out 2>err ||
	fail "control: status $?: $(cat out err)"
grep -q "libcheck.so: .*writable, and other threads run" err ||
	fail "control: nothing said about the library: $(cat err)"
ok "control: fd 2 kept, the library's data staying on base pages is said"

cp db.orig db
HUGETLB_VERBOSE=3 HUGETLB_ELFMAP=RW ./daemon-plain db ./libcheck.so keep >out 2>err ||
	fail "plain control: status $?: $(cat out err)"
grep -q "libcheck.so: .*writable, and other threads run" err ||
	fail "plain control: nothing said about the library: $(cat err)"
ok "control: a plain program, fd 2 kept: the library's data staying on base pages is said"

for prog in daemon daemon-plain; do
	for v in 2 3; do
		cp db.orig db
		HUGETLB_VERBOSE=$v HUGETLB_ELFMAP=RW ./$prog db ./libcheck.so >out 2>err ||
			fail "$prog, verbose $v: status $?: $(cat out err)"
		grep -qx loaded out || fail "$prog, verbose $v: $(cat out)"
		cmp -s db db.orig ||
			fail "$prog, verbose $v: the database changed: $(cat db)"
		ok "$prog, HUGETLB_VERBOSE=$v: fd 2 reopened on a database before dlopen(): database unchanged"

		cp db.orig db
		HUGETLB_VERBOSE=$v HUGETLB_ELFMAP=RW ./$prog db ./libcheck.so >out 2>&- ||
			fail "$prog, verbose $v, started with fd 2 closed: status $?: $(cat out)"
		grep -qx loaded out || fail "$prog, verbose $v, fd 2 closed: $(cat out)"
		cmp -s db db.orig ||
			fail "$prog, verbose $v, started with fd 2 closed: the database changed: $(cat db)"
		ok "$prog, HUGETLB_VERBOSE=$v: started with fd 2 closed: database unchanged"
	done
done

# At start-up: a library the program needs puts a file on fd 2 in its
# constructor, which runs before the program's, the runtime's included.
cat >ondb.c <<'EOF'
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ONDB=FILE: close fd 2 and open FILE there, for reading and writing
 * (a program's data), or, with ONDB_APPEND set, for appending only (a
 * standard error as 2>> opens it). */
__attribute__((constructor)) static void on_db(void)
{
	const char *db = getenv("ONDB");
	int flags = getenv("ONDB_APPEND") ? O_WRONLY | O_APPEND : O_RDWR;

	if (!db)
		return;
	close(2);
	if (open(db, flags) != 2)
		_exit(3);
}
EOF
cat >starter.c <<'EOF'
#include <stdio.h>

int main(void)
{
	puts("started");
	return 0;
}
EOF
"$CC" -O1 -fPIC -shared -o libondb.so ondb.c || fail "cannot build libondb.so"
hl_cc -O1 -o starter starter.c -Wl,--hugetlbfs-align -L. \
	-Wl,--no-as-needed -londb -Wl,-rpath,"$PWD" ||
	fail "cannot link the starter"

cp db.orig db
ONDB=db ONDB_APPEND=1 HUGETLB_VERBOSE=4 HUGETLB_ELFMAP=RW ./starter >out 2>err ||
	fail "start-up control: status $?: $(cat out err)"
grep -q "^hugelink: starter: " db ||
	fail "start-up control: nothing said on fd 2 opened to append: $(cat db)"
ok "control: at start-up, fd 2 opened to append (as 2>> does) gets what the runtime says"

cp db.orig db
ONDB=db HUGETLB_VERBOSE=4 HUGETLB_ELFMAP=RW ./starter >out 2>err ||
	fail "start-up: status $?: $(cat out err)"
grep -qx started out || fail "start-up: $(cat out)"
cmp -s db db.orig || fail "start-up: the data file on fd 2 changed: $(cat db)"
ok "HUGETLB_VERBOSE=4 at start-up, a data file put on fd 2 by a constructor before the runtime's: unchanged"
