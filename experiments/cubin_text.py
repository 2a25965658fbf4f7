#!/usr/bin/env python3
"""cubin_text.py - the static size of each GPU kernel, without a GPU.

Usage: cubin_text.py [--ops] FILE [FILTER...]
       cubin_text.py --calibrate SASS_TEXT

FILE is an object file, a library or a program built with nvcc (the
cubins inside its .nv_fatbin section) or a cubin itself. For each kernel
whose mangled name contains every FILTER, one line: its SASS instructions
(the size of its .text section over 16 bytes: sm_70 and later encode
every instruction in 128 bits), its registers and its stack frame in
bytes (the cubin's .nv.info attributes REGCOUNT and FRAME_SIZE, what
ptxas -v reports), and its demangled name (c++filt, where present).

Why: the transposed and register-resident kernels are unrolled, so a
kernel's static count times its tiles is close to the warp instructions
Nsight Compute counts (neumaier's f16 rows of 2^10: 5008 a tile of 2^11
elements, 656 M over 2^28 elements, against 612 M measured): a change that
removes operations can be weighed here, on a machine without a GPU,
before device time measures it (docs/PERFORMANCE.md, "Static instruction
counts without a GPU"). Only a cubin that the fatbin holds uncompressed
is read (nvcc's default for SASS); compressed entries are skipped with a
note on stderr. Exit status 2 for a file that is missing or holds no
cubin."""
import re
import shutil
import signal
import struct
import subprocess
import sys

EM_CUDA = 190
# sm_90 opcodes (low 9 bits) -> name, each seen in a probe kernel compiled
# by nvcc 13.0 (-arch sm_90) whose only work is that operation. Hopper
# issues half of a run of f16x2/bf16x2 additions, multiplications or
# fused multiply-adds as HFMA2.MMA, the same operation (the second pipe).
OPCODES = {
    0x002: "MOV", 0x006: "VOTE", 0x007: "SEL", 0x008: "FSEL", 0x009: "FMNMX", 0x00B: "FSETP",
    0x00C: "ISETP", 0x010: "IADD3", 0x012: "LOP3", 0x016: "PRMT", 0x019: "SHF", 0x020: "FMUL",
    0x021: "FADD", 0x023: "FFMA", 0x024: "IMAD", 0x025: "IMAD.WIDE", 0x028: "DMUL", 0x029: "DADD", 0x02A: "DSETP",
    0x030: "HADD2", 0x031: "HFMA2", 0x032: "HMUL2", 0x033: "HSET2", 0x035: "HFMA2.MMA",
    0x03B: "LDSM", 0x03C: "HMMA", 0x03E: "F2FP", 0x040: "HMNMX2", 0x044: "STSM", 0x045: "I2F",
    0x048: "IMNMX", 0x100: "FLO", 0x105: "F2I", 0x109: "POPC", 0x118: "NOP", 0x119: "S2R",
    0x11D: "BAR", 0x147: "BRA", 0x14D: "EXIT", 0x181: "LDG", 0x182: "LDC", 0x183: "LDL", 0x184: "LDS",
    0x186: "STG", 0x187: "STL", 0x188: "STS", 0x189: "SHFL", 0x18E: "RED", 0x1AE: "LDGSTS",
}
REGCOUNT, FRAME_SIZE = 0x2F, 0x11


