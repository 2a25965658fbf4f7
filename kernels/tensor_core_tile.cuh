/* tensor_core_tile.cuh - the kernels of the tensor-core FWHT.
 *
 * Small rows (k <= 10): each warp takes 1024 consecutive elements straight
 * from device memory into the frame wht__tc_f1nat (coalesced 8-byte loads,
 * a warp's load covers 256 contiguous bytes), applies stages 0 and 1, for
 * k = 9, 10 stage 2 after a register transpose, and stores them back: one
 * read and one write, no shared memory. Rows of 2^11, 2^12: the 8 warps of
 * a block do the same on 8 units, then exchange them once through shared
 * memory for stage 2 (wht__tc_x12_kernel).
 *
 * Tiles (one block per tile of 2^15 elements in 64 KB of shared memory):
 *   natural tile (rows of 2^15, several rows per tile for shorter ones;
 *   rows of 2^9..2^14 and the first pass of longer rows only where
 *   WHT_TC_SMALL_KMAX or
 *   the direct switch asks for it): 16-byte asynchronous copies fill shared memory
 *   (or, KIND 0, the first W2 reads device memory directly like the small
 *   kernel: 3 % slower on an H200), two W2 work there, 16-byte stores write
 *   the tile back.
 *   strided tile (later passes of rows longer than 2^15), two shapes:
 *   runs of 8 (tile bits 0-2 are row bits 0-2, tile bits 3-14 the pass's 12
 *   row bits: three 4-bit groups, two W2) or runs of 128 (tile bits 0-6 are
 *   row bits 0-6, tile bits 7-14 the pass's 8 row bits: two groups, one W2).
 *   Row bits past the row's end map to other row bits as identity filler.
 *   16-byte asynchronous copies fill shared memory, the W2 work there.
 * Shared memory is swizzled (wht__tc_phys) so that every access of every
 * phase is free of bank conflicts: a half-warp's 8-byte words and a quarter
 * warp's 16-byte vectors fall into distinct banks. */
#ifndef WHT_KERNELS_TENSOR_CORE_TILE_CUH
#define WHT_KERNELS_TENSOR_CORE_TILE_CUH

#include "tensor_core_w2.cuh"
#include "gpu_util.h" /* wht__l2_prefetch */
#include "bulk_copy.cuh" /* wht__mbar_wait */

/* One launch over the whole data. */
struct wht__tc_pass {
  uint64_t N;              /* elements over all rows */
  uint64_t ntiles;
  uint64_t n;              /* row length */
  uint64_t tiles_per_row;  /* strided: tiles in one row */
  uint64_t stride[WHT__TC_TILE_LOG2]; /* strided: row offset of each tile bit */
  unsigned char rest[64];  /* strided: row bits outside the tile, in tile-index order */
  unsigned nrest;
  unsigned masks;          /* k-index masks of the 4 stages, nibble j for stage j */
};

/* The tile of a strided pass over row bits s0.. of `batch` rows of 2^k:
 * tile bits 0..R-1 are row bits 0..R-1 (a run), tile bit slot[j] row bit
 * s0 + j while s0 + j < k, the other slots filler row bits (the lowest
 * free from R). Sets rb[i] (the row bit of tile bit i < R + nslots) and
 * p's stride, rest, nrest, tiles_per_row and ntiles (the tensor-core
 * tiles, tensor_core.cu, and the register passes, tensor_core_strided.cuh). */
static void wht__tc_strided_tile(wht__tc_pass *p, int rb[], unsigned k, uint64_t batch, unsigned s0, unsigned R,
                                 const unsigned slot[], unsigned nslots)
{
  const unsigned L = k - s0 < nslots ? k - s0 : nslots;
  unsigned char used[64] = { 0 };
  for (unsigned i = 0; i < R; i++) rb[i] = (int)i, used[i] = 1;
  for (unsigned j = 0; j < L; j++) rb[slot[j]] = (int)(s0 + j), used[s0 + j] = 1;
  unsigned r = R; /* filler: k >= 16 leaves enough */
  for (unsigned j = L; j < nslots; j++) {
    while (used[r]) r++;
    rb[slot[j]] = (int)r, used[r] = 1;
  }
  p->nrest = 0;
  for (unsigned b = 0; b < k; b++)
    if (!used[b]) p->rest[p->nrest++] = (unsigned char)b;
  for (unsigned i = 0; i < R + nslots; i++) p->stride[i] = (uint64_t)1 << rb[i];
  p->tiles_per_row = (uint64_t)1 << p->nrest;
  p->ntiles = batch << p->nrest;
}

/* Physical element offset of tile element u: XOR of tile bits 6-14 into
 * bits 2-5 (the 8-byte word within a bank row). */
__device__ __forceinline__ unsigned wht__tc_swz(unsigned u)
{
  return ((u >> 6 ^ u >> 10 ^ u >> 14) & 1u) | ((u >> 7 ^ u >> 11) & 1u) << 1 |
         ((u >> 8 ^ u >> 12) & 1u) << 2 | (u >> 13 & 1u) << 3;
}
__device__ __forceinline__ unsigned wht__tc_phys(unsigned u) { return u ^ wht__tc_swz(u) << 2; }

