/* SPDX-License-Identifier: MIT */
/*
 * Reading the dynamic section: see dynamic.h.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "elf/dynamic.h"
#include "elf/err.h"

/* The dynamic-section values that locate the strings. */
struct dyn_info {
	GElf_Addr strtab;
	GElf_Xword strsz;
	bool have_strtab, have_strsz;
	Elf_Data *data;		/* the PT_DYNAMIC chunk */
	size_t count;		/* entries in it */
};

/* A failure to read F's dynamic section, its cause kept in D->why. */
#define FAILED(f, d, ...) EL_FAILED(f, (d)->why, __VA_ARGS__)
#define LIBELF_FAILED(f, d, call) EL_LIBELF_FAILED(f, (d)->why, call)

static int corrupt(const struct el_file *f, struct el_dynamic *d,
		   const char *what)
{
	return FAILED(f, d, "corrupt: %s", what);
}

/* The file offset of LEN bytes at address ADDR, within one PT_LOAD. */
static int addr_to_offset(const struct el_file *f, GElf_Addr addr,
			  GElf_Xword len, uint64_t *off)
{
	for (size_t i = el_next_load(f, 0); i < f->eh.phnum;
	     i = el_next_load(f, i + 1)) {
		const struct hl_phdr *p = &f->ph[i];

		if (addr >= p->vaddr && addr - p->vaddr <= p->filesz &&
		    p->filesz - (addr - p->vaddr) >= len) {
			*off = p->offset + (addr - p->vaddr);
			return 0;
		}
	}
	return -1;
}

/*
 * Entry I of the dynamic section into *DYN.  Returns 1, 0 at its end
 * (DT_NULL or the end of PT_DYNAMIC), or -1 after a failure (FAILED).
 */
static int dyn_entry(const struct el_file *f, const struct dyn_info *di,
		     size_t i, GElf_Dyn *dyn, struct el_dynamic *d)
{
	if (i >= di->count)
		return 0;
	if (!gelf_getdyn(di->data, (int)i, dyn))
		return LIBELF_FAILED(f, d, "gelf_getdyn");
	return dyn->d_tag != DT_NULL;
}

static int scan(const struct el_file *f, struct dyn_info *di,
		struct el_dynamic *d)
{
	GElf_Dyn dyn;
	size_t i;
	int rc;

	for (i = 0; (rc = dyn_entry(f, di, i, &dyn, d)) > 0; i++) {
		if (dyn.d_tag == DT_STRTAB) {
			di->strtab = dyn.d_un.d_ptr;
			di->have_strtab = true;
		} else if (dyn.d_tag == DT_STRSZ) {
			di->strsz = dyn.d_un.d_val;
			di->have_strsz = true;
		} else if (dyn.d_tag == DT_SONAME) {
			d->has_soname = true;
		} else if (dyn.d_tag == DT_FLAGS_1 &&
			   (dyn.d_un.d_val & DF_1_NODEFLIB)) {
			d->nodeflib = true;
		} else if (dyn.d_tag == DT_AUDIT || dyn.d_tag == DT_DEPAUDIT) {
			d->audit = true;
		}
	}
	return rc;
}

/* A copy of the string at OFF in STR, into *OUT. */
static int string_at(const struct el_file *f, const Elf_Data *str,
		     GElf_Xword off, char **out, struct el_dynamic *d)
{
	const char *s = str->d_buf;

	if (off >= str->d_size || !memchr(s + off, '\0', str->d_size - off))
		return corrupt(f, d, "a dynamic entry's string lies outside "
			       "the string table");
	*out = strdup(s + off);
	if (!*out)
		return FAILED(f, d, "%s", strerror(errno));
	return 0;
}

static int add_needed(const struct el_file *f, const Elf_Data *str,
		      GElf_Xword off, struct el_dynamic *d)
{
	char **grown = realloc(d->needed, (d->nneeded + 1) * sizeof(*grown));

	if (!grown)
		return FAILED(f, d, "%s", strerror(errno));
	d->needed = grown;
	if (string_at(f, str, off, &d->needed[d->nneeded], d))
		return -1;
	d->nneeded++;
	return 0;
}

/* The entries that name strings of STR. */
static int take_strings(const struct el_file *f, const struct dyn_info *di,
			const Elf_Data *str, struct el_dynamic *d)
{
	GElf_Dyn dyn;
	size_t i;
	int rc;

	for (i = 0; (rc = dyn_entry(f, di, i, &dyn, d)) > 0; i++) {
		if (dyn.d_tag == DT_NEEDED)
			rc = add_needed(f, str, dyn.d_un.d_val, d);
		else if (dyn.d_tag == DT_SONAME && !d->soname)
			rc = string_at(f, str, dyn.d_un.d_val, &d->soname, d);
		else if (dyn.d_tag == DT_RPATH && !d->rpath)
			rc = string_at(f, str, dyn.d_un.d_val, &d->rpath, d);
		else if (dyn.d_tag == DT_RUNPATH && !d->runpath)
			rc = string_at(f, str, dyn.d_un.d_val, &d->runpath, d);
		if (rc < 0)
			return -1;
	}
	return rc;
}

static int read_section(const struct el_file *f, const struct hl_phdr *p,
			struct el_dynamic *d)
{
	struct dyn_info di = { 0 };
	size_t entsize = gelf_fsize(f->elf, ELF_T_DYN, 1, EV_CURRENT);
	Elf_Data *str;
	uint64_t off;

	if (!entsize)
		return LIBELF_FAILED(f, d, "gelf_fsize");
	if (p->filesz < entsize)
		return 0;
	di.data = elf_getdata_rawchunk(f->elf, (int64_t)p->offset,
				       p->filesz - p->filesz % entsize,
				       ELF_T_DYN);
	if (!di.data)
		return LIBELF_FAILED(f, d, "elf_getdata_rawchunk");
	di.count = p->filesz / entsize;
	if (scan(f, &di, d))
		return -1;
	if (!di.have_strtab || !di.have_strsz || !di.strsz)
		return 0;
	if (addr_to_offset(f, di.strtab, di.strsz, &off))
		return corrupt(f, d, "the string table (DT_STRTAB, DT_STRSZ) "
			       "lies outside the file");
	str = elf_getdata_rawchunk(f->elf, (int64_t)off, di.strsz, ELF_T_BYTE);
	if (!str)
		return LIBELF_FAILED(f, d, "elf_getdata_rawchunk");
	return take_strings(f, &di, str, d);
}

int el_dynamic_read(const struct el_file *f, struct el_dynamic *d)
{
	for (size_t i = 0; i < f->eh.phnum; i++)
		if (f->ph[i].type == PT_DYNAMIC) {
			d->present = true;
			return read_section(f, &f->ph[i], d);
		}
	return 0;
}

void el_dynamic_free(struct el_dynamic *d)
{
	for (size_t i = 0; i < d->nneeded; i++)
		free(d->needed[i]);
	free(d->needed);
	free(d->soname);
	free(d->rpath);
	free(d->runpath);
	memset(d, 0, sizeof(*d));
}
