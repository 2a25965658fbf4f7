#!/usr/bin/env python3
# test_tc8_layout.py - a design check of kernels/tensor_core_strided.cuh's
# index formulas (the strided register groups of 8 row bits: two stage
# groups of 4 on 2^8 runs of 64 elements, 8 warps): emulates one group's
# tile (element u = e + 64 * run) and checks that every mma column holds 16
# elements that differ only in the stage group's k bits (in order), that
# each shared-memory access instruction (a 32-bit word a lane) hits 32
# distinct banks, that the exchange's words are each written once and
# read once, and that every element is stored once at its own address.
# The formulas here are copies of the kernel's (wht__tc_xw,
# wht__tc_rstrided_group): change both together. make check runs it (TAP:
# one test; a failed check ends it with a traceback). A layout in 16-byte
# words (q in the address's low bits, as the pass of 10 bits has:
# test_tc10_layout.py) passed this check and the GPU tests but was slower
# on an H200 (docs/PERFORMANCE.md), so the kernel keeps this one.
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tc_layout import bit, lane_bits, banks32 as banks, mma_check as mma_check_r
print("1..1")
R = 6  # log2 of a run's elements
def run(u): return u >> R
def st(j): return 1 << (R + j)  # run bit j's offset
def mma_check(B, kbits): return mma_check_r(B, kbits, R)
def xw(j, rl, p):
    # wht__tc_xw: the word of run bits 5-7 = j, run bits 0-3 = rl, element p
    bank = ((p >> 3 ^ rl) & 1) | (p >> 4 & 3) << 1 | ((j ^ rl >> 1) & 3) << 3
    return bank | (p & 7) << 5 | rl << 8 | (j >> 2) << 12
smem = {}
# group a: warp w, lane 4g + t loads elements 8g.. of the runs (2w + s) 16 +
# 2t + h + 8b; eight mma (q); the results of s = 0, 1 pair up into words
for w in range(8):
    w0, w1, w2 = w & 1, w >> 1 & 1, w >> 2
    D = {}
    for s in range(2):
        Bq = {q: [[None]*8 for _ in range(16)] for q in range(8)}
        for lane in range(32):
            g, t, g0, g1, g2, t0, t1 = lane_bits(lane)
            ol = 8*g + (st(1) if t0 else 0) + (st(2) if t1 else 0) + (st(5) if w0 else 0) + (st(6) if w1 else 0) + (st(7) if w2 else 0)
            for h in range(2):
                for b in range(2):
                    a = ol + (st(0) if h else 0) + (st(3) if b else 0) + (st(4) if s else 0)
                    for q in range(8): Bq[q][2*t + h + 8*b][g] = a + q
        D[s] = {q: mma_check(Bq[q], [0, 1, 2, 3]) for q in range(8)}
    for q in range(8):
        for r in range(2):
            for hp in range(2):
                addrs = []
                for lane in range(32):
                    g, t, g0, g1, g2, t0, t1 = lane_bits(lane)
                    a = xw(w, g, 16*t + 8*hp) + (q << 5) + (r << 11)
                    addrs.append(a)
                    lo, hi = D[0][q][(g + 8*r, 2*t + hp)], D[1][q][(g + 8*r, 2*t + hp)]
                    assert hi == lo | st(4) and not bit(run(lo), 4)
                    assert a not in smem
                    smem[a] = (lo, hi)
                banks(addrs)
assert len(smem) == 1 << 13
# group b: warp w takes run bits 0-3 = 2w + s; lane 4g + t the words j = t
# (register 0) and t + 4 (register 1) of the elements 8 pi(g) + q,
# pi(g) = g / 2 + 4 (g mod 2); results stored as runs (g + 8r) 16 + 2w + s,
# elements 8t + q and 32 + 8t + q
read = set(); stored = set()
for w in range(8):
    w0, w1, w2 = w & 1, w >> 1 & 1, w >> 2
    for s in range(2):
        rl = 2*w + s
        B = {q: [[None]*8 for _ in range(16)] for q in range(8)}
        for q in range(8):
            for reg in range(2):
                addrs = []
                for lane in range(32):
                    g, t, g0, g1, g2, t0, t1 = lane_bits(lane)
                    a = xw(t, rl, 8*((g >> 1) | (g & 1) << 2)) + (q << 5) + (reg << 12)
                    addrs.append(a)
                    assert a not in read
                    read.add(a)
                    lo, hi = smem[a]
                    B[q][2*t + 8*reg][g] = lo; B[q][2*t + 8*reg + 1][g] = hi
                banks(addrs)
        E = {q: mma_check(B[q], [4, 5, 6, 7]) for q in range(8)}
        for lane in range(32):
            g, t, g0, g1, g2, t0, t1 = lane_bits(lane)
            os_ = 8*t + (st(1) if w0 else 0) + (st(2) if w1 else 0) + (st(3) if w2 else 0) + (st(4) if g0 else 0) + (st(5) if g1 else 0) + (st(6) if g2 else 0)
            for r in range(2):
                o = os_ + (st(0) if s else 0) + (st(7) if r else 0)
                for half in range(2):  # byte permutes 0x5410 (column 2t) and 0x7632 (2t + 1) at o and o + 32
                    for q in range(8):
                        u = E[q][(g + 8*r, 2*t + half)]
                        assert u == o + 32*half + q, ("store", u, o + 32*half + q)
                        assert u not in stored
                        stored.add(u)
assert len(read) == 1 << 13 and len(stored) == 1 << 14
print("ok 1 - tc8 layout: both groups' k bits, every access in 32 distinct banks, each word once, stores")
