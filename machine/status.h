/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_STATUS_H
#define MACHINE_STATUS_H
/*
 * What /proc/self/status says of this process, read once at start-up:
 * whether it runs alone, whether a debugger traces it, and whether it
 * has turned transparent huge pages off.
 */
struct mach_status {
	int threads;	/* -1 when the file cannot be read */
	int tracer;	/* TracerPid: the process tracing this one, or 0 */
	/*
	 * THP_enabled (Linux 5.0): 0 when prctl(PR_SET_THP_DISABLE) has
	 * turned THP off for the process; 1 otherwise, and where the
	 * kernel does not say (Linux 6.18's "except where advised" leaves
	 * it 1, and MADV_HUGEPAGE then tells).
	 */
	int thp_enabled;
};

/* Read this process's status into ST, with open and read only. */
void mach_status_read(struct mach_status *st);

/*
 * Fill ST from TEXT, the contents of a status file ("Name:\tvalue"
 * lines); what TEXT lacks keeps the defaults above, threads -1 included.
 * Pure.
 */
void mach_status_parse(const char *text, struct mach_status *st);

#endif
