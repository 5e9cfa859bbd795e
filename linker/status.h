#ifndef HL_STATUS_H
#define HL_STATUS_H
/*
 * Exit statuses of hugetlbfs-ld, as documented in hugetlbfs-ld(1).  Any
 * other non-zero status is the real linker's own (128+N when signal N
 * killed it).
 */
enum {
	HL_EXIT_USAGE = 2,	/* a bad --hugetlbfs-* option or combination */
	HL_EXIT_SETUP = 3,	/* real linker or runtime missing or unusable */
	HL_EXIT_FAILED = 4,	/* a step of our own failed; output removed */
};

#endif
