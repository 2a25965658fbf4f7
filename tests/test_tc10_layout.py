#!/usr/bin/env python3
# test_tc10_layout.py - a check of the index formulas of
# kernels/tensor_core_strided10.cuh (the pass of 10 bits: three stage
# groups of 4, 4 and 2 row bits on 2^10 runs of 32 elements): emulates one
# tile (element u = e + 32 * run) and checks that every mma column holds
# 16 elements that differ only in the group's k bits (in order), that
# each shared-memory access instruction (16 bytes a lane: four words q =
# 4 q2 + 0..3, word address bits 0-1) is free of bank conflicts (each
# quarter warp, lanes 8i..8i+7, in eight distinct 16-byte bank groups:
# word address bits 2-4) and within the tile's 64 KB, that the second
# group writes its results into exactly the words it read (each warp in
# its own region), and that every element is stored once at its own
# address. The emulation takes the indices from an index set: test 1 runs
# it on this file's model (the design the kernel was written from and
# checked by before its first GPU run), test 2 on the kernel's own
# formulas (kernels/tc_strided_layout.cuh: WHT__TC10_OL, wht__tc10_ld,
# WHT__TC10_XA, wht__tc10_a_put, WHT__TC10_XB, WHT__TC10_X2,
# wht__tc10_b_get, _b_put, WHT__TC10_XC, wht__tc10_rc, _c_get,
# WHT__TC10_OS, wht__tc10_st), as tests/layout_dump prints them over every
# lane, warp, iteration and offset; without CUDA test 2 is skipped (TAP
# SKIP). The kernel's values need not equal the model's, only meet the
# same checks: a change of its formulas that breaks them fails test 2.
# The emulation's own parts are the mma operands' places
# (tensor_core_mma.cuh: B[k][n] with k = 2t + h + 8 reg, n = g; results
# at rows g + 8r, columns 2t + hp), the byte permutes that pair two
# results into a word, and an element's q. make check runs it (python3
# only, no GPU; TAP; a failed check ends it with a traceback).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tc_layout import bit, lane_bits, banks128 as banks, mma_check as mma_check_r, kernel_values, skip
print("1..2")
st = [1 << (5 + j) for j in range(10)]
def run(u): return u >> 5
def mma_check(B, kbits): return mma_check_r(B, kbits, 5)


class Model:
    """the design (word addresses; tensor_core_strided10.cuh's header
    comment names the bits)"""
    @staticmethod
    def ld(w, g, t, h, b, s0, s1):
        g0, g1, g2, t0, t1 = lane_bits(4*g + t)[2:]
        w0, w1, w2 = w & 1, w >> 1 & 1, w >> 2
        ol = 8*(g & 3) + (st[1] if t0 else 0) + (st[2] if t1 else 0) + (st[5] if w0 else 0) + (st[6] if w1 else 0) + (st[7] if w2 else 0) + (st[8] if g2 else 0)
        return ol + (st[0] if h else 0) + (st[3] if b else 0) + (st[4] if s0 else 0) + (st[9] if s1 else 0)
    @staticmethod
    def a_put(w, g, t, q2, hp, r, s1):
        g0, g1, g2, t0, t1 = lane_bits(4*g + t)[2:]
        w0, w1, w2 = w & 1, w >> 1 & 1, w >> 2
        xa = t1 << 2 | (t0 ^ w0) << 3 | (g0 ^ w1) << 4 | w0 << 7 | w2 << 8 | g1 << 9 | g2 << 10 | g0 << 12
        return xa + (q2 << 5) + (hp << 6) + (r << 11) + (s1 << 13)
    @staticmethod
    def b_get(w, g, t, r0, r9, q2, reg):
        g0, g1, g2, t0, t1 = lane_bits(4*g + t)[2:]
        xb = g0 << 2 | (g2 ^ t0) << 3 | t1 << 4 | g1 << 6 | t0 << 7 | w << 9
        return (xb ^ r0 << 4) + (r0 << 12 | r9 << 13) + (q2 << 5) + (reg << 8)
    @staticmethod
    def b_put(w, g, t, r0, r9, q2, r):
        g0, g1, g2, t0, t1 = lane_bits(4*g + t)[2:]
        x2 = g0 << 2 | t0 << 3 | (t1 ^ g1) << 4 | g1 << 6 | g2 << 7 | w << 9
        return (x2 ^ r9 << 3) + (r0 << 12 | r9 << 13) + (q2 << 5) + (r << 8)
    @staticmethod
    def c_get(w, g, t, r0, r7, q2, reg):
        g0, g1, g2, t0, t1 = lane_bits(4*g + t)[2:]
        xc = g0 << 2 | (g1 ^ t0) << 3 | (g2 ^ t1) << 4 | t1 << 6 | w << 9 | t0 << 13
        return xc + (r7 << 8) + (r0 << 12) + (q2 << 5) + (reg << 7)
    @staticmethod
    def st(w, g, t, r, hv, r0, r7):
        g0, g1, g2 = g & 1, g >> 1 & 1, g >> 2
        w0, w1, w2 = w & 1, w >> 1 & 1, w >> 2
        os_ = 8*t + (st[8] if g0 else 0) + (st[9] if g1 else 0) + (st[5] if g2 else 0) + (st[1] if w0 else 0) + (st[2] if w1 else 0) + (st[3] if w2 else 0)
        return os_ + (st[6] if r else 0) + (st[4] if hv else 0) + (st[0] if r0 else 0) + (st[7] if r7 else 0)