/* 8-byte accesses of device memory: plain (L2P false), or those of an
 * L2-blocked pair (L2P true: loads through L2 only, CG, so that no SM's
 * L1 keeps a line that another SM rewrites before this kernel reads it
 * again; both with the pair's L2 eviction policy pol). */
template <bool L2P>
__device__ __forceinline__ uint2 wht__tc_ld8(const uint16_t *p, uint64_t pol)
{
  if (!L2P) return *(const uint2 *)p;
  uint2 v;
  asm volatile("ld.global.cg.L2::cache_hint.v2.u32 {%0, %1}, [%2], %3;" : "=r"(v.x), "=r"(v.y) : "l"(p), "l"(pol));
  return v;
}

template <bool L2P>
__device__ __forceinline__ void wht__tc_st8(uint16_t *p, uint2 v, uint64_t pol)
{
  if (!L2P) {
    *(uint2 *)p = v;
    return;
  }
  asm volatile("st.global.L2::cache_hint.v2.u32 [%0], {%1, %2}, %3;" ::"l"(p), "r"(v.x), "r"(v.y), "l"(pol) : "memory");
}

/* 4 elements at x[e] (e a multiple of 4); zeros past N. */
template <bool L2P = false>
__device__ __forceinline__ uint2 wht__tc_load4(const uint16_t *x, uint64_t e, uint64_t N, uint64_t pol = 0)
{
  if (e + 4 <= N) return wht__tc_ld8<L2P>(x + e, pol);
  uint16_t h[4];
#pragma unroll
  for (unsigned j = 0; j < 4; j++) h[j] = e + j < N ? x[e + j] : (uint16_t)0;
  return make_uint2(h[0] | (uint32_t)h[1] << 16, h[2] | (uint32_t)h[3] << 16);
}

template <bool L2P = false>
__device__ __forceinline__ void wht__tc_store4(uint16_t *x, uint64_t e, uint64_t N, uint2 v, uint64_t pol = 0)
{
  if (e + 4 <= N) {
    wht__tc_st8<L2P>(x + e, v, pol);
    return;
  }
  const uint16_t h[4] = { (uint16_t)v.x, (uint16_t)(v.x >> 16), (uint16_t)v.y, (uint16_t)(v.y >> 16) };
#pragma unroll
  for (unsigned j = 0; j < 4; j++)
    if (e + j < N) x[e + j] = h[j];
}

/* (the plain store written out too: a uint4 whose words are selects, as
 * the tile's copy-out builds them, was stored as four 4-byte stores, each
 * writing a quarter of every sector: 24.7 M sectors written to L2 for
 * 16.8 M in rows of 2^15 f16 over 2^28 elements, Nsight Compute's source
 * counters, docs/PERFORMANCE.md) */
template <bool L2P>
__device__ __forceinline__ void wht__tc_st16(uint16_t *p, uint4 v, uint64_t pol)
{
  if (!L2P) {
    asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z), "r"(v.w) : "memory");
    return;
  }
  asm volatile("st.global.L2::cache_hint.v4.u32 [%0], {%1, %2, %3, %4}, %5;" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z),
               "r"(v.w), "l"(pol)
               : "memory");
}

/* The result of wht__tc_w1 in frame F (its P0, P1, G0 = tile bits 0, 1,
 * 2) to x[e + F::w1_offset(...)], e the lane's offset (F::w1_lane_offset
 * and the rest): the four words i of both halves form 8 consecutive
 * elements, one 16-byte store. FULL: every element before N. */
template <class F, bool L2P, bool FULL>
__device__ __forceinline__ void wht__tc_w1_store(uint16_t *x, uint64_t e, uint64_t N, const uint32_t y[2][4][2],
                                                 uint64_t pol)
{
  static_assert(F::p0 == 0 && F::p1 == 1 && F::g0 == 2, "the words i are tile bits 0, 1, the halves bit 2");
#pragma unroll
  for (unsigned s = 0; s < 2; s++)
#pragma unroll
    for (unsigned r = 0; r < 2; r++) {
      const uint2 lo = make_uint2(__byte_perm(y[s][0][r], y[s][1][r], 0x5410u), __byte_perm(y[s][2][r], y[s][3][r], 0x5410u));
      const uint2 hi = make_uint2(__byte_perm(y[s][0][r], y[s][1][r], 0x7632u), __byte_perm(y[s][2][r], y[s][3][r], 0x7632u));
      const uint64_t e0 = e + F::w1_offset(0, r, s), e1 = e + F::w1_offset(1, r, s);
      if (FULL) {
        wht__tc_st16<L2P>(x + e0, make_uint4(lo.x, lo.y, hi.x, hi.y), pol);
      } else {
        wht__tc_store4<L2P>(x, e0, N, lo, pol);
        wht__tc_store4<L2P>(x, e1, N, hi, pol);
      }
    }
}

