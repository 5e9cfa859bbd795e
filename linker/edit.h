#ifndef HL_EDIT_H
#define HL_EDIT_H
/*
 * The post-link edit: program-header fields a linker script cannot set.
 * Only p_align and p_flags change; nothing in the file moves.
 */
#include <stddef.h>

/* libhugetlbfs's flag for "remap this segment by default" (PF_MASKOS). */
#define PF_LINUX_HUGETLB 0x00100000

enum hl_flag {
	HL_FLAG_NONE,
	HL_FLAG_BSS,	/* writable PT_LOADs with nothing in the file */
	HL_FLAG_ALL,	/* every PT_LOAD */
};

struct hl_edit {
	/*
	 * For ET_DYN (PIE, static-pie, shared object): the alignment the
	 * loader must give the load base, set as the first PT_LOAD's p_align
	 * when it starts at file offset 0 and at an address aligned to it.
	 * 0 leaves p_align alone.
	 */
	size_t base_align;
	enum hl_flag flag;
};

/*
 * Apply E to the ELF file at PATH.  Returns 0, or -1 after a message (the
 * file may then be partly written; the caller removes it).
 */
int hl_edit_output(const char *path, const struct hl_edit *e);

#endif
