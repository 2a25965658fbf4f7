"""tc_layout.py - helpers of the layout checks (test_tc8_layout.py,
test_tc10_layout.py, test_xp_layout.py): the kernels' own index values
(kernel_values: tests/layout_dump's output); for the tensor-core strided
passes' emulations an element is u = e + 2^R * run (e the element in its
run of 2^R, run the run index), lanes are 4g + t, as the kernels name
them; the mma check and the two bank rules (a 32-bit word a lane, or 16
bytes a lane)."""
import os
import subprocess


def kernel_values(what):
    """The values of the kernels' index functions that tests/layout_dump
    prints for `what` (xp, tc8, tc10): {name: {args: value}}, args a tuple
    of ints. None where make check gave no program (WHT_LAYOUT_DUMP empty:
    CUDA not compiled in; unset: the test run by hand), with the reason as
    the second value."""
    prog = os.environ.get("WHT_LAYOUT_DUMP")
    if prog is None:
        return None, "WHT_LAYOUT_DUMP not set (make check sets it)"
    if not prog:
        return None, "CUDA not compiled in"
    out = subprocess.run([prog, what], check=True, stdout=subprocess.PIPE, universal_newlines=True).stdout
    vals = {}
    for line in out.splitlines():
        f = line.split()
        vals.setdefault(f[0], {})[tuple(int(a) for a in f[1:-1])] = int(f[-1])
    assert vals, ("no values from", prog, what)
    return vals, None


def skip(n, what, reason):
    """TAP: test n skipped"""
    print("ok %d - %s # SKIP %s" % (n, what, reason))


def bit(x, i):
    return (x >> i) & 1


def lane_bits(lane):
    """g, t and their bits g0, g1, g2, t0, t1 of lane 4g + t"""
    g, t = lane >> 2, lane & 3
    return g, t, g & 1, g >> 1 & 1, g >> 2, t & 1, t >> 1


def mma_check(B, kbits, R):
    """B[k][n]: element ids. Each column must hold 16 elements that differ
    only in the run bits kbits, k their value; returns D[(m, n)], the
    element that output row m of column n stands for."""
    D = {}
    for n in range(8):
        base = None
        for k in range(16):
            u = B[k][n]
            kv = sum(bit(u >> R, kbits[j]) << j for j in range(4))
            assert kv == k, ("k mismatch", k, kv, kbits)
            s = u
            for j in range(4):
                s &= ~(1 << (R + kbits[j]))
            if base is None:
                base = s
            assert s == base, ("column's elements differ outside the k bits", n, k, u, base)
        for m in range(16):
            u = base
            for j in range(4):
                if bit(m, j):
                    u |= 1 << (R + kbits[j])
            D[(m, n)] = u
    return D


def banks32(addrs):
    """the 32 lanes' words of one access: 32 distinct banks"""
    b = [a % 32 for a in addrs]
    assert len(set(b)) == 32, ("bank conflict", sorted(b))


def banks128(addrs):
    """the 32 lanes' first words of a 16-byte access: each quarter warp
    in eight distinct groups of four banks (word address bits 2-4)"""
    for a in addrs:
        assert a % 4 == 0, "not 16-byte aligned"
    for i in range(4):
        b = [a >> 2 & 7 for a in addrs[8 * i:8 * i + 8]]
        assert len(set(b)) == 8, ("bank conflict", i, sorted(b))
