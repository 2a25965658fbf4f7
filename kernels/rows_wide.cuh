/* rows_wide.cuh - widened-pass's f32, f16 and bf16 rows of 2^5..2^T in a
 * warp's registers, and of 2^(T+1)..2^(T+4) in a block of warps (below),
 * (issues 14 and 15: widened at folklore's speed), included by
 * widened_pass.cu. A row of 2^k, k <= 12, is one block of
 * widened-pass (lib/pass_blocks.h): every element enters the wide format
 * exactly, the k stages run as folklore's butterflies in it (f32 in f64,
 * f16 and bf16 in f32) in increasing order, and each value is rounded
 * to the format once at the end. The tiles run such rows as a pass over
 * a shared tile of wide values; here the warp holds a tile of 2^10 words,
 * 32 a lane, in the transposed form of rows_comp.cuh (no stage across
 * lanes), each word one wide word of two 32-bit halves where the
 * compensated rows keep x and e:
 *   - f32 (T = 10): word w is element w, widened to a double;
 *   - f16, bf16 (T = 11): word w holds elements w and 1024 + w as two
 *     floats (.x, .y), so element bit 10 is the stage between a word's
 *     halves (rows of 2^11; for shorter rows the halves are rows apart).
 * The tile's 16-byte vectors land in shared memory in element order by
 * cp.async.cg, through L2 only (rows_reg.cuh's wht__rows_fetch; loaded
 * into registers and stored, f32 rows of 2^7 and 2^9, whose kernels fit
 * six blocks a multiprocessor, took 1.09x the add-one kernel on an H200
 * against 1.04x for the other sizes and for these by cp.async:
 * docs/PERFORMANCE.md) and are read back as layout B (lane
 * L holds words 32L .. 32L + 31: word bits 0-4 in registers, stages 0-4),
 * widened as they are read; the wide words go back to shared memory as
 * two planes of 32-bit halves and are read as layout C (lane l holds
 * words 32L + l, L = 0..31: bits 5-9 in registers, stages 5..9, then the
 * halves' stage 10), and each value is rounded and stored from there (a
 * warp's store is 32 consecutive words). Every butterfly is the CPU's
 * (a + b, a - b) in the wide format on the same operands, the stages in
 * order, so the result is the tiles' and the CPU's bit for bit. */
#ifndef WHT_KERNELS_ROWS_WIDE_CUH
#define WHT_KERNELS_ROWS_WIDE_CUH

#include "rows_reg.cuh"
#include "widened_arith.cuh"
#include "pass_blocks.h"

/* The wide words of format F: WT, its operations, the 32-bit planes it is
 * exchanged in, and the conversions from a 16-byte vector of the format
 * and to one 32-bit word of it (f32: the element; 2-byte formats: the
 * elements of .x in the low half and of .y in the high half). */
template <class F, bool PAIRS = sizeof(typename F::U) == 2>
struct wht__rows_wide_fmt {
  typedef double WT;
  static constexpr unsigned T = 10, LEV = 2; /* log2: a tile's elements, a vector's */
  static __device__ __forceinline__ WT add(WT a, WT b) { return wht__f64_ops::add(a, b); }
  static __device__ __forceinline__ WT sub(WT a, WT b) { return wht__f64_ops::sub(a, b); }
  static __device__ __forceinline__ unsigned plane0(WT v) { return (unsigned)__double2loint(v); }
  static __device__ __forceinline__ unsigned plane1(WT v) { return (unsigned)__double2hiint(v); }
  static __device__ __forceinline__ WT join(unsigned p0, unsigned p1) { return __hiloint2double((int)p1, (int)p0); }
  /* the four elements of vector r as words 0..3 */
  static __device__ __forceinline__ void up4(uint4 r, WT *x)
  {
    const unsigned u[4] = { r.x, r.y, r.z, r.w };
#pragma unroll
    for (unsigned q = 0; q < 4; q++) x[q] = wht__wide<F>::up(__uint_as_float(u[q]));
  }
  static __device__ __forceinline__ unsigned down(WT v) { return __float_as_uint(wht__wide<F>::down(v)); }
};

