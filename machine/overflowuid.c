/* SPDX-License-Identifier: MIT */
/*
 * The overflow uid: see overflowuid.h.
 */
#include "machine/file.h"
#include "machine/overflowuid.h"

#define DEFAULT_OVERFLOW_UID 65534

/* The decimal number TEXT holds, up to a newline; DEFAULT_OVERFLOW_UID
 * when it holds none, or one out of range. */
static uid_t parse(const char *text)
{
	unsigned long long v = 0;
	const char *p = text;

	for (; *p >= '0' && *p <= '9' && v <= (uid_t)-1; p++)
		v = v * 10 + (unsigned)(*p - '0');
	if (p == text || (*p && *p != '\n') || v >= (uid_t)-1)
		return DEFAULT_OVERFLOW_UID;
	return (uid_t)v;
}

uid_t mach_overflow_uid(void)
{
	static uid_t uid;
	static int known;
	char text[32];

	if (!known) {
		uid = mach_file_read("/proc/sys/kernel/overflowuid", text,
				     sizeof(text)) > 0 ?
		      parse(text) : DEFAULT_OVERFLOW_UID;
		known = 1;
	}
	return uid;
}
