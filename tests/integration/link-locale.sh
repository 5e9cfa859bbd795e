#!/bin/sh
# SPDX-License-Identifier: MIT
# The linker's -V names its emulations under a heading that is translated
# in a non-English locale ("Émulations prises en charge :" in French).
# The wrapper and the --hugetlbfs-link scripts' generator ask it in the C
# locale, so a French user gets the same default emulation and the same
# scripts.  The linker here is a stand-in that answers -V in French
# unless LC_ALL=C, as GNU ld does with the French locale installed, and
# is GNU ld otherwise; the test needs no locale of the machine's.
. "$HL_SRC/tests/integration/common.sh"
. "$HL_SRC/tests/integration/lib/link.sh"

LD=$HLBIN/hugetlbfs-ld
BFD=$(command -v ld.bfd) || fail "no ld.bfd"
cat >fr-ld <<EOF2
#!/bin/sh
if [ "\$1" = -V ] && [ "\${LC_ALL-}" != C ]; then
	"$BFD" -V | sed 's/Supported emulations:/Émulations prises en charge :/'
	exit
fi
exec "$BFD" "\$@"
EOF2
chmod +x fr-ld
LC_ALL=fr_FR.UTF-8 ./fr-ld -V | grep -q 'Émulations prises' ||
	fail "the stand-in does not answer in French"
make_start

# The wrapper finds the default emulation, elf_x86_64.
LC_ALL=fr_FR.UTF-8 HUGELINK_LD=$PWD/fr-ld "$LD" --hugetlbfs-align -shared \
	-o fr.so start.o 2>err || fail "the link in French failed: $(cat err)"
check_p_align fr.so $((2 * MIB))
ok "the wrapper in French: linked for 2 MiB pages"

# The generator makes the B and BDT scripts from the French linker.
LC_ALL=fr_FR.UTF-8 sh "$HL_SRC/ldscripts/generate.sh" \
	"$HL_BUILD/ldscripts/mkscript" scripts scripts.list "$PWD/fr-ld" no \
	elf_x86_64 >gen.log
for s in xB xBDT xsB xsBDT; do
	[ -s "scripts/elf_x86_64.$s" ] ||
		fail "no elf_x86_64.$s from the generator in French: $(cat gen.log)"
done
ok "the generator in French: $(tail -n 1 gen.log)"
