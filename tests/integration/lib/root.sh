# SPDX-License-Identifier: MIT
# Sourced by common.sh, and by the tests that enter a mount namespace of
# their own before they source it: whether a test may use root's powers,
# which change the machine while it runs (the huge-page pool, mounts and
# loop devices, users, cgroups, the transparent huge pages' settings,
# kernel.core_pattern).
#
# As root it may, except under "make check-offline" (HL_OFFLINE=1),
# which a package build runs, often as root in a container that shares
# the machine's kernel: there every such test skips, as it does for
# another user, unless HL_ALLOW_ROOT=yes says the machine is the tests'
# to change.  "make check", which sets no HL_OFFLINE, uses them as root.

# have_root: this test may use root's powers.
have_root() {
	[ "$(id -u)" = 0 ] || return 1
	[ -z "${HL_OFFLINE:-}" ] || [ "${HL_ALLOW_ROOT:-}" = yes ]
}

# need_root: skip, saying why, unless this test may use root's powers.
need_root() {
	if [ "$(id -u)" != 0 ]; then
		echo "SKIP: needs root to manage the huge-page pool, mounts or users"
		exit 77
	fi
	have_root && return 0
	echo "SKIP: needs root's powers (the huge-page pool, mounts, users or THP settings), which make check-offline leaves alone unless HL_ALLOW_ROOT=yes"
	exit 77
}