def sections(d, base=0):
    """{name: (offset, size, info)} of the ELF64 at d[base:]"""
    shoff, = struct.unpack_from("<Q", d, base + 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", d, base + 0x3A)
    heads = [struct.unpack_from("<IIQQQQIIQQ", d, base + shoff + i * shentsize) for i in range(shnum)]
    strtab = base + heads[shstrndx][4]
    out = {}
    for h in heads:
        name = d[strtab + h[0]:d.index(b"\0", strtab + h[0])].decode("latin-1")
        out[name] = (base + h[4], h[5], h[7])
    return out


def elf_end(d, base):
    """the end of the ELF64 at d[base:] (its section table is last)"""
    shoff, = struct.unpack_from("<Q", d, base + 0x28)
    shentsize, shnum = struct.unpack_from("<HH", d, base + 0x3A)
    return base + shoff + shentsize * shnum


def cubins(d):
    """the offsets of the CUDA ELFs in d: d itself, or those in its fatbin"""
    if d[:4] != b"\x7fELF":
        return []
    if struct.unpack_from("<H", d, 0x12)[0] == EM_CUDA:
        return [0]
    fat = sections(d).get(".nv_fatbin")
    if not fat:
        return []
    found, i = [], fat[0]
    while True:
        i = d.find(b"\x7fELF", i, fat[0] + fat[1])
        if i < 0:
            return found
        if d[i + 4] == 2 and struct.unpack_from("<H", d, i + 0x12)[0] == EM_CUDA:
            found.append(i)
            i = elf_end(d, i)
        else:
            i += 4


def symbols(d, secs):
    """symbol index -> name"""
    off, size, _ = secs[".symtab"]
    stroff = secs[".strtab"][0]
    names = []
    for i in range(size // 24):
        st_name, = struct.unpack_from("<I", d, off + 24 * i)
        names.append(d[stroff + st_name:d.index(b"\0", stroff + st_name)].decode("latin-1"))
    return names


def attributes(d, secs, names):
    """{kernel: {attribute: value}} from .nv.info's per-symbol entries"""
    out = {}
    off, size, _ = secs.get(".nv.info", (0, 0, 0))
    i = off
    while i + 4 <= off + size:
        fmt, attr, n = d[i], d[i + 1], struct.unpack_from("<H", d, i + 2)[0]
        if fmt == 4:  # a sized entry: symbol and value for these attributes
            if attr in (REGCOUNT, FRAME_SIZE) and n == 8:
                sym, val = struct.unpack_from("<II", d, i + 4)
                out.setdefault(names[sym], {})[attr] = val
            i += 4 + n
        else:
            i += 4 if fmt == 3 else 2
    return out


SASS_LINE = re.compile(r"/\*[0-9a-f]{4,}\*/\s+(?:@!?U?P[0-6T]\s+)?([A-Z][A-Z0-9_.]*)[^;]*;\s*/\* 0x([0-9a-f]{16}) \*/")


def calibrate(text):
    """{opcode: {mnemonic: count}} from cuobjdump -sass text"""
    seen = {}
    for line in text.splitlines():
        m = SASS_LINE.search(line)
        if m:
            op = int(m.group(2), 16) & 0x1FF
            by = seen.setdefault(op, {})
            by[m.group(1)] = by.get(m.group(1), 0) + 1
    return seen


def agrees(name, mnemonic):
    """whether cuobjdump's mnemonic (modifiers after dots) is the table's name"""
    return mnemonic == name or mnemonic.startswith(name + ".")


def calibrate_main(path):
    try:
        with open(path, encoding="latin-1") as f:
            seen = calibrate(f.read())
    except OSError as e:
        sys.stderr.write("cubin_text.py: %s: %s (accepted: the output of cuobjdump -sass)\n" % (path, e.strerror))
        return 2
    if not seen:
        sys.stderr.write("cubin_text.py: %s holds no cuobjdump -sass instruction lines (accepted: the output "
                         "of cuobjdump -sass)\n" % path)
        return 2
    bad = 0
    for op in sorted(seen):
        by = seen[op]
        name = OPCODES.get(op)
        verdict = "new" if name is None else "ok" if all(agrees(name, m) for m in by) else "MISMATCH"
        bad += verdict == "MISMATCH"
        print("0x%03x %7d %s  table: %s %s" % (op, sum(by.values()),
              ",".join("%s:%d" % kv for kv in sorted(by.items(), key=lambda kv: -kv[1])), name or "-", verdict))
    return 1 if bad else 0


def opcodes(d, off, size):
    """[(name, count, predicated count)] of the instructions at d[off:off+size], most first"""
    count, guarded = {}, {}
    for i in range(off, off + size, 16):
        w, = struct.unpack_from("<Q", d, i)
        name = OPCODES.get(w & 0x1FF, "op_0x%03x" % (w & 0x1FF))
        count[name] = count.get(name, 0) + 1
        if (w >> 12) & 0xF != 7:
            guarded[name] = guarded.get(name, 0) + 1
    return sorted(((k, v, guarded.get(k, 0)) for k, v in count.items()), key=lambda r: (-r[1], r[0]))


def kernels(d, base):
    """(instructions, registers, frame bytes, mangled name, opcodes) of each kernel"""
    secs = sections(d, base)
    attrs = attributes(d, secs, symbols(d, secs))
    rows = []
    for name, (off, size, _) in secs.items():
        if name.startswith(".text."):
            k = name[len(".text."):]
            a = attrs.get(k, {})
            rows.append((size // 16, a.get(REGCOUNT, -1), a.get(FRAME_SIZE, -1), k, opcodes(d, off, size)))
    return rows


def demangle(names):
    if not shutil.which("c++filt"):
        return names
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True).stdout
    return out.split("\n")[:len(names)]


def main(argv):
    if len(argv) > 1 and argv[1] == "--calibrate":
        if len(argv) != 3:
            sys.stderr.write("cubin_text.py: --calibrate takes one file, the output of cuobjdump -sass\n")
            return 2
        return calibrate_main(argv[2])
    ops = len(argv) > 1 and argv[1] == "--ops"
    if ops:
        argv = argv[:1] + argv[2:]
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        sys.stdout.write(__doc__.split("\n\n")[1] + "\n")
        return 0 if len(argv) >= 2 else 2
    if argv[1].startswith("-"):
        sys.stderr.write("cubin_text.py: unknown option %s (accepted: --ops, --calibrate, -h, --help)\n" % argv[1])
        return 2
    try:
        with open(argv[1], "rb") as f:
            d = f.read()
    except OSError as e:
        sys.stderr.write("cubin_text.py: %s: %s (accepted: an nvcc object, program or cubin)\n"
                         % (argv[1], e.strerror))
        return 2
    found = cubins(d)
    if not found:
        sys.stderr.write("cubin_text.py: %s holds no uncompressed cubin (accepted: an nvcc object, "
                         "program or cubin)\n" % argv[1])
        return 2
    rows = [r for b in found for r in kernels(d, b) if all(f in r[3] for f in argv[2:])]
    for (n, regs, frame, _, counts), name in zip(rows, demangle([r[3] for r in rows])):
        print("%7d %4d %5d  %s" % (n, regs, frame, name))
        if ops:
            print("        " + " ".join("%s %d%s" % (k, v, "/%d" % p if p else "") for k, v, p in counts))
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # `| head` ends the listing quietly, as a C program's would
    sys.exit(main(sys.argv))
