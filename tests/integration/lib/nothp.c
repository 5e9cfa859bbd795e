/* SPDX-License-Identifier: MIT */
/*
 * nothp PROGRAM [ARGUMENT...]: run PROGRAM with transparent huge pages
 * turned off for it, as prctl(PR_SET_THP_DISABLE) does for a process and
 * everything it executes.
 */
#include <stdio.h>
#include <sys/prctl.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: nothp program [argument...]\n");
		return 125;
	}
	if (prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0)) {
		perror("nothp: prctl(PR_SET_THP_DISABLE)");
		return 125;
	}
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
