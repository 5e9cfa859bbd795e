#ifndef HOST_PREFIX_H
#define HOST_PREFIX_H
/*
 * The install prefix, found from the running program's own path: the
 * wrapper and the tools are installed as <prefix>/bin/<name>, so the
 * prefix is that path, symbolic links resolved, less its last two
 * components.  No prefix is compiled in, so an installed tree can be
 * moved.
 */

/*
 * Cut the last two components off PATH, in place: "/p/bin/x" becomes
 * "/p", and "/bin/x" becomes "" (the root).  Pure.  Returns 0, or -1
 * when PATH has fewer than two components to cut, and leaves it as it
 * was.
 */
int host_prefix_cut(char *path);

/*
 * The prefix of the running program, from /proc/self/exe, in a string
 * the caller frees.  Returns NULL after a warning.
 */
char *host_prefix_find(void);

#endif
