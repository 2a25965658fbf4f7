/* xp_layout.cuh - the transposed forms' shared-memory slots (rows_comp.cuh,
 * rows_wide.cuh; rows_reg.cuh's wht__rows_fetch): index functions alone,
 * without the kernels' other code, so that a host program can call them
 * too. tests/layout_dump.cu prints their values over all their inputs and
 * tests/test_xp_layout.py compares those with its own model of the layout
 * (slot s at s ^ ((s >> 3) & 7), or padded at s + (s >> 3)) and checks
 * the values' bank conflicts: a change here that breaks the layout fails
 * make check. __host__ __device__ leaves the kernels' code as it was. */
#ifndef WHT_KERNELS_XP_LAYOUT_CUH
#define WHT_KERNELS_XP_LAYOUT_CUH

/* 16-byte slot s (row R = s >> 3 of eight slots, column s & 7) lives at
 * s ^ (R & 7), so that eight consecutive slots of a row, one slot of each
 * of eight rows at distinct columns and a row's 32 words are each read or
 * written without bank conflicts */
__host__ __device__ __forceinline__ constexpr unsigned wht__rows_xp_slot(unsigned s) { return s ^ ((s >> 3) & 7u); }

/* The slot of vector i of lane l, s = 32 i + l, in closed form: for the
 * XOR 32 i + (l ^ (l >> 3)), ^ 4 for odd i (the XOR touches bits 0-2
 * alone); padded (rows_comp.cuh) s + (s >> 3) = 36 i + l + (l >> 3). So
 * every vector is one of two addresses (one padded) and a constant. */
template <bool PAD = false>
__host__ __device__ __forceinline__ constexpr unsigned wht__rows_xp_vslot(unsigned lane, unsigned i)
{
  return PAD ? lane + (lane >> 3) + 36u * i : ((lane ^ (lane >> 3)) ^ (i & 1u ? 4u : 0u)) + 32u * i;
}

/* The rest of the tile's closed forms (rows_comp.cuh's layouts B and C,
 * and rows_wide.cuh's): the slots a warp's tile takes; layout B's slot j
 * of lane l, s = 8 l + j (words, j < 8: padded 9 l + j) or, for a 2-byte
 * pair's half h, s = 128 h + 4 l + j (j < 4: padded 9 (l >> 1) + 4 (l &
 * 1) + j + 144 h), as an index or (reads) an address; and layout C's word 32 L + l (lane l's value L: padded
 * 36 L + l, the XOR's column l ^ 4 (L & 7) of row L) */
template <bool PAD = false>
constexpr unsigned wht__rows_xp_room = PAD ? 288u : 256u;

template <bool PAD = false>
__host__ __device__ __forceinline__ constexpr unsigned wht__rows_xp_bslot(unsigned lane, unsigned j)
{
  return PAD ? lane * 9u + j : wht__rows_xp_slot(lane * 8u + j);
}

/* ... as addresses in sh for layout B's reads: padded, the lane's one
 * address plus constant offsets (pointer arithmetic, so that j and h fold
 * into the loads' offsets) */
template <bool PAD = false>
__host__ __device__ __forceinline__ const uint4 *wht__rows_xp_b(const uint4 *sh, unsigned lane, unsigned j)
{
  return PAD ? sh + lane * 9u + j : sh + wht__rows_xp_slot(lane * 8u + j);
}

template <bool PAD = false>
__host__ __device__ __forceinline__ const uint4 *wht__rows_xp_p(const uint4 *sh, unsigned lane, unsigned j, unsigned h)
{
  return PAD ? sh + ((lane >> 1) * 9u + ((lane & 1u) << 2)) + j + 144u * h
             : sh + wht__rows_xp_slot(128u * h + lane * 4u + j);
}

template <bool PAD = false>
__host__ __device__ __forceinline__ constexpr unsigned wht__rows_xp_cword(unsigned lane, unsigned L)
{
  return PAD ? L * 36u + lane : L * 32u + (lane ^ ((L & 7u) << 2));
}

/* The 2-byte rows' pair stores (rows_comp.cuh's wht__rows_xp_store_pairs):
 * lane l reads slots 2g and 2g + 1 of g = l + 32 i, which hold y's words
 * 8g..8g+7, at a + P i and b + P i: the lane's two addresses and a
 * constant (padded a = 2l + (l >> 2), b = a + 1, P = 72; XOR'd
 * a = 2l ^ (l >> 2), b = a ^ 1, P = 64) */
template <bool PAD = false>
__host__ __device__ __forceinline__ constexpr unsigned wht__rows_xp_pa(unsigned lane)
{
  return PAD ? 2u * lane + (lane >> 2) : (2u * lane) ^ (lane >> 2);
}

template <bool PAD = false>
__host__ __device__ __forceinline__ constexpr unsigned wht__rows_xp_pb(unsigned a)
{
  return PAD ? a + 1u : a ^ 1u;
}

template <bool PAD = false>
constexpr unsigned wht__rows_xp_pstep = PAD ? 72u : 64u;

/* The block form (rows_comp.cuh's wht__rows_comp_blk_row_xp, 16 warps):
 * warp w's x tile at slot w WS of the block's shared memory, its e tile
 * at NS + w WS (WS = wht__rows_xp_room, NS = 16 WS); after layout C warp
 * w writes lane l's value L as word 32 L + l of its tile, in element
 * order (wput), and after the block's barrier lane l of warp w reads
 * value v from the tile of warp v >> 1, word 512 (v & 1) + 32 w + l
 * (wget); words count from the block's x (or e) */
template <bool PAD = false>
constexpr unsigned wht__rows_xp_blk_ns = 16u * wht__rows_xp_room<PAD>;

template <bool PAD = false>
__host__ __device__ __forceinline__ constexpr unsigned wht__rows_xp_blk_wput(unsigned w, unsigned lane, unsigned L)
{
  return w * (4u * wht__rows_xp_room<PAD>) + L * 32u + lane;
}

template <bool PAD = false>
__host__ __device__ __forceinline__ constexpr unsigned wht__rows_xp_blk_wget(unsigned w, unsigned lane, unsigned v)
{
  return (v >> 1) * (4u * wht__rows_xp_room<PAD>) + ((v & 1u) << 9 | w << 5 | lane);
}

#endif
