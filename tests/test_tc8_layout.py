#!/usr/bin/env python3
# test_tc8_layout.py - a check of the index formulas of
# kernels/tensor_core_strided.cuh's strided register groups of 8 row bits
# (two stage groups of 4 on 2^8 runs of 64 elements, 8 warps): emulates
# one group's tile (element u = e + 64 * run) and checks that every mma
# column holds 16 elements that differ only in the stage group's k bits
# (in order), that each shared-memory access instruction (a 32-bit word a
# lane) hits 32 distinct banks, that the exchange's words are each written
# once and read once, and that every element is stored once at its own
# address. The emulation takes the indices from an index set: test 1 runs
# it on this file's model (the design the kernel was written from, below),
# test 2 on the kernel's own functions (kernels/tc_strided_layout.cuh:
# wht__tc_rs_ol, _ld, _os, _st, _xs, _put, WHT__TC_RS_XR, wht__tc_rs_get,
# and wht__tc_xw in them), as tests/layout_dump prints them over every
# lane, warp and offset; without CUDA test 2 is skipped (TAP SKIP). The
# kernel's values need not equal the model's, only meet the same checks:
# a change of its formulas that breaks them fails test 2. The emulation's
# own parts are the mma operands' places (tensor_core_mma.cuh: B[k][n]
# with k = 2t + h + 8b, n = g; results at rows g + 8r, columns 2t + hp),
# the byte permutes that pair s = 0, 1 and an element's q, and the second
# stored vector at + 32. make check runs it (TAP; a failed check ends it
# with a traceback). A layout in 16-byte words (q in the address's low
# bits, as the pass of 10 bits has: test_tc10_layout.py) passed this check
# and the GPU tests but was slower on an H200 (docs/PERFORMANCE.md), so
# the kernel keeps this one.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tc_layout import bit, lane_bits, banks32 as banks, mma_check as mma_check_r, kernel_values, skip
print("1..2")
R = 6  # log2 of a run's elements
def run(u): return u >> R
def st(j): return 1 << (R + j)  # run bit j's offset
def mma_check(B, kbits): return mma_check_r(B, kbits, R)


def xw(j, rl, p):
    # the exchange's word of run bits 5-7 = j, run bits 0-3 = rl, element p
    bank = ((p >> 3 ^ rl) & 1) | (p >> 4 & 3) << 1 | ((j ^ rl >> 1) & 3) << 3
    return bank | (p & 7) << 5 | rl << 8 | (j >> 2) << 12


class Model:
    """the design: group a's lane 4g + t of warp w loads elements 8g.. of
    the runs (2w + s) 16 + 2t + h + 8b and writes its words (both s at one
    element) at xw(w, g, element) + q << 5 + r << 11; group b's warp w
    takes run bits 0-3 = 2w + s, lane 4g + t the words j = t (b = 0) and
    t + 4 (b = 1) of the elements 8 pi(g) + q, pi(g) = g / 2 + 4 (g mod 2),
    and stores runs (g + 8r) 16 + 2w + s, elements 8t + q, 32 + 8t + q"""
    @staticmethod
    def ld(w, g, t, s, h, b):
        ol = 8*g + (st(1) if t & 1 else 0) + (st(2) if t & 2 else 0) + (st(5) if w & 1 else 0) + (st(6) if w & 2 else 0) + (st(7) if w & 4 else 0)
        return ol + (st(0) if h else 0) + (st(3) if b else 0) + (st(4) if s else 0)
    @staticmethod
    def put(w, g, t, hp, q, r): return xw(w, g, 16*t + 8*hp) + (q << 5) + (r << 11)
    @staticmethod
    def get(w, g, t, s, q, b): return xw(t, 2*w + s, 8*((g >> 1) | (g & 1) << 2)) + (q << 5) + (b << 12)
    @staticmethod
    def st(w, g, t, s, r):
        os_ = 8*t + (st(1) if w & 1 else 0) + (st(2) if w & 2 else 0) + (st(3) if w & 4 else 0) + (st(4) if g & 1 else 0) + (st(5) if g & 2 else 0) + (st(6) if g & 4 else 0)
        return os_ + (st(0) if s else 0) + (st(7) if r else 0)


