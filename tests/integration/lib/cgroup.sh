# SPDX-License-Identifier: MIT
# Sourced by the tests that run a program in a cgroup of their own,
# after common.sh.

# cgroup_make CONTROLLER: make a cgroup of CONTROLLER's, removed at exit:
# under cgroup v2 where the controller is available there (enabled for
# the root's children if need be), else under v1's hierarchy of it.
# Sets cg_dir, cg_procs (the file a process id is written to) and cg_v2
# (1 under v2, else empty); skips where neither has the controller, or
# where the test may not use root's powers (need_root).
cgroup_make() {
	need_root
	_v2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
	_v1=$(awk -v c="$1" '$3 == "cgroup" && $4 ~ "(^|,)" c "(,|$)" { print $2; exit }' /proc/mounts)
	if [ -n "$_v2" ] && grep -qw "$1" "$_v2/cgroup.controllers" 2>/dev/null; then
		if ! grep -qw "$1" "$_v2/cgroup.subtree_control"; then
			echo "+$1" >"$_v2/cgroup.subtree_control" ||
				fail "cannot enable the $1 controller in $_v2"
			at_exit "echo -$1 >$_v2/cgroup.subtree_control"
		fi
		cg_dir=$_v2/hugelink-test-$$ cg_procs=cgroup.procs cg_v2=1
	elif [ -n "$_v1" ]; then
		cg_dir=$_v1/hugelink-test-$$ cg_procs=tasks cg_v2=
	else
		skip "no $1 cgroup controller here"
	fi
	mkdir "$cg_dir" || fail "cannot make $cg_dir"
	at_exit "rmdir $cg_dir"
}

# cgroup_run CMD...: run CMD in the cgroup cgroup_make made, in the
# foreground (a function put in the background is a subshell, whose
# process ID is not CMD's).
cgroup_run() {
	sh -c 'f=$1; shift; echo $$ >"$f" && exec "$@"' sh \
		"$cg_dir/$cg_procs" "$@"
}
