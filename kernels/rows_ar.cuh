/* rows_ar.cuh - Alman-Rao's f32, f16 and bf16 rows of 2^7..2^11 in a
 * warp's registers (issue 15: alman-rao at folklore's speed), included by
 * alman_rao.cu after wht__alman_rao_alg; its warp tiles are also the first
 * pass of single_ar.cuh's long rows, for the block algorithms too (their
 * head block instead of the head round, A::HEAD_SCALE false). The tiles run a row of 2^10 as
 * passes over shared memory with a radix-8 group a round; here a warp
 * holds a tile of 2^11 words, 64 a lane (f32: the elements; f16 and bf16:
 * a tile of 2^12 elements on lane pairs, element w in the low half of
 * word w and element 2048 + w in its high half, both of one row position
 * since rows are at most 2^11 long), and every group runs in registers,
 * the tile going through the warp's shared memory twice (the transposed
 * form of rows_comp.cuh, with six register bits instead of five, since
 * there are no error terms):
 *   - the 16-byte vectors land in shared memory in element order and are
 *     read back as layout B: lane L holds words 64L .. 64L + 63 (word
 *     bits 0-5 in registers); there the head round: folklore stages
 *     0..f-1 (f = k mod 3), x_i *= 2^(nonzero octal digits of i >> f) (i
 *     the index in the row), the radix-8 group on bits f..f+2;
 *     (and for f = 0 the group on bits 3-5);
 *   - stored again and read back as layout C: word bits c0..c0+5 in
 *     registers (c0 = 4 for f = 1, else 5), the other five on the lanes
 *     (bits 0..c0-1 the lane's low bits, c0+6..10 its high ones); there
 *     the later groups that lie inside the row (from bit f + 3, or 6 for
 *     f = 0, up to bit 10);
 *   - each element stored from layout C (a warp's store is 2^c0
 *     consecutive words: whole 32-byte sectors in every format; with
 *     c0 = 3, f = 0's first choice, 2-byte rows of 2^9 took 1.78x the
 *     add-one kernel against 1.03-1.07x at the other sizes).
 * The groups run in increasing order with wht__alman_rao_alg's own head
 * and radix8, so the result is the tiles' and the CPU's bit for bit.
 * Shared memory holds 16-byte slots s (row R = s >> 3 of eight slots,
 * column s & 7) of words at column (s & 7) ^ g(R), g(R) = ((R >> 1) & 7) ^
 * (((R >> 4) & 3) << 1): the coalesced stores (eight consecutive slots of
 * a row), layout B's loads and stores (lane L's slots 16L + j: eight
 * lanes, eight columns) and layout C's word loads (for c0 = 4, 5 the
 * lanes' word bits 0..c0-1 and the high one reach all 32 banks) are all
 * free of bank conflicts; the 2-byte elements' first visit (lane L's
 * slots 8L + j of each half) at column (s & 7) ^ (R & 7). */
#ifndef WHT_KERNELS_ROWS_AR_CUH
#define WHT_KERNELS_ROWS_AR_CUH

#include "rows_reg.cuh"

__device__ __forceinline__ unsigned wht__rows_ar_slot(unsigned s)
{
  const unsigned R = s >> 3;
  return s ^ (((R >> 1) & 7u) ^ (((R >> 4) & 3u) << 1));
}

/* the word of element e (0..2047) of the tile */
__device__ __forceinline__ unsigned wht__rows_ar_word(unsigned e) { return wht__rows_ar_slot(e >> 2) * 4u + (e & 3u); }

/* the number of nonzero octal digits of d */
__device__ __forceinline__ unsigned wht__rows_ar_digits(unsigned d)
{
  unsigned nz = 0;
#pragma unroll
  for (unsigned t = 0; t < 4; t++) nz += ((d >> (3 * t)) & 7u) != 0;
  return nz;
}

/* the number of nonzero octal digits of d (22 digits; the top one bit 63) */
WHT__HD unsigned wht__rows_ar_digits64(uint64_t d)
{
  const uint64_t any = (d | d >> 1 | d >> 2) & 0x9249249249249249ull; /* bit 3t: digit t is not 0 */
#ifdef __CUDA_ARCH__
  return (unsigned)__popcll(any);
#else
  return (unsigned)__builtin_popcountll(any);
#endif
}

/* The head round's start in layout B, where register v of lane l holds
 * element i = (l 2^RB + v) mod 2^K of its row (RB register bits): the
 * folklore stages 0..f-1 (f = K mod 3) on register bits 0..f-1, and the
 * digits above the lowest of i >> f, shared by the 2^(RB-f-3) values of
 * v >> (f + 3), into hi */