template <class F>
struct wht__rows_wide_fmt<F, true> {
  typedef float2 WT;
  typedef wht__f32_ops A;
  static constexpr unsigned T = 11, LEV = 3;
  static __device__ __forceinline__ WT add(WT a, WT b) { return make_float2(A::add(a.x, b.x), A::add(a.y, b.y)); }
  static __device__ __forceinline__ WT sub(WT a, WT b) { return make_float2(A::sub(a.x, b.x), A::sub(a.y, b.y)); }
  static __device__ __forceinline__ unsigned plane0(WT v) { return __float_as_uint(v.x); }
  static __device__ __forceinline__ unsigned plane1(WT v) { return __float_as_uint(v.y); }
  static __device__ __forceinline__ WT join(unsigned p0, unsigned p1)
  {
    return make_float2(__uint_as_float(p0), __uint_as_float(p1));
  }
  /* the eight elements of vectors lo and hi as words 0..7: (lo's, hi's) */
  static __device__ __forceinline__ void up8(uint4 lo, uint4 hi, WT *x)
  {
    const unsigned a[4] = { lo.x, lo.y, lo.z, lo.w }, b[4] = { hi.x, hi.y, hi.z, hi.w };
#pragma unroll
    for (unsigned q = 0; q < 8; q++) {
      const unsigned half = 16u * (q & 1u);
      x[q] = make_float2(wht__wide<F>::up(F::from_bits((typename F::U)(a[q >> 1] >> half))),
                         wht__wide<F>::up(F::from_bits((typename F::U)(b[q >> 1] >> half))));
    }
  }
  /* both rounded by one pair conversion, which rounds each lane as the
   * scalar one (widened_arith.cuh) */
  static __device__ __forceinline__ unsigned down(WT v)
  {
    unsigned r;
    const auto p = wht__wide_pair_cvt<F>::down(v);
    memcpy(&r, &p, sizeof r);
    return r;
  }
};

/* the stage between words j and j + h of the 32 a lane holds */
template <class W>
__device__ __forceinline__ void wht__rows_wide_regs(typename W::WT *x, unsigned h)
{
#pragma unroll
  for (unsigned j = 0; j < 32; j++)
    if (!(j & h)) {
      const typename W::WT a = x[j], b = x[j + h];
      x[j] = W::add(a, b);
      x[j + h] = W::sub(a, b);
    }
}

/* the end of widened-pass's first block (lib/pass_blocks.h) after stage
 * s of a row of 2^K: each value rounded to the format and widened again,
 * as the tiles' first round of the next block loads it */
template <class F, unsigned K>
__device__ __forceinline__ void wht__rows_wide_fold(typename wht__rows_wide_fmt<F>::WT *x, unsigned s)
{
  if (s + 1 != wht__pb_first(K) || s + 1 >= K) return;
#pragma unroll
  for (unsigned j = 0; j < 32; j++) {
    if constexpr (sizeof(typename F::U) == 2)
      x[j] = wht__wide_pair_cvt<F>::up(wht__wide_pair_cvt<F>::down(x[j]));
    else
      x[j] = wht__wide<F>::up(wht__wide<F>::down(x[j]));
  }
}

/* A warp's tile of 2^10 words at src + base (its vectors below N) through
 * stage min(K, T) - 1 of rows of 2^K: copied to its 16-byte slots at sh0
 * (PAD: slot s at s + (s >> 3) as rows_comp.cuh's, sh0 and sh1 288 slots
 * each, else the XOR of wht__rows_xp_slot, 256),
 * layout B widened (stages 0-4), the two planes at sh0 and sh1, layout C
 * (stages 5-9 and the halves' stage 10 of 2-byte rows), the first block's
 * end where it falls among them; x is left in layout C (word 32L + lane in
 * x[L]) */
