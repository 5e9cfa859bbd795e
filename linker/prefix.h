#ifndef LINKER_PREFIX_H
#define LINKER_PREFIX_H
/*
 * The install tree, found from the wrapper's own location (host/prefix.h):
 * the wrapper is <prefix>/bin/hugetlbfs-ld, the runtime
 * <prefix>/lib/libhugelink.{so,a}, the scripts
 * <prefix>/share/hugelink/ldscripts.  Nothing is compiled in, so the
 * tree can be moved.
 */
#include <stdbool.h>

struct lw_prefix {
	char *lib_so;		/* <prefix>/lib/libhugelink.so */
	char *lib_a;		/* <prefix>/lib/libhugelink.a */
	char *libdir;		/* <prefix>/lib */
	char *scripts;		/* <prefix>/share/hugelink/ldscripts */
};

/* Fill P for the running wrapper.  Returns 0, or -1 after a message. */
int lw_prefix_find(struct lw_prefix *p);

/* True when DIR is searched by the dynamic loader without help. */
bool lw_prefix_is_system_libdir(const char *dir);

void lw_prefix_free(struct lw_prefix *p);

#endif