template <class FV, unsigned K, unsigned RB>
__device__ __forceinline__ void wht__rows_ar_head_lo(typename FV::T *x, unsigned lane, unsigned *hi)
{
  constexpr unsigned f = K % 3, b = f + 3;
#pragma unroll
  for (unsigned h = 1; h < (1u << f); h <<= 1)
#pragma unroll
    for (unsigned t = 0; t < (1u << RB); t++)
      if (!(t & h)) {
        const typename FV::T u = x[t], w = x[t + h];
        x[t] = FV::add(u, w);
        x[t + h] = FV::sub(u, w);
      }
#pragma unroll
  for (unsigned q = 0; q < (1u << (RB - b)); q++)
    hi[q] = wht__rows_ar_digits((((lane << RB) | (q << b)) & ((1u << K) - 1u)) >> b);
}

/* the values of format F a lane holds: F's own, or for 2-byte formats
 * the lane pairs (tile_packed.cuh), element w of the tile in the low half
 * of word w and element 2048 + w in its high half */
template <class F, bool PAIRS = sizeof(typename F::U) == 2>
struct wht__rows_ar_vals {
  typedef F FV;
  static constexpr unsigned T = 11, LEV = 2; /* log2: a tile's elements, a vector's */
  /* 2^e (lo and hi: the two halves of a pair, equal here) */
  static WHT__HD typename F::T scale(unsigned lo, unsigned) { return F::pow2(lo); }
};
template <class F>
struct wht__rows_ar_vals<F, true> {
  typedef wht__pair_fmt<F> FV;
  static constexpr unsigned T = 12, LEV = 3;
  static WHT__HD typename FV::T scale(unsigned lo, unsigned hi) { return FV::P::pack(F::pow2(lo), F::pow2(hi)); }
};

/* The warp tile at element base (2^T elements, rows of 2^K) by lane
 * `lane` of its warp, sh its 8 KiB of shared memory; SINGLE: the tile is
 * part of the first pass of vectors of 2^ks, whose index sets the head's
 * scale (single_ar.cuh, rows_ar_blk.cuh; else ks = K, rows); TOROW: dst
 * is this tile's place in the block's row in shared memory
 * (rows_ar_blk.cuh) */
