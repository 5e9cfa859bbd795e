/* SPDX-License-Identifier: MIT */
#ifndef MACHINE_STATUS_H
#define MACHINE_STATUS_H
/*
 * What /proc/self/status says of this process: whether it runs alone,
 * whether a debugger traces it, and whether it has turned transparent
 * huge pages off.  The last one prctl(2) answers too, for much less than
 * the kernel takes to write the whole file, so the runtime asks it first
 * and reads the file only when it needs the others.
 */
#define MACH_STATUS_UNREAD (-2)	/* threads, thp_enabled: not asked yet */

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

/* Mark all of ST unread (MACH_STATUS_UNREAD): nothing asked yet. */
void mach_status_unread(struct mach_status *st);

/*
 * THP_enabled as prctl(PR_GET_THP_DISABLE) answered R: 0 when THP is off
 * for the whole process; 1 when it is on, off except where advised
 * (Linux 6.18's PR_THP_DISABLE_EXCEPT_ADVISED, where MADV_HUGEPAGE
 * still tells), or the kernel cannot say (R < 0).  Pure.
 */
int mach_status_thp_of(long r);

/*
 * Fill ST from TEXT, the contents of a status file ("Name:\tvalue"
 * lines); what TEXT lacks keeps the defaults above, threads -1 included.
 * Pure.
 */
void mach_status_parse(const char *text, struct mach_status *st);

#endif
