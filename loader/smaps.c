/* SPDX-License-Identifier: MIT */
/*
 * Reading /proc/self/smaps: see smaps.h.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "loader/smaps.h"

/* Room for a start-up's smaps (about 1 KiB a mapping); it grows. */
#define SMAPS_ROOM (128 * 1024)

static int grow(struct ldr_smaps *s)
{
	void *more = mremap(s->text, s->cap, 2 * s->cap, MREMAP_MAYMOVE);

	if (more == MAP_FAILED)
		return -1;
	s->text = more;
	s->cap *= 2;
	return 0;
}

int ldr_smaps_read(struct ldr_smaps *s)
{
	int fd = open("/proc/self/smaps", O_RDONLY | O_CLOEXEC);
	ssize_t got = -1;

	memset(s, 0, sizeof(*s));
	if (fd < 0)
		return -1;
	s->cap = SMAPS_ROOM;
	s->text = mmap(NULL, s->cap, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (s->text == MAP_FAILED)
		s->text = NULL;
	while (s->text) {
		if (s->len + 1 == s->cap && grow(s)) {
			got = -1;
			break;
		}
		got = read(fd, s->text + s->len, s->cap - 1 - s->len);
		if (got <= 0)
			break;
		s->len += (size_t)got;
	}
	close(fd);
	if (got < 0) {
		ldr_smaps_free(s);
		return -1;
	}
	s->text[s->len] = '\0';
	return 0;
}

void ldr_smaps_free(struct ldr_smaps *s)
{
	if (s->text)
		munmap(s->text, s->cap);
	s->text = NULL;
}
