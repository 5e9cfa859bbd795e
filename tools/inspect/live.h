/* SPDX-License-Identifier: MIT */
#ifndef TOOLS_INSPECT_LIVE_H
#define TOOLS_INSPECT_LIVE_H
/*
 * hugelink-inspect --pid: what backs each loadable segment of a running
 * process now, read from its /proc/<pid>/smaps.
 *
 * The view is a list of objects, the program first, then every shared
 * library the process maps, each with its
 * PT_LOAD segments at their run-time addresses, and each segment cut
 * into the parts that one mapping covers: a segment the runtime moved
 * in part (or whose data, RELRO and bss the kernel maps separately) has
 * several.  Building the parts is pure (inspect_cover); reading /proc is a
 * thin layer (tools/inspect/proc.h).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "core/plan.h"
#include "core/smaps.h"

/* What backs one part of a segment now. */
enum inspect_backing {
	INSPECT_BACK_UNMAPPED,	/* no mapping covers it */
	INSPECT_BACK_BASE,		/* base pages */
	INSPECT_BACK_HUGETLB,	/* hugetlb pages of part->page bytes */
	INSPECT_BACK_THP,		/* transparent huge pages,
					   part->huge bytes */
	INSPECT_BACK_PAGE_CACHE,	/* a file's page cache mapped with
					   PMDs (FilePmdMapped), part->huge
					   bytes: the file backing */
	INSPECT_BACK_MIXED,		/* a segment whose parts differ */
};

/* The part of a segment that one mapping covers, or a hole. */
struct inspect_part {
	uintptr_t start, end;		/* within the segment */
	enum inspect_backing backing;
	uint64_t page;			/* KernelPageSize */
	uint64_t huge;			/* bytes on huge pages,
					   at most end - start */
	const struct hl_smaps_map *map;	/* NULL for a hole */
	bool own_file;			/* a mapping of the object's own file */
};

/* One PT_LOAD at its run-time address. */
struct inspect_lseg {
	int phdr;
	uint32_t flags;			/* p_flags */
	uintptr_t start, end;		/* bias + p_vaddr, + p_memsz */
	size_t first, nparts;		/* its parts in inspect_live.part */
};

/* One ELF object mapped into the process. */
struct inspect_object {
	char *path;			/* the name maps gives its file */
	bool main;			/* the program itself */
	int cls;			/* ELFCLASS32 or ELFCLASS64 */
	uint16_t type;			/* e_type */
	unsigned int major, minor;	/* its file, as maps names it */
	unsigned long inode;
	uintptr_t bias;
	struct inspect_lseg *seg;
	size_t nseg;
};

struct inspect_live {
	pid_t pid;
	uint64_t base_page;
	char *interp;			/* the loader run as a command,
					   or NULL */
	char *smaps;			/* the text the mappings point into */
	struct hl_smaps_map *map;	/* every mapping, in address order */
	size_t nmap;
	struct inspect_object *obj;		/* the program first */
	size_t nobj;
	struct inspect_part *part;
	size_t npart;
};

/*
 * Parse the smaps TEXT (which LV keeps and frees) into LV->map.  Returns
 * 0, or -1 after a warning naming the process.
 */
int inspect_live_parse(struct inspect_live *lv, char *text);

/*
 * Fill O's segments from the program headers PH[0..PHNUM) at O->bias,
 * and cut each into the parts LV's mappings cover.  Returns 0, or -1
 * after a warning when memory runs out.
 */
int inspect_cover(struct inspect_live *lv, struct inspect_object *o,
	     const struct hl_phdr *ph, size_t phnum);

/* The backing of a whole segment: its parts', or INSPECT_BACK_MIXED. */
enum inspect_backing inspect_lseg_backing(const struct inspect_live *lv,
				const struct inspect_lseg *s);

/* The bytes of S on huge pages, over all its parts. */
uint64_t inspect_lseg_huge(const struct inspect_live *lv,
			   const struct inspect_lseg *s);

/*
 * Gather the view of process PID.  Returns 0, or -1 after a warning that
 * names the process and the cause (no such process, not allowed to read
 * it, no program).  Release with inspect_live_free either way.
 */
int inspect_live_gather(struct inspect_live *lv, pid_t pid);

void inspect_live_free(struct inspect_live *lv);

/* The stable code and the words for a backing. */
const char *inspect_backing_code(enum inspect_backing b);

#endif