/* One unit of 1024 elements at x[e] (e a multiple of 1024) into a warp's
 * registers in the frame wht__tc_f1nat, and back. 8-byte accesses: 16-byte
 * ones need tile bit 2 moved onto a lane (a shuffle between lanes l and
 * l ^ 2), and that version ran 6-10 % slower on an H100 (commit 89920e0,
 * docs/PERFORMANCE.md). */
template <bool L2P = false>
__device__ __forceinline__ void wht__tc_unit_load(const uint16_t *x, uint64_t e, uint64_t N, uint2 v[2][4],
                                                  uint64_t pol = 0)
{
  typedef wht__tc_f1nat F;
  const unsigned lane = threadIdx.x & 31;
#pragma unroll
  for (unsigned s = 0; s < 2; s++)
#pragma unroll
    for (unsigned i = 0; i < 4; i++) v[s][i] = wht__tc_load4<L2P>(x, e + F::lane_offset(lane) + F::word(i, s), N, pol);
}

template <bool L2P = false>
__device__ __forceinline__ void wht__tc_unit_store(uint16_t *x, uint64_t e, uint64_t N, const uint2 v[2][4],
                                                   uint64_t pol = 0)
{
  typedef wht__tc_f1nat F;
  const unsigned lane = threadIdx.x & 31;
#pragma unroll
  for (unsigned s = 0; s < 2; s++)
#pragma unroll
    for (unsigned i = 0; i < 4; i++) wht__tc_store4<L2P>(x, e + F::lane_offset(lane) + F::word(i, s), N, v[s][i], pol);
}

/* Rows of up to 2^10 (tensor_core.cu): a warp takes 1024 consecutive
 * elements (a unit) into registers, stages 0 and 1 (one W2) on tile bits
 * 0-7; with THIRD (k = 9, 10), the 4 x 4 transpose brings tile bits 8, 9
 * (the word index) into each word and a second W2 does stage 2 on them
 * (its b stage an identity), then the transpose back. masks: nibbles 0-3 =
 * the four stages' k-index masks. */
/* A whole unit (its 1024 elements all before N): the same loads and stores
 * from one pointer a lane, the words at compile-time offsets, no bounds
 * checks (the checked forms above cost a 64-bit compare and address per
 * access: most of the exchange kernel's integer instructions). */
template <bool L2P = false>
__device__ __forceinline__ void wht__tc_unit_load_full(const uint16_t *p, uint2 v[2][4], uint64_t pol = 0)
{
  typedef wht__tc_f1nat F;
#pragma unroll
  for (unsigned s = 0; s < 2; s++)
#pragma unroll
    for (unsigned i = 0; i < 4; i++) v[s][i] = wht__tc_ld8<L2P>(p + F::word(i, s), pol);
}

template <bool L2P = false>
__device__ __forceinline__ void wht__tc_unit_store_full(uint16_t *p, const uint2 v[2][4], uint64_t pol = 0)
{
  typedef wht__tc_f1nat F;
#pragma unroll
  for (unsigned s = 0; s < 2; s++)
#pragma unroll
    for (unsigned i = 0; i < 4; i++) wht__tc_st8<L2P>(p + F::word(i, s), v[s][i], pol);
}

/* One unit of the kernel below at x[e]; FULL: a whole unit, unchecked.
 * (Stage 2 alone, without its identity stage, stored from its own layout
 * with 8-byte stores: 0-1 % slower on an H200, docs/PERFORMANCE.md.) */
template <class M, bool THIRD, bool FULL>
__device__ __forceinline__ void wht__tc_small_unit(uint16_t *x, uint64_t e, uint64_t N, const uint32_t a[][4])
{
  const unsigned lane = threadIdx.x & 31;
  uint2 v[2][4];
  uint16_t *p = x + e + wht__tc_f1nat::lane_offset(lane);
  if (FULL) wht__tc_unit_load_full(p, v);
  else wht__tc_unit_load(x, e, N, v);
  wht__tc_w2<M>(v, a[0], a[1]);
  if (THIRD) {
    wht__tc_transpose(v[0]);
    wht__tc_transpose(v[1]);
    wht__tc_w2<M>(v, a[THIRD ? 2 : 0], a[THIRD ? 3 : 1]);
    wht__tc_transpose(v[0]);
    wht__tc_transpose(v[1]);
  }
  if (FULL) wht__tc_unit_store_full(p, v);
  else wht__tc_unit_store(x, e, N, v);
}

/* FAST false: every unit by the checked path (WHT_TC_FULL=0, tensor_core.cu,
 * for comparisons) */
/* ahead > 0: each warp first asks L2 for the unit of the same warp of the
 * block `ahead` blocks on (as the exchange kernel below) */
