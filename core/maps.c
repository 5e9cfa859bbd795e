/* SPDX-License-Identifier: MIT */
/*
 * Taking a maps line apart: see maps.h.  By hand rather than with
 * sscanf, which costs the runtime more than the kernel takes to write
 * the file.
 */
#include <string.h>
#include <sys/sysmacros.h>

#include "core/maps.h"
#include "core/sharename.h"

bool hl_maps_made_by_hugelink(const char *path)
{
	static const char deleted[] = " (deleted)";
	const char *slash = strrchr(path, '/');
	char name[HL_SHARE_NAME_MAX + 1];
	struct hl_share_parsed parsed;
	size_t len;

	if (!strncmp(path, "/anon_hugepage", 14) ||
	    !strncmp(path, "/memfd:hugelink", 15))
		return true;
	if (!slash)
		return false;
	len = strlen(slash + 1);
	if (len >= sizeof(deleted) - 1 &&
	    !strcmp(slash + 1 + len - (sizeof(deleted) - 1), deleted))
		len -= sizeof(deleted) - 1;
	if (len >= sizeof(name))
		return false;
	memcpy(name, slash + 1, len);
	name[len] = '\0';
	return !hl_share_parse(name, &parsed);
}

bool hl_maps_names_file(const struct stat *st, unsigned long inode,
			unsigned int major, unsigned int minor)
{
	return S_ISREG(st->st_mode) && st->st_ino == inode &&
	       major(st->st_dev) == major && minor(st->st_dev) == minor;
}

/* A hexadecimal number at *P, which moves past it; -1 when none. */
static int hex(const char **p, unsigned long *out)
{
	const char *s = *p;
	unsigned long v = 0;

	for (;; s++) {
		int d = *s >= '0' && *s <= '9' ? *s - '0' :
			*s >= 'a' && *s <= 'f' ? *s - 'a' + 10 :
			*s >= 'A' && *s <= 'F' ? *s - 'A' + 10 : -1;

		if (d < 0)
			break;
		v = v << 4 | (unsigned long)d;
	}
	if (s == *p)
		return -1;
	*p = s;
	*out = v;
	return 0;
}

/* A decimal number at *P, which moves past it; -1 when none. */
static int dec(const char **p, unsigned long *out)
{
	const char *s = *p;
	unsigned long v = 0;

	while (*s >= '0' && *s <= '9')
		v = v * 10 + (unsigned long)(*s++ - '0');
	if (s == *p)
		return -1;
	*p = s;
	*out = v;
	return 0;
}

/* The character C at *P, which moves past it; -1 when another. */
static int sep(const char **p, char c)
{
	if (**p != c)
		return -1;
	(*p)++;
	return 0;
}

static const char *blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* Up to 4 characters of permissions at *P, which moves past them. */
static int perms(const char **p, char out[5])
{
	size_t n = 0;

	while ((*p)[n] && (*p)[n] != ' ' && (*p)[n] != '\t' && (*p)[n] != '\n')
		n++;
	if (!n || n > 4)
		return -1;
	memcpy(out, *p, n);
	out[n] = '\0';
	*p += n;
	return 0;
}

int hl_maps_line_parse(char *line, struct hl_maps_line *v)
{
	const char *p = line;
	unsigned long start, end, major, minor;

	if (hex(&p, &start) || sep(&p, '-') || hex(&p, &end) ||
	    sep(&p, ' ') || perms(&p, v->perms) || sep(&p, ' ') ||
	    hex(&p, &v->offset) || sep(&p, ' ') || hex(&p, &major) ||
	    sep(&p, ':') || hex(&p, &minor) || sep(&p, ' ') ||
	    dec(&p, &v->inode) || start > end)
		return -1;
	v->start = start;
	v->end = end;
	v->major = (unsigned int)major;
	v->minor = (unsigned int)minor;
	for (char *nl = line; *nl; nl++)
		if (*nl == '\n') {
			*nl = '\0';
			break;
		}
	v->path = blanks(p);
	return 0;
}
