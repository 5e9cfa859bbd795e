# SPDX-License-Identifier: MIT
# Text straight from the page cache: the slot of the page-cache text
# backing, which hugelink(7)'s entry for HUGELINK_BACKING names when the
# runtime has it (/t/features then says "pagecache"), and of its
# fallback.  The cloud kernels have xfs and loop as modules only, which
# the initramfs does not carry: the xfs case belongs here with them.  Until its
# cases are written here, a runtime that has the backing fails this
# test rather than pass it untested.
. /kt/common.sh

if ! grep -qx pagecache "$T/features"; then
	skip pagecache "the runtime has no page-cache text backing"
	exit 0
fi
note "the runtime has a page-cache text backing, and this test has no case for it"
result pagecache