template <class F, unsigned K, bool WHOLE = false, bool PAD = false>
__device__ __forceinline__ void wht__rows_wide_warp(const typename F::U *src, uint64_t base, uint64_t N, uint4 *sh0,
                                                    uint4 *sh1, unsigned lane, typename wht__rows_wide_fmt<F>::WT *x)
{
  typedef wht__rows_wide_fmt<F> W;
  constexpr bool P = sizeof(typename F::U) == 2;
  wht__rows_fetch<8, W::LEV, typename F::U, WHOLE, PAD>(src, base, N, sh0, lane);
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  __syncwarp();
  /* layout B, widened: words 32 lane + j (PAD: rows_comp.cuh's padded
   * slots, s at s + (s >> 3): one address and constant offsets) */
#pragma unroll
  for (unsigned j = 0; j < (P ? 4 : 8); j++) {
    if constexpr (P) /* elements 32 lane + 8j .. + 7 of each half */
      W::up8(*wht__rows_xp_p<PAD>(sh0, lane, j, 0), *wht__rows_xp_p<PAD>(sh0, lane, j, 1), x + j * 8);
    else
      W::up4(*wht__rows_xp_b<PAD>(sh0, lane, j), x + j * 4);
  }
#pragma unroll
  for (unsigned s = 0; s < 5 && s < K; s++) {
    wht__rows_wide_regs<W>(x, 1u << s);
    wht__rows_wide_fold<F, K>(x, s);
  }
  __syncwarp(); /* every lane has read its slots */
#pragma unroll
  for (unsigned j = 0; j < 8; j++) {
    const unsigned q = wht__rows_xp_bslot<PAD>(lane, j);
    sh0[q] = make_uint4(W::plane0(x[4 * j]), W::plane0(x[4 * j + 1]), W::plane0(x[4 * j + 2]), W::plane0(x[4 * j + 3]));
    sh1[q] = make_uint4(W::plane1(x[4 * j]), W::plane1(x[4 * j + 1]), W::plane1(x[4 * j + 2]), W::plane1(x[4 * j + 3]));
  }
  __syncwarp();
  /* layout C: word 32L + lane is word lane ^ 4 (L & 7) of row L (PAD:
   * word 36 L + lane) */
  const unsigned *w0 = (const unsigned *)sh0, *w1 = (const unsigned *)sh1;
#pragma unroll
  for (unsigned L = 0; L < 32; L++) {
    const unsigned o = wht__rows_xp_cword<PAD>(lane, L);
    x[L] = W::join(w0[o], w1[o]);
  }
#pragma unroll
  for (unsigned s = 5; s < K && s < 10; s++) {
    wht__rows_wide_regs<W>(x, 1u << (s - 5));
    wht__rows_wide_fold<F, K>(x, s);
  }
  if constexpr (P && K >= 11) { /* 2-byte rows of 2^11 and longer: the halves */
#pragma unroll
    for (unsigned L = 0; L < 32; L++)
      x[L] = make_float2(wht__f32_ops::add(x[L].x, x[L].y), wht__f32_ops::sub(x[L].x, x[L].y));
    wht__rows_wide_fold<F, K>(x, 10);
  }
}

/* word i of a tile rounded and stored to out (its elements below n; for
 * 2-byte formats elements i and 1024 + i); CHECK = false: the caller
 * knows the tile whole (no compare an element) */
template <class F, bool CHECK = true>
__device__ __forceinline__ void wht__rows_wide_put(typename F::U *out, uint64_t n, unsigned i,
                                                   typename wht__rows_wide_fmt<F>::WT v)
{
  typedef typename F::U U;
  const unsigned y = wht__rows_wide_fmt<F>::down(v);
  if constexpr (sizeof(U) == 2) {
    if (!CHECK || i < n) out[i] = (U)y;
    if (!CHECK || i + 1024u < n) out[i + 1024u] = (U)(y >> 16);
  } else {
    if (!CHECK || i < n) out[i] = y;
  }
}

