/*
 * Reading how a program is linked.  The dynamic section is found through
 * PT_DYNAMIC and its string table through the PT_LOAD that holds
 * DT_STRTAB, as ld.so finds them, and notes through PT_NOTE; every
 * offset and size is checked against the chunk it indexes.
 */
#include <err.h>
#include <string.h>

#include "elf/err.h"
#include "elf/link.h"

/* The dynamic-section values this file needs. */
struct dyn_info {
	GElf_Addr strtab;
	GElf_Xword strsz;
	bool have_strtab, have_strsz;
	bool have_soname;
	Elf_Data *data;		/* the PT_DYNAMIC chunk */
	size_t count;		/* entries in it */
};

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
 * (DT_NULL or the end of PT_DYNAMIC), or -1 after a warning.
 */
static int dyn_entry(const struct el_file *f, const struct dyn_info *di,
		     size_t i, GElf_Dyn *dyn)
{
	if (i >= di->count)
		return 0;
	if (!gelf_getdyn(di->data, (int)i, dyn))
		return EL_ERR(f->name, "gelf_getdyn");
	return dyn->d_tag != DT_NULL;
}

static int scan_dynamic(const struct el_file *f, struct dyn_info *di)
{
	GElf_Dyn dyn;
	size_t i;
	int rc;

	for (i = 0; (rc = dyn_entry(f, di, i, &dyn)) > 0; i++) {
		if (dyn.d_tag == DT_STRTAB) {
			di->strtab = dyn.d_un.d_ptr;
			di->have_strtab = true;
		} else if (dyn.d_tag == DT_STRSZ) {
			di->strsz = dyn.d_un.d_val;
			di->have_strsz = true;
		} else if (dyn.d_tag == DT_SONAME) {
			di->have_soname = true;
		}
	}
	return rc;
}

static bool is_runtime(const char *name)
{
	size_t n = strlen(EL_RUNTIME_SONAME);

	return !strncmp(name, EL_RUNTIME_SONAME, n) &&
	       (name[n] == '\0' || name[n] == '.');
}

/* Look for DT_NEEDED libhugelink.so in the string table STR. */
static int scan_needed(const struct el_file *f, const struct dyn_info *di,
		       const Elf_Data *str, struct el_linkage *l)
{
	const char *s = str->d_buf;
	GElf_Dyn dyn;
	size_t i;
	int rc;

	for (i = 0; (rc = dyn_entry(f, di, i, &dyn)) > 0; i++) {
		if (dyn.d_tag != DT_NEEDED)
			continue;
		if (dyn.d_un.d_val >= str->d_size ||
		    !memchr(s + dyn.d_un.d_val, '\0', str->d_size - dyn.d_un.d_val))
			return corrupt(f, "a DT_NEEDED entry lies outside the string "
				       "table");
		if (is_runtime(s + dyn.d_un.d_val))
			l->needs_runtime = true;
	}
	return rc;
}

/* Look for the runtime's note in the PT_NOTE P. */
static int read_note(const struct el_file *f, const struct hl_phdr *p,
		     struct el_linkage *l)
{
	Elf_Data *d;

	if (!p->filesz || l->has_note)
		return 0;
	d = elf_getdata_rawchunk(f->elf, (int64_t)p->offset, p->filesz,
				 ELF_T_BYTE);
	if (!d)
		return EL_ERR(f->name, "elf_getdata_rawchunk");
	l->has_note = hl_note_runtime(d->d_buf, d->d_size,
				      hl_note_align(p->align), l->version,
				      sizeof(l->version));
	return 0;
}

static int read_dynamic(const struct el_file *f, const struct hl_phdr *p,
			struct el_linkage *l)
{
	struct dyn_info di = { 0 };
	size_t entsize = gelf_fsize(f->elf, ELF_T_DYN, 1, EV_CURRENT);
	Elf_Data *str;
	uint64_t off;

	if (!entsize)
		return EL_ERR(f->name, "gelf_fsize");
	if (p->filesz < entsize)
		return 0;
	di.data = elf_getdata_rawchunk(f->elf, (int64_t)p->offset,
				       p->filesz - p->filesz % entsize, ELF_T_DYN);
	if (!di.data)
		return EL_ERR(f->name, "elf_getdata_rawchunk");
	di.count = p->filesz / entsize;
	if (scan_dynamic(f, &di))
		return -1;
	l->has_soname = di.have_soname;
	if (!di.have_strtab || !di.have_strsz || !di.strsz)
		return 0;
	if (addr_to_offset(f, di.strtab, di.strsz, &off))
		return corrupt(f, "the string table (DT_STRTAB, DT_STRSZ) "
			       "lies outside the file");
	str = elf_getdata_rawchunk(f->elf, (int64_t)off, di.strsz, ELF_T_BYTE);
	if (!str)
		return EL_ERR(f->name, "elf_getdata_rawchunk");
	return scan_needed(f, &di, str, l);
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
		if (p->type == PT_DYNAMIC && p->filesz && read_dynamic(f, p, l))
			return -1;
		if (p->type == PT_NOTE && read_note(f, p, l))
			return -1;
	}
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
