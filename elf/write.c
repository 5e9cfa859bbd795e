/* SPDX-License-Identifier: MIT */
/*
 * Patching program headers in place.  Each field that changes is
 * encoded for the file by libelf (gelf_xlatetof: the class's width, the
 * file's byte order) and written with one pwrite at its own offset, so
 * the only bytes written are those of the fields asked for.
 */
#include <err.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

#include "elf/err.h"
#include "elf/write.h"

/* Where a field lies in a program header of one class, and its type. */
struct field {
	size_t off;
	Elf_Type type;		/* ELF_T_WORD or ELF_T_XWORD */
};

static struct field flags_field(int cls)
{
	if (cls == ELFCLASS32)
		return (struct field){ offsetof(Elf32_Phdr, p_flags),
				       ELF_T_WORD };
	return (struct field){ offsetof(Elf64_Phdr, p_flags), ELF_T_WORD };
}

static struct field align_field(int cls)
{
	if (cls == ELFCLASS32)
		return (struct field){ offsetof(Elf32_Phdr, p_align),
				       ELF_T_WORD };
	return (struct field){ offsetof(Elf64_Phdr, p_align), ELF_T_XWORD };
}

static bool same_phdr(const struct hl_phdr *a, const struct hl_phdr *b)
{
	return a->type == b->type && a->flags == b->flags &&
	       a->offset == b->offset && a->vaddr == b->vaddr &&
	       a->filesz == b->filesz && a->memsz == b->memsz &&
	       a->align == b->align;
}

int el_write_check(const struct el_file *f)
{
	char why[EL_WHY_LEN];
	size_t shnum = 0;

	if (f->eh.shoff && elf_getshdrnum(f->elf, &shnum))
		return EL_ERR(f->name, "elf_getshdrnum");
	if (el_check_phtab_alone(&f->eh, shnum, why, sizeof(why))) {
		warnx("%s: %s", f->name, why);
		return -1;
	}
	return 0;
}

/*
 * WANT must be F's headers with other flags and alignments only, valid
 * headers of F's class: a p_align of a 32-bit file fits in 32 bits.
 */
static int check_want(const struct el_file *f, const struct hl_phdr *want)
{
	char why[EL_WHY_LEN];

	for (size_t i = 0; i < f->eh.phnum; i++) {
		struct hl_phdr p = want[i];

		p.flags = f->ph[i].flags;
		p.align = f->ph[i].align;
		if (!same_phdr(&p, &f->ph[i])) {
			warnx("%s: program header %zu: only p_flags and "
			      "p_align can be edited", f->name, i);
			return -1;
		}
		if (f->eh.cls == ELFCLASS32 && want[i].align > UINT32_MAX) {
			warnx("%s: program header %zu: p_align %#llx does not "
			      "fit a 32-bit file", f->name, i,
			      (unsigned long long)want[i].align);
			return -1;
		}
	}
	if (el_check_phdrs(&f->eh, want, f->eh.phnum, why, sizeof(why))) {
		warnx("%s: after the edit, %s", f->name, why);
		return -1;
	}
	return 0;
}

/* Write VALUE as field FL of program header I of F, through FD. */
static int put_field(const struct el_file *f, int fd, size_t i,
		     struct field fl, uint64_t value)
{
	uint32_t word = (uint32_t)value;
	uint64_t xword = value;
	unsigned char out[sizeof(xword)];
	Elf_Data src = { .d_type = fl.type, .d_version = EV_CURRENT };
	Elf_Data dst = { .d_buf = out, .d_size = sizeof(out),
			 .d_version = EV_CURRENT };
	uint64_t off = f->eh.phoff + i * f->eh.phentsize + fl.off;

	src.d_buf = fl.type == ELF_T_WORD ? (void *)&word : (void *)&xword;
	src.d_size = fl.type == ELF_T_WORD ? sizeof(word) : sizeof(xword);
	if (!gelf_xlatetof(f->elf, &dst, &src, f->data))
		return EL_ERR(f->name, "gelf_xlatetof");
	if (pwrite(fd, out, dst.d_size, (off_t)off) != (ssize_t)dst.d_size) {
		warn("%s: writing program header %zu", f->name, i);
		return -1;
	}
	return 0;
}

static int put_phdrs(const struct el_file *f, int fd,
		     const struct hl_phdr *want)
{
	for (size_t i = 0; i < f->eh.phnum; i++) {
		if (want[i].flags != f->ph[i].flags &&
		    put_field(f, fd, i, flags_field(f->eh.cls), want[i].flags))
			return -1;
		if (want[i].align != f->ph[i].align &&
		    put_field(f, fd, i, align_field(f->eh.cls), want[i].align))
			return -1;
	}
	return 0;
}

/* The file on FD, opened afresh, must have exactly the headers WANT. */
static int read_back(const struct el_file *f, int fd,
		     const struct hl_phdr *want)
{
	struct el_file back;
	int rc = -1;

	if (!el_open_fd(&back, f->name, fd) && back.eh.phnum == f->eh.phnum) {
		rc = 0;
		for (size_t i = 0; i < f->eh.phnum && !rc; i++)
			rc = same_phdr(&want[i], &back.ph[i]) ? 0 : -1;
	}
	el_close(&back);
	if (rc)
		warnx("%s: the edited program headers do not read back as "
		      "written", f->name);
	return rc;
}

int el_write_phdrs(const struct el_file *f, int fd, const struct hl_phdr *want)
{
	if (el_write_check(f) || check_want(f, want) || put_phdrs(f, fd, want))
		return -1;
	return read_back(f, fd, want);
}
