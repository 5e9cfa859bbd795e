/* SPDX-License-Identifier: MIT */
/*
 * bigseg: a program made of MIB MiB of text and MIB MiB of initialised
 * data and nothing much else, for timing start-up: with HUGETLB_ELFMAP=R
 * the runtime copies the text onto huge pages before main, with W the
 * data, and the difference from a run on base pages is what that costs.
 *
 *     bigseg          return at once
 *     bigseg text     print the page size of the text (from smaps)
 *     bigseg data     print the page size of the data
 *     bigseg hold     read a byte of every page of the text, print its
 *                     page size, then "ready", then wait to be killed,
 *                     so that the benchmark can count the huge pages
 *                     running copies hold
 *     bigseg floor    the floor under any remap of the text: map fresh
 *                     2 MiB huge pages, private and anonymous, enough to
 *                     hold the executable segment, and fill them once
 *                     with its bytes, copied from the program file's
 *                     pages in the page cache (mapped shared and
 *                     populated, the cheapest of the ways tried: pread()
 *                     and faulting the text in cost more); the kernel
 *                     zeroes each huge page at its first touch, inside
 *                     that one copy.  Then return
 *     bigseg floor check   the same, then print the page size of the
 *                     mapping and check that it holds the text
 *     bigseg shared-floor DIR FILE... [text]
 *                     the floor under a warm shared start, for the
 *                     relinked program: open DIR, and map each FILE in
 *                     it (the shared files an earlier HUGETLB_SHARE=1
 *                     run left, one per read-only segment it moved)
 *                     over the segment its name gives, with none of
 *                     the runtime's checks.  With "text", then
 *                     print the page size of the text
 *
 * A remap cannot cost less than the floor: it must make the same pages,
 * which the kernel zeroes, and copy the same bytes into them once.  Run
 * from a plain link, "floor" is a plain start plus exactly that.  A warm
 * shared start cannot cost less than "shared-floor": it must open the
 * same files and map them over the same ranges.
 *
 * The segments are made by the assembler, so that building even the
 * largest one takes a moment.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hold.h"
#include "measure.h"

#ifndef MIB
#define MIB 8
#endif
#define STR_(x) #x
#define STR(x) STR_(x)
#define HUGE_2M ((size_t)2 << 20)

__asm__(".pushsection .text.bigseg,\"ax\",%progbits\n"
	".globl big_text\nbig_text:\n"
	".fill " STR(MIB) " * 1048576, 1, 0\n"
	".popsection\n"
	".pushsection .data.bigseg,\"aw\",%progbits\n"
	".globl big_data\nbig_data:\n"
	".fill " STR(MIB) " * 1048576, 1, 0x5a\n"
	".popsection\n");
extern const char big_text[], big_data[];

/* The program's executable segment: where it is and where in the file. */
struct text_seg {
	uintptr_t addr;
	off_t offset;
	size_t len;
};

/* The first object dl_iterate_phdr() reports is the program itself. */
static int find_text(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct text_seg *t = arg;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];

		if (p->p_type == PT_LOAD && (p->p_flags & PF_X)) {
			t->addr = info->dlpi_addr + p->p_vaddr;
			t->offset = p->p_offset;
			t->len = p->p_filesz;
		}
	}
	return 1;
}

/*
 * The floor: fresh huge pages filled once with the executable segment's
 * bytes.  Returns the exit status; with CHECK, also prints where the
 * copy landed and compares it with the text in memory.
 */