template <class M, bool THIRD, bool FAST = true>
__global__ void __launch_bounds__(WHT__TC_THREADS)
wht__tc_small_kernel(uint16_t *x, uint64_t N, unsigned masks, unsigned ahead)
{
  uint32_t a[THIRD ? 4 : 2][4];
#pragma unroll
  for (unsigned j = 0; j < (THIRD ? 4u : 2u); j++) wht__tc_afrag<M>(a[j], masks >> 4 * j & 15u);
  /* units of 1024 elements per warp and step: 2 (more loads in flight) took
   * 84 registers and ran 6% slower on an H200 than 1 (54 registers) */
  const uint64_t units = (N + 1023) >> 10, step = (uint64_t)gridDim.x * (WHT__TC_THREADS / 32);
  for (uint64_t w = (uint64_t)blockIdx.x * (WHT__TC_THREADS / 32) + (threadIdx.x >> 5); w < units; w += step) {
    const uint64_t p = (w + (uint64_t)ahead * (WHT__TC_THREADS / 32)) << 10; /* whole units only */
    if (ahead && p + 1024 <= N && (threadIdx.x & 31u) == 0)
      wht__l2_prefetch(x + p, 2048);
    if (FAST && ((w + 1) << 10) <= N) wht__tc_small_unit<M, THIRD, true>(x, w << 10, N, a);
    else wht__tc_small_unit<M, THIRD, false>(x, w << 10, N, a);
  }
}

/* Rows of 2^11 and 2^12 by the 8 warps of a block and one exchange through
 * shared memory: the block takes 8192 consecutive elements, warp w the unit
 * of tile bits 0-9 at w << 10 (stages 0 and 1 as in the small kernel),
 * which it writes to shared memory; then each warp reads back a unit whose
 * lane bits 0-1 are tile bits 10, 11 and whose word index is tile bits 8,
 * 9 (frame wht__tc_fx12: tile bits 2-4 on lane bits 2-4, 5 the word half
 * s, 6, 7 and 12 the warp), and after the 4 x 4 transpose a W2 does stage
 * 2 (its b stage an identity); the unit goes straight to device memory,
 * 64 contiguous bytes per lane quad. Shared memory: 16 KB, tile bits 10, 11
 * XORed into element bits 4, 5 so that both the natural writes and the
 * exchanged reads (lanes 2 KB apart) hit distinct banks.
 *
 * Rows of 2^K, K = 13..15, the same with 2^(K-10) warps on 2^K elements:
 * the exchanged unit's b stage does stage 3 (frames wht__tc_fx13..15 put
 * tile bits 12..K-1 on s and lane bits 4, 3), so there is still one
 * exchange; tile bit 14 is also XORed into element bit 3, so that a
 * half-warp's reads (lane bits 0-3: tile bits 10, 11, 2, 14) stay in
 * distinct banks. Rows of 2^14 run UW = 2 units a warp on 8 warps and
 * restaged (RS): frame fx14's lanes hold tile bits 2, 3 and not 4, so its
 * 8-byte stores write runs of 32 bytes; the results go back to shared
 * memory and the natural units leave in 16-byte vectors (on an H200
 * 1.00-1.01x the add-one kernel against 1.04-1.08x; RS on 16 warps
 * 1.17x, UW = 2 alone 1.04-1.09x), rows of 2^15 UW = 4 restaged (80
 * registers, three blocks a multiprocessor: 1.04-1.06x against the
 * tile's 1.17-1.18x; docs/PERFORMANCE.md): wht__tc_x_units. */
__device__ __forceinline__ unsigned wht__tc_x12_phys(unsigned u)
{
  return u ^ ((u >> 10) & 3u) << 4 ^ ((u >> 14) & 1u) << 3;
}

/* Elements of a block of the exchange kernel for rows of 2^K, log2. */
template <unsigned K>
__host__ __device__ constexpr unsigned wht__tc_x_log2() { return K < 13 ? 13 : K; }

/* tile offset of word i of side s of the exchanged unit of warp w (before
 * the transpose: the word's elements are tile bits 0, 1, i is bits 8, 9);
 * the warp index fills the tile bits no lane, word or element holds */
template <unsigned K>
__device__ __forceinline__ unsigned wht__tc_x12_offset(unsigned lane, unsigned w, unsigned i, unsigned s)
{
  typedef typename wht__tc_xframe<K>::F F;
  constexpr unsigned FREE = ((1u << wht__tc_x_log2<K>()) - 1) &
                            ~(3u | 3u << 8 | 1u << F::t0 | 1u << F::t1 | 1u << F::g0 | 1u << F::g1 | 1u << F::g2 | 1u << F::s);
  unsigned wo = 0, bit = 0;
#pragma unroll
  for (unsigned b = 0; b < 15; b++)
    if (FREE >> b & 1u) wo |= (w >> bit++ & 1u) << b;
  return (lane & 1u) << F::t0 | (lane >> 1 & 1u) << F::t1 | (lane >> 2 & 1u) << F::g0 | (lane >> 3 & 1u) << F::g1 |
         (lane >> 4 & 1u) << F::g2 | s << F::s | (i & 1u) << 8 | (i >> 1) << 9 | wo;
}

