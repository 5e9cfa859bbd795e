# SPDX-License-Identifier: MIT
"""setphdr.py FILE ADDR FIELD VALUE: in the 64-bit little-endian ELF
FILE, change FIELD ("offset" or "filesz") of the read-only PT_LOAD (flags
PF_R alone) whose file part holds the address ADDR (hex): to the field
plus N when VALUE is "+N", or to ADDR minus the segment's address when
VALUE is "to-addr" (the file part then ends at ADDR).  Prints the
segment's fields after the change, "offset OFF filesz FSZ memsz MSZ", in
hex; exits 1 when no such segment holds ADDR."""
import struct
import sys

FIELDS = {"offset": 8, "filesz": 32}


def main(path, addr, field, value):
    addr = int(addr, 16)
    b = bytearray(open(path, "rb").read())
    phoff = struct.unpack_from("<Q", b, 32)[0]
    size, num = struct.unpack_from("<HH", b, 54)
    for i in range(num):
        at = phoff + i * size
        kind, flags, off, va, _, filesz, memsz, _ = \
            struct.unpack_from("<IIQQQQQQ", b, at)
        if kind != 1 or flags != 4 or not va <= addr < va + filesz:
            continue
        old = struct.unpack_from("<Q", b, at + FIELDS[field])[0]
        new = addr - va if value == "to-addr" else old + int(value)
        struct.pack_into("<Q", b, at + FIELDS[field], new)
        open(path, "wb").write(b)
        off, filesz = struct.unpack_from("<QQ", b, at + 8)[0], \
            struct.unpack_from("<Q", b, at + 32)[0]
        print("offset %x filesz %x memsz %x" % (off, filesz, memsz))
        return 0
    return 1


sys.exit(main(*sys.argv[1:]))
