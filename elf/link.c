/* SPDX-License-Identifier: MIT */
/*
 * Reading how a program is linked.  The dynamic section is read as ld.so
 * reads it (elf/dynamic.h), and notes through PT_NOTE; every offset and
 * size is checked against the chunk it indexes.
 */
#include <err.h>
#include <string.h>

#include "elf/dynamic.h"
#include "elf/err.h"
#include "elf/link.h"

static int corrupt(const struct el_file *f, const char *what)
{
	warnx("%s: corrupt: %s", f->name, what);
	return -1;
}

static int read_interp(const struct el_file *f, const struct hl_phdr *p,
		       struct el_linkage *l)
{
	Elf_Data *d;

	d = elf_getdata_rawchunk(f->elf, (int64_t)p->offset, p->filesz,
				 ELF_T_BYTE);
	if (!d)
		return EL_ERR(f->name, "elf_getdata_rawchunk");
	if (!d->d_size || !memchr(d->d_buf, '\0', d->d_size))
		return corrupt(f, "PT_INTERP is not a NUL-terminated string");
	strncpy(l->interp, d->d_buf, sizeof(l->interp) - 1);
	l->dynamic = true;
	return 0;
}

static bool is_runtime(const char *name)
{
	size_t n = strlen(EL_RUNTIME_SONAME);

	return !strncmp(name, EL_RUNTIME_SONAME, n) &&
	       (name[n] == '\0' || name[n] == '.');
}

/* DT_NEEDED libhugelink.so, and DT_SONAME, from the dynamic section. */
static int read_dynamic(const struct el_file *f, struct el_linkage *l)
{
	struct el_dynamic d = { 0 };
	int rc = el_dynamic_read(f, &d);

	for (size_t i = 0; i < d.nneeded; i++)
		l->needs_runtime |= is_runtime(d.needed[i]);
	l->has_soname = d.has_soname;
	el_dynamic_free(&d);
	return rc;
}

/* Check the notes of the PT_NOTE P, and look for the runtime's note in
 * them until it is found. */
static int read_note(const struct el_file *f, const struct hl_phdr *p,
		     struct el_linkage *l)
{
	const void *entry;
	int64_t offset;
	Elf_Data *d;
	size_t len;

	if (!p->filesz)
		return 0;
	if (p->offset > f->eh.file_size ||
	    p->filesz > f->eh.file_size - p->offset)
		return corrupt(f, "a PT_NOTE runs past the end of the file");
	d = elf_getdata_rawchunk(f->elf, (int64_t)p->offset, p->filesz,
				 ELF_T_BYTE);
	if (!d)
		return EL_ERR(f->name, "elf_getdata_rawchunk");
	if (!hl_notes_wellformed(d->d_buf, d->d_size, hl_note_align(p->align)))
		return corrupt(f, "a note in a PT_NOTE runs past its segment");
	if (l->has_note)
		return 0;
	l->has_note = hl_note_runtime(d->d_buf, d->d_size,
				      hl_note_align(p->align), l->version,
				      sizeof(l->version));
	entry = hl_note_find(d->d_buf, d->d_size, hl_note_align(p->align),
			    HL_NOTE_OWNER, HL_NOTE_ENTRY, &len);
	l->has_entry = l->has_note &&
		       hl_note_entry_offset(entry, len, HL_ENTRY_ABI, &offset);
	return 0;
}

/* Look for a symbol named EL_RUNTIME_CTOR in the table of section SCN. */
static int scan_symtab(const struct el_file *f, Elf_Scn *scn,
		       const GElf_Shdr *sh, struct el_linkage *l)
{
	size_t entsize = gelf_fsize(f->elf, ELF_T_SYM, 1, EV_CURRENT);
	Elf_Data *d = elf_getdata(scn, NULL);
	const char *name;
	GElf_Sym sym;

	if (!d)
		return EL_ERR(f->name, "elf_getdata");
	if (!entsize)
		return EL_ERR(f->name, "gelf_fsize");
	l->has_symtab = true;
	for (size_t i = 0; i < d->d_size / entsize; i++) {
		if (!gelf_getsym(d, (int)i, &sym))
			return EL_ERR(f->name, "gelf_getsym");
		if (!sym.st_name || GELF_ST_TYPE(sym.st_info) != STT_FUNC)
			continue;
		name = elf_strptr(f->elf, sh->sh_link, sym.st_name);
		if (!name)
			return EL_ERR(f->name, "elf_strptr");
		if (!strcmp(name, EL_RUNTIME_CTOR))
			l->has_ctor = true;
	}
	return 0;
}

static int read_symtab(const struct el_file *f, struct el_linkage *l)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(f->elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			return EL_ERR(f->name, "gelf_getshdr");
		if (sh.sh_type == SHT_SYMTAB && sh.sh_size &&
		    scan_symtab(f, scn, &sh, l))
			return -1;
	}
	return 0;
}

int el_linkage_read(const struct el_file *f, struct el_linkage *l)
{
	memset(l, 0, sizeof(*l));
	l->pie = f->eh.type == ET_DYN;
	for (size_t i = 0; i < f->eh.phnum; i++) {
		const struct hl_phdr *p = &f->ph[i];

		if (p->type == PT_INTERP && read_interp(f, p, l))
			return -1;
		if (p->type == PT_NOTE && read_note(f, p, l))
			return -1;
	}
	if (read_dynamic(f, l))
		return -1;
	return read_symtab(f, l);
}

bool el_embeds(const struct el_linkage *l)
{
	return l->has_note || l->has_ctor;
}

bool el_linked(const struct el_linkage *l)
{
	return l->needs_runtime || el_embeds(l);
}

/* True when the N bytes at NAME are a version suffix: "" or ".1.0.0". */
static bool version_suffix(const char *name, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!(name[i] >= '0' && name[i] <= '9') &&
		    !(name[i] == '.' && i + 1 < n && name[i + 1] != '.'))
			return false;
	return n == 0 || name[0] == '.';
}

bool el_preloads_runtime(const char *list)
{
	size_t n = strlen(EL_RUNTIME_SONAME), len;

	for (const char *p = list; *p; p += len + (p[len] != '\0')) {
		const char *base;

		len = strcspn(p, ": ");
		base = memrchr(p, '/', len);
		base = base ? base + 1 : p;
		if ((size_t)(p + len - base) >= n &&
		    !strncmp(base, EL_RUNTIME_SONAME, n) &&
		    version_suffix(base + n, (size_t)(p + len - base) - n))
			return true;
	}
	return false;
}

bool el_is_library(const struct el_file *f, const struct el_linkage *l)
{
	GElf_Ehdr eh;

	if (!l->pie || l->dynamic)
		return false;
	if (l->has_soname)
		return true;
	return f->elf && gelf_getehdr(f->elf, &eh) && eh.e_entry == 0;
}

int el_own_loader(const struct el_file *prog, char *buf, size_t len)
{
	struct el_file self = { .fd = -1 };
	struct el_linkage l;
	int rc = -1;

	if (!el_open(&self, "/proc/self/exe") && !el_linkage_read(&self, &l) &&
	    l.interp[0] == '/' && strlen(l.interp) < len &&
	    (!prog || (self.machine == prog->machine &&
		       self.eh.cls == prog->eh.cls))) {
		memcpy(buf, l.interp, strlen(l.interp) + 1);
		rc = 0;
	}
	el_close(&self);
	return rc;
}