/* One step of the block: the 2^wht__tc_x_log2<K>() elements at x[base]
 * (base a multiple of that), a[0..3] the stages' fragments, sm that many
 * elements of shared memory; ends with a barrier (the next step's writes
 * wait for these reads). FULL: every element lies before N, and each lane
 * reaches its words at compile-time offsets from one global pointer per
 * side and one shared index per exchanged side (the word index i, tile
 * bits 8 and 9, and the natural side bit 7 are untouched by
 * wht__tc_x12_phys's XOR, which reads tile bits 10, 11, 14 into 3-5).
 * UW: units a warp (the block has 2^(x_log2 - 10) / UW warps; warp w0
 * takes units w0, w0 + NW, ... in both phases). RS (with FULL): the
 * results are put back in shared memory and stored in natural order in
 * 16-byte vectors after one more barrier. SIN (with FULL): the step's
 * elements are copied into sm in natural order by the bulk-copy engine
 * (tensor_core_bulk.cuh), unit w's piece counted on mbarrier bars[(w >>
 * pshift)] in its phase of parity `parity`; each unit is read from there
 * after that wait and written back in place (the swizzle moves words only
 * within their unit). */
template <class M, bool L2P, unsigned K, bool FULL, bool W1, bool RS = false, unsigned UW = 1, bool SIN = false>
__device__ __forceinline__ void wht__tc_x12_step_in(uint16_t *x, uint64_t base, uint64_t N, uint2 *sm,
                                                    const uint32_t a[4][4], uint64_t lpol, uint64_t spol,
                                                    uint64_t *bars = nullptr, unsigned pshift = 0, unsigned parity = 0)
{
  static_assert(!SIN || FULL, "rows copied in by the bulk-copy engine are whole");
  typedef wht__tc_f1nat F;
  typedef typename wht__tc_xframe<K>::F X;
  /* the block's warps; warp w0 takes the units w0, w0 + NW, ... */
  constexpr unsigned NW = (1u << (wht__tc_x_log2<K>() - 10)) / UW;
  const unsigned lane = threadIdx.x & 31, w0 = threadIdx.x >> 5;
#pragma unroll
  for (unsigned j = 0; j < UW; j++) {
    const unsigned w = w0 + j * NW, nat = (w << 10) + F::lane_offset(lane);
    uint2 v[2][4];
    if constexpr (SIN) {
      wht__mbar_wait(bars + (w >> pshift), parity);
#pragma unroll
      for (unsigned s = 0; s < 2; s++)
#pragma unroll
        for (unsigned i = 0; i < 4; i++) v[s][i] = sm[(nat + F::word(i, s)) >> 2];
      __syncwarp(); /* every lane has read the unit before any overwrites it */
    } else if (FULL) wht__tc_unit_load_full<L2P>(x + base + nat, v, lpol);
    else wht__tc_unit_load<L2P>(x, base + (w << 10), N, v, lpol);
    wht__tc_w2<M>(v, a[0], a[1]);
    const unsigned wr = wht__tc_x12_phys(nat) >> 2;
#pragma unroll
    for (unsigned s = 0; s < 2; s++)
#pragma unroll
      for (unsigned i = 0; i < 4; i++) sm[wr + (F::word(i, s) >> 2)] = v[s][i];
  }
  __syncthreads();
#pragma unroll
  for (unsigned j = 0; j < UW; j++) {
    const unsigned w = w0 + j * NW, xo = wht__tc_x12_offset<K>(lane, w, 0, 0);
    uint2 v[2][4];
#pragma unroll
    for (unsigned s = 0; s < 2; s++) {
      const unsigned rd = wht__tc_x12_phys(xo | s << X::s) >> 2;
#pragma unroll
      for (unsigned i = 0; i < 4; i++) v[s][i] = sm[rd + (i << 6)];
    }
    wht__tc_transpose(v[0]);
    wht__tc_transpose(v[1]);
    if constexpr (W1) {
      /* K = 12: stage 2 alone (its b stage an identity), 16-byte stores; the
       * warp's tile bits are those of xo minus its lane's */
      static_assert(K == 12 && UW == 1, "rows of 2^13..2^15 do stage 3 in the b stage");
      uint32_t y[2][4][2];
      wht__tc_w1<M>(v, a[2], y);
      const unsigned wo = xo & ~wht__tc_x12_offset<K>(lane, 0, 0, 0);
      wht__tc_w1_store<X, L2P, FULL>(x, base + wo + X::w1_lane_offset(lane), N, y, spol);
    } else {
      wht__tc_w2<M>(v, a[2], a[3]);
      wht__tc_transpose(v[0]);
      wht__tc_transpose(v[1]);
      if constexpr (RS && FULL) {
        /* restaged: each lane puts its words back where it read them (no
         * other lane reads those); after the barrier below warp w stores its
         * natural units from there in 16-byte vectors */
#pragma unroll
        for (unsigned s = 0; s < 2; s++) {
          const unsigned rd = wht__tc_x12_phys(xo | s << X::s) >> 2;
#pragma unroll
          for (unsigned i = 0; i < 4; i++) sm[rd + (i << 6)] = v[s][i];
        }
      } else {
#pragma unroll
        for (unsigned s = 0; s < 2; s++)
#pragma unroll
          for (unsigned i = 0; i < 4; i++) {
            if (FULL) wht__tc_st8<L2P>(x + base + xo + (s << X::s) + (i << 8), v[s][i], spol);
            else wht__tc_store4<L2P>(x, base + wht__tc_x12_offset<K>(lane, w, i, s), N, v[s][i], spol);
          }
      }
    }
  }
  if constexpr (RS && FULL) {
    __syncthreads();
    const uint4 *sm4 = (const uint4 *)sm;
#pragma unroll
    for (unsigned j = 0; j < 4 * UW; j++) {
      const unsigned u = ((w0 + (j >> 2) * NW) << 10) + ((j & 3u) << 8) + (lane << 3);
      wht__tc_st16<L2P>(x + base + u, sm4[wht__tc_x12_phys(u) >> 3], spol);
    }
  }
  __syncthreads();
}

