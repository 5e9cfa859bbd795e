/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: hugeedit's edit through the shared writer
 * (el_write_phdrs), on a memory file.  Beyond not crashing, it checks
 * the edit's promise: a file el_write_check accepts is edited, it reads
 * back with exactly the new flags, and no byte outside a p_flags word
 * has changed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "elf/write.h"
#include "tools/hugeedit/flags.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* True when byte OFF of F lies in the p_flags word of a program header. */
static int in_flags(const struct el_file *f, uint64_t off)
{
	uint64_t rel, word = f->eh.cls == ELFCLASS32 ? 24 : 4;

	if (off < f->eh.phoff)
		return 0;
	rel = (off - f->eh.phoff) % f->eh.phentsize;
	return (off - f->eh.phoff) / f->eh.phentsize < f->eh.phnum &&
	       rel >= word && rel < word + 4;
}

static void check(const struct el_file *f, int fd, const uint8_t *data,
		  size_t size, const struct hl_phdr *want)
{
	uint8_t *back = malloc(size);
	struct el_file again;

	if (!back || pread(fd, back, size, 0) != (ssize_t)size)
		abort();
	for (size_t i = 0; i < size; i++)
		if (back[i] != data[i] && !in_flags(f, i))
			abort();
	if (el_open_fd(&again, "fuzz", fd) || again.eh.phnum != f->eh.phnum)
		abort();
	for (size_t i = 0; i < f->eh.phnum; i++)
		if (again.ph[i].flags != want[i].flags)
			abort();
	el_close(&again);
	free(back);
}

static void edit(const struct el_file *f, int fd, const uint8_t *data,
		 size_t size)
{
	unsigned mode = size ? EDIT_TEXT | (data[size - 1] & EDIT_DATA) :
			EDIT_TEXT;
	struct hl_phdr *want = calloc(f->eh.phnum, sizeof(*want));

	if (!want)
		abort();
	for (size_t i = 0; i < f->eh.phnum; i++) {
		want[i] = f->ph[i];
		if (f->ph[i].type == PT_LOAD)
			want[i].flags = edit_new_flags(&f->ph[i], mode);
	}
	if (!el_write_check(f)) {
		if (el_write_phdrs(f, fd, want))
			abort();
		check(f, fd, data, size, want);
	}
	free(want);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = memfd_create("fuzz", MFD_CLOEXEC);
	struct el_file f;

	if (fd < 0 || write(fd, data, size) != (ssize_t)size)
		abort();
	if (!el_open_fd(&f, "fuzz", fd))
		edit(&f, fd, data, size);
	el_close(&f);
	close(fd);
	return 0;
}
