#!/usr/bin/env python3
# test_xp_layout.py - a design check of the transposed compensated warp
# rows' shared-memory layouts (kernels/rows_reg.cuh's wht__rows_xp_slot,
# wht__rows_xp_vslot, wht__rows_xp_bslot, wht__rows_xp_b, wht__rows_xp_p
# and wht__rows_xp_cword, which rows_comp.cuh's and rows_wide.cuh's layouts
# B and C and the 2-byte stores of wht__rows_comp_xp_body use, and the
# slot pairs of rows_comp.cuh's wht__rows_xp_store_pairs): a
# warp's tile of 256 16-byte slots, slot s at s ^ ((s >> 3) & 7) (the
# XOR) or at s + (s >> 3) (padded, ERR::rows_xp_pad). For both layouts it
# checks that the kernels' closed forms (the copy's two addresses and
# constant offsets, the padded rows' one address and constant offsets)
# give the layout's slot, that the layout keeps the slots apart within the
# buffer the kernel reserves (256 or 288 slots), that every access is free
# of bank conflicts (16-byte accesses: each quarter warp in eight distinct
# groups of four banks; 32-bit words: 32 distinct banks), and that layout
# B's reads take every slot once and layout C's every word once. The
# formulas here are copies of the kernels': change both together. Test
# 2: the block form (rows_comp.cuh's wht__rows_comp_blk_row_xp, 16 warps,
# single_comp.cuh's first pass): each warp's x and e tiles apart from the
# others' in either layout, its words in element order within its own x
# tile before the block's barrier, and after it every word read once.
# make check runs it (TAP; a failed check ends it with a traceback).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tc_layout import banks32, banks128
print("1..2")

LAYOUTS = {"xor": (lambda s: s ^ ((s >> 3) & 7), 256), "pad": (lambda s: s + (s >> 3), 288)}

for name, (slot, room) in LAYOUTS.items():
    phys = [slot(s) for s in range(256)]
    assert len(set(phys)) == 256 and max(phys) < room, (name, "slots overlap or overflow", max(phys))

    # the copy (cp.async, or the 2-byte rows' stores): vector i of lane l
    # to slot 32 i + l
    for i in range(8):
        addr = []
        for l in range(32):
            s = slot(32 * i + l)
            if name == "xor":
                a = l ^ (l >> 3)
                closed = (a ^ 4 if i & 1 else a) + 32 * i
            else:
                closed = l + (l >> 3) + 36 * i
            assert s == closed, (name, "copy", i, l, s, closed)
            addr.append(4 * s)
        banks128(addr)

    # layout B: each instruction's 32 lanes read a slot each, logical
    # slots logical(l) with the padded closed form padded(l) (and layout
    # C's stores of x and e write the f32 reads' slots); the reads of all
    # instructions take every slot once
    def layout_b(what, instructions):
        seen = set()
        for logical, padded in instructions:
            addr = []
            for l in range(32):
                s = slot(logical(l))
                if name == "pad":
                    assert s == padded(l), (name, what, l, s, padded(l))
                seen.add(s)
                addr.append(4 * s)
            banks128(addr)
        assert seen == set(phys), (name, what, "misses slots")

    # f32: lane l reads slots 8 l + j
    layout_b("layout B", [(lambda l, j=j: 8 * l + j, lambda l, j=j: 9 * l + j) for j in range(8)])
    # 2-byte pairs: lane l reads slots 4 l + j and 128 + 4 l + j
    layout_b("pairs", [(lambda l, j=j, h=h: h + 4 * l + j,
                        lambda l, j=j, h=h: 9 * (l >> 1) + 4 * (l & 1) + j + (144 if h else 0))
                       for j in range(4) for h in (0, 128)])

    # layout C: lane l reads word 32 L + l of the tile (x, then e)
    words = set()
    for L in range(32):
        addr = []
        for l in range(32):
            w = 32 * L + l
            a = 4 * slot(w >> 2) + (w & 3)
            closed = 32 * L + (l ^ ((L & 7) << 2)) if name == "xor" else 36 * L + l
            assert a == closed, (name, "layout C", L, l, a, closed)
            words.add(a)
            addr.append(a)
        banks32(addr)
    assert len(words) == 1024, (name, "layout C misses words")

    # the 2-byte stores (rows_comp.cuh's wht__rows_xp_store_pairs): y's
    # words written at layout C's places (checked above), then lane l
    # reads slots 2 g and 2 g + 1 for g = l + 32 i, each at one of two
    # addresses plus a constant
    seen = set()
    for i in range(4):
        for half in (0, 1):
            addr = []
            for l in range(32):
                g = l + 32 * i
                s = slot(2 * g + half)
                a = 2 * l + (l >> 2) if name == "pad" else (2 * l) ^ (l >> 2)
                b = a + 1 if name == "pad" else a ^ 1
                closed = (b if half else a) + (72 if name == "pad" else 64) * i
                assert s == closed, (name, "pair stores", i, half, l, s, closed)
                seen.add(s)
                addr.append(4 * s)
            banks128(addr)
    assert seen == set(phys), (name, "pair stores miss slots")
print("ok 1 - xp layouts: the closed forms, slots apart, every access free of bank conflicts, each slot and word once")

# the block form: warp w's x tile at slot w WS, its e tile at NS + w WS
# (WS = 256 or 288 slots, NS = 16 WS); after layout C each warp writes
# its 1024 words in order at word w WW + 32 L + l (WW = 4 WS), then after
# the barrier lane l of warp w reads word (v >> 1) WW + 512 (v & 1) + 32 w
# + l for v = 0..31 (x, and e at the same offset from NS)
for name, (slot, room) in LAYOUTS.items():
    WS = room
    NS, WW = 16 * WS, 4 * WS
    tiles = [set(range(base + w * WS, base + w * WS + room)) for base in (0, NS) for w in range(16)]
    assert all(not (a & b) for i, a in enumerate(tiles) for b in tiles[i + 1:]), (name, "block tiles overlap")
    written = {}
    for w in range(16):
        for L in range(32):
            addr = [w * WW + 32 * L + l for l in range(32)]
            banks32(addr)
            for l, a in enumerate(addr):
                assert w * WS * 4 <= a < (w + 1) * WS * 4, (name, "words outside the warp's tile", w, L, l)
                written[a] = (w, 32 * L + l)
    read = set()
    for w in range(16):
        for v in range(32):
            addr = [(v >> 1) * WW + 512 * (v & 1) + 32 * w + l for l in range(32)]
            banks32(addr)
            for l, a in enumerate(addr):
                assert written.get(a) == (v >> 1, 512 * (v & 1) + 32 * w + l), (name, "block read", w, v, l)
                read.add(a)
    assert read == set(written), (name, "block words not read once")
print("ok 2 - the block form's tiles apart, its words in order within them, each read once")
