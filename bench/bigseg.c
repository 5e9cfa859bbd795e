/*
 * bigseg: a program made of MIB MiB of text and MIB MiB of initialised
 * data and nothing much else, for timing start-up: with HUGETLB_ELFMAP=R
 * the runtime copies the text onto huge pages before main, with W the
 * data, and the difference from a run on base pages is what that costs.
 *
 *     bigseg          return at once
 *     bigseg text     print the page size of the text (from smaps)
 *     bigseg data     print the page size of the data
 *     bigseg hold     print the page size of the text, then "ready", then
 *                     wait to be killed, so that the benchmark can count
 *                     the huge pages running copies hold
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
 *
 * A remap cannot cost less than the floor: it must make the same pages,
 * which the kernel zeroes, and copy the same bytes into them once.  Run
 * from a plain link, "floor" is a plain start plus exactly that.
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

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "floor"))
		return floor_copy(argc > 2 && !strcmp(argv[2], "check"));
	if (argc > 1 && (!strcmp(argv[1], "text") || !strcmp(argv[1], "hold")))
		print_pages("text", big_text, (size_t)MIB << 20);
	if (argc > 1 && !strcmp(argv[1], "data"))
		print_pages("data", big_data, (size_t)MIB << 20);
	bench_hold(argc > 1 && !strcmp(argv[1], "hold"));
	return 0;
}