static int floor_copy(int check)
{
	struct text_seg t = { 0 };
	size_t len, lead;
	char *dst, *src;
	int fd;

	dl_iterate_phdr(find_text, &t);
	len = (t.len + HUGE_2M - 1) & ~(HUGE_2M - 1);
	lead = t.offset & (sysconf(_SC_PAGESIZE) - 1);
	fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	src = fd < 0 ? MAP_FAILED : mmap(NULL, t.len + lead, PROT_READ,
					 MAP_SHARED | MAP_POPULATE, fd,
					 t.offset - lead);
	dst = mmap(NULL, len, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	if (!t.len || src == MAP_FAILED || dst == MAP_FAILED) {
		perror("floor");
		return 1;
	}
	memcpy(dst, src + lead, t.len);
	if (!check)
		return 0;
	print_pages("floor", dst, len);
	if (memcmp(dst, (const void *)t.addr, t.len)) {
		printf("floor: the copy differs from the text\n");
		return 1;
	}
	return 0;
}

/* The read-only segments of the program, by program header index. */
#define MAX_PHDRS 16
struct ro_segs {
	uintptr_t start[MAX_PHDRS];
	int prot[MAX_PHDRS];
	int ro[MAX_PHDRS];
};

static int find_ro(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct ro_segs *r = arg;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum && i < MAX_PHDRS; i++) {
		const ElfW(Phdr) *p = &info->dlpi_phdr[i];

		if (p->p_type != PT_LOAD || (p->p_flags & PF_W))
			continue;
		r->ro[i] = 1;
		r->start[i] = (info->dlpi_addr + p->p_vaddr) & ~(HUGE_2M - 1);
		r->prot[i] = PROT_READ | (p->p_flags & PF_X ? PROT_EXEC : 0);
	}
	return 1;
}

/*
 * The program header a shared file holds, from its name
 * (PATH#KEY#SEGMENT#PAGEk, core/sharename.h), or -1.
 */
static int segment_of(const char *name)
{
	const char *h = strchr(name, '#');
	int seg;

	h = h ? strchr(h + 1, '#') : NULL;
	if (!h || sscanf(h + 1, "%d#", &seg) != 1 || seg < 0 ||
	    seg >= MAX_PHDRS)
		return -1;
	return seg;
}

/*
 * The shared floor: FILES[0..N) of DIR mapped over the read-only
 * segments their names give, private and read-only as the runtime maps
 * them, executable where the segment is; no check of any kind.  The
 * files hold the segments' own bytes, so the text this runs from stays
 * the same.
 */
static int shared_floor(const char *dir, char **files, int n)
{
	struct ro_segs r = { .ro = { 0 } };
	int d = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	dl_iterate_phdr(find_ro, &r);
	if (d < 0 || n < 1) {
		fprintf(stderr, "shared-floor: %s: %d files\n", dir, n);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		int seg = segment_of(files[i]);
		int fd = openat(d, files[i], O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
		struct stat st;

		if (seg < 0 || !r.ro[seg]) {
			fprintf(stderr, "shared-floor: %s: not a read-only "
				"segment's file\n", files[i]);
			return 1;
		}
		if (fd < 0 || fstat(fd, &st) ||
		    mmap((void *)r.start[seg], (size_t)st.st_size, r.prot[seg],
			 MAP_PRIVATE | MAP_NORESERVE | MAP_FIXED,
			 fd, 0) == MAP_FAILED) {
			perror(files[i]);
			return 1;
		}
		close(fd);
	}
	close(d);
	return 0;
}

/*
 * Read a byte of every page of the text, as a program running through
 * it would: the kernel maps text from the page cache as it is touched.
 */
static void touch_text(void)
{
	volatile const char *t = big_text;
	unsigned sum = 0;

	for (size_t i = 0; i < (size_t)MIB << 20; i += 4096)
		sum += t[i];
	(void)sum;
}

int main(int argc, char **argv)
{
	if (argc > 3 && !strcmp(argv[1], "shared-floor")) {
		int text = !strcmp(argv[argc - 1], "text");

		if (shared_floor(argv[2], argv + 3, argc - 3 - text))
			return 1;
		if (text)
			print_pages("text", big_text, (size_t)MIB << 20);
		return 0;
	}
	if (argc > 1 && !strcmp(argv[1], "floor"))
		return floor_copy(argc > 2 && !strcmp(argv[2], "check"));
	if (argc > 1 && !strcmp(argv[1], "hold"))
		touch_text();
	if (argc > 1 && (!strcmp(argv[1], "text") || !strcmp(argv[1], "hold")))
		print_pages("text", big_text, (size_t)MIB << 20);
	if (argc > 1 && !strcmp(argv[1], "data"))
		print_pages("data", big_data, (size_t)MIB << 20);
	bench_hold(argc > 1 && !strcmp(argv[1], "hold"));
	return 0;
}
