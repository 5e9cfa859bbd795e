#ifndef TOOLS_COMMON_SELF_H
#define TOOLS_COMMON_SELF_H
/*
 * Where the installed tree is, found from the running tool's own path:
 * <prefix>/bin/<tool>, so the runtime is <prefix>/lib/libhugelink.so.
 * No prefix is compiled in, so the tree can be moved.
 */
#include <stddef.h>

/*
 * Write <prefix>/lib into BUF.  Returns 0, or -1 after a warning when
 * /proc/self/exe cannot be resolved or the path does not fit.
 */
int tl_self_libdir(char *buf, size_t len);

#endif
