/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_FAULTS_H
#define MACHINE_FAULTS_H
/*
 * The page faults the calling thread has taken so far, minor and major,
 * from getrusage(RUSAGE_THREAD); -1 when it cannot be asked.  The kernel
 * counts the faults it takes for madvise(MADV_POPULATE_READ) as well: one
 * each time it maps, so one for a huge page it maps with a PMD.
 */
long mach_faults(void);

#endif
