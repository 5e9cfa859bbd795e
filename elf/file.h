/* SPDX-License-Identifier: MIT */
#ifndef ELF_FILE_H
#define ELF_FILE_H
/*
 * An ELF program opened for reading through libelf, with its header and
 * program headers validated (elf/check.h) and copied out in the
 * class-neutral form the planner takes.  A file or a memory image (the
 * fuzzers use the latter) go through the same checks.
 */
#include <gelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/plan.h"
#include "elf/check.h"

struct el_file {
	const char *name;	/* for messages */
	int fd;			/* -1 for a memory image */
	bool own_fd;		/* el_close closes fd */
	Elf *elf;
	struct el_ehdr eh;
	uint16_t machine;	/* e_machine */
	unsigned char data;	/* EI_DATA: the byte order */
	struct hl_phdr *ph;	/* eh.phnum entries */
	bool quiet;		/* a failure says nothing (el_open_quiet) */
	char why[EL_WHY_LEN];	/* the cause of the last failure to read
				   it, without its name */
};

/*
 * Open PATH read-only, a regular file only (el_open_regular, elf/open.h),
 * and validate it.  Returns 0, or -1 after a warning that names PATH and
 * the cause.  Release with el_close either way.
 */
int el_open(struct el_file *f, const char *path);

/* The same, naming the file NAME in messages and in F->name (the tools
 * pass PATH escaped for printing). */
int el_open_as(struct el_file *f, const char *path, const char *name);

/* The same, but saying nothing: the cause of a failure is left in
 * F->why for the caller to tell, and el_dynamic_read (elf/dynamic.h)
 * says nothing of F either. */
int el_open_quiet(struct el_file *f, const char *path, const char *name);

/* The same as el_open_as on an open descriptor, which F does not own. */
int el_open_fd(struct el_file *f, const char *name, int fd);

/* The same on LEN bytes at BUF, which must outlive F. */
int el_open_mem(struct el_file *f, const char *name, void *buf,
		    size_t len);

void el_close(struct el_file *f);

/* Whether the file open on FD starts with the ELF magic number: read
 * with pread, so a FIFO or a pipe is no ELF file and never waited on. */
bool el_starts_elf(int fd);

/* The same for the file at PATH, opened as el_open_as opens; false when
 * it cannot be opened. */
bool el_path_starts_elf(const char *path);

/* The index of the first PT_LOAD at or after I, or eh.phnum. */
size_t el_next_load(const struct el_file *f, size_t i);

#endif