/* FAST false: always the checked path (WHT_TC_FULL=0, for comparisons);
 * W1 (K = 12 only): stage 2 without its identity b stage, 16-byte stores
 * (the L2-blocked pair's first pass: 3 % faster on an H200; the rows of
 * 2^11, 2^12 took 1.16x the add-one kernel so against 1.06x, their
 * stores touching 1.75x the sectors, docs/PERFORMANCE.md) */
template <class M, bool L2P, unsigned K = 12, bool FAST = true, bool W1 = false, bool RS = false, unsigned UW = 1>
__device__ __forceinline__ void wht__tc_x12_step(uint16_t *x, uint64_t base, uint64_t N, uint2 *sm,
                                                 const uint32_t a[4][4], uint64_t lpol, uint64_t spol)
{
  if (FAST && base + (1u << wht__tc_x_log2<K>()) <= N)
    wht__tc_x12_step_in<M, L2P, K, true, W1, RS, UW>(x, base, N, sm, a, lpol, spol);
  else
    wht__tc_x12_step_in<M, L2P, K, false, W1, false, UW>(x, base, N, sm, a, lpol, spol);
}

/* The exchange kernel for rows of 2^11..2^K: 32 << (x_log2 - 10) threads,
 * 2^x_log2 elements of dynamic shared memory. ahead > 0: each tile's
 * block first asks L2 for tile t + ahead (lane 0 of each warp its
 * warp's 1024 elements, one cp.async.bulk.prefetch.L2), which a block
 * starting shortly after loads, as folklore's block rows do
 * (rows_prefetch.cuh); a hint only, so the results are unchanged. */
template <unsigned K, unsigned UW>
__host__ __device__ constexpr unsigned wht__tc_x_threads() { return (32u << (wht__tc_x_log2<K>() - 10)) / UW; }
/* restaged rows of 2^K: units a warp */
template <unsigned K>
__host__ __device__ constexpr unsigned wht__tc_x_units() { return K == 14 ? 2u : K == 15 ? 4u : 1u; }
/* at most 64 registers; 80 for the 8 warps of rows of 2^15, whose 64 KB
 * allow three blocks a multiprocessor anyway */
template <unsigned K, unsigned UW>
__host__ __device__ constexpr unsigned wht__tc_x_min_blocks()
{
  return K == 15 && wht__tc_x_threads<K, UW>() == 256 ? 3u : 1024u / wht__tc_x_threads<K, UW>();
}

template <class M, unsigned K, bool FAST = true, bool RS = false, unsigned UW = 1>
__global__ void __launch_bounds__(wht__tc_x_threads<K, UW>(), (wht__tc_x_min_blocks<K, UW>()))
wht__tc_x12_kernel(uint16_t *x, uint64_t N, unsigned masks, unsigned ahead)
{
  extern __shared__ uint2 wht__tc_xsm[];
  constexpr unsigned L = wht__tc_x_log2<K>();
  uint32_t a[4][4];
#pragma unroll
  for (unsigned j = 0; j < 4; j++) wht__tc_afrag<M>(a[j], masks >> 4 * j & 15u);
  const uint64_t tiles = (N + (1u << L) - 1) >> L;
  for (uint64_t t = blockIdx.x; t < tiles; t += gridDim.x) {
    /* the look-ahead, written out here and in tensor_core_bulk.cuh: as one
     * helper for both (its loop and tests the same) it moved ptxas's
     * allocation of the K = 12..15 kernels into spills of 8-32 bytes */
#pragma unroll
    for (unsigned j = 0; j < UW; j++) {
      const uint64_t p = ((t + ahead) << L) + ((uint64_t)((threadIdx.x >> 5) + j * wht__tc_x_threads<K, UW>() / 32u) << 10); /* N: a multiple of 2^11 */
      if (ahead && p < N && (threadIdx.x & 31u) == 0)
        wht__l2_prefetch(x + p, 2048);
    }
    wht__tc_x12_step<M, false, K, FAST, false, RS, UW>(x, t << L, N, wht__tc_xsm, a, 0, 0);
  }
}

