/* SPDX-License-Identifier: MIT */
/*
 * Reading a loaded object through its program headers: see image.h.
 */
#include <elf.h>
#include <link.h>
#include <string.h>

#include "core/image.h"
#include "core/note.h"

/*
 * Whether a readable PT_LOAD's file part holds VADDR, its end included;
 * the most bytes from VADDR to the end of such a file part into *ROOM.
 */
static bool room_at(const struct hl_phdr *ph, size_t phnum, uint64_t vaddr,
		    uint64_t *room)
{
	bool held = false;

	*room = 0;
	for (size_t i = 0; i < phnum; i++) {
		const struct hl_phdr *p = &ph[i];

		if (p->type != PT_LOAD || !(p->flags & PF_R) ||
		    vaddr < p->vaddr || vaddr - p->vaddr > p->filesz)
			continue;
		held = true;
		if (p->filesz - (vaddr - p->vaddr) > *room)
			*room = p->filesz - (vaddr - p->vaddr);
	}
	return held;
}

bool hl_image_loaded(const struct hl_phdr *ph, size_t phnum, uint64_t vaddr,
		     uint64_t len)
{
	uint64_t room;

	return room_at(ph, phnum, vaddr, &room) && room >= len;
}

bool hl_image_executes(const struct hl_phdr *ph, size_t phnum, uintptr_t bias,
		       uintptr_t addr)
{
	uint64_t vaddr = (uint64_t)(addr - bias);

	for (size_t i = 0; i < phnum; i++) {
		const struct hl_phdr *p = &ph[i];

		if (p->type == PT_LOAD && (p->flags & PF_X) &&
		    vaddr >= p->vaddr && vaddr - p->vaddr < p->filesz)
			return true;
	}
	return false;
}

const struct hl_phdr *hl_image_note_segment(const struct hl_phdr *ph,
					    size_t phnum, size_t i)
{
	const struct hl_phdr *p = &ph[i];

	return p->type == PT_NOTE && hl_image_loaded(ph, phnum, p->vaddr,
						     p->filesz) ? p : NULL;
}

const void *hl_image_note(const struct hl_phdr *ph, size_t phnum,
			  uintptr_t bias, unsigned type, size_t *len)
{
	for (size_t i = 0; i < phnum; i++) {
		const struct hl_phdr *p = hl_image_note_segment(ph, phnum, i);
		const void *d;

		if (p && (d = hl_note_find((const void *)(bias +
							  (uintptr_t)p->vaddr),
					   (size_t)p->filesz,
					   hl_note_align(p->align),
					   HL_NOTE_OWNER, type, len)))
			return d;
	}
	return NULL;
}

const void *hl_image_entry(const struct hl_phdr *ph, size_t phnum,
			   uintptr_t bias)
{
	size_t len;
	const void *desc = hl_image_note(ph, phnum, bias, HL_NOTE_ENTRY, &len);
	const void *entry = hl_note_entry(desc, len, HL_ENTRY_ABI);

	return entry && hl_image_executes(ph, phnum, bias, (uintptr_t)entry) ?
	       entry : NULL;
}

/*
 * The object's dynamic section: the first PT_DYNAMIC whose file part is
 * loaded and holds at least one entry.  Its entries are read no further
 * than that file part: DT_NULL ends the section, and so does the end of
 * the file part, whether or not a DT_NULL came.
 */
struct dyn_walk {
	const unsigned char *at;
	size_t n;
};

static bool dyn_begin(const struct hl_phdr *ph, size_t phnum, uintptr_t bias,
		      struct dyn_walk *w)
{
	for (size_t i = 0; i < phnum; i++)
		if (ph[i].type == PT_DYNAMIC &&
		    ph[i].filesz >= sizeof(ElfW(Dyn)) &&
		    hl_image_loaded(ph, phnum, ph[i].vaddr, ph[i].filesz)) {
			w->at = (const void *)(bias + (uintptr_t)ph[i].vaddr);
			w->n = (size_t)(ph[i].filesz / sizeof(ElfW(Dyn)));
			return true;
		}
	return false;
}

/* The next entry into *D: true, or false at the section's end.  Copied,
 * as the section's address is only as aligned as its header says. */