template <class F, unsigned K>
__device__ __forceinline__ void wht__rows_wide_body(const typename F::U *src, typename F::U *dst, uint64_t N,
                                                    uint4 *sh, unsigned ahead)
{
  typedef wht__rows_wide_fmt<F> W;
  static_assert((sizeof(typename F::U) == 4 || sizeof(typename F::U) == 2) && K >= 5 && K <= W::T &&
                K <= WHT__PB_FIRST, "2- and 4-byte rows of 2^5 up to a tile, one block of widened-pass");
  const unsigned lane = threadIdx.x & 31u;
  const uint64_t base = ((blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) >> 5) << W::T;
  wht__rows_prefetch<W::T>(src, base, N, ahead); /* rows_reg.cuh */
  if (base >= N) return; /* the whole warp */
  typename W::WT x[32];
  wht__rows_wide_warp<F, K>(src, base, N, sh, sh + 256, lane, x);
  if (N - base >= ((uint64_t)1 << W::T)) { /* the whole tile (warp-uniform) */
#pragma unroll
    for (unsigned L = 0; L < 32; L++) wht__rows_wide_put<F, false>(dst + base, 0, L * 32u + lane, x[L]);
  } else {
#pragma unroll
    for (unsigned L = 0; L < 32; L++) wht__rows_wide_put<F>(dst + base, N - base, L * 32u + lane, x[L]);
  }
}

/* four warps a block, 8 KiB of shared memory each (the tile's slots, then
 * the two planes) */
template <class F, unsigned K>
__global__ void __launch_bounds__(128) wht__rows_wide_kernel(const typename F::U *src, typename F::U *dst,
                                                             uint64_t N, unsigned ahead)
{
  __shared__ uint4 sh[4][512];
  wht__rows_wide_body<F, K>(src, dst, N, sh[threadIdx.x >> 5], ahead);
}

/* Rows of 2^K, K = T+M, over the 2^M warps of a block (M = 1..4; f32
 * 2^11..2^14, f16 and bf16 2^12..2^15), one row a block: warp w runs its
 * tile of 2^10 words (elements w 2^T ..) as above through layout C, then
 * the block exchanges the wide words once through shared memory, as the
 * two planes of its 2^(10+M) words (warp w's 8 KB of phase one: plane 0
 * words w 2^10 .., plane 1 likewise), into layout D: lane l of warp v
 * holds words j 2^10 + 32 L + l, j = 0..2^M-1 (the warps' bit) and L =
 * v 2^(5-M) + q, q = 0..2^(5-M)-1, register j 2^(5-M) + q, where stages
 * T..K-1 run (and the first block's end, where it falls among them: a row
 * longer than 2^12 has two blocks of widened-pass, DESIGN.md section 4),
 * and stores each value rounded (a warp's store 32 consecutive words).
 * Every load of the block precedes its barrier and every store follows
 * it, so in place is safe. At least 16 warps a multiprocessor (at most
 * 128 registers): under ptxas's own choice (up to 153) the 2-byte rows of
 * 2^12 took 1.43x the add-one kernel against 1.35x, and at 20 warps (at
 * most 96-102, spilling up to 144 bytes) 1.63x (H200, docs/PERFORMANCE.md). */
template <class F, unsigned M>
__global__ void __launch_bounds__(32u << M, 16u >> M)
    wht__rows_wide_blk_kernel(const typename F::U *src, typename F::U *dst, unsigned ahead)
{
  typedef wht__rows_wide_fmt<F> W;
  typedef typename W::WT WT;
  constexpr unsigned T = W::T, K = T + M, Q = 5 - M;
  static_assert(M >= 1 && M <= 4, "two to sixteen warps");
  wht__rows_blk_prefetch<T, K>(src, ahead); /* rows_reg.cuh */
  extern __shared__ uint4 wht__rows_wide_sh[];
  const unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
  const uint64_t base = (uint64_t)blockIdx.x << K;
  uint4 *p0 = wht__rows_wide_sh, *p1 = wht__rows_wide_sh + (256u << M);
  WT x[32];
  wht__rows_wide_warp<F, K, true>(src + base, (uint64_t)w << T, (uint64_t)1 << K, p0 + w * 256u, p1 + w * 256u, lane, x);
  __syncwarp(); /* every lane has read its planes */
  unsigned *w0 = (unsigned *)p0, *w1 = (unsigned *)p1;
#pragma unroll
  for (unsigned L = 0; L < 32; L++) {
    const unsigned o = (w << 10) | (L << 5) | lane;
    w0[o] = W::plane0(x[L]);
    w1[o] = W::plane1(x[L]);
  }
  __syncthreads();
#pragma unroll
  for (unsigned j = 0; j < (1u << M); j++)
#pragma unroll
    for (unsigned q = 0; q < (1u << Q); q++) {
      const unsigned o = (j << 10) | (((w << Q) | q) << 5) | lane;
      x[(j << Q) | q] = W::join(w0[o], w1[o]);
    }
#pragma unroll
  for (unsigned s = T; s < K; s++) {
    wht__rows_wide_regs<W>(x, 1u << (s - T + Q));
    wht__rows_wide_fold<F, K>(x, s);
  }
#pragma unroll
  for (unsigned j = 0; j < (1u << M); j++)
#pragma unroll
    for (unsigned q = 0; q < (1u << Q); q++)
      wht__rows_wide_put<F, false>(dst + base + ((uint64_t)j << T), 0, (((w << Q) | q) << 5) | lane,
                                   x[(j << Q) | q]); /* a block's row is whole */
}

