/*
 * THP for this process: see thp.h.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "host/thp.h"

#ifndef PR_GET_THP_DISABLE
#define PR_GET_THP_DISABLE 42
#endif
/* prctl(PR_GET_THP_DISABLE) sets this bit too when THP stays allowed
 * where a range is advised MADV_HUGEPAGE (Linux 6.18). */
#define THP_DISABLE_EXCEPT_ADVISED 2

int host_thp_setting(const char *text, char *out, size_t len)
{
	const char *open = strchr(text, '['), *close;
	size_t n;

	if (!open || !(close = strchr(open, ']')))
		return -1;
	n = (size_t)(close - open - 1);
	if (!n || n >= len)
		return -1;
	memcpy(out, open + 1, n);
	out[n] = '\0';
	return 0;
}

/* The setting in DIR/NAME into OUT; -1 when it cannot be read. */
static int read_setting(const char *dir, const char *name, char *out,
			size_t len)
{
	char path[256], text[256];
	ssize_t got;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	got = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (got <= 0)
		return -1;
	text[got] = '\0';
	return host_thp_setting(text, out, len);
}

/* THP's page size from DIR/hpage_pmd_size, or 0. */
static size_t pmd_size(const char *dir)
{
	char path[256];
	unsigned long v = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/hpage_pmd_size", dir);
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (fscanf(f, "%lu", &v) != 1)
		v = 0;
	fclose(f);
	return v;
}

void host_thp_read(struct host_thp *t, const char *dir)
{
	char all[32], own[32], name[64];
	size_t page = pmd_size(dir);
	int off = prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0);

	memset(t, 0, sizeof(*t));
	snprintf(name, sizeof(name), "hugepages-%zukB/enabled", page >> 10);
	if (!page || read_setting(dir, "enabled", all, sizeof(all))) {
		snprintf(t->why, sizeof(t->why), "this kernel has no "
			 "transparent huge pages (%s)", dir);
		return;
	}
	/* The PMD size may have a setting of its own (Linux 6.8). */
	if (!read_setting(dir, name, own, sizeof(own)) && strcmp(own, "inherit"))
		memcpy(all, own, sizeof(all));
	if (!strcmp(all, "never"))
		snprintf(t->why, sizeof(t->why), "%s/enabled is [never]", dir);
	else if (off > 0 && !(off & THP_DISABLE_EXCEPT_ADVISED))
		snprintf(t->why, sizeof(t->why), "this process has turned them "
			 "off (prctl PR_SET_THP_DISABLE)");
	else
		t->page = page;
}