static bool dyn_next(struct dyn_walk *w, ElfW(Dyn) *d)
{
	if (!w->n)
		return false;
	memcpy(d, w->at, sizeof(*d));
	w->at += sizeof(*d);
	w->n--;
	return d->d_tag != DT_NULL;
}

bool hl_image_textrel(const struct hl_phdr *ph, size_t phnum, uintptr_t bias)
{
	struct dyn_walk w;
	ElfW(Dyn) d;

	if (!dyn_begin(ph, phnum, bias, &w))
		return false;
	while (dyn_next(&w, &d))
		if (d.d_tag == DT_TEXTREL ||
		    (d.d_tag == DT_FLAGS && (d.d_un.d_val & DF_TEXTREL)))
			return true;
	return false;
}

/*
 * The string at offset OFF of the string table at STRTAB, as the dynamic
 * section gives it: ld.so has made the address absolute in the dynamic
 * sections it relocated, and left it an offset from the bias in others
 * (its own, the vDSO's).  NULL unless the string, NUL included, lies
 * loaded.
 */
static const char *dyn_string(const struct hl_phdr *ph, size_t phnum,
			      uintptr_t bias, uintptr_t strtab, uintptr_t off)
{
	uint64_t vaddr = strtab >= bias && bias ? strtab - bias : strtab;
	uint64_t room;
	const char *s;

	if (off > UINT64_MAX - vaddr)
		return NULL;
	vaddr += off;
	s = (const char *)(bias + (uintptr_t)vaddr);
	return room_at(ph, phnum, vaddr, &room) && room &&
	       memchr(s, '\0', (size_t)room) ? s : NULL;
}

const char *hl_image_soname(const struct hl_phdr *ph, size_t phnum,
			    uintptr_t bias)
{
	uintptr_t strtab = 0, soname = 0;
	bool has = false;
	struct dyn_walk w;
	ElfW(Dyn) d;

	if (!dyn_begin(ph, phnum, bias, &w))
		return NULL;
	while (dyn_next(&w, &d)) {
		if (d.d_tag == DT_STRTAB)
			strtab = d.d_un.d_ptr;
		else if (d.d_tag == DT_SONAME) {
			soname = d.d_un.d_val;
			has = true;
		}
	}
	return has && strtab ? dyn_string(ph, phnum, bias, strtab, soname) :
	       NULL;
}

int hl_image_phdr_table(const void *ehdr, size_t len, size_t phnum,
			uint64_t *off, size_t *size)
{
	ElfW(Ehdr) eh;
	uint64_t bytes;

	if (len < sizeof(eh))
		return -1;
	memcpy(&eh, ehdr, sizeof(eh));
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != (sizeof(void *) == 8 ?
				     ELFCLASS64 : ELFCLASS32) ||
	    eh.e_ident[EI_DATA] != (__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ?
				    ELFDATA2LSB : ELFDATA2MSB) ||
	    eh.e_phentsize != sizeof(ElfW(Phdr)) || eh.e_phnum != phnum)
		return -1;
	bytes = (uint64_t)phnum * sizeof(ElfW(Phdr));
	if (eh.e_phoff > UINT64_MAX - bytes)
		return -1;
	*off = eh.e_phoff;
	*size = (size_t)bytes;
	return 0;
}

/* Whether FILE_TYPE, a header's type in the file, and TYPE, in the
 * headers read, agree: the same, or a note segment the runtime set
 * aside as PT_NULL because its pages cannot be read. */
static bool same_type(uint32_t file_type, uint32_t type)
{
	return file_type == type || (file_type == PT_NOTE && type == PT_NULL);
}

bool hl_image_phdrs_equal(const void *table, size_t size,
			  const struct hl_phdr *ph, size_t phnum)
{
	const unsigned char *t = table;

	if (size != phnum * sizeof(ElfW(Phdr)))
		return false;
	for (size_t i = 0; i < phnum; i++) {
		ElfW(Phdr) p;

		memcpy(&p, t + i * sizeof(p), sizeof(p));
		if (!same_type(p.p_type, ph[i].type) ||
		    p.p_flags != ph[i].flags ||
		    p.p_offset != ph[i].offset || p.p_vaddr != ph[i].vaddr ||
		    p.p_filesz != ph[i].filesz || p.p_memsz != ph[i].memsz ||
		    p.p_align != ph[i].align)
			return false;
	}
	return true;
}