/* Row offset of tile element u (u's bits 0-2 are row bits 0-2 in both kinds). */
template <bool NATURAL>
__device__ __forceinline__ uint64_t wht__tc_offset(const wht__tc_pass &p, unsigned u)
{
  if (NATURAL) return u;
  uint64_t o = u & 7u;
#pragma unroll
  for (unsigned i = 3; i < WHT__TC_TILE_LOG2; i++)
    if (u >> i & 1u) o += p.stride[i];
  return o;
}

template <bool NATURAL>
__device__ __forceinline__ uint64_t wht__tc_tile_base(const wht__tc_pass &p, uint64_t b)
{
  if (NATURAL) return b << WHT__TC_TILE_LOG2;
  const uint64_t row = b / p.tiles_per_row, c = b % p.tiles_per_row;
  uint64_t o = row * p.n;
  for (unsigned j = 0; j < p.nrest; j++)
    if (c >> j & 1u) o += (uint64_t)1 << p.rest[j];
  return o;
}

/* One W2 over the whole tile in shared memory (4 slabs per warp). */
template <class M, class F>
__device__ __forceinline__ void wht__tc_w2_shared(uint16_t *sm, const uint32_t aa[4], const uint32_t ab[4])
{
  const unsigned lane = threadIdx.x & 31, lo = F::lane_offset(lane);
  for (unsigned slab = threadIdx.x >> 5; slab < 32; slab += WHT__TC_THREADS / 32) {
    const unsigned base = F::slab_base(slab) | lo;
    uint2 v[2][4];
#pragma unroll
    for (unsigned s = 0; s < 2; s++)
#pragma unroll
      for (unsigned i = 0; i < 4; i++) v[s][i] = *(const uint2 *)(sm + wht__tc_phys(base | F::word(i, s)));
    if (F::TR) {
      wht__tc_transpose(v[0]);
      wht__tc_transpose(v[1]);
    }
    wht__tc_w2<M>(v, aa, ab);
    if (F::TR) {
      wht__tc_transpose(v[0]);
      wht__tc_transpose(v[1]);
    }
#pragma unroll
    for (unsigned s = 0; s < 2; s++)
#pragma unroll
      for (unsigned i = 0; i < 4; i++) *(uint2 *)(sm + wht__tc_phys(base | F::word(i, s))) = v[s][i];
  }
}

/* The first W2 of a natural tile, from device memory into shared memory. */
template <class M>
__device__ __forceinline__ void wht__tc_w2_direct(const uint16_t *x, uint64_t tb, uint64_t N,
                                                  uint16_t *sm, const uint32_t aa[4], const uint32_t ab[4])
{
  typedef wht__tc_f1nat F;
  const unsigned lane = threadIdx.x & 31, lo = F::lane_offset(lane);
  for (unsigned slab = threadIdx.x >> 5; slab < 32; slab += WHT__TC_THREADS / 32) {
    const unsigned base = F::slab_base(slab) | lo;
    uint2 v[2][4];
#pragma unroll
    for (unsigned s = 0; s < 2; s++)
#pragma unroll
      for (unsigned i = 0; i < 4; i++) v[s][i] = wht__tc_load4(x, tb + (base | F::word(i, s)), N);
    wht__tc_w2<M>(v, aa, ab);
#pragma unroll
    for (unsigned s = 0; s < 2; s++)
#pragma unroll
      for (unsigned i = 0; i < 4; i++) *(uint2 *)(sm + wht__tc_phys(base | F::word(i, s))) = v[s][i];
  }
}

/* 16-byte vectors between device memory and shared memory: vector v holds
 * tile elements 8v..8v+7; the swizzle may swap its two 8-byte halves.
 * Loads are asynchronous copies (all of a thread's in flight at once, no
 * registers held); the caller waits with wht__tc_copy_wait. */
template <bool L2P = false>
__device__ __forceinline__ void wht__tc_cp(uint16_t *dst, const uint16_t *src, unsigned bytes, uint64_t pol = 0)
{
  const unsigned d = (unsigned)__cvta_generic_to_shared(dst);
  if (bytes == 16 && L2P)
    asm volatile("cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, %2;" ::"r"(d), "l"(src), "l"(pol)
                 : "memory");
  else if (bytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(d), "l"(src) : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(d), "l"(src) : "memory");
}
__device__ __forceinline__ void wht__tc_copy_wait() { asm volatile("cp.async.wait_all;" ::: "memory"); }

/* L2P: the second pass of an L2-blocked pair, with its eviction policy
 * pol. Its loads must not be served by an L1 that may hold lines from
 * before the first pass rewrote them: the vectors whose halves the swizzle
 * swaps come through registers (ld.global.cg), not as cp.async's 8-byte
 * copies, which exist only as .ca. */
