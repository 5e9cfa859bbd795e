#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Random program layouts for tests/integration/random-layouts.sh.

    randlayout.py gen SEED INDEX DIR
        Write DIR/layout.h and DIR/segs.S for program INDEX of SEED: text,
        rodata, data and bss of random sizes (16 bytes to about 5 MiB,
        exact and off-by-one-page multiples of 2 MiB, empty rodata or
        data, sometimes a large bss), TLS of random sizes, and a binary
        kind.  Print the program's parameters on one line, "kind=pie
        text=... ...", the first word being the kind.

    randlayout.py runs SEED INDEX PROG THP
        Print the runs of the linked program PROG, one a line:
            SETARCH FREE ELFMAP BACKING TEXT RODATA DATA BSS
        SETARCH is 1 to run under "setarch -R"; FREE the free 2 MiB pages
        to leave in the pool; ELFMAP and BACKING the values of
        HUGETLB_ELFMAP and HUGELINK_BACKING; then what must back each of
        the program's objects: h (hugetlb pages), t (transparent huge
        pages), b (base pages), or - (the object is empty).  THP is 1 when
        transparent huge pages serve on this machine.

    randlayout.py need PROG
        Print the 2 MiB pages a full remap of PROG takes.

What must back each object is worked out from readelf and nm alone, by
the rules hugelink documents (doc/runtime.md, Backings): each PT_LOAD is
a range rounded out to 2 MiB pages, a writable one from the end of
RELRO; a segment neither executable nor writable moves only when its
bytes fill at least half of its range (HUGELINK_MIN_FILL); read-only ranges take the pool while it has the pages, then THP;
writable ones THP, then the pool, never the pool in a static program;
the ranges take from the pool in turn.
"""
import random
import re
import subprocess
import sys

MIB = 1 << 20
PAGE = 2 * MIB
BASE = 4096
KINDS = ["pie", "no-pie", "static", "static-pie"]


def rng(seed, index):
    return random.Random(seed * 1000003 + index)


def size(r, empty_ok, large_ok):
    """A section size: anything from 16 bytes to about 5 MiB."""
    pick = r.random()
    if empty_ok and pick < 0.12:
        return 0
    if pick < 0.35:
        k = r.randint(1, 2)
        return k * PAGE + r.choice([-BASE, 0, BASE])
    if large_ok and pick < 0.45:
        return r.randint(8, 24) * MIB + r.randrange(0, PAGE, 16)
    return max(16, int(2 ** r.uniform(4, 22.3)) // 16 * 16)


def params(seed, index):
    r = rng(seed, index)
    return {
        "kind": r.choice(KINDS),
        "text": size(r, False, False),
        "rodata": size(r, True, False),
        "data": size(r, True, False),
        "bss": size(r, False, True),
        "tdata": r.choice([8, 64, 4096, 65536]),
        "tbss": r.choice([8, 4096, 200000]),
        "fill": r.randrange(1, 255),
        "key": r.getrandbits(31),
    }


def marked(label, section, flags, n, fill, key):
    """N bytes with a quad KEY + page number at the start of every 4 KiB
    page (where it fits) and FILL elsewhere."""
    out = ['\t.section %s,"%s",@progbits' % (section, flags),
           "\t.balign 4096", "\t.globl %s" % label, "%s:" % label]
    for off in range(0, n, BASE):
        chunk = min(BASE, n - off)
        if chunk >= 8:
            out.append("\t.quad %d" % ((key << 32) + off // BASE))
            chunk -= 8
        if chunk:
            out.append("\t.fill %d, 1, %d" % (chunk, fill))
    return out


def text(n, key):
    """Functions every 4 KiB (every N bytes when N is less): "mov $id,
    %eax; ret", int3 after each."""
    stride = min(BASE, n)
    out = ['\t.section .text.rl,"ax",@progbits', "\t.balign 4096",
           "\t.globl rl_text", "rl_text:"]
    for i in range(n // stride):
        out.append("\t.byte 0xb8\n\t.long %d\n\t.byte 0xc3" % (key ^ i))
        out.append("\t.fill %d, 1, 0xcc" % (stride - 6))
    if n % stride:
        out.append("\t.fill %d, 1, 0xcc" % (n % stride))
    return out, stride


def gen(seed, index, where):
    p = params(seed, index)
    lines, stride = text(p["text"], p["key"])
    if p["rodata"]:
        lines += marked("rl_ro", ".rodata.rl", "a", p["rodata"], p["fill"],
                        p["key"])
    if p["data"]:
        lines += marked("rl_data", ".data.rl", "aw", p["data"],
                        p["fill"] ^ 0xff, p["key"] + 1)
    lines.append('\t.section .note.GNU-stack,"",@progbits')
    with open(where + "/segs.S", "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(where + "/layout.h", "w") as f:
        for k in ["text", "rodata", "data", "bss", "tdata", "tbss", "fill",
                  "key"]:
            f.write("#define RL_%s %d\n" % (k.upper(), p[k]))
        f.write("#define RL_STRIDE %d\n" % stride)
    print(" ".join("%s=%s" % (k, p[k]) for k in p))


def readelf(prog):
    out = subprocess.run(["readelf", "-lW", prog], capture_output=True,
                         text=True, check=True).stdout
    loads, relro, static = [], None, True
    for line in out.splitlines():
        w = line.split()
        if not w:
            continue
        if w[0] == "INTERP":
            static = False
        if w[0] == "LOAD":
            flags = "".join(w[6:-1])
            loads.append((int(w[2], 16), int(w[5], 16), "W" in flags,
                          "E" in flags))
        if w[0] == "GNU_RELRO":
            relro = int(w[2], 16) + int(w[5], 16)
    return loads, relro, static


def ranges(prog):
    """The plan's ranges: (lo, hi, writable), in order."""
    loads, relro, static = readelf(prog)
    out = []
    for va, memsz, w, x in loads:
        lo, end = va, va + memsz
        if w and relro and va < relro < end:
            lo = relro
        elif w and relro and va < relro and relro >= end:
            continue
        span = (end + PAGE - 1) // PAGE * PAGE - lo // PAGE * PAGE
        if not w and not x and (end - lo) * 2 < span:
            continue
        lo, hi = lo // PAGE * PAGE, (end + PAGE - 1) // PAGE * PAGE
        if hi > lo:
            out.append((lo, hi, w))
    return out, static


def symbols(prog):
    out = subprocess.run(["nm", prog], capture_output=True, text=True,
                         check=True).stdout
    syms = {}
    for line in out.splitlines():
        m = re.match(r"([0-9a-f]+) \w (rl_\w+)$", line)
        if m:
            syms[m.group(2)] = int(m.group(1), 16)
    return syms


def choose(rs, static, elfmap, backing, free, thp):
    """The backing of each range, as core/backing.c chooses."""
    out = []
    for lo, hi, w in rs:
        pages = (hi - lo) // PAGE
        if ("W" if w else "R") not in elfmap:
            out.append("b")
            continue
        if backing == "hugetlb":
            order = ["h"]
        elif backing == "thp":
            order = ["t"]
        else:
            order = ["t", "h"] if w else ["h", "t"]
        got = "b"
        for b in order:
            if b == "t" and thp:
                got = "t"
                break
            if b == "h" and not (w and static) and free >= pages:
                free -= pages
                got = "h"
                break
        out.append(got)
    return out


def runs(seed, index, prog, thp):
    r = rng(seed, index + 7919)
    rs, static = ranges(prog)
    syms = symbols(prog)
    p = params(seed, index)
    need = sum((hi - lo) // PAGE for lo, hi, w in rs)
    objects = [("rl_text", p["text"]), ("rl_ro", p["rodata"]),
               ("rl_data", p["data"]), ("rl_bss", p["bss"])]
    configs = []
    for free in [need, r.randint(1, max(1, need - 1)), 0]:
        for elfmap in ["R", "W", "RW"]:
            for backing in ["auto", "hugetlb"]:
                configs.append((free, elfmap, backing))
    for elfmap in ["R", "W", "RW"]:
        configs.append((0, elfmap, "thp"))
    # The exhausted pool with data on hugetlb pages always runs; a random
    # half of the others.
    keep = [c for c in configs if c == (need, "RW", "hugetlb") or
            r.random() < 0.5]
    for free, elfmap, backing in keep:
        backs = choose(rs, static, elfmap, backing, free, thp)
        want = []
        for name, n in objects:
            if not n:
                want.append("-")
                continue
            at = syms[name]
            w = [b for (lo, hi, _), b in zip(rs, backs) if lo <= at < hi]
            want.append(w[0] if w else "b")
        print(int(r.random() < 0.25), free, elfmap, backing, *want)


def main(argv):
    if argv[1] == "gen":
        gen(int(argv[2]), int(argv[3]), argv[4])
    elif argv[1] == "runs":
        runs(int(argv[2]), int(argv[3]), argv[4], argv[5] == "1")
    elif argv[1] == "need":
        rs, _ = ranges(argv[2])
        print(sum((hi - lo) // PAGE for lo, hi, w in rs))
    else:
        sys.exit("usage: randlayout.py gen|runs|need ...")


if __name__ == "__main__":
    main(sys.argv)
