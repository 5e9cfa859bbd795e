/* SPDX-License-Identifier: MIT */
#ifndef LINKER_STATUS_H
#define LINKER_STATUS_H
/*
 * Exit statuses of hugetlbfs-ld, as documented in hugetlbfs-ld(1).  Any
 * other non-zero status is the real linker's own (128+N when signal N
 * killed it).
 */
enum {
	LW_EXIT_USAGE = 2,	/* a bad --hugetlbfs-* option or combination */
	LW_EXIT_SETUP = 3,	/* real linker or runtime missing or unusable */
	LW_EXIT_FAILED = 4,	/* a step of our own failed; output removed */
};

#endif
