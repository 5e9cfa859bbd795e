# SPDX-License-Identifier: MIT
# The manual pages as staged with LIBHUGETLBFS_NAMES=no, which installs
# none of libhugetlbfs's names: each page names the tools by hugelink's
# own (the strings ctl and edit), lists no other name in NAME (whatis
# and apropos index those), and drops the lines that describe only
# libhugetlbfs's names, from a comment ".\" LIBHUGETLBFS_NAMES=yes {" to
# the next ".\" }".  What libhugetlbfs's own tools do is still said.
s/^\.ds ctl .*/.ds ctl hugelink\\-ctl/
s/^\.ds edit .*/.ds edit hugelink\\-edit/
/^\.SH NAME$/{
n
s/, hugectl \\-/ \\-/
s/, hugeedit \\-/ \\-/
s/, ld\.hugetlbfs \\-/ \\-/
}
/^\.\\" LIBHUGETLBFS_NAMES=yes {$/,/^\.\\" }$/d
