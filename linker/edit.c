/*
 * The post-link edit, with libelf.  ELF_F_LAYOUT keeps every offset as
 * the linker wrote it; libelf then rewrites only the program headers.
 *
 * Raising the first PT_LOAD's p_align is valid ELF: p_align is a power of
 * two and p_vaddr == p_offset (mod p_align) holds because both are
 * multiples of it (p_offset is 0).  Linux (since 5.10 for PIE, 6.10 for
 * static-pie) and glibc's ld.so (since 2.35) align the load base to the
 * largest PT_LOAD p_align, which is what puts the segments, aligned
 * relative to the base by the linker script, on huge-page boundaries at
 * run time.
 */
#include <err.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdbool.h>
#include <unistd.h>

#include "core/plan.h"
#include "linker/edit.h"

/*
 * Every libelf call goes through this: it names the call, adds libelf's
 * reason when the call failed, and yields whether it succeeded.  It
 * never returns from the caller.
 */
#define ELF_CHECK(ok, call) elf_check((ok), #call, path)

static bool elf_check(bool ok, const char *call, const char *path)
{
	if (!ok)
		warnx("%s: %s: %s", path, call, elf_errmsg(-1));
	return ok;
}

/* Apply E to one program header; true when it changed. */
static bool edit_phdr(GElf_Phdr *ph, bool first_load, bool dyn,
		      const struct lw_edit *e)
{
	GElf_Word flags = ph->p_flags;
	GElf_Xword align = ph->p_align;

	if (ph->p_type != PT_LOAD)
		return false;
	if (dyn && first_load && e->base_align && ph->p_offset == 0 &&
	    ph->p_vaddr % e->base_align == 0 && ph->p_align < e->base_align)
		ph->p_align = e->base_align;
	if (e->flag == LW_FLAG_ALL ||
	    (e->flag == LW_FLAG_BSS && (ph->p_flags & PF_W) &&
	     ph->p_filesz == 0 && ph->p_memsz > 0))
		ph->p_flags |= HL_PF_HUGETLB;
	return ph->p_flags != flags || ph->p_align != align;
}

/* Edit the program headers of ELF; *DIRTY says whether any changed. */
static int edit_phdrs(Elf *elf, const char *path, const struct lw_edit *e,
		      bool *dirty)
{
	GElf_Ehdr eh;
	size_t n;
	bool seen_load = false;

	if (!ELF_CHECK(gelf_getehdr(elf, &eh) != NULL, gelf_getehdr) ||
	    !ELF_CHECK(elf_getphdrnum(elf, &n) == 0, elf_getphdrnum))
		return -1;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		bool first;

		if (!ELF_CHECK(gelf_getphdr(elf, i, &ph) != NULL, gelf_getphdr))
			return -1;
		first = ph.p_type == PT_LOAD && !seen_load;
		seen_load |= ph.p_type == PT_LOAD;
		if (!edit_phdr(&ph, first, eh.e_type == ET_DYN, e))
			continue;
		if (!ELF_CHECK(gelf_update_phdr(elf, i, &ph) != 0,
			       gelf_update_phdr))
			return -1;
		*dirty = true;
	}
	return 0;
}

int lw_edit_output(const char *path, const struct lw_edit *e)
{
	bool dirty = false;
	int fd, rc = -1;
	Elf *elf;

	if (!ELF_CHECK(elf_version(EV_CURRENT) != EV_NONE, elf_version))
		return -1;
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		warn("%s", path);
		return -1;
	}
	elf = elf_begin(fd, ELF_C_RDWR, NULL);
	if (!ELF_CHECK(elf != NULL, elf_begin))
		goto out_close;
	if (elf_kind(elf) != ELF_K_ELF) {
		warnx("%s: not an ELF file", path);
		goto out_end;
	}
	if (!ELF_CHECK(elf_flagelf(elf, ELF_C_SET, ELF_F_LAYOUT) != 0,
		       elf_flagelf) ||
	    edit_phdrs(elf, path, e, &dirty) < 0)
		goto out_end;
	if (dirty &&
	    (!ELF_CHECK(elf_flagphdr(elf, ELF_C_SET, ELF_F_DIRTY) != 0,
			elf_flagphdr) ||
	     !ELF_CHECK(elf_update(elf, ELF_C_WRITE) >= 0, elf_update)))
		goto out_end;
	rc = 0;
out_end:
	elf_end(elf);
out_close:
	if (close(fd) < 0 && rc == 0) {
		warn("%s", path);
		rc = -1;
	}
	return rc;
}
