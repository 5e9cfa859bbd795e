# SPDX-License-Identifier: MIT
# Text straight from the page cache: the slot of the page-cache text
# backing, which the runtime documents in hugelink(7) when it has it
# (/t/features then says "pagecache"), and of its fallback.  Until its
# cases are written here, a runtime that has the backing fails this
# test rather than pass it untested.
. /kt/common.sh

if ! grep -qx pagecache "$T/features"; then
	skip pagecache "the runtime has no page-cache text backing"
	exit 0
fi
note "the runtime has a page-cache text backing, and this test has no case for it"
result pagecache