class Kernel:
    """the kernel's functions' values (layout_dump tc8, keyed as it prints
    them)"""
    def __init__(self, K):
        self.K = K
    def ld(self, *a): return self.K["tc8_ld"][a]
    def put(self, *a): return self.K["tc8_put"][a]
    def get(self, *a): return self.K["tc8_get"][a]
    def st(self, *a): return self.K["tc8_st"][a]


def emulate(ix):
    smem = {}
    # group a: warp w, lane 4g + t loads the elements ix.ld(...) + q (k =
    # 2t + h + 8b, column g); eight mma (q); the results of s = 0, 1 pair
    # up into words
    for w in range(8):
        D = {}
        for s in range(2):
            Bq = {q: [[None]*8 for _ in range(16)] for q in range(8)}
            for lane in range(32):
                g, t = lane >> 2, lane & 3
                for h in range(2):
                    for b in range(2):
                        a = ix.ld(w, g, t, s, h, b)
                        for q in range(8): Bq[q][2*t + h + 8*b][g] = a + q
            D[s] = {q: mma_check(Bq[q], [0, 1, 2, 3]) for q in range(8)}
        for q in range(8):
            for r in range(2):
                for hp in range(2):
                    addrs = []
                    for lane in range(32):
                        g, t = lane >> 2, lane & 3
                        a = ix.put(w, g, t, hp, q, r)
                        addrs.append(a)
                        lo, hi = D[0][q][(g + 8*r, 2*t + hp)], D[1][q][(g + 8*r, 2*t + hp)]
                        assert hi == lo | st(4) and not bit(run(lo), 4)
                        assert a not in smem
                        smem[a] = (lo, hi)
                    banks(addrs)
    assert len(smem) == 1 << 13 and min(smem) >= 0 and max(smem) < 1 << 13, "exchange words outside the group's 32 KB"
    # group b: warp w takes run bits 0-3 = 2w + s; lane 4g + t the words of
    # k = 2t, 2t + 1 (b = 0) and 2t + 8, 2t + 9 (b = 1), column g, from
    # ix.get(...); results stored at ix.st(...) + q (column 2t) and + 32 +
    # q (2t + 1)
    read = set(); stored = set()
    for w in range(8):
        for s in range(2):
            B = {q: [[None]*8 for _ in range(16)] for q in range(8)}
            for q in range(8):
                for reg in range(2):
                    addrs = []
                    for lane in range(32):
                        g, t = lane >> 2, lane & 3
                        a = ix.get(w, g, t, s, q, reg)
                        addrs.append(a)
                        assert a not in read
                        read.add(a)
                        lo, hi = smem[a]
                        B[q][2*t + 8*reg][g] = lo; B[q][2*t + 8*reg + 1][g] = hi
                    banks(addrs)
            E = {q: mma_check(B[q], [4, 5, 6, 7]) for q in range(8)}
            for lane in range(32):
                g, t = lane >> 2, lane & 3
                for r in range(2):
                    o = ix.st(w, g, t, s, r)
                    for half in range(2):  # byte permutes 0x5410 (column 2t) and 0x7632 (2t + 1) at o and o + 32
                        for q in range(8):
                            u = E[q][(g + 8*r, 2*t + half)]
                            assert u == o + 32*half + q, ("store", u, o + 32*half + q)
                            assert u not in stored
                            stored.add(u)
    assert len(read) == 1 << 13 and len(stored) == 1 << 14


emulate(Model)
print("ok 1 - tc8 layout model: both groups' k bits, every access in 32 distinct banks, each word once, stores")
K, why = kernel_values("tc8")
if K is None:
    skip(2, "the kernel's tc_strided_layout.cuh functions", why)
else:
    emulate(Kernel(K))
    print("ok 2 - the kernel's tc_strided_layout.cuh functions: both groups' k bits, every access in 32 distinct banks, each word once, stores")
