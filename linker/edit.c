/* SPDX-License-Identifier: MIT */
/*
 * The post-link edit, through the writer the tools use (elf/write.h):
 * p_align and p_flags patched in place and read back.  The output is the
 * wrapper's own, fresh from the real linker, so it is edited where it is,
 * with no copy: if the edit fails, the caller removes it.
 *
 * Raising the first PT_LOAD's p_align is valid ELF: p_align is a power of
 * two and p_vaddr == p_offset (mod p_align) holds because both are
 * multiples of it (p_offset is 0).  Linux (since 5.10 for PIE, 6.10 for
 * static-pie) and glibc's ld.so (since 2.35) align the load base to the
 * largest PT_LOAD p_align, which is what puts the segments, aligned
 * relative to the base by the linker script, on huge-page boundaries at
 * run time.
 */
#include <elf.h>
#include <err.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

#include "core/plan.h"
#include "elf/file.h"
#include "elf/write.h"
#include "linker/edit.h"

/* Apply E to one program header; true when it changed. */
static bool edit_phdr(struct hl_phdr *ph, bool first_load, bool dyn,
		      const struct lw_edit *e)
{
	uint32_t flags = ph->flags;
	uint64_t align = ph->align;

	if (ph->type != PT_LOAD)
		return false;
	if (dyn && first_load && e->base_align && ph->offset == 0 &&
	    ph->vaddr % e->base_align == 0 && ph->align < e->base_align)
		ph->align = e->base_align;
	if (e->flag == LW_FLAG_ALL ||
	    (e->flag == LW_FLAG_BSS && (ph->flags & PF_W) &&
	     ph->filesz == 0 && ph->memsz > 0))
		ph->flags |= HL_PF_HUGETLB;
	return ph->flags != flags || ph->align != align;
}

/* Fill WANT with F's headers, E applied; true when any changed. */
static bool edit_phdrs(const struct el_file *f, const struct lw_edit *e,
		       struct hl_phdr *want)
{
	size_t first = el_next_load(f, 0);
	bool dirty = false;

	for (size_t i = 0; i < f->eh.phnum; i++) {
		want[i] = f->ph[i];
		dirty |= edit_phdr(&want[i], i == first, f->eh.type == ET_DYN,
				   e);
	}
	return dirty;
}

/* Apply E to F, open on FD; nothing is written if E changes nothing. */
static int edit_file(const struct el_file *f, int fd, const struct lw_edit *e)
{
	struct hl_phdr *want = calloc(f->eh.phnum, sizeof(*want));
	int rc;

	if (!want) {
		warn("%s", f->name);
		return -1;
	}
	rc = edit_phdrs(f, e, want) ? el_write_phdrs(f, fd, want) : 0;
	free(want);
	return rc;
}

int lw_edit_output(const struct lw_output *o, const struct lw_edit *e)
{
	struct el_file f;
	int fd, rc;

	fd = lw_output_open(o, 1);
	if (fd < 0)
		return -1;
	rc = el_open_fd(&f, o->path, fd) ? -1 : edit_file(&f, fd, e);
	el_close(&f);
	if (close(fd) < 0 && rc == 0) {
		warn("%s", o->path);
		rc = -1;
	}
	return rc;
}
