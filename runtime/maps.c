/*
 * Reading /proc/self/maps before a range is replaced: the range may hold
 * only what we know how to carry over.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "runtime/maps.h"

static enum rt_maps_verdict classify(const struct hl_maps_line *v,
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
	/* Private hugetlb pages, and files mapped over old kernels' ranges. */
	if (!strncmp(v->path, "/anon_hugepage", 14) ||
	    !strncmp(v->path, "/memfd:hugelink", 15))
		return RT_MAPS_ALREADY_HUGE;
	snprintf(info->foreign, sizeof(info->foreign), "%lx-%lx %s",
		 (unsigned long)v->start, (unsigned long)v->end,
		 *v->path ? v->path : "(anonymous)");
	return RT_MAPS_FOREIGN;
}

/* A foreign mapping beside the segment's own memory shortens the range. */
static enum rt_maps_verdict narrow(const struct hl_maps_line *v,
				   uintptr_t own_lo, uintptr_t own_hi,
				   struct rt_maps_info *info)
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

/* Something other than the file where the segment holds file bytes. */
static bool moved(const struct rt_maps_query *q, const struct hl_maps_line *v)
{
	return v->start < q->file_end && v->end > q->own_lo &&
	       !(v->inode == q->prog->inode && v->major == q->prog->major &&
		 v->minor == q->prog->minor);
}

void rt_maps_begin(const struct rt_maps_query *q, struct rt_maps_info *info)
{
	memset(info, 0, sizeof(*info));
	info->clear_lo = q->lo;
	info->clear_hi = q->hi;
}

enum rt_maps_verdict rt_maps_judge(const struct rt_maps_query *q,
				   const struct hl_maps_line *v,
				   struct rt_maps_info *info)
{
	enum rt_maps_verdict verdict;

	if (v->end <= q->lo || v->start >= q->hi) {
		if (!strcmp(v->path, "[heap]"))
			info->heap_start = v->start;
		return RT_MAPS_OURS_TO_TAKE;
	}
	if (moved(q, v))
		return RT_MAPS_ALREADY_HUGE;
	verdict = classify(v, q->prog, info);
	if (verdict == RT_MAPS_FOREIGN)
		verdict = narrow(v, q->own_lo, q->own_hi, info);
	return verdict;
}

int rt_maps_file_match(uintptr_t addr, const struct hl_maps_line *v,
		       struct rt_maps_file *file)
{
	if (addr < v->start || addr >= v->end || !v->inode ||
	    v->path[0] != '/' || strlen(v->path) >= sizeof(file->path))
		return 0;
	file->major = v->major;
	file->minor = v->minor;
	file->inode = v->inode;
	file->start = v->start;
	file->end = v->end;
	strcpy(file->path, v->path);
	return 1;
}

int rt_maps_file_at(uintptr_t addr, struct rt_maps_file *file)
{
	char line[4096 + 128];
	struct hl_maps_line v;
	int found = 0;
	FILE *f = fopen("/proc/self/maps", "re");

	if (!f)
		return -1;
	while (!found && fgets(line, sizeof(line), f))
		found = !hl_maps_line_parse(line, &v) &&
			rt_maps_file_match(addr, &v, file);
	fclose(f);
	return found ? 0 : -1;
}

enum rt_maps_verdict rt_maps_check(const struct rt_maps_query *q,
				   struct rt_maps_info *info)
{
	enum rt_maps_verdict worst = RT_MAPS_OURS_TO_TAKE, verdict;
	char line[4096 + 128];
	struct hl_maps_line v;
	FILE *f;

	rt_maps_begin(q, info);
	f = fopen("/proc/self/maps", "re");
	if (!f)
		return RT_MAPS_UNREADABLE;
	while (fgets(line, sizeof(line), f)) {
		if (hl_maps_line_parse(line, &v))
			continue;
		verdict = rt_maps_judge(q, &v, info);
		if (verdict > worst)
			worst = verdict;
	}
	fclose(f);
	return worst;
}
