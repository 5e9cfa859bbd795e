/* SPDX-License-Identifier: MIT */
/*
 * Reading /proc/self/maps: see maps.h.
 */
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "loader/maps.h"

/* Room for a start-up's maps many times over; it grows if need be. */
#define MAPS_ROOM (64 * 1024)

/* Double M's room; 0, or -1 when it cannot. */
static int grow(struct hl_maps *m)
{
	void *more = mremap(m->text, m->cap, 2 * m->cap, MREMAP_MAYMOVE);

	if (more == MAP_FAILED)
		return -1;
	m->text = more;
	m->cap *= 2;
	return 0;
}

/*
 * Take M's lines apart once (hl_maps_index), into the room its buffer
 * has left after the text, grown until they fit.  Only when it cannot
 * grow are they taken apart at each question instead, where a line too
 * long for a question's copy makes the maps unreadable.
 */
static void index_lines(struct hl_maps *m)
{
	size_t at = (m->len + 1 + _Alignof(struct hl_maps_line) - 1) &
		    ~(_Alignof(struct hl_maps_line) - 1);

	for (;;) {
		if (at < m->cap) {
			void *room = m->text + at;

			if (!hl_maps_index(m, room, (m->cap - at) /
					   sizeof(struct hl_maps_line)))
				return;
		}
		if (grow(m))
			return;
	}
}

int ldr_maps_read(struct hl_maps *m)
{
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	int r = ldr_maps_read_from(fd, m);

	if (fd >= 0)
		close(fd);
	return r;
}

int ldr_maps_read_from(int fd, struct hl_maps *m)
{
	void *brk_now = sbrk(0);
	ssize_t got = -1;

	memset(m, 0, sizeof(*m));
	if (fd < 0)
		return -1;
	m->cap = MAPS_ROOM;
	m->text = mmap(NULL, m->cap, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m->text == MAP_FAILED)
		m->text = NULL;
	while (m->text) {
		if (m->len + 1 == m->cap && grow(m)) {
			got = -1;
			break;
		}
		got = pread(fd, m->text + m->len, m->cap - 1 - m->len,
			    (off_t)m->len);
		if (got <= 0)
			break;
		m->len += (size_t)got;
	}
	if (got < 0) {
		ldr_maps_free(m);
		return -1;
	}
	m->text[m->len] = '\0';
	m->brk = brk_now == (void *)-1 ? 0 : (uintptr_t)brk_now;
	index_lines(m);
	return 0;
}

void ldr_maps_free(struct hl_maps *m)
{
	if (m->text)
		munmap(m->text, m->cap);
	m->text = NULL;
}

