#!/bin/sh
# SPDX-License-Identifier: MIT
# Response files are read within bounds: only regular files, 16 MiB in
# all.  "@/dev/zero" is no response file to the wrapper (the real linker
# gets it as it is) and cannot exhaust memory; a FIFO is left for the
# real linker to read, not consumed first; too large a file is refused
# when the link holds an option of ours, and reaches the real linker
# untouched when none is seen.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

LD=$HLBIN/hugetlbfs-ld
make_start

# @/dev/zero under a memory limit the link itself fits in easily.
(
	ulimit -v 524288
	"$LD" --hugetlbfs-align -shared -o zero.so start.o @/dev/zero
) >out 2>err || fail "a link with @/dev/zero failed: $(cat err)"
check_p_align zero.so $((2 * MIB))
ok "@/dev/zero under ulimit -v 512 MiB: linked"

# A FIFO, with no option of ours: the real linker (here a stand-in that
# reads its @files) gets what is written into it.
mkfifo pipe.rsp
cat >fake-ld <<'SH'
#!/bin/sh
for a; do
	case $a in @*) cat "${a#@}" >"$(dirname "$0")/got" ;; esac
done
SH
chmod 755 fake-ld
printf -- '-o from-the-pipe\n' >pipe.rsp &
writer=$!
kill_at_exit $writer
# The hang guard is for a wrapper that drains the FIFO first: the real
# linker would then wait for a writer for ever.
HUGELINK_LD=$PWD/fake-ld timeout 60 "$LD" @pipe.rsp >out 2>err ||
	fail "the link through a FIFO did not finish: $? $(cat err)"
wait $writer
[ "$(cat got)" = "-o from-the-pipe" ] || fail "the real linker read: $(cat got)"
ok "a FIFO reaches the real linker unread"

# 16 MiB of response files at most, in all.
truncate -s 17M huge.rsp
refused 2 "16 MiB" out "$LD" --hugetlbfs-align -shared -o out start.o @huge.rsp
truncate -s 9M half.rsp
printf '@half.rsp\n' >again.rsp
refused 2 "16 MiB" out "$LD" --hugetlbfs-align -shared -o out start.o @half.rsp @again.rsp
ok "response files beyond 16 MiB are refused: $(cat err.txt)"

# Beyond 16 MiB with no option of ours seen: the real linker reads it.
printf -- '-o plain.so\n' >big.rsp
head -c $((17 * MIB)) /dev/zero | tr '\0' ' ' >>big.rsp
"$LD" -shared start.o @big.rsp 2>err || fail "a plain link with @big.rsp failed: $(cat err)"
[ -f plain.so ] || fail "no plain.so from the plain link with @big.rsp"
[ ! -s err ] || fail "the plain link with @big.rsp said: $(cat err)"
ok "a plain link with 17 MiB of response file reaches the real linker"
# An option of ours read before the limit is seen, and refused.
printf -- '--hugetlbfs-align\n' >ours.rsp
refused 2 "16 MiB" out "$LD" -shared -o out start.o @ours.rsp @big.rsp