/* whether widened-pass's rows of 2^k in format F run here: f32 rows of
 * 2^5..2^14, f16 and bf16 rows of 2^5..2^15 (2^T+1 and longer in a
 * block), 16-byte aligned pointers; WHT_GPU_ROWS_WIDE=0 (or
 * WHT_GPU_ROWS_REG=0) sends them to the tiles, for comparisons, and
 * WHT_GPU_ROWS_WIDE_BLK=0 the block's */
template <class F>
static bool wht__rows_wide_fits(unsigned k, const void *src, const void *dst)
{
  constexpr unsigned T = wht__rows_wide_fmt<F>::T;
  static int on = -1, blk = -1;
  if (on < 0) {
    on = wht__rows_env("WHT_GPU_ROWS_WIDE", 1) != 0 && wht__rows_env("WHT_GPU_ROWS_REG", 1) != 0;
    blk = wht__rows_env("WHT_GPU_ROWS_WIDE_BLK", 1) != 0;
  }
  return on && F::ID != WHT_F64 && k >= 5 && (k <= T || (blk && k <= T + 4 && wht__rows_smem_fits(8192u << (k - T)))) &&
         (uintptr_t)src % 16 == 0 && (uintptr_t)dst % 16 == 0;
}

template <class F>
static wht_status wht__rows_wide_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef typename F::U U;
  if constexpr (sizeof(U) == 8) {
    return WHT_E_SIZE; /* fits says no */
  } else {
    typedef void (*kern)(const U *, U *, uint64_t, unsigned);
    typedef void (*blk)(const U *, U *, unsigned);
    static const kern by_k[7] = { wht__rows_wide_kernel<F, 5>, wht__rows_wide_kernel<F, 6>,
                                  wht__rows_wide_kernel<F, 7>, wht__rows_wide_kernel<F, 8>,
                                  wht__rows_wide_kernel<F, 9>, wht__rows_wide_kernel<F, 10>,
                                  sizeof(U) == 2 ? wht__rows_wide_kernel<F, sizeof(U) == 2 ? 11 : 10> : NULL };
    static const blk by_m[4] = { wht__rows_wide_blk_kernel<F, 1>, wht__rows_wide_blk_kernel<F, 2>,
                                 wht__rows_wide_blk_kernel<F, 3>, wht__rows_wide_blk_kernel<F, 4> };
    constexpr unsigned T = wht__rows_wide_fmt<F>::T;
    if (k > T) { /* a block of 2^M warps a row, 8 KB of shared memory a warp */
      static size_t raised[4][WHT__MAX_DEVICES];
      const unsigned M = k - T;
      return wht__rows_blk_run<U>(by_m[M - 1], src, dst, N, k, M, (size_t)8192 << M, raised[M - 1]);
    }
    const uint64_t tiles = (N + ((uint64_t)1 << T) - 1) >> T, blocks = (tiles + 3) / 4;
    if (blocks > 0x7fffffffu) return WHT_E_SIZE;
    by_k[k - 5]<<<(unsigned)blocks, 128>>>((const U *)src, (U *)dst, N, wht__rows_ahead(sizeof(U) << (T + 2)));
    return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
  }
}

#endif
