/* SPDX-License-Identifier: MIT */
/*
 * hugeedit: show or change which segments of a program the runtime puts
 * on huge pages by default, that is when HUGETLB_ELFMAP is unset: those
 * whose program header carries PF_LINUX_HUGETLB.
 *
 * Exit status: 0 when done; 1 when the file is refused or cannot be
 * changed (it is then left as it was); 2 for a usage error.
 */
#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/version.h"
#include "elf/file.h"
#include "elf/open.h"
#include "machine/trustdir.h"
#include "tools/common/cli.h"
#include "tools/common/escape.h"
#include "tools/hugeedit/flags.h"
#include "tools/hugeedit/write.h"

static void usage(FILE *out)
{
	const char *me = program_invocation_short_name;

	fprintf(out, "usage: %s [--text] [--data] file\n"
		"       %s --disable file\n"
		"       %s -h | --help | --version\n", me, me, me);
	fputs("Show or set which segments of FILE go on huge pages by "
	      "default.\n"
	      "\n"
	      "  --text      mark the read-only segments (text and rodata)\n"
	      "  --data      mark the writable segment (data and bss)\n"
	      "  --disable   mark none\n"
	      "  -h, --help  print this help and exit\n"
	      "  --version   print hugelink's version and exit\n"
	      "\n"
	      "Any option first clears the mark on every segment.  "
	      "Without one,\n"
	      "hugeedit only lists the segments.  The file is replaced by an\n"
	      "edited copy with the same owner, mode and extended attributes.\n"
	      "\n"
	      "exit status: 0 done; 1 the file was refused or could not be\n"
	      "changed, and is left as it was; 2 usage error.\n", out);
}

static void add_mode(int val, void *ctx)
{
	*(unsigned *)ctx |= (unsigned)val;
}

static int parse(int argc, char **argv, unsigned *mode,
		 struct tl_cli_operands *file)
{
	static const struct option lo[] = {
		{ "text", no_argument, NULL, EDIT_TEXT },
		{ "data", no_argument, NULL, EDIT_DATA },
		{ "disable", no_argument, NULL, EDIT_DISABLE },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, TL_CLI_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	int rc;

	*mode = 0;
	rc = tl_cli_parse(argc, argv, lo, add_mode, mode, "file", file);
	if (!rc && (*mode & EDIT_DISABLE) && *mode != EDIT_DISABLE) {
		warnx("--disable cannot be combined with --text or --data");
		return -1;
	}
	return rc;
}

static void list(const struct el_file *f, const struct hl_phdr *ph)
{
	char line[160];

	for (size_t i = el_next_load(f, 0); i < f->eh.phnum;
	     i = el_next_load(f, i + 1)) {
		edit_format(line, sizeof(line), i, &ph[i]);
		puts(line);
	}
}

/* Renaming a copy over a symbolic or hard link would break the link.
 * What is not a regular file is left to the ELF library to refuse. */
static int check_links(const char *name, int fd)
{
	struct stat st;

	if (fstat(fd, &st)) {
		warn("%s", name);
		return -1;
	}
	if (S_ISREG(st.st_mode) && st.st_nlink > 1) {
		warnx("%s: has %ju hard links, and editing would split them; "
		      "left alone", name, (uintmax_t)st.st_nlink);
		return -1;
	}
	return 0;
}

/* Open DIR/BASE: a regular file, and nothing else (elf/open.h), named
 * directly for an edit.  NAME is how messages name it. */
static int open_target(const char *name, int dirfd, const char *base,
		       unsigned mode)
{
	int fd = el_open_regular_at(dirfd, base, mode ? O_NOFOLLOW : 0);
	struct stat st;

	if (fd == EL_NOT_REGULAR && mode &&
	    !fstatat(dirfd, base, &st, AT_SYMLINK_NOFOLLOW) &&
	    S_ISLNK(st.st_mode))
		warnx("%s: a symbolic link; name the file it points to "
		      "(hugeedit replaces the file it edits)", name);
	else if (fd == EL_NOT_REGULAR)
		warnx("%s: not a regular file", name);
	else if (fd < 0)
		warn("%s", name);
	else if (mode && check_links(name, fd)) {
		close(fd);
		return -1;
	}
	return fd;
}

static int edit(const char *name, int dirfd, const char *base, unsigned mode)
{
	struct el_file f = { .fd = -1 };
	struct hl_phdr *want = NULL;
	bool change = false;
	int fd, rc = -1;

	fd = open_target(name, dirfd, base, mode);
	if (fd < 0)
		return -1;
	if (el_open_fd(&f, name, fd))
		goto out_close;
	want = calloc(f.eh.phnum, sizeof(*want));
	if (!want) {
		warn("%s", name);
		goto out_close;
	}
	for (size_t i = 0; i < f.eh.phnum; i++) {
		want[i] = f.ph[i];
		if (mode && f.ph[i].type == PT_LOAD)
			want[i].flags = edit_new_flags(&f.ph[i], mode);
		change |= want[i].flags != f.ph[i].flags;
	}
	if (!change || !edit_replace(&f, dirfd, base, want)) {
		list(&f, want);
		rc = 0;
	}
out_close:
	free(want);
	el_close(&f);
	close(fd);
	return rc;
}

/* Split PATH into its directory, opened, and its last component;
 * SHOWN is PATH as messages print it. */
static int open_dir(const char *path, const char *shown, char *base,
		    size_t len)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX] = ".", why[PATH_MAX + 80];
	size_t n = slash ? (size_t)(slash - path) : 0;
	int fd;

	if (slash == path)
		n = 1;	/* "/file": the directory is "/" */
	if (n >= sizeof(dir) ||
	    (size_t)snprintf(base, len, "%s",
			     slash ? slash + 1 : path) >= len) {
		warnx("%s: name too long", shown);
		return -1;
	}
	if (slash) {
		memcpy(dir, path, n);
		dir[n] = '\0';
	}
	if (!*base) {
		warnx("%s: not a regular file", shown);
		return -1;
	}
	fd = mach_trusted_dir_open(dir, why, sizeof(why));
	if (fd < 0)
		warnx("%s: its directory: %s (hugeedit goes through no path "
		      "that another user controls)", shown, why);
	return fd;
}

int main(int argc, char **argv)
{
	char base[NAME_MAX + 1], shown[TL_ESCAPED_LEN(PATH_MAX)];
	struct tl_cli_operands file;
	unsigned mode;
	int dirfd, rc;

	rc = parse(argc, argv, &mode, &file);
	if (rc)
		return tl_cli_stop(rc, usage, HL_VERSION);
	/* Every message names the file as escaped here, libelf's too. */
	tl_escape(file.first, shown, sizeof(shown));
	dirfd = open_dir(file.first, shown, base, sizeof(base));
	if (dirfd < 0)
		return TL_EXIT_REFUSED;
	rc = edit(shown, dirfd, base, mode);
	close(dirfd);
	return tl_cli_finish(rc);
}