class Kernel:
    """the kernel's formulas' values (layout_dump tc10, keyed as it prints
    them)"""
    def __init__(self, K):
        self.K = K
    def ld(self, *a): return self.K["tc10_ld"][a]
    def a_put(self, *a): return self.K["tc10_a_put"][a]
    def b_get(self, *a): return self.K["tc10_b_get"][a]
    def b_put(self, *a): return self.K["tc10_b_put"][a]
    def c_get(self, *a): return self.K["tc10_c_get"][a]
    def st(self, *a): return self.K["tc10_st"][a]


def in_tile(a4):
    # a 16-byte access's first word: within the tile's 2^14 words
    assert 0 <= a4 and a4 + 3 < 1 << 14, ("word outside the tile's 64 KB", a4)
    return a4


def emulate(ix):
    smem = {}
    def read_operands(addr, read=None):
        # the mma operands of a phase that reads its words: addr(lane, q2,
        # reg) the lane's 16-byte access; B[q][k][n] the element ids (k =
        # 2t + h + 8 reg), each access's banks checked
        B = {q: [[None]*8 for _ in range(16)] for q in range(8)}
        for q2 in range(2):
            for reg in range(2):
                addrs = []
                for lane in range(32):
                    g, t = lane >> 2, lane & 3
                    a4 = in_tile(addr(lane, q2, reg))
                    addrs.append(a4)
                    for q in range(4*q2, 4*q2 + 4):
                        lo, hi = smem[a4 + (q & 3)]
                        if read is not None: read.add(a4 + (q & 3))
                        B[q][2*t + 8*reg][g] = lo; B[q][2*t + 8*reg + 1][g] = hi
                banks(addrs)
        return B
    # phase a: lane 4g + t of warp w loads the elements ix.ld(...) + q (k =
    # 2t + h + 8b, column g); s0 = 0, 1's results pair up into X1 words
    for w in range(8):
        for s1 in range(2):
            d0 = {}
            for s0 in range(2):
                Bq = {q: [[None]*8 for _ in range(16)] for q in range(8)}
                for lane in range(32):
                    g, t = lane >> 2, lane & 3
                    for h in range(2):
                        for b in range(2):
                            a = ix.ld(w, g, t, h, b, s0, s1)
                            for q in range(8): Bq[q][2*t + h + 8*b][g] = a + q
                D = {q: mma_check(Bq[q], [0, 1, 2, 3]) for q in range(8)}
                if s0 == 0:
                    d0 = D
                    continue
                for q2 in range(2):
                    for r in range(2):
                        for hp in range(2):
                            addrs = []
                            for lane in range(32):
                                g, t = lane >> 2, lane & 3
                                a4 = in_tile(ix.a_put(w, g, t, q2, hp, r, s1))
                                addrs.append(a4)
                                for q in range(4*q2, 4*q2 + 4):
                                    addr = a4 + (q & 3)
                                    lo = d0[q][(g + 8*r, 2*t + hp)]; hi = D[q][(g + 8*r, 2*t + hp)]
                                    assert hi == lo | (1 << 9) and not bit(run(lo), 4)
                                    assert addr not in smem
                                    smem[addr] = (lo, hi)
                            banks(addrs)
    assert len(smem) == 1 << 14
    # phase b: warp w's iterations sp = (r0, r9), in place
    for w in range(8):
        for sp in range(4):
            r0, r9 = sp & 1, sp >> 1
            read = set()
            B = read_operands(lambda lane, q2, reg: ix.b_get(w, lane >> 2, lane & 3, r0, r9, q2, reg), read)
            Es = {q: mma_check(B[q], [4, 5, 6, 7]) for q in range(8)}
            written = set()
            for q2 in range(2):
                for r in range(2):
                    addrs = []
                    for lane in range(32):
                        g, t = lane >> 2, lane & 3
                        a4 = in_tile(ix.b_put(w, g, t, r0, r9, q2, r))
                        addrs.append(a4)
                        for q in range(4*q2, 4*q2 + 4):
                            addr = a4 + (q & 3)
                            lo = Es[q][(g + 8*r, 2*t)]; hi = Es[q][(g + 8*r, 2*t + 1)]
                            assert hi == lo | (1 << (5 + 8))
                            smem[addr] = (lo, hi); written.add(addr)
                    banks(addrs)
            assert written == read, "X2 not in place"
    # phase c: warp w's iterations sc = (r0, r7); results stored at
    # ix.st(...) + q
    stored = {}
    for w in range(8):
        for sc in range(4):
            r0, r7 = sc & 1, sc >> 1
            B = read_operands(lambda lane, q2, reg: ix.c_get(w, lane >> 2, lane & 3, r0, r7, q2, reg))
            F = {q: mma_check(B[q], [8, 9, 5, 6]) for q in range(8)}
            for r in range(2):
                for hv in range(2):
                    for lane in range(32):
                        g, t = lane >> 2, lane & 3
                        o = ix.st(w, g, t, r, hv, r0, r7)
                        for q in range(8):
                            u = F[q][(g + 8*r, 2*t + hv)]
                            assert u == o + q, ("store", u, o + q)
                            assert u not in stored
                            stored[u] = 1
    assert len(stored) == 1 << 15


emulate(Model)
print("ok 1 - tc10 layout model: every group's k bits, 16-byte accesses free of bank conflicts, X2 in place, stores")
K, why = kernel_values("tc10")
if K is None:
    skip(2, "the kernel's tc_strided_layout.cuh formulas", why)
else:
    emulate(Kernel(K))
    print("ok 2 - the kernel's tc_strided_layout.cuh formulas: every group's k bits, 16-byte accesses free of bank conflicts, X2 in place, stores")
