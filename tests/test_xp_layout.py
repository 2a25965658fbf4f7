#!/usr/bin/env python3
# test_xp_layout.py - a check of the transposed compensated warp rows'
# shared-memory layouts: a warp's tile of 256 16-byte slots, slot s at
# s ^ ((s >> 3) & 7) (the XOR) or at s + (s >> 3) (padded,
# ERR::rows_xp_pad). The two slot functions below are the model, the
# specification the kernels' closed forms must meet. Test 1 checks the
# model: for both layouts, that the slots lie apart within the buffer the
# kernel reserves (256 or 288 slots), that every access is free of bank
# conflicts (16-byte accesses: each quarter warp in eight distinct groups
# of four banks; 32-bit words: 32 distinct banks), that layout B's reads
# take every slot once and layout C's every word once, and that the
# 2-byte stores' slot pairs (rows_comp.cuh's wht__rows_xp_store_pairs)
# take every slot once. Test 2: the block form (rows_comp.cuh's
# wht__rows_comp_blk_row_xp, 16 warps, single_comp.cuh's first pass):
# each warp's x and e tiles apart from the others' in either layout, its
# words in element order within its own x tile before the block's
# barrier, and after it every word read once. Test 3 checks the kernels'
# own functions (kernels/xp_layout.cuh: wht__rows_xp_slot, _vslot,
# _bslot, _b, _p, _cword and _room, which rows_reg.cuh's cp.async fetch,
# rows_comp.cuh's and rows_wide.cuh's layouts B and C and the 2-byte
# stores use), as tests/layout_dump prints them: each equal to the model
# at every input (lane 0..31, every vector, slot, word, both layouts),
# and test 1's properties again on their values; without CUDA it is
# skipped (TAP SKIP). A change of a kernel's formula that breaks its
# layout fails it. Still copies: rows_comp.cuh computes the pair stores'
# two slot addresses (a, b) and the block form's word addresses inline,
# where the dump cannot call them, so tests 1 and 3 (the pair stores;
# test 3 against the words the kernels' wht__rows_xp_cword put in each
# slot) and 2 (the block form) check this file's copies of them: change
# those with rows_comp.cuh. make check runs it (TAP; a failed check ends
# it with a traceback).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tc_layout import banks32, banks128, kernel_values, skip
print("1..3")

# the model: each layout's slot function and the slots its tile takes
LAYOUTS = {"xor": (lambda s: s ^ ((s >> 3) & 7), 256), "pad": (lambda s: s + (s >> 3), 288)}


def model_access(slot):
    """the accesses the kernels make, by the model: vector i of lane l to
    slot 32 i + l (the copy), layout B's slots 8 l + j (f32 words) and
    128 h + 4 l + j (2-byte pairs), layout C's word 32 L + l"""
    return {"copy": lambda i, l: slot(32 * i + l),
            "b": lambda l, j: slot(8 * l + j),
            "p": lambda l, j, h: slot(128 * h + 4 * l + j),
            "cword": lambda l, L: 4 * slot((32 * L + l) >> 2) + ((32 * L + l) & 3)}


def properties(name, room, acc):
    """the layout's properties on the accesses acc (model_access's keys):
    the copy's slots apart within room and free of bank conflicts, each
    read of layout B free of them and taking every slot once, layout C's
    words free of them and each word of the tile once; returns the slots"""
    tile = set()
    for i in range(8):
        addr = [acc["copy"](i, l) for l in range(32)]
        banks128([4 * s for s in addr])
        tile.update(addr)
    assert len(tile) == 256 and min(tile) >= 0 and max(tile) < room, (name, "slots overlap or overflow", max(tile))

    def layout_b(what, instructions):
        seen = set()
        for slot_of in instructions:
            addr = [slot_of(l) for l in range(32)]
            banks128([4 * s for s in addr])
            seen.update(addr)
        assert seen == tile, (name, what, "misses slots")

    # f32: lane l reads slots 8 l + j
    layout_b("layout B", [lambda l, j=j: acc["b"](l, j) for j in range(8)])
    # 2-byte pairs: lane l reads slots 4 l + j and 128 + 4 l + j
    layout_b("pairs", [lambda l, j=j, h=h: acc["p"](l, j, h) for j in range(4) for h in (0, 1)])
    # layout C: lane l reads word 32 L + l of the tile (x, then e)
    words = set()
    for L in range(32):
        addr = [acc["cword"](l, L) for l in range(32)]
        banks32(addr)
        words.update(addr)
    assert words == {4 * s + k for s in tile for k in range(4)}, (name, "layout C misses words")
    return tile


