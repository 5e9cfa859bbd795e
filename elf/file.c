/* SPDX-License-Identifier: MIT */
/*
 * Opening and validating ELF programs.  Every libelf call is checked,
 * and a failure told as EL_ERR tells it, or kept for the caller
 * (el_open_quiet); every field is checked (elf/check.c) before
 * anything is read through it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf/err.h"
#include "elf/file.h"
#include "elf/open.h"

/* A failure of F, its cause kept in F->why. */
#define FAILED(f, ...) EL_FAILED(f, (f)->why, __VA_ARGS__)
#define LIBELF_FAILED(f, call) EL_LIBELF_FAILED(f, (f)->why, call)

static void init(struct el_file *f, const char *name, int fd, bool quiet)
{
	memset(f, 0, sizeof(*f));
	f->name = name;
	f->fd = fd;
	f->quiet = quiet;
}

static int refused(struct el_file *f, const char *why)
{
	return FAILED(f, "%s", why);
}

static void to_hl_phdr(const GElf_Phdr *g, struct hl_phdr *p)
{
	p->type = g->p_type;
	p->flags = g->p_flags;
	p->offset = g->p_offset;
	p->vaddr = g->p_vaddr;
	p->filesz = g->p_filesz;
	p->memsz = g->p_memsz;
	p->align = g->p_align;
}

/*
 * Read the header into F->eh.  PN_XNUM (the count is in section 0) is
 * resolved through libelf; otherwise the header's own count is checked
 * first, so that a bad table gets our message rather than libelf's.
 */
static int read_ehdr(struct el_file *f)
{
	GElf_Ehdr eh;
	size_t n;

	if (elf_kind(f->elf) != ELF_K_ELF)
		return refused(f, "not an ELF file");
	if (!gelf_getehdr(f->elf, &eh))
		return LIBELF_FAILED(f, "gelf_getehdr");
	f->eh.cls = eh.e_ident[EI_CLASS];
	f->eh.type = eh.e_type;
	f->eh.ehsize = eh.e_ehsize;
	f->eh.phoff = eh.e_phoff;
	f->eh.phentsize = eh.e_phentsize;
	f->eh.phnum = eh.e_phnum;
	f->eh.shoff = eh.e_shoff;
	f->machine = eh.e_machine;
	f->data = eh.e_ident[EI_DATA];
	if (eh.e_phnum != PN_XNUM)
		return 0;
	if (elf_getphdrnum(f->elf, &n))
		return LIBELF_FAILED(f, "elf_getphdrnum");
	f->eh.phnum = n;
	return 0;
}

static int read_phdrs(struct el_file *f)
{
	char why[EL_WHY_LEN];
	GElf_Phdr g;
	size_t n;

	if (el_check_ehdr(&f->eh, why, sizeof(why)))
		return refused(f, why);
	if (elf_getphdrnum(f->elf, &n))
		return LIBELF_FAILED(f, "elf_getphdrnum");
	if (n != f->eh.phnum)
		return refused(f, "libelf counts a different number of program "
			       "headers");
	f->ph = calloc(f->eh.phnum, sizeof(*f->ph));
	if (!f->ph)
		return FAILED(f, "%s", strerror(errno));
	for (size_t i = 0; i < f->eh.phnum; i++) {
		if (!gelf_getphdr(f->elf, (int)i, &g))
			return LIBELF_FAILED(f, "gelf_getphdr");
		to_hl_phdr(&g, &f->ph[i]);
	}
	if (el_check_phdrs(&f->eh, f->ph, f->eh.phnum, why, sizeof(why)))
		return refused(f, why);
	return 0;
}

/* Check the identification, then let libelf read the rest. */
static int begin(struct el_file *f, const unsigned char *head, size_t len)
{
	char why[EL_WHY_LEN];

	if (el_check_ident(head, len, why, sizeof(why)))
		return refused(f, why);
	if (elf_version(EV_CURRENT) == EV_NONE)
		return LIBELF_FAILED(f, "elf_version");
	return 0;
}

static int open_fd(struct el_file *f, const char *name, int fd, bool quiet)
{
	unsigned char head[sizeof(Elf64_Ehdr)];
	struct stat st;
	ssize_t n;

	init(f, name, fd, quiet);
	if (fstat(fd, &st))
		return FAILED(f, "%s", strerror(errno));
	if (!S_ISREG(st.st_mode))
		return refused(f, "not a regular file");
	f->eh.file_size = (uint64_t)st.st_size;
	n = pread(fd, head, sizeof(head), 0);
	if (n < 0)
		return FAILED(f, "%s", strerror(errno));
	if (begin(f, head, (size_t)n))
		return -1;
	f->elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!f->elf)
		return LIBELF_FAILED(f, "elf_begin");
	if (read_ehdr(f) || read_phdrs(f))
		return -1;
	return 0;
}

int el_open_fd(struct el_file *f, const char *name, int fd)
{
	return open_fd(f, name, fd, false);
}

static int open_path(struct el_file *f, const char *path, const char *name,
		     bool quiet)
{
	int fd = el_open_regular(path, 0);
	int rc;

	if (fd < 0) {
		init(f, name, -1, quiet);
		if (fd == EL_NOT_REGULAR)
			return refused(f, "not a regular file");
		return FAILED(f, "%s", strerror(errno));
	}
	rc = open_fd(f, name, fd, quiet);
	f->own_fd = true;
	return rc;
}

int el_open_as(struct el_file *f, const char *path, const char *name)
{
	return open_path(f, path, name, false);
}

int el_open_quiet(struct el_file *f, const char *path, const char *name)
{
	return open_path(f, path, name, true);
}

bool el_starts_elf(int fd)
{
	unsigned char magic[SELFMAG];

	return pread(fd, magic, SELFMAG, 0) == SELFMAG &&
	       !memcmp(magic, ELFMAG, SELFMAG);
}

bool el_path_starts_elf(const char *path)
{
	int fd = el_open_regular(path, 0);
	bool yes;

	if (fd < 0)
		return false;
	yes = el_starts_elf(fd);
	close(fd);
	return yes;
}

int el_open(struct el_file *f, const char *path)
{
	return el_open_as(f, path, path);
}

int el_open_mem(struct el_file *f, const char *name, void *buf,
		    size_t len)
{
	init(f, name, -1, false);
	f->eh.file_size = len;
	if (begin(f, buf, len < sizeof(Elf64_Ehdr) ? len : sizeof(Elf64_Ehdr)))
		return -1;
	f->elf = elf_memory(buf, len);
	if (!f->elf)
		return LIBELF_FAILED(f, "elf_memory");
	if (read_ehdr(f) || read_phdrs(f))
		return -1;
	return 0;
}

void el_close(struct el_file *f)
{
	if (f->elf)
		elf_end(f->elf);
	if (f->own_fd)
		close(f->fd);
	free(f->ph);
	f->own_fd = false;
	f->elf = NULL;
	f->ph = NULL;
}

size_t el_next_load(const struct el_file *f, size_t i)
{
	while (i < f->eh.phnum && f->ph[i].type != PT_LOAD)
		i++;
	return i;
}