template <class F, class A, unsigned K, bool SINGLE = false, bool TOROW = false>
__device__ __forceinline__ void wht__rows_ar_warp(const typename F::U *src, typename F::U *dst, uint64_t N, uint4 *sh,
                                                  uint64_t base, unsigned lane, unsigned ks)
{
  typedef typename F::U U;
  typedef wht__rows_ar_vals<F> VS;
  typedef typename VS::FV FV;
  typedef typename FV::T TV;
  constexpr bool P = sizeof(U) == 2;
  static_assert((sizeof(U) == 4 || P) && K >= 3 && K <= 11, "2- and 4-byte rows of 2^3..2^11");
  /* b: the bits under the head's lowest digit; gc: the first group of
   * layout C (f = 0: B holds the groups on bits 0-2 and 3-5); c0: layout
   * C's first register bit, so that a warp's store covers 2^c0 words (16
   * or 32: whole 32-byte sectors in 2-byte formats too) */
  constexpr unsigned f = K % 3, b = f + 3, gc = f ? f + 3 : 6, c0 = f == 1 ? 4 : 5, NV = 64;
  uint4 r[16];
  wht__rows_load<16, VS::LEV>(src, base, N, lane, r);
  TV x[NV];
  if constexpr (P) { /* element order, slots s at s ^ ((s >> 3) & 7): lane L's are rows L and 32 + L */
#pragma unroll
    for (unsigned i = 0; i < 16; i++) sh[(i * 32u + lane) ^ ((i & 1u) << 2 | lane >> 3)] = r[i];
    __syncwarp();
#pragma unroll
    for (unsigned j = 0; j < 8; j++) {
      unsigned p[8];
      wht__rows_pairs_in(sh[(lane * 8u + j) ^ (lane & 7u)], sh[(256u + lane * 8u + j) ^ (lane & 7u)], p);
#pragma unroll
      for (unsigned q = 0; q < 8; q++) x[8 * j + q] = FV::from_bits(p[q]);
    }
  } else {
#pragma unroll
    for (unsigned i = 0; i < 16; i++) sh[wht__rows_ar_slot(i * 32u + lane)] = r[i];
    __syncwarp();
#pragma unroll
    for (unsigned j = 0; j < 16; j++) wht__rows_words_in<FV>(sh[wht__rows_ar_slot(lane * 16u + j)], x + j * 4);
  }
  /* layout B: the head round. Word 64 lane + v of the tile holds element
   * i = (64 lane + v) mod 2^K of its row (both halves of a pair: 2048 is
   * a multiple of 2^K); its digits above the lowest, of i >> b, share
   * v >> b (2^(6-b) values). In a vector of 2^ks (ks > K) the digits of
   * the row's index in it add (K - f is a multiple of 3): the lane's
   * words lie in one row (K >= 6), a pair's halves in two. */
  if constexpr (A::HEAD_SCALE) { /* Alman-Rao */
    unsigned hi[1u << (6 - b)];
    wht__rows_ar_head_lo<FV, K, 6>(x, lane, hi);
    unsigned rlo = 0, rhi = 0; /* rows: none (2 registers fewer, rows of 2^7 f32 at 96 instead of 128) */
    if constexpr (SINGLE) {
      const uint64_t km = ((uint64_t)1 << ks) - 1u, w0 = base + (lane << 6);
      rlo = wht__rows_ar_digits64((w0 & km) >> K);
      rhi = P ? wht__rows_ar_digits64(((w0 + 2048u) & km) >> K) : rlo;
    }
#pragma unroll
    for (unsigned t = 0; t < NV; t++) {
      const unsigned e = hi[t >> b] + (((t >> f) & 7u) != 0);
      x[t] = FV::mul(x[t], VS::scale(e + rlo, e + rhi));
    }
  } else if constexpr (f > 0) { /* a block algorithm (blocks.cuh): its head block of f stages */
#pragma unroll
    for (unsigned o = 0; o < NV; o += 1u << f) A::template block<FV, f>(x, o, 1);
  }
#pragma unroll
  for (unsigned s = f; s < gc; s += 3)
#pragma unroll
    for (unsigned o = 0; o < NV; o++)
      if (((o >> s) & 7u) == 0) A::template group<FV>(x, o, 1u << s);
  __syncwarp(); /* every lane has read its slots */
#pragma unroll
  for (unsigned j = 0; j < 16; j++) sh[wht__rows_ar_slot(lane * 16u + j)] = wht__rows_words_out<FV>(x + j * 4);
  __syncwarp();
  /* layout C: value v is word (lane mod 2^c0) | v << c0 | (lane >> c0) << (c0 + 6) */
  const unsigned *wd = (const unsigned *)sh, el = (lane & ((1u << c0) - 1u)) | ((lane >> c0) << (c0 + 6));
#pragma unroll
  for (unsigned v = 0; v < NV; v++) x[v] = FV::from_bits(wd[wht__rows_ar_word(el | (v << c0))]);
#pragma unroll
  for (unsigned s = gc; s + 3 <= K; s += 3)
#pragma unroll
    for (unsigned o = 0; o < NV; o++)
      if (((o >> (s - c0)) & 7u) == 0) A::template group<FV>(x, o, 1u << (s - c0));
  if constexpr (TOROW) {
    /* dst is the tile's place in the block's row in shared memory, which
     * holds this warp's sh: every lane has read its words first. Each
     * element's place there is the lane's offset plus a constant (a whole
     * tile: rows_ar_blk.cuh's rows are whole, one past N is left out
     * whole) */
    __syncwarp();
    U *const d = dst + el;
    /* c0 = 4: lanes 16-31 hold the words 1024 on, which meet lanes 0-15's
     * in the same banks; they store register v ^ 1 instead (offsets
     * 2^c0 up for even v, down for odd) */
    const unsigned sw = c0 == 4 && (lane >> 4) ? 1u : 0u;
    U *const d0 = d + (sw << c0), *const d1 = d - (sw << c0);
    if (base < N)
#pragma unroll
      for (unsigned v = 0; v < NV; v++) {
        unsigned y = FV::to_bits(x[v]);
        if constexpr (c0 == 4) y = sw ? FV::to_bits(x[v ^ 1u]) : y;
        U *const dv = (v & 1u) ? d1 : d0;
        dv[v << c0] = (U)y;
        if constexpr (P) dv[(v << c0) + 2048u] = (U)(y >> 16);
      }
  } else { /* the elements below N (a SINGLE tile is all below it, but unguarded
            * stores made ptxas spill more in single_ar.cuh's pair) */
#pragma unroll
    for (unsigned v = 0; v < NV; v++) {
      const uint64_t g = base + (el | (v << c0));
      const unsigned y = FV::to_bits(x[v]);
      if (g < N) dst[g] = (U)y;
      if constexpr (P)
        if (g + 2048u < N) dst[g + 2048u] = (U)(y >> 16);
    }
  }
}

#include "rows_ar64.cuh" /* the f64 rows */