def pair_stores(name, word_at):
    """rows_comp.cuh's wht__rows_xp_store_pairs (its expressions, copied):
    y's words written at layout C's places, word_at(w) the place of word
    w of the tile; then lane l reads slots 2 g and 2 g + 1 for g = l + 32 i,
    each at one of two addresses plus a constant: they must hold words
    8 g .. 8 g + 7 in order, free of bank conflicts, every slot once"""
    seen = set()
    for i in range(4):
        for half in (0, 1):
            addr = []
            for l in range(32):
                g = l + 32 * i
                a = 2 * l + (l >> 2) if name == "pad" else (2 * l) ^ (l >> 2)
                b = a + 1 if name == "pad" else a ^ 1
                s = (b if half else a) + (72 if name == "pad" else 64) * i
                for w in range(8 * g + 4 * half, 8 * g + 4 * half + 4):
                    assert word_at(w) == 4 * s + (w & 3), (name, "pair stores", i, half, l, w, word_at(w), s)
                seen.add(s)
                addr.append(4 * s)
            banks128(addr)
    return seen


for name, (slot, room) in LAYOUTS.items():
    tile = properties(name, room, model_access(slot))
    assert pair_stores(name, lambda w: 4 * slot(w >> 2) + (w & 3)) == tile, (name, "pair stores miss slots")
print("ok 1 - xp layout model: slots apart, every access free of bank conflicts, each slot and word once, the pair stores")

# the block form (its word addresses copied from rows_comp.cuh): warp w's
# x tile at slot w WS, its e tile at NS + w WS (WS = 256 or 288 slots, NS
# = 16 WS); after layout C each warp writes its 1024 words in order at
# word w WW + 32 L + l (WW = 4 WS), then after the barrier lane l of warp
# w reads word (v >> 1) WW + 512 (v & 1) + 32 w + l for v = 0..31 (x, and
# e at the same offset from NS)
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

K, why = kernel_values("xp")
if K is None:
    skip(3, "the kernels' xp_layout.cuh functions", why)
    sys.exit(0)
xor = LAYOUTS["xor"][0]
for s in range(256):
    assert K["xp_slot"][(s,)] == xor(s), ("wht__rows_xp_slot", s, K["xp_slot"][(s,)], xor(s))
for pad, name in ((0, "xor"), (1, "pad")):
    slot, room = LAYOUTS[name]
    model = model_access(slot)
    assert K["xp_room"][(pad,)] == room, (name, "wht__rows_xp_room", K["xp_room"][(pad,)], room)
    kern = {"copy": lambda i, l: K["xp_vslot"][(pad, l, i)],
            "b": lambda l, j: K["xp_bslot"][(pad, l, j)],
            "p": lambda l, j, h: K["xp_p"][(pad, l, j, h)],
            "cword": lambda l, L: K["xp_cword"][(pad, l, L)]}
    for l in range(32):
        for i in range(8):
            assert kern["copy"](i, l) == model["copy"](i, l), (name, "wht__rows_xp_vslot", l, i, kern["copy"](i, l), model["copy"](i, l))
        for j in range(8):
            assert kern["b"](l, j) == model["b"](l, j), (name, "wht__rows_xp_bslot", l, j, kern["b"](l, j), model["b"](l, j))
            assert K["xp_b"][(pad, l, j)] == model["b"](l, j), (name, "wht__rows_xp_b", l, j, K["xp_b"][(pad, l, j)], model["b"](l, j))
        for j in range(4):
            for h in (0, 1):
                assert kern["p"](l, j, h) == model["p"](l, j, h), (name, "wht__rows_xp_p", l, j, h, kern["p"](l, j, h), model["p"](l, j, h))
        for L in range(32):
            assert kern["cword"](l, L) == model["cword"](l, L), (name, "wht__rows_xp_cword", l, L, kern["cword"](l, L), model["cword"](l, L))
    tile = properties(name, K["xp_room"][(pad,)], kern)
    # the pair stores read the slots where the kernels' layout C put the words
    assert pair_stores(name, lambda w: kern["cword"](w & 31, w >> 5)) == tile, (name, "pair stores miss slots")
print("ok 3 - the kernels' xp_layout.cuh functions equal the model at every input, their accesses free of bank conflicts, each slot and word once")
