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
# rows_comp.cuh's and rows_wide.cuh's layouts B and C use; _pa, _pb and
# _pstep, the 2-byte stores' slots; _blk_ns, _blk_wput and _blk_wget, the
# block form's words), as tests/layout_dump prints them: each equal to
# the model at every input (lane 0..31, every vector, slot, word, warp,
# both layouts), and tests 1's and 2's properties again on their values
# (the pair stores against the words the kernels' wht__rows_xp_cword put
# in each slot); without CUDA it is skipped (TAP SKIP). A change of a
# kernel's formula that breaks its layout fails it. make check runs it
# (TAP; a failed check ends it with a traceback).
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


def model_pstore(slot):
    """the pair stores' reads by the model: lane l's half h of g = l + 32 i
    is slot 2 g + h"""
    return lambda l, i, h: slot(2 * (l + 32 * i) + h)


def pair_stores(name, word_at, pstore):
    """rows_comp.cuh's wht__rows_xp_store_pairs: y's words written at layout
    C's places, word_at(w) the place of word w of the tile; then lane l
    reads slots pstore(l, i, h) for h = 0, 1, g = l + 32 i: they must hold
    words 8 g + 4 h .. 8 g + 4 h + 3 in order, free of bank conflicts,
    every slot once"""
    seen = set()
    for i in range(4):
        for half in (0, 1):
            addr = []
            for l in range(32):
                g = l + 32 * i
                s = pstore(l, i, half)
                for w in range(8 * g + 4 * half, 8 * g + 4 * half + 4):
                    assert word_at(w) == 4 * s + (w & 3), (name, "pair stores", i, half, l, w, word_at(w), s)
                seen.add(s)
                addr.append(4 * s)
            banks128(addr)
    return seen


for name, (slot, room) in LAYOUTS.items():
    tile = properties(name, room, model_access(slot))
    assert pair_stores(name, lambda w: 4 * slot(w >> 2) + (w & 3), model_pstore(slot)) == tile, (name, "pair stores miss slots")
print("ok 1 - xp layout model: slots apart, every access free of bank conflicts, each slot and word once, the pair stores")


def model_block(room):
    """the block form by the model: warp w's x tile at slot w WS, its e
    tile at NS + w WS (WS = room, NS = 16 WS); warp w writes lane l's value
    L as word 32 L + l of its own tile (element order), and after the
    barrier lane l of warp w reads value v from warp v >> 1's tile, word
    512 (v & 1) + 32 w + l; words count from the block's x (or e)"""
    return (16 * room, lambda w, l, L: 4 * room * w + 32 * L + l,
            lambda w, l, v: 4 * room * (v >> 1) + 512 * (v & 1) + 32 * w + l)


def block_form(name, room, ns, wput, wget):
    """the block form's (rows_comp.cuh's wht__rows_comp_blk_row_xp, 16
    warps) tiles apart, each warp's words within its own x tile, free of
    bank conflicts, and after the barrier every word read once, each the
    one the reading lane needs"""
    WS = room
    tiles = [set(range(base + w * WS, base + w * WS + room)) for base in (0, ns) for w in range(16)]
    assert all(not (a & b) for i, a in enumerate(tiles) for b in tiles[i + 1:]), (name, "block tiles overlap")
    written = {}
    for w in range(16):
        for L in range(32):
            addr = [wput(w, l, L) for l in range(32)]
            banks32(addr)
            for l, a in enumerate(addr):
                assert w * WS * 4 <= a < (w + 1) * WS * 4, (name, "words outside the warp's tile", w, L, l)
                assert a not in written, (name, "block word written twice", w, L, l)
                written[a] = (w, 32 * L + l)
    read = set()
    for w in range(16):
        for v in range(32):
            addr = [wget(w, l, v) for l in range(32)]
            banks32(addr)
            for l, a in enumerate(addr):
                assert written.get(a) == (v >> 1, 512 * (v & 1) + 32 * w + l), (name, "block read", w, v, l)
                read.add(a)
    assert read == set(written), (name, "block words not read once")


for name, (slot, room) in LAYOUTS.items():
    block_form(name, room, *model_block(room))
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
        for i in range(4):
            for h in (0, 1):
                got, want = K["xp_pstore"][(pad, l, i, h)], model_pstore(slot)(l, i, h)
                assert got == want, (name, "wht__rows_xp_pa/_pb/_pstep", l, i, h, got, want)
    tile = properties(name, K["xp_room"][(pad,)], kern)
    # the pair stores read the slots where the kernels' layout C put the words
    assert pair_stores(name, lambda w: kern["cword"](w & 31, w >> 5),
                       lambda l, i, h: K["xp_pstore"][(pad, l, i, h)]) == tile, (name, "pair stores miss slots")
    ns, wput, wget = model_block(room)
    assert K["xp_blk_ns"][(pad,)] == ns, (name, "wht__rows_xp_blk_ns", K["xp_blk_ns"][(pad,)], ns)
    for w in range(16):
        for l in range(32):
            for L in range(32):
                assert K["xp_blk_wput"][(pad, w, l, L)] == wput(w, l, L), (name, "wht__rows_xp_blk_wput", w, l, L)
                assert K["xp_blk_wget"][(pad, w, l, L)] == wget(w, l, L), (name, "wht__rows_xp_blk_wget", w, l, L)
    block_form(name, room, K["xp_blk_ns"][(pad,)], lambda w, l, L: K["xp_blk_wput"][(pad, w, l, L)],
               lambda w, l, v: K["xp_blk_wget"][(pad, w, l, v)])
print("ok 3 - the kernels' xp_layout.cuh functions equal the model at every input, their accesses free of bank conflicts, each slot and word once")
