#!/usr/bin/env python3
# test_tc10_layout.py - a design check of kernels/tensor_core_strided10.cuh's
# index formulas (the pass of 10 bits: three stage groups of 4, 4 and 2 row
# bits on 2^10 runs of 32 elements): emulates one tile (element u = e +
# 32 * run) and checks that every mma column holds 16 elements that differ
# only in the group's k bits (in order), that each shared-memory access
# instruction (16 bytes a lane: four words q = 4 q2 + 0..3, word address
# bits 0-1) is free of bank conflicts (each quarter warp, lanes 8i..8i+7,
# in eight distinct 16-byte bank groups: word address bits 2-4), that the
# second group writes its
# results into exactly the words it read (each warp in its own region),
# and that every element is stored once at its own address. The formulas
# here are copies of the kernel's: change both together, and run this
# before the kernel's first GPU run (it needs no GPU; python3 only; make
# check runs it, TAP: one test, a failed check ends it with a traceback).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tc_layout import bit, lane_bits, banks128 as banks, mma_check as mma_check_r
print("1..1")
st = [1 << (5 + j) for j in range(10)]
def run(u): return u >> 5
def mma_check(B, kbits): return mma_check_r(B, kbits, 5)
smem = {}
def read_operands(addr, read=None):
    # the mma operands of a phase that reads its words: addr(lane, q2, reg)
    # the lane's 16-byte access; B[q][k][n] the element ids (k = 2t + h +
    # 8 reg), each access's banks checked
    B = {q: [[None]*8 for _ in range(16)] for q in range(8)}
    for q2 in range(2):
        for reg in range(2):
            addrs = []
            for lane in range(32):
                g, t = lane >> 2, lane & 3
                a4 = addr(lane, q2, reg)
                addrs.append(a4)
                for q in range(4*q2, 4*q2 + 4):
                    lo, hi = smem[a4 + (q & 3)]
                    if read is not None: read.add(a4 + (q & 3))
                    B[q][2*t + 8*reg][g] = lo; B[q][2*t + 8*reg + 1][g] = hi
            banks(addrs)
    return B
# phase a
for w in range(8):
    w0, w1, w2 = w & 1, w >> 1 & 1, w >> 2
    for s1 in range(2):
        d0 = {}
        for s0 in range(2):
            Bq = {q: [[None]*8 for _ in range(16)] for q in range(8)}
            for lane in range(32):
                g, t, g0, g1, g2, t0, t1 = lane_bits(lane)
                ol = 8*(g & 3) + (st[1] if t0 else 0) + (st[2] if t1 else 0) + (st[5] if w0 else 0) + (st[6] if w1 else 0) + (st[7] if w2 else 0) + (st[8] if g2 else 0)
                v = {}
                for h in range(2):
                    for b in range(2):
                        a = ol + (st[0] if h else 0) + (st[3] if b else 0) + (st[4] if s0 else 0) + (st[9] if s1 else 0)
                        v[(h, b)] = [a + i for i in range(8)]
                for q in range(8):
                    Bq[q][2*t][g] = v[(0, 0)][q]; Bq[q][2*t+1][g] = v[(1, 0)][q]
                    Bq[q][2*t+8][g] = v[(0, 1)][q]; Bq[q][2*t+9][g] = v[(1, 1)][q]
            D = {q: mma_check(Bq[q], [0, 1, 2, 3]) for q in range(8)}
            if s0 == 0:
                d0 = D
                continue
            for q2 in range(2):
                for r in range(2):
                    for hp in range(2):
                        addrs = []
                        for lane in range(32):
                            g, t, g0, g1, g2, t0, t1 = lane_bits(lane)
                            xa = t1 << 2 | (t0 ^ w0) << 3 | (g0 ^ w1) << 4 | w0 << 7 | w2 << 8 | g1 << 9 | g2 << 10 | g0 << 12
                            a4 = xa + (q2 << 5) + (hp << 6) + (r << 11) + (s1 << 13)
                            addrs.append(a4)
                            for q in range(4*q2, 4*q2 + 4):
                                addr = a4 + (q & 3)
                                lo = d0[q][(g + 8*r, 2*t + hp)]; hi = D[q][(g + 8*r, 2*t + hp)]
                                assert hi == lo | (1 << 9) and not bit(run(lo), 4)
                                assert addr not in smem
                                smem[addr] = (lo, hi)
                        banks(addrs)
assert len(smem) == 1 << 14
# phase b
for w in range(8):
    w0, w1, w2 = w & 1, w >> 1 & 1, w >> 2
    for sp in range(4):
        r0, r9 = sp & 1, sp >> 1
        region = r0 << 12 | r9 << 13
        def xb(lane):
            g, t, g0, g1, g2, t0, t1 = lane_bits(lane)
            return g0 << 2 | (g2 ^ t0) << 3 | t1 << 4 | g1 << 6 | t0 << 7 | w << 9
        read = set()
        B = read_operands(lambda lane, q2, reg: (xb(lane) ^ r0 << 4) + region + (q2 << 5) + (reg << 8), read)
        Es = {q: mma_check(B[q], [4, 5, 6, 7]) for q in range(8)}
        written = set()
        for q2 in range(2):
            for r in range(2):
                addrs = []
                for lane in range(32):
                    g, t, g0, g1, g2, t0, t1 = lane_bits(lane)
                    x2 = g0 << 2 | t0 << 3 | (t1 ^ g1) << 4 | g1 << 6 | g2 << 7 | w << 9
                    a4 = (x2 ^ r9 << 3) + region + (q2 << 5) + (r << 8)
                    addrs.append(a4)
                    for q in range(4*q2, 4*q2 + 4):
                        addr = a4 + (q & 3)
                        lo = Es[q][(g + 8*r, 2*t)]; hi = Es[q][(g + 8*r, 2*t + 1)]
                        assert hi == lo | (1 << (5 + 8))
                        smem[addr] = (lo, hi); written.add(addr)
                banks(addrs)
        assert written == read, "X2 not in place"
# phase c
stored = {}
for w in range(8):
    w0, w1, w2 = w & 1, w >> 1 & 1, w >> 2
    for sc in range(4):
        r0, r7 = sc & 1, sc >> 1
        def xc(lane):
            g, t, g0, g1, g2, t0, t1 = lane_bits(lane)
            return g0 << 2 | (g1 ^ t0) << 3 | (g2 ^ t1) << 4 | t1 << 6 | w << 9 | t0 << 13
        B = read_operands(lambda lane, q2, reg: xc(lane) + (r7 << 8) + (r0 << 12) + (q2 << 5) + (reg << 7))
        F = {q: mma_check(B[q], [8, 9, 5, 6]) for q in range(8)}
        for r in range(2):
            for hv in range(2):
                for lane in range(32):
                    g, t, g0, g1, g2, _, _ = lane_bits(lane)
                    os_ = 8*t + (st[8] if g0 else 0) + (st[9] if g1 else 0) + (st[5] if g2 else 0) + (st[1] if w0 else 0) + (st[2] if w1 else 0) + (st[3] if w2 else 0)
                    o = os_ + (st[6] if r else 0) + (st[4] if hv else 0) + (st[0] if r0 else 0) + (st[7] if r7 else 0)
                    for q in range(8):
                        u = F[q][(g + 8*r, 2*t + hv)]
                        assert u == o + q, ("store", u, o + q)
                        assert u not in stored
                        stored[u] = 1
assert len(stored) == 1 << 15
print("ok 1 - tc10 layout: every group's k bits, 16-byte accesses free of bank conflicts, X2 in place, stores")
