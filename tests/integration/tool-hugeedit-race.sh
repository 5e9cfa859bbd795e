# SPDX-License-Identifier: MIT
# root edits, with hugeedit, a program with file capabilities that
# another user owns, in that user's directory.  That user runs a racer
# that looks for the private directory hugeedit makes there and, while
# it is there, tries to open it and the copy inside it for writing: were
# the copy ever the user's to write before it got its powers, the user's
# bytes would be published with root's capability.  Over many edits, the
# published file must always hold exactly the edited original's bytes,
# with the capability on them, no try may open the copy, and some tries
# must have been made while the directory was there.
. "$HL_SRC/tests/integration/common.sh"
need_cmd setcap
need_cmd getcap
need_cmd setpriv
command -v useradd >/dev/null 2>&1 || skip "useradd is not installed: no user to race as"
add_user hlrace

cat >prog.c <<'EOF'
int main(void) { return 0; }
EOF
"$CC" -O1 -o prog prog.c || fail "cannot build prog"

# racer DIR NAME: for every entry hugeedit makes in DIR (inotify names
# it), try to open it, and the file NAME inside it (hugeedit writes its
# copy as NAME in a private directory of its own there), for writing,
# until the entry is gone, and write one block over the start of
# whichever opens; until killed.  For each entry it writes one line to
# its standard output: "ENTRY tries N denied N wrote N", where "denied"
# counts the tries on the file inside that the entry, still there,
# refused (EACCES) and "wrote" those that opened.
cat >racer.c <<'EOF'
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

static char evil[512];

/* Open PATH in DIRFD for writing and write over its start: 1 when it
 * opened, 0 when not (errno says why). */
static int attack(int dirfd, const char *path)
{
	int fd = openat(dirfd, path, O_WRONLY | O_NOFOLLOW);

	if (fd < 0)
		return 0;
	pwrite(fd, evil, sizeof(evil), 0);
	close(fd);
	return 1;
}

/* Attack ENTRY, and NAME inside it, until ENTRY is gone. */
static void spin(int dirfd, const char *entry, const char *name)
{
	char inner[2 * NAME_MAX + 2];
	long tries = 0, denied = 0, wrote = 0;
	struct stat st;

	snprintf(inner, sizeof(inner), "%s/%s", entry, name);
	do {
		wrote += attack(dirfd, entry);
		tries++;
		if (attack(dirfd, inner))
			wrote++;
		else if (errno == EACCES)
			denied++;
	} while (!wrote && !fstatat(dirfd, entry, &st, AT_SYMLINK_NOFOLLOW));
	dprintf(1, "%s tries %ld denied %ld wrote %ld\n", entry, tries,
		denied, wrote);
}

int main(int argc, char **argv)
{
	char buf[4096] __attribute__((aligned(8)));
	int in = inotify_init(), dirfd;

	memset(evil, 'E', sizeof(evil));
	if (argc != 3 || in < 0 || inotify_add_watch(in, argv[1], IN_CREATE) < 0 ||
	    (dirfd = open(argv[1], O_RDONLY | O_DIRECTORY)) < 0)
		return 2;
	for (;;) {
		ssize_t n = read(in, buf, sizeof(buf));

		for (char *p = buf; n > 0 && p < buf + n;) {
			struct inotify_event *e = (void *)p;

			if (e->len && strstr(e->name, ".hugeedit-"))
				spin(dirfd, e->name, argv[2]);
			p += sizeof(*e) + e->len;
		}
	}
}
EOF
"$CC" -O1 -o racer racer.c || fail "cannot build the racer"

# The edited bytes, from a copy nobody else can reach.
mkdir -m 700 private
cp prog private/prog
"$HUGEEDIT" --text private/prog >/dev/null || fail "hugeedit on a private copy"
cmp -s prog private/prog && fail "hugeedit --text changed nothing"

home=$(mktemp -d /tmp/hl-race.XXXXXX)
at_exit "rm -rf $home"
chown "$uid:$gid" "$home"
chmod 755 "$home"
chmod 755 racer
setpriv --reuid="$uid" --regid="$gid" --clear-groups ./racer "$home" prog >racer.log &
racer=$!
at_exit "kill $racer"

runs=40
for i in $(seq $runs); do
	cp prog "$home/prog"
	chown "$uid:$gid" "$home/prog"
	chmod 755 "$home/prog"
	setcap cap_dac_read_search+ep "$home/prog" || fail "setcap"
	"$HUGEEDIT" --text "$home/prog" >out 2>err ||
		fail "run $i: hugeedit failed: $(cat err)"
	caps=$(getcap "$home/prog")
	cmp -s "$home/prog" private/prog ||
		fail "run $i: the published file is not the edited original (capability: ${caps:-none})"
	case $caps in
	*cap_dac_read_search*) ;;
	*) fail "run $i: the capability was lost: $caps" ;;
	esac
done
kill $racer
wait $racer 2>/dev/null || true
# The racer must have reached hugeedit's private directory while it was
# there, or the runs above prove nothing.
awk '{ n++; d += $5; w += $7 } END { print n + 0, d + 0, w + 0 }' racer.log >racer.sum
read -r entries denied wrote <racer.sum
[ "$wrote" -eq 0 ] || fail "the racer opened hugeedit's copy for writing: $(cat racer.log)"
[ "$entries" -gt 0 ] || fail "the racer saw none of hugeedit's private directories"
[ "$denied" -gt 0 ] ||
	fail "the racer never tried the copy while its directory was there: $(cat racer.log)"
ok "the racer tried the copy inside $entries private directories $denied times, always refused"
ok "$runs edits raced by the file's owner: always the edited bytes, with the capability"