template <bool NATURAL, bool LOAD, bool L2P = false>
__device__ __forceinline__ void wht__tc_copy(const wht__tc_pass &p, uint16_t *x, uint64_t tb, uint16_t *sm,
                                             uint64_t pol = 0)
{
  /* stores: BATCH vectors read from shared memory first (in a pair, 4: the
   * ticket loop's registers are live too, and 8 spilled) */
  constexpr unsigned NV = (1u << WHT__TC_TILE_LOG2) / 8, PER = NV / WHT__TC_THREADS, BATCH = L2P ? 4 : 8;
  if constexpr (LOAD) {
#pragma unroll 4
    for (unsigned j = 0; j < PER; j++) {
      const unsigned u = (j * WHT__TC_THREADS + threadIdx.x) << 3, sw = wht__tc_swz(u);
      const uint64_t e = tb + wht__tc_offset<NATURAL>(p, u);
      uint16_t *d = sm + ((u ^ sw << 2) & ~7u);
      if (e >= p.N)
        *(uint4 *)d = make_uint4(0, 0, 0, 0);
      else if (!(sw & 1u))
        wht__tc_cp<L2P>(d, x + e, 16, pol);
      else if (L2P) {
        uint4 q;
        asm volatile("ld.global.cg.L2::cache_hint.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
                     : "=r"(q.x), "=r"(q.y), "=r"(q.z), "=r"(q.w)
                     : "l"(x + e), "l"(pol));
        *(uint4 *)d = make_uint4(q.z, q.w, q.x, q.y);
      } else {
        wht__tc_cp<L2P>(d, x + e + 4, 8, pol);
        wht__tc_cp<L2P>(d + 4, x + e, 8, pol);
      }
    }
  } else {
#pragma unroll 1
    for (unsigned j0 = 0; j0 < PER; j0 += BATCH) {
      uint4 r[BATCH];
#pragma unroll
      for (unsigned j = 0; j < BATCH; j++) {
        const unsigned u = ((j0 + j) * WHT__TC_THREADS + threadIdx.x) << 3, sw = wht__tc_swz(u);
        const uint4 q = *(const uint4 *)(sm + ((u ^ sw << 2) & ~7u));
        r[j] = (sw & 1u) ? make_uint4(q.z, q.w, q.x, q.y) : q;
      }
#pragma unroll
      for (unsigned j = 0; j < BATCH; j++) {
        const unsigned u = ((j0 + j) * WHT__TC_THREADS + threadIdx.x) << 3;
        const uint64_t e = tb + wht__tc_offset<NATURAL>(p, u);
        if (e < p.N) wht__tc_st16<L2P>(x + e, r[j], pol);
      }
    }
  }
}

/* Tile b of pass p: KIND 0: natural tile, first W2 from device memory;
 * 1: natural tile staged through shared memory; 2: strided tile with
 * 8-element runs (two W2); 3: strided tile with 128-element runs (one W2).
 * a[j]: stage j's fragment (KIND 3 uses a[0], a[1]); L2P as wht__tc_copy's.
 * Ends with a barrier. */
template <class M, int KIND, bool L2P>
__device__ __forceinline__ void wht__tc_tile_step(const wht__tc_pass &p, uint16_t *x, uint64_t b, uint16_t *sm,
                                                  const uint32_t a[4][4], uint64_t lpol, uint64_t spol)
{
  constexpr bool NATURAL = KIND < 2;
  const uint64_t tb = wht__tc_tile_base<NATURAL>(p, b);
  if (KIND == 0) {
    wht__tc_w2_direct<M>(x, tb, p.N, sm, a[0], a[1]);
  } else {
    wht__tc_copy<NATURAL, true, L2P>(p, x, tb, sm, lpol);
    wht__tc_copy_wait();
    __syncthreads();
    if (KIND == 1)
      wht__tc_w2_shared<M, wht__tc_f1nat>(sm, a[0], a[1]);
    else if (KIND == 2)
      wht__tc_w2_shared<M, wht__tc_f1str>(sm, a[0], a[1]);
    else
      wht__tc_w2_shared<M, wht__tc_f1run>(sm, a[0], a[1]);
  }
  __syncthreads();
  if (KIND < 3) {
    if (NATURAL)
      wht__tc_w2_shared<M, wht__tc_f2nat>(sm, a[2], a[3]);
    else
      wht__tc_w2_shared<M, wht__tc_f2str>(sm, a[2], a[3]);
    __syncthreads();
  }
  wht__tc_copy<NATURAL, false, L2P>(p, x, tb, sm, spol);
  __syncthreads();
}

template <class M, int KIND>
__global__ void __launch_bounds__(WHT__TC_THREADS, 3)
wht__tc_tile_kernel(const wht__tc_pass p, uint16_t *x)
{
  extern __shared__ uint4 wht__tc_smem[];
  uint16_t *sm = (uint16_t *)wht__tc_smem;
  uint32_t a[4][4];
#pragma unroll
  for (unsigned j = 0; j < 4; j++) wht__tc_afrag<M>(a[j], p.masks >> 4 * j & 15u);
  for (uint64_t b = blockIdx.x; b < p.ntiles; b += gridDim.x) wht__tc_tile_step<M, KIND, false>(p, x, b, sm, a, 0, 0);
}

#endif