template <class F, class A, unsigned K, bool SINGLE>
__device__ __forceinline__ void wht__rows_ar_body(const typename F::U *src, typename F::U *dst, uint64_t N, uint4 *sh,
                                                  unsigned ahead, unsigned ks)
{
  const uint64_t base = ((blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) >> 5) << wht__rows_ar_vals<F>::T;
  wht__rows_prefetch<wht__rows_ar_vals<F>::T>(src, base, N, ahead); /* rows_reg.cuh */
  if (base >= N) return; /* the whole warp */
  wht__rows_ar_warp<F, A, K, SINGLE>(src, dst, N, sh, base, threadIdx.x & 31u, ks);
}

/* four warps a block, 8 KiB of shared memory each; SINGLE, ks as above */
template <class F, class A, unsigned K, bool SINGLE>
__global__ void __launch_bounds__(128)
    wht__rows_ar_kernel(const typename F::U *src, typename F::U *dst, uint64_t N, unsigned ahead, unsigned ks)
{
  __shared__ uint4 sh[4][512];
  wht__rows_ar_body<F, A, K, SINGLE>(src, dst, N, sh[threadIdx.x >> 5], ahead, ks);
}

/* Rows of 2^K (K = 7..11, Alman-Rao's) of N elements, f32, f16 or bf16,
 * 16-byte aligned pointers; ks > K: the first pass of vectors of 2^ks (K
 * = 9..11, Alman-Rao's or a block algorithm's, single_ar.cuh) */
template <class F, class A>
static wht_status wht__rows_ar_launch(const void *src, void *dst, uint64_t N, unsigned K, unsigned ks)
{
  typedef typename F::U U;
  if constexpr (sizeof(U) == 8) { /* Alman-Rao's f64 rows (rows_ar64.cuh; the fits of the callers say no to the rest) */
    if constexpr (A::HEAD_SCALE) return wht__rows_ar64_launch<A>(src, dst, N, K, ks);
    return WHT_E_SIZE;
  } else {
    typedef void (*kern)(const U *, U *, uint64_t, unsigned, unsigned);
    static const kern single_by_k[3] = { wht__rows_ar_kernel<F, A, 9, true>, wht__rows_ar_kernel<F, A, 10, true>,
                                         wht__rows_ar_kernel<F, A, 11, true> };
    kern kr = NULL;
    if (ks > K && K >= 9 && K <= 11) kr = single_by_k[K - 9];
    if constexpr (A::HEAD_SCALE) { /* Alman-Rao's rows (the block algorithms' are rows_comp.cuh's) */
      static const kern by_k[5] = { wht__rows_ar_kernel<F, A, 7, false>, wht__rows_ar_kernel<F, A, 8, false>,
                                    wht__rows_ar_kernel<F, A, 9, false>, wht__rows_ar_kernel<F, A, 10, false>,
                                    wht__rows_ar_kernel<F, A, 11, false> };
      if (ks == K && K >= 7 && K <= 11) kr = by_k[K - 7];
    }
    constexpr unsigned T = wht__rows_ar_vals<F>::T;
    const uint64_t tiles = (N + ((uint64_t)1 << T) - 1) >> T, blocks = (tiles + 3) / 4;
    if (!kr || blocks > 0x7fffffffu) return WHT_E_SIZE;
    kr<<<(unsigned)blocks, 128>>>((const U *)src, (U *)dst, N, wht__rows_ahead(sizeof(U) << (T + 2)), ks);
    return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
  }
}

/* wht__rows_compensated's members (rows_reg.cuh: an algorithm's own rows
 * kernels) for Alman-Rao A: f32, f16 and bf16 rows of 2^7..2^11, f64 rows
 * of 2^6..2^14 (rows_ar64.cuh), 16-byte aligned pointers; WHT_GPU_ROWS_AR=0 (or WHT_GPU_ROWS_REG=0) sends them to the
 * tiles, for comparisons */
template <class A>
struct wht__rows_ar_trait {
  static const bool value = true;
  template <class F>
  static bool fits(unsigned k, uint64_t, const void *src, const void *dst)
  {
    static int on = -1;
    if (on < 0) on = wht__rows_env("WHT_GPU_ROWS_AR", 1) != 0 && wht__rows_env("WHT_GPU_ROWS_REG", 1) != 0;
    const bool f64 = F::ID == WHT_F64;
    return on && k >= (f64 ? 6u : 7u) && k <= (f64 ? 14u : 11u) && (uintptr_t)src % 16 == 0 &&
           (uintptr_t)dst % 16 == 0 && (k <= 10 || wht__rows_smem_fits(wht__rows_ar64_smem_of(k)));
  }
  template <class F>
  static wht_status launch(const void *src, void *dst, uint64_t N, unsigned k)
  {
    return wht__rows_ar_launch<F, A>(src, dst, N, k, k);
  }
};

#endif
