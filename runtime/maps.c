/*
 * Reading /proc/self/maps before a range is replaced: the range may hold
 * only what we know how to carry over.
 */
#include <stdio.h>
#include <string.h>

#include "runtime/maps.h"

struct vma {
	unsigned long start, end, inode;
	unsigned int major, minor;
	const char *path;
};

static int parse(char *line, struct vma *v)
{
	int off = 0;

	if (sscanf(line, "%lx-%lx %*4s %*x %x:%x %lu %n", &v->start, &v->end,
		   &v->major, &v->minor, &v->inode, &off) < 5 || !off)
		return -1;
	v->path = line + off;
	line[strcspn(line, "\n")] = '\0';
	return 0;
}

static enum rt_maps_verdict classify(const struct vma *v,
				     const struct rt_maps_file *prog,
				     struct rt_maps_info *info)
{
	if (!strcmp(v->path, "[heap]")) {
		info->heap_start = v->start;
		return RT_MAPS_OURS_TO_TAKE;
	}
	if (!v->inode && !*v->path)
		return RT_MAPS_OURS_TO_TAKE;
	if (v->inode == prog->inode && v->major == prog->major &&
	    v->minor == prog->minor)
		return RT_MAPS_OURS_TO_TAKE;
	if (!strncmp(v->path, "/memfd:hugelink", 15))
		return RT_MAPS_ALREADY_HUGE;
	snprintf(info->foreign, sizeof(info->foreign), "%lx-%lx %s",
		 v->start, v->end, *v->path ? v->path : "(anonymous)");
	return RT_MAPS_FOREIGN;
}

/* A foreign mapping beside the segment's own memory shortens the range. */
static enum rt_maps_verdict narrow(const struct vma *v, uintptr_t own_lo,
				   uintptr_t own_hi, struct rt_maps_info *info)
{
	if (v->end <= own_lo) {
		if (v->end > info->clear_lo)
			info->clear_lo = v->end;
		return RT_MAPS_OURS_TO_TAKE;
	}
	if (v->start >= own_hi) {
		if (v->start < info->clear_hi)
			info->clear_hi = v->start;
		return RT_MAPS_OURS_TO_TAKE;
	}
	return RT_MAPS_FOREIGN;
}

int rt_maps_file_at(uintptr_t addr, struct rt_maps_file *file)
{
	char line[4096 + 128];
	struct vma vma;
	int rc = -1;
	FILE *f = fopen("/proc/self/maps", "re");

	if (!f)
		return -1;
	while (rc && fgets(line, sizeof(line), f))
		if (!parse(line, &vma) && addr >= vma.start && addr < vma.end &&
		    vma.inode && vma.path[0] == '/' &&
		    strlen(vma.path) < sizeof(file->path)) {
			file->major = vma.major;
			file->minor = vma.minor;
			file->inode = vma.inode;
			strcpy(file->path, vma.path);
			rc = 0;
		}
	fclose(f);
	return rc;
}

enum rt_maps_verdict rt_maps_check(uintptr_t lo, uintptr_t hi,
				   uintptr_t own_lo, uintptr_t own_hi,
				   const struct rt_maps_file *prog,
				   struct rt_maps_info *info)
{
	enum rt_maps_verdict worst = RT_MAPS_OURS_TO_TAKE, v;
	char line[4096 + 128];
	struct vma vma;
	FILE *f;

	memset(info, 0, sizeof(*info));
	info->clear_lo = lo;
	info->clear_hi = hi;
	f = fopen("/proc/self/maps", "re");
	if (!f)
		return RT_MAPS_UNREADABLE;
	while (fgets(line, sizeof(line), f)) {
		if (parse(line, &vma))
			continue;
		if (vma.end <= lo || vma.start >= hi) {
			if (!strcmp(vma.path, "[heap]"))
				info->heap_start = vma.start;
			continue;
		}
		v = classify(&vma, prog, info);
		if (v == RT_MAPS_FOREIGN)
			v = narrow(&vma, own_lo, own_hi, info);
		if (v > worst)
			worst = v;
	}
	fclose(f);
	return worst;
}
