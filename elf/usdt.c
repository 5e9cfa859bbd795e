/* SPDX-License-Identifier: MIT */
/*
 * Reading USDT probes: see usdt.h.  Each note named "stapsdt" of type 3
 * describes one probe; its descriptor starts with three addresses of the
 * file's class (the probe, the .stapsdt.base section, the semaphore),
 * then the provider, the name and the arguments.
 */
#include <err.h>
#include <stdlib.h>
#include <string.h>

#include "elf/err.h"
#include "elf/usdt.h"

#define EL_NT_STAPSDT 3
#define EL_STAPSDT_SECTION ".note.stapsdt"

/* The .note.stapsdt section of F, or NULL; -1 in *RC on error. */
static Elf_Scn *find_section(const struct el_file *f, size_t shstrndx,
			     int *rc)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	const char *name;

	while ((scn = elf_nextscn(f->elf, scn))) {
		if (!gelf_getshdr(scn, &sh)) {
			*rc = EL_ERR(f->name, "gelf_getshdr");
			return NULL;
		}
		if (sh.sh_type != SHT_NOTE)
			continue;
		name = elf_strptr(f->elf, shstrndx, sh.sh_name);
		if (name && !strcmp(name, EL_STAPSDT_SECTION))
			return scn;
	}
	return NULL;
}

/* The probe address at the start of the descriptor DESC of LEN bytes. */
static int probe_pc(const struct el_file *f, const unsigned char *desc,
		    size_t len, uint64_t *pc)
{
	Elf_Data src = { .d_type = ELF_T_ADDR, .d_version = EV_CURRENT };
	Elf_Data dst = { .d_type = ELF_T_ADDR, .d_version = EV_CURRENT };
	size_t word = gelf_fsize(f->elf, ELF_T_ADDR, 1, EV_CURRENT);
	uint64_t v64 = 0;
	uint32_t v32 = 0;

	if (!word || len < word)
		return -1;
	src.d_buf = (void *)desc;
	src.d_size = word;
	dst.d_buf = word == 4 ? (void *)&v32 : (void *)&v64;
	dst.d_size = word;
	if (!gelf_xlatetom(f->elf, &dst, &src, f->data))
		return EL_ERR(f->name, "gelf_xlatetom");
	*pc = word == 4 ? v32 : v64;
	return 0;
}

static int add_probe(const struct el_file *f, struct el_usdt *u, uint64_t pc)
{
	uint64_t *grown = realloc(u->pc, (u->n + 1) * sizeof(*grown));

	if (!grown) {
		warn("%s", f->name);
		return -1;
	}
	u->pc = grown;
	u->pc[u->n++] = pc;
	return 0;
}

static int read_notes(const struct el_file *f, Elf_Scn *scn, struct el_usdt *u)
{
	Elf_Data *d = elf_getdata(scn, NULL);
	size_t off = 0, next, name, desc;
	GElf_Nhdr nh;
	uint64_t pc;

	if (!d)
		return EL_ERR(f->name, "elf_getdata");
	while (off < d->d_size &&
	       (next = gelf_getnote(d, off, &nh, &name, &desc)) > 0) {
		const char *owner = (const char *)d->d_buf + name;

		off = next;
		if (nh.n_type != EL_NT_STAPSDT || nh.n_namesz != 8 ||
		    memcmp(owner, "stapsdt", 8))
			continue;
		if (probe_pc(f, (const unsigned char *)d->d_buf + desc,
			     nh.n_descsz, &pc)) {
			warnx("%s: corrupt: a stapsdt note is too short",
			      f->name);
			return -1;
		}
		if (add_probe(f, u, pc))
			return -1;
	}
	return 0;
}

int el_usdt_read(const struct el_file *f, struct el_usdt *u)
{
	size_t shnum, shstrndx;
	Elf_Scn *scn;
	int rc = 0;

	memset(u, 0, sizeof(*u));
	if (!f->eh.shoff)
		return 0;
	if (elf_getshdrnum(f->elf, &shnum))
		return EL_ERR(f->name, "elf_getshdrnum");
	if (!shnum)
		return 0;
	if (elf_getshdrstrndx(f->elf, &shstrndx))
		return EL_ERR(f->name, "elf_getshdrstrndx");
	u->known = true;
	scn = find_section(f, shstrndx, &rc);
	if (!scn)
		return rc;
	return read_notes(f, scn, u);
}

void el_usdt_free(struct el_usdt *u)
{
	free(u->pc);
	u->pc = NULL;
	u->n = 0;
}
