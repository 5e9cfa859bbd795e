# SPDX-License-Identifier: MIT
# A warm shared start (HUGETLB_SHARE=1, every file made already) needs no
# new huge page, so it reads nothing about them: no pool counter, no THP
# setting, no overcommit mode, no hugetlb cgroup file, no list of mounts
# (HUGETLB_SHARE_PATH names the directory).  It may open the pagemap: the
# file backing, tried first, asks it whether the page cache holds the
# text in huge folios (here it does not: the program was written in
# small ones).
# Judged from every path the process opens (open, openat, fopen), logged
# by a preloaded shim of the test's own; not from strace, under which
# the runtime sees a tracer and takes a private copy, nor from perf
# trace, which names a descriptor's file only now and then.  The same
# log of a start that copies its text shows the pool counters and THP
# settings it reads, and the warm one the /proc/self/status it reads:
# both prove that the shim sees the runtime's opens.
. "$HL_SRC/tests/integration/common.sh"
pool_reserve 40
build_segcheck sc
mount_hugetlbfs "$PWD/mnt"
mkdir -m 700 mnt/d

cat >opens.c <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Every path the process opens, a line each, to $HL_OPENS. */
static void logged(const char *path)
{
	const char *to = getenv("HL_OPENS");
	int (*real)(const char *, int, ...) =
		(int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open");
	int fd;

	if (!to || !path)
		return;
	fd = real(to, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return;
	write(fd, path, strlen(path));
	write(fd, "\n", 1);
	close(fd);
}

int open(const char *path, int flags, ...)
{
	va_list ap;
	int mode;

	va_start(ap, flags);
	mode = va_arg(ap, int);
	va_end(ap);
	logged(path);
	return ((int (*)(const char *, int, ...))dlsym(RTLD_NEXT, "open"))(
		path, flags, mode);
}

int openat(int dir, const char *path, int flags, ...)
{
	va_list ap;
	int mode;

	va_start(ap, flags);
	mode = va_arg(ap, int);
	va_end(ap);
	logged(path);
	return ((int (*)(int, const char *, int, ...))dlsym(RTLD_NEXT,
		"openat"))(dir, path, flags, mode);
}

FILE *fopen(const char *path, const char *mode)
{
	logged(path);
	return ((FILE *(*)(const char *, const char *))dlsym(RTLD_NEXT,
		"fopen"))(path, mode);
}
C
"$CC" -O1 -shared -fPIC -o opens.so opens.c -ldl || fail "cannot build the shim"

# trace NAME VAR=VALUE...: the paths one run of sc backing opens, into
# NAME.opens; its output into NAME.
trace() {
	_n=$1
	shift
	env "$@" HL_OPENS="$PWD/$_n.opens" LD_PRELOAD="$PWD/opens.so" \
		./sc backing >"$_n" 2>"$_n.err" || fail "$_n: $(cat "$_n" "$_n.err")"
}

share="HUGETLB_SHARE=1 HUGETLB_SHARE_PATH=$PWD/mnt/d HUGETLB_ELFMAP=R"
env $share ./sc backing >cold || fail "the first run: $(cat cold)"
expect_lines cold "text 2048" "rodata 2048" "ok"
trace warm $share
expect_lines warm "text 2048" "rodata 2048" "ok"
grep -q "^backing $PWD/mnt/d/" warm || fail "the warm run did not share: $(cat warm)"
trace private HUGETLB_ELFMAP=R
expect_lines private "text 2048" "rodata 2048" "ok"

# What only a start that needs new huge pages reads.
machine='^(/sys/kernel/mm/hugepages/|/sys/kernel/mm/transparent_hugepage/|/proc/sys/vm/|/proc/(self|[0-9]+)/(cgroup|mounts)$|/proc/mounts$|/sys/fs/cgroup/)'
grep -qx '/proc/self/status' warm.opens ||
	fail "the shim saw the warm run open nothing of the runtime's: $(cat warm.opens)"
grep -Eq '^/sys/kernel/mm/hugepages/hugepages-[0-9]+kB/free_hugepages$' private.opens &&
	grep -q '^/sys/kernel/mm/transparent_hugepage/' private.opens ||
	fail "the shim did not see a private copy read the pool and THP: $(cat private.opens)"
ok "a start that copies reads $(grep -E "$machine" private.opens | sort -u | tr '\n' ' ')"
if grep -E "$machine" warm.opens >read; then
	fail "a warm shared start read what only new huge pages need: $(cat read)"
fi
ok "a warm shared start reads no pool, THP, overcommit, cgroup or mounts: $(grep -c . warm.opens) files opened"
