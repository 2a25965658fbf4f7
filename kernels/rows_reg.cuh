/* rows_reg.cuh - batched rows of 2^k elements in registers (issue 15: rows
 * at the add-one kernel's speed), for the algorithms whose trait
 * wht__rows_in_registers says so (folklore): a warp's rows without shared
 * memory or barriers (this header comment), longer ones in a block with
 * one exchange through shared memory (wht__rows_blk_kernel below).
 *
 * A warp takes 2^(LV+5+LW) consecutive elements (V = 16 / element size,
 * LV = log2 V, W = 2^LW vectors a lane: 8, or 16 for the largest k): lane
 * l loads the 16-byte vectors i * 32 + l, i = 0..W-1, so each load
 * instruction of the warp reads 512 contiguous bytes and all W loads are
 * in flight at once. Element index bits 0..LV-1 are then the vector's
 * elements, bits LV..LV+4 the lane and the next LW bits the vector's
 * number i, and rows of 2^k elements, k = LV+5 .. LV+8 (f32 7..11 with
 * W = 16 at 11, f16 and bf16 8..11, f64 6..9), lie whole in a warp; 2-byte
 * rows of 2^7 lie in half a warp's lanes (KLOW). The stages run in their
 * order, 0 to k-1, each on the bit it belongs to: within a vector, across
 * lanes (__shfl_xor_sync: the lane whose bit is 0 computes x + y, the
 * other y - x = y + (-x), the IEEE sum of y and the negation, bit for
 * bit), across vectors; 2-byte formats cross lanes two elements a word
 * (the packed instructions round each half as the scalar ones) and run
 * the other stages one element at a time, or on whole words
 * (wht__rows_words: the block kernel's rows of 2^12..2^15, measured
 * faster or equal there on an H200, docs/PERFORMANCE.md). Every butterfly
 * is the CPU's (a + b, a - b) on the same operands, so the result is
 * bit-identical to the CPU, as the tiles' is. Rows past the end (batches
 * that do not fill the last warp) are computed on zeros and not stored. */
#ifndef WHT_KERNELS_ROWS_REG_CUH
#define WHT_KERNELS_ROWS_REG_CUH

#include "fmt_ops.cuh"
#include "gpu_util.h"
#include "tile_packed.cuh"
#include "tile.cuh" /* wht__ld16, wht__st16 */
#include "xp_layout.cuh"
#include "wht_env.h" /* the knobs' table (lib/environment.c) */

/* whether algorithm A runs such rows in registers (folklore.cu says yes) */
template <class A>
struct wht__rows_in_registers {
  static const bool value = false;
};

/* whether algorithm A runs its rows in registers through its own kernel
 * (compensated.cuh says so for kahan and neumaier: rows_comp.cuh;
 * alman_rao.cu for Alman-Rao: rows_ar.cuh), with
 * static member templates fits<F>(k, N, src, dst) and launch<F>(src, dst, N, k) */
template <class A>
struct wht__rows_compensated {
  static const bool value = false;
};

/* whether algorithm A runs its long rows (single vectors) in register
 * passes of its own (single_comp.cuh says so for kahan and neumaier, the
 * error terms in the work array; single_ar.cuh for Alman-Rao, no work
 * array), with static member templates plan<F>, fits<F> (k, N, src, dst),
 * launch<F> and emulate<F>(src, dst, work, N, k) */
template <class A>
struct wht__single_own {
  static const bool value = false;
};

/* An algorithm's defaults on single_ar.cuh's register passes (its
 * constexpr member SAR, measured: docs/PERFORMANCE.md): whether it takes
 * them at all, whether it takes their L2-blocked pair, the smallest k in
 * 4-byte and in 2-byte formats, whether rows of 2^(K1+12) of 1024 tiles
 * or more stay on the tiles in 4-byte and in 2-byte formats, and the rows
 * of 2^k, k = 12..16, it runs a block a row (rows_ar_blk.cuh; bit k - 12,
 * 4-byte and 2-byte formats; from 8 rows), from how many blocks longer
 * rows take such block rows as their first pass where that leaves one
 * strided pass (0: never), whether those rows are the least that
 * leave it (2^(k-9)) rather than the largest (bit 0 in 4-byte formats,
 * bit 1 in 2-byte), and where the pair's first pass is block rows of
 * 2^(K1+3) (single_ar.cuh; taken so even without `pair`): bit f + 3 b
 * (f = k mod 3, b = 1 in 2-byte formats) where 9 stages would follow
 * the warp rows' pair, 6 + f + 3 b where 12 would (a pass saved), and
 * from how many elements in all, log2, its strided passes of 9 stages
 * run on the rolled kernel (sar_rolled.cuh; 0: never) */
struct wht__sar_policy {
  bool on, pair;
  unsigned kmin4, kmin2;
  bool r12_tiles4, r12_tiles2;
  unsigned blk4, blk2;
  unsigned blk_first;
  unsigned blk_first_least;
  unsigned pair_blk;
  unsigned rolled;
};

template <class F>
struct wht__rows_reg_shape {
  static constexpr unsigned V = 16 / sizeof(typename F::U), LV = V == 2 ? 1 : V == 4 ? 2 : 3;
  /* eight vectors a lane; sixteen for 4-byte elements at KMAX (f64 and
   * f16 rows of 2^10 and 2^12 were slower so: docs/PERFORMANCE.md) */
  static constexpr unsigned KMIN = LV + 5, KMAX = V == 4 ? LV + 9 : LV + 8;
  /* the warp kernel's smallest rows: 2-byte rows of 2^7 too (issue 15's
   * range), each on half the lanes (stages on lane bits 0-3 only); the
   * tiles took 1.13x the add-one kernel there on an H200 */
  static constexpr unsigned KLOW = V == 8 ? LV + 4 : KMIN;
};

/* Helpers of the warp kernels here and in rows_comp.cuh, rows_ar.cuh and
 * rows_wide.cuh. */

/* whether a warp's W 16-byte vectors of U from base lie below N (the
 * warp's whole tile: the load and store below then take a path without a
 * bound check per vector, whose 64-bit compares and selects were about
 * 1.5 instructions an element in kahan's f32 rows); never for f64, whose
 * rows with it took 1.02-1.14x the time of the checked path on an H200
 * (kahan's lane form, neumaier's capped one; docs/PERFORMANCE.md) */
template <unsigned W, unsigned LV, class U>
__device__ __forceinline__ bool wht__rows_whole_vec(uint64_t base, uint64_t N)
{
  return sizeof(U) != 8 && N >= base && N - base >= ((uint64_t)W * 32u << LV);
}

/* a warp's W 16-byte vectors of the tile at src + base: lane l's vector i
 * holds elements base + (32 i + l) 2^LV .. + 2^LV - 1 (each load
 * instruction of the warp 512 contiguous bytes); vectors from N on read
 * as zeros (the rows past the end, computed and not stored) */
template <unsigned W, unsigned LV, class U>
__device__ __forceinline__ void wht__rows_load(const U *src, uint64_t base, uint64_t N, unsigned lane, uint4 *r)
{
  if (wht__rows_whole_vec<W, LV, U>(base, N)) {
    const uint4 *s = (const uint4 *)(src + base) + lane;
#pragma unroll
    for (unsigned i = 0; i < W; i++) r[i] = s[i * 32u];
    return;
  }
#pragma unroll
  for (unsigned i = 0; i < W; i++) {
    const uint64_t g = base + ((uint64_t)(i * 32u + lane) << LV);
    r[i] = g < N ? *(const uint4 *)(src + g) : make_uint4(0, 0, 0, 0);
  }
}

/* the same vectors stored back (those below N) */
template <unsigned W, unsigned LV, class U>
__device__ __forceinline__ void wht__rows_store(U *dst, uint64_t base, uint64_t N, unsigned lane, const uint4 *r)
{
  if (wht__rows_whole_vec<W, LV, U>(base, N)) {
    uint4 *d = (uint4 *)(dst + base) + lane;
#pragma unroll
    for (unsigned i = 0; i < W; i++) d[i * 32u] = r[i];
    return;
  }
#pragma unroll
  for (unsigned i = 0; i < W; i++) {
    const uint64_t g = base + ((uint64_t)(i * 32u + lane) << LV);
    if (g < N) *(uint4 *)(dst + g) = r[i];
  }
}

/* The transposed forms' shared slots (rows_comp.cuh, rows_wide.cuh):
 * wht__rows_xp_slot and its closed forms live in xp_layout.cuh (included
 * above), where a host program reads them for tests/test_xp_layout.py */

/* the same vectors straight to shared memory by cp.async.cg (through L2
 * only), vector i of lane l to 16-byte slot wht__rows_xp_slot(32 i + l)
 * of sh (PAD: s + (s >> 3) for s = 32 i + l, rows_comp.cuh's padded
 * slots), zeros from N on, as one group (the caller waits for it) */
template <unsigned W, unsigned LV, class U, bool WHOLE = false, bool PAD = false>
__device__ __forceinline__ void wht__rows_fetch(const U *src, uint64_t base, uint64_t N, uint4 *sh, unsigned lane)
{
  /* the vectors from N on copy no byte (source size 0: zeros, the source
   * address not read), so every address is src + base's plus a constant
   * and one 32-bit compare a vector remains (none where WHOLE: the caller
   * knows the tile whole, N unused) */
  constexpr uint64_t TILE = (uint64_t)W * 32u << LV;
  const uint64_t rest = WHOLE ? TILE : N > base ? N - base : 0;
  const unsigned lim = rest < TILE ? (unsigned)rest : (unsigned)TILE;
  const uint4 *s = (const uint4 *)(src + base) + lane;
#pragma unroll
  for (unsigned i = 0; i < W; i++) {
    const unsigned d = (unsigned)__cvta_generic_to_shared(sh + wht__rows_xp_vslot<PAD>(lane, i));
    if constexpr (WHOLE)
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(d), "l"(s + i * 32u) : "memory");
    else
      asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(d), "l"(s + i * 32u),
                   "r"(((i * 32u + lane) << LV) < lim ? 16 : 0) : "memory");
  }
  asm volatile("cp.async.commit_group;" ::: "memory");
}

/* a 16-byte vector as four 4-byte values of F (F itself, or the lane
 * pairs' words) and back */
template <class F>
__device__ __forceinline__ void wht__rows_words_in(uint4 r, typename F::T *x)
{
  x[0] = F::from_bits(r.x), x[1] = F::from_bits(r.y), x[2] = F::from_bits(r.z), x[3] = F::from_bits(r.w);
}

template <class F>
__device__ __forceinline__ uint4 wht__rows_words_out(const typename F::T *x)
{
  return make_uint4(F::to_bits(x[0]), F::to_bits(x[1]), F::to_bits(x[2]), F::to_bits(x[3]));
}

/* Lane pairs of a 2-byte format from two 16-byte vectors lo and hi of
 * eight elements each: pair word 2w + b holds element 2w + b of lo in its
 * low half and of hi in its high half (one byte permute a word), and
 * back. */
template <bool PERM = true>
__device__ __forceinline__ void wht__rows_pairs_in(uint4 lo, uint4 hi, unsigned *p)
{
  const unsigned a[4] = { lo.x, lo.y, lo.z, lo.w }, b[4] = { hi.x, hi.y, hi.z, hi.w };
#pragma unroll
  for (unsigned w = 0; w < 4; w++) {
    p[2 * w] = wht__lows<PERM>(a[w], b[w]);
    p[2 * w + 1] = wht__highs<PERM>(a[w], b[w]);
  }
}

template <bool PERM = true>
__device__ __forceinline__ void wht__rows_pairs_out(const unsigned *p, uint4 &lo, uint4 &hi)
{
  unsigned a[4], b[4];
#pragma unroll
  for (unsigned w = 0; w < 4; w++) {
    a[w] = wht__lows<PERM>(p[2 * w], p[2 * w + 1]);
    b[w] = wht__highs<PERM>(p[2 * w], p[2 * w + 1]);
  }
  lo = make_uint4(a[0], a[1], a[2], a[3]);
  hi = make_uint4(b[0], b[1], b[2], b[3]);
}

/* x (a lane's element) and y (the partner lane's) -> x + y on the lower
 * lane, y - x on the upper: y + x' with x' = x or -x; on 32-bit words
 * (2-byte formats: two elements, added lane by lane in the packed form) */
template <class F>
__device__ __forceinline__ void wht__rows_reg_cross(uint4 &r, unsigned m, bool upper)
{
  typedef typename F::U U;
  unsigned w[4] = { r.x, r.y, r.z, r.w };
  if constexpr (sizeof(U) == 8) {
#pragma unroll
    for (unsigned q = 0; q < 4; q += 2) {
      const double x = __hiloint2double((int)w[q + 1], (int)w[q]);
      const double y = __shfl_xor_sync(0xffffffffu, x, m);
      const double s = F::add(y, upper ? F::neg(x) : x);
      w[q] = (unsigned)__double2loint(s);
      w[q + 1] = (unsigned)__double2hiint(s);
    }
  } else {
    const unsigned flip = upper ? (sizeof(U) == 4 ? 0x80000000u : 0x80008000u) : 0u;
#pragma unroll
    for (unsigned q = 0; q < 4; q++) {
      const unsigned y = __shfl_xor_sync(0xffffffffu, w[q], m);
      if constexpr (sizeof(U) == 4) {
        w[q] = __float_as_uint(F::add(__uint_as_float(y), __uint_as_float(w[q] ^ flip)));
      } else {
        typedef wht__pair_fmt<F> F2;
        w[q] = F2::to_bits(F2::add(F2::from_bits(y), F2::from_bits(w[q] ^ flip)));
      }
    }
  }
  r = make_uint4(w[0], w[1], w[2], w[3]);
}

/* butterflies between elements j and j + h of the V in a vector */
template <class F>
__device__ __forceinline__ void wht__rows_reg_within(uint4 &r, unsigned h)
{
  typedef typename F::T T;
  typedef typename F::U U;
  constexpr unsigned V = wht__rows_reg_shape<F>::V;
  U u[V];
  memcpy(u, &r, sizeof u);
#pragma unroll
  for (unsigned j = 0; j < V; j++)
    if (!(j & h)) {
      const T a = F::from_bits(u[j]), b = F::from_bits(u[j + h]);
      u[j] = F::to_bits(F::add(a, b));
      u[j + h] = F::to_bits(F::sub(a, b));
    }
  memcpy(&r, u, sizeof r);
}

/* butterflies between vectors a and b (elementwise, a the lower index) */
template <class F>
__device__ __forceinline__ void wht__rows_reg_across(uint4 &ra, uint4 &rb)
{
  typedef typename F::U U;
  constexpr unsigned V = wht__rows_reg_shape<F>::V;
  U a[V], b[V];
  memcpy(a, &ra, sizeof a);
  memcpy(b, &rb, sizeof b);
#pragma unroll
  for (unsigned j = 0; j < V; j++) {
    const typename F::T x = F::from_bits(a[j]), y = F::from_bits(b[j]);
    a[j] = F::to_bits(F::add(x, y));
    b[j] = F::to_bits(F::sub(x, y));
  }
  memcpy(&ra, a, sizeof ra);
  memcpy(&rb, b, sizeof rb);
}

/* The same two stages of a 2-byte format on whole 32-bit words (WORDS):
 * element j and j + h of a vector are the same half of words j/2 and
 * (j + h)/2 for h >= 2, and element v of two vectors the same half of
 * their word v/2, so those butterflies are one packed addition and one
 * packed subtraction per two elements (each half rounded as the scalar
 * operation); for h = 1 (the halves of one word) the words of two pairs
 * are transposed to (lows, highs) and back around the packed butterfly. */
template <class F>
__device__ __forceinline__ void wht__rows_reg_words_bfly(unsigned &a, unsigned &b)
{
  typedef wht__pair_fmt<F> F2;
  const typename F2::T x = F2::from_bits(a), y = F2::from_bits(b);
  a = F2::to_bits(F2::add(x, y));
  b = F2::to_bits(F2::sub(x, y));
}

template <class F>
__device__ __forceinline__ void wht__rows_reg_words_within(uint4 &r, unsigned h)
{
  unsigned w[4] = { r.x, r.y, r.z, r.w };
  if (h == 1) {
#pragma unroll
    for (unsigned q = 0; q < 4; q += 2) {
      unsigned lo = wht__lows(w[q], w[q + 1]), hi = wht__highs(w[q], w[q + 1]);
      wht__rows_reg_words_bfly<F>(lo, hi);
      w[q] = wht__lows(lo, hi);
      w[q + 1] = wht__highs(lo, hi);
    }
  } else {
#pragma unroll
    for (unsigned q = 0; q < 4; q++)
      if (!(q & (h / 2))) wht__rows_reg_words_bfly<F>(w[q], w[q + h / 2]);
  }
  r = make_uint4(w[0], w[1], w[2], w[3]);
}

/* butterflies between vectors i and i + h of the W a lane holds */
template <class F, unsigned W, bool WORDS = false>
__device__ __forceinline__ void wht__rows_reg_vectors(uint4 *r, unsigned h)
{
#pragma unroll
  for (unsigned i = 0; i < W; i++)
    if (!(i & h)) {
      if constexpr (WORDS) {
        wht__rows_reg_words_bfly<F>(r[i].x, r[i + h].x);
        wht__rows_reg_words_bfly<F>(r[i].y, r[i + h].y);
        wht__rows_reg_words_bfly<F>(r[i].z, r[i + h].z);
        wht__rows_reg_words_bfly<F>(r[i].w, r[i + h].w);
      } else {
        wht__rows_reg_across<F>(r[i], r[i + h]);
      }
    }
}

/* stages 0..K-1 of a warp's elements held as W vectors a lane (vector i
 * of lane l: elements (i * 32 + l) * V ..): inside vectors, across lanes,
 * across vectors (2-byte formats: on whole words where WORDS) */
template <class F, unsigned W, unsigned K, bool WORDS = false>
__device__ __forceinline__ void wht__rows_reg_warp_stages(uint4 *r, unsigned lane)
{
  constexpr unsigned LV = wht__rows_reg_shape<F>::LV;
#pragma unroll
  for (unsigned s = 0; s < LV; s++)
#pragma unroll
    for (unsigned i = 0; i < W; i++) {
      if constexpr (WORDS) wht__rows_reg_words_within<F>(r[i], 1u << s);
      else wht__rows_reg_within<F>(r[i], 1u << s);
    }
  constexpr unsigned LANES = K - LV < 5 ? K - LV : 5; /* rows shorter than a warp's */
#pragma unroll
  for (unsigned s = 0; s < LANES; s++) {
    const bool upper = (lane >> s) & 1u;
#pragma unroll
    for (unsigned i = 0; i < W; i++) wht__rows_reg_cross<F>(r[i], 1u << s, upper);
  }
#pragma unroll
  for (unsigned s = LV + 5; s < K; s++) wht__rows_reg_vectors<F, W, WORDS>(r, 1u << (s - LV - 5));
}

/* The setting of environment knob name (a nonnegative integer), dflt
 * when unset or empty, or a value the knob does not accept: read through
 * the table of libwht's knobs (wht_env.h, lib/environment.c), whose values
 * wht_check_environment checks, so that the check and this use agree. */
static unsigned wht__rows_env(const char *name, unsigned dflt) { return wht__env_uint(name, dflt); }

/* The warp kernels' look ahead (here, rows_ar.cuh, rows_wide.cuh): the
 * warp whose 2^T elements start at base asks L2, by lane 0, for those of
 * the same warp of the block `ahead` blocks on, which a block starting
 * shortly after loads (cp.async.bulk.prefetch.L2, one instruction; as
 * rows_prefetch.cuh does for the block kernel). A hint: L2 is where device
 * memory is coherent, so a later load sees what was written before it
 * whatever the prefetch read, and the results are unchanged. N - p is
 * whole rows (at least 64 bytes), so a multiple of 16 bytes. */
template <unsigned T, class U>
__device__ __forceinline__ void wht__rows_prefetch(const U *src, uint64_t base, uint64_t N, unsigned ahead)
{
  const uint64_t p = base + ((uint64_t)ahead * (blockDim.x >> 5) << T);
  if (ahead && (threadIdx.x & 31u) == 0 && p < N)
    wht__l2_prefetch(src + p, (unsigned)(sizeof(U) * (N - p < (1u << T) ? N - p : (1u << T))));
}

/* The block kernels' look ahead (one row a block, a grid of one block a
 * row: rows_prefetch.cuh, rows_comp.cuh, rows_wide.cuh; single_reg.cuh's
 * first-pass tiles): lane 0 of warp w asks L2 for the warp's 2^T
 * elements (at w 2^T) of row `row` + ahead of rows of 2^K, which a block
 * starting shortly after loads */
template <unsigned T, unsigned K, class U>
__device__ __forceinline__ void wht__rows_blk_prefetch(const U *src, uint64_t row, uint64_t rows, unsigned ahead)
{
  const uint64_t a = row + ahead;
  if (ahead && a < rows && (threadIdx.x & 31u) == 0)
    wht__l2_prefetch(src + (a << K) + ((uint64_t)(threadIdx.x >> 5) << T), (unsigned)(sizeof(U) << T));
}

/* ... the row of this block's, of as many rows as blocks */
template <unsigned T, unsigned K, class U>
__device__ __forceinline__ void wht__rows_blk_prefetch(const U *src, unsigned ahead)
{
  wht__rows_blk_prefetch<T, K>(src, blockIdx.x, gridDim.x, ahead);
}

/* Blocks ahead for a rows kernel whose block covers block_bytes (the warp
 * kernels' blocks of warps, the block kernels' rows):
 * WHT_GPU_ROWS_PF_BYTES (read once; 0 for none, 1 for one block) over it,
 * else 2 MiB over it, at least one. On an H200 folklore's rows of
 * 2^7..2^12 took 1.02-1.05x the add-one kernel without, 1.00-1.02x at 1
 * and 2 MiB ahead; 4 MiB, 8 MiB for f32 rows of 2^11, took those to 1.09x
 * and 2-byte rows of 2^7 to 1.05x; its block rows of 128 KB took 1.06x
 * (f32) and 1.12x (2-byte) at 16 rows ahead against 1.10x and 1.22x
 * without, 1.3-1.45x at 12 MiB and more (docs/PERFORMANCE.md, "the rows
 * a few blocks on asked of L2") */
/* Blocks of block_bytes in `bytes` ahead: none for 0, else at least one */
static unsigned wht__ahead_blocks(size_t bytes, size_t block_bytes)
{
  return bytes ? (unsigned)(bytes / block_bytes > 0 ? bytes / block_bytes : 1) : 0;
}

static unsigned wht__rows_ahead(size_t block_bytes)
{
  static unsigned bytes = ~0u;
  if (bytes == ~0u) bytes = wht__rows_env("WHT_GPU_ROWS_PF_BYTES", 2u << 20);
  return wht__ahead_blocks(bytes, block_bytes);
}

/* The stagger of the block rows (rows_prefetch.cuh): WHT_GPU_ROWS_STAGGER
 * = D nanoseconds (read once; default 1000, 0: none). A call's first
 * wave of blocks starts together and moves in step for many waves (each
 * loads its row while none computes, then computes while device memory
 * idles): on an H200 the rows of 128 KB, one block a multiprocessor, lost
 * about 4 us a wave at first and 17-22 us a call (the same rows took
 * 1.23x the add-one kernel in one wave, 1.15x in 15.5 and 1.07x in 62).
 * With a stagger, block b of the first wave sleeps (b mod G) D ns
 * (wht__rows_stagger_sleep) before it starts, so the multiprocessors'
 * phases differ from the start: f32 rows of 2^15 over 2^28 elements
 * 1.07x -> 1.05-1.06x, 2-byte rows of 2^16 1.13-1.14x -> 1.09-1.10x;
 * D = 500..2000 within 1 % of each other, 3000 and G = 16 worse; the
 * tensor cores' rows of 2^15 gained 0.3 % and their rows of 2^16 lost as
 * much, so they have none (docs/PERFORMANCE.md, "the first wave's blocks
 * started apart"). Alman-Rao's block rows (rows_ar_blk.cuh) have it too:
 * f32 rows of 2^15 1.09x -> 1.07-1.08x, f16 2^16 1.21x -> 1.19-1.20x. A
 * sleep changes no result. */
static unsigned wht__rows_stagger()
{
  static unsigned ns = ~0u;
  if (ns == ~0u) ns = wht__rows_env("WHT_GPU_ROWS_STAGGER", 1000);
  return ns;
}

/* the stagger's groups (WHT_GPU_ROWS_STAGGER_G, read once, a power of two
 * up to 64, default 4): block b of the first wave sleeps (b mod G) D ns */
static unsigned wht__rows_stagger_groups()
{
  static unsigned g = 0;
  if (!g) {
    const unsigned v = wht__rows_env("WHT_GPU_ROWS_STAGGER_G", 4);
    g = v && v <= 64 && !(v & (v - 1)) ? v : 4;
  }
  return g;
}

/* the blocks of kernel f (threads, smem bytes of dynamic shared memory)
 * resident at once on the current device, cached in resident[dev]; 0 on
 * an error (then no stagger: it only changes the timing) */
static unsigned wht__rows_wave(const void *f, unsigned threads, size_t smem, unsigned *resident)
{
  const int dev = wht__gpu_current_device();
  if (dev < 0) return 0;
  if (!resident[dev]) {
    int per_sm = 0, sms = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, (int)threads, smem) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || per_sm < 1) {
      cudaGetLastError();
      return 0;
    }
    resident[dev] = (unsigned)(per_sm * sms);
  }
  return resident[dev];
}

/* A launch's stagger: D ns, the first wave's blocks, the groups less one
 * (a mask); the kernels take the three as arguments (one struct argument
 * instead moved ptxas's allocation: 48 -> 64 registers in some) */
struct wht__stagger {
  unsigned ns, wave, gm;
};

/* kernel f's stagger (threads, smem as wht__rows_wave; resident its
 * cache): none where the occupancy query fails */
static wht__stagger wht__rows_stagger_of(const void *f, unsigned threads, size_t smem, unsigned *resident)
{
  wht__stagger st = { wht__rows_stagger(), 0, wht__rows_stagger_groups() - 1 };
  if (st.ns) st.wave = wht__rows_wave(f, threads, smem, resident);
  return st;
}

/* the stagger's sleep of the first `wave` blocks (wht__rows_stagger; gm:
 * the groups less one, a mask) */
__device__ __forceinline__ void wht__rows_stagger_sleep(unsigned ns, unsigned wave, unsigned gm)
{
#if __CUDA_ARCH__ >= 700
  if (ns && blockIdx.x < wave && (blockIdx.x & gm)) __nanosleep(ns * (blockIdx.x & gm));
#endif
}

template <class F, unsigned K, unsigned W, bool WORDS = false>
__global__ void __launch_bounds__(256)
    wht__rows_reg_kernel(const typename F::U *src, typename F::U *dst, uint64_t N, unsigned ahead)
{
  typedef wht__rows_reg_shape<F> S;
  constexpr unsigned LV = S::LV, LW = W == 16 ? 4 : 3, T = LV + 5 + LW;
  const unsigned lane = threadIdx.x & 31u;
  const uint64_t base = ((blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) >> 5) << T;
  wht__rows_prefetch<T>(src, base, N, ahead);
  if (base >= N) return; /* the whole warp */
  uint4 r[W];
  wht__rows_load<W, LV>(src, base, N, lane, r);
  wht__rows_reg_warp_stages<F, W, K, WORDS>(r, lane);
  wht__rows_store<W, LV>(dst, base, N, lane, r);
}

/* Where the block kernel's element u (u < 2^(K0+M)) lives, from the
 * pointer it is given: R = 0, a row (at u); R > 0, a strided pass's tile
 * (single_reg.cuh: run u mod 2^R of 2^R contiguous elements, runs 2^s0
 * apart), whose stages are only those on bits R and up (the warp's
 * vector bits, LW = K0 - R, and the block's); CG, HINT: loads through L2
 * only and L2 eviction policies (wht__ld16, wht__st16: the L2-blocked
 * pair's second pass). */
template <unsigned R = 0, bool CG = false, bool HINT = false>
struct wht__blk_io {
  static constexpr bool STRIDED = R != 0;
  static constexpr unsigned RUN = R;
  unsigned s0;
  uint64_t lpol, spol;
  WHT__HD uint64_t at(unsigned u) const /* the host twin uses it too (single_reg.cuh) */
  {
    if constexpr (R == 0) return u;
    else return ((uint64_t)(u >> R) << s0) | (u & ((1u << R) - 1u));
  }
  template <class U>
  __device__ __forceinline__ uint4 load(const U *in, unsigned u) const
  {
    return wht__ld16<CG, HINT>(in + at(u), lpol);
  }
  template <class U>
  __device__ __forceinline__ void store(U *out, unsigned u, uint4 v) const
  {
    wht__st16<HINT>(out + at(u), v, spol);
  }
  template <class U>
  __device__ __forceinline__ void store4(U *out, unsigned u, unsigned v) const
  {
    wht__st4<HINT>(out + at(u), v, spol);
  }
  template <class U>
  __device__ __forceinline__ void store2(U *out, unsigned u, unsigned short v) const
  {
    wht__st2<HINT>(out + at(u), v, spol);
  }
};

/* Rows of 2^(K0+M) elements over the 2^M warps of a block, K0 = LV+5+LW
 * a warp's bits as above (W = 2^LW vectors a lane): warp w loads the
 * row's elements w * 2^K0 .. w * 2^K0 + 2^K0 - 1 and runs stages 0..K0-1
 * in its registers as the kernel above. Then the block exchanges its
 * vectors once through shared memory, each vector stored and loaded whole
 * (the 32 lanes' 16-byte vectors of one instruction lie in runs of at
 * least 128 contiguous bytes: no bank conflict), so that each lane holds
 * the vectors that differ in the row's top M bits, the low MR = min(M,
 * LW) of them in its registers (register t * 2^MR + jr) and the other ML
 * = M - MR (at most 2) in its lane's top bits; it runs stages K0..K0+M-1
 * across registers, then across lanes, and stores the vectors, again
 * runs of at least 128 contiguous bytes per instruction. In phase 2, a
 * vector's position p (bits LV.. of its element index below 2^K0) is
 * ((w' 2^(LW-MR) + t) 2^(5-ML) + (l' mod 2^(5-ML))), its top bits j = jr
 * + 2^MR (l' >> (5-ML)). The stages keep their order and operands, so
 * the result is the CPU's. One row per block; every load of a block
 * precedes its barrier and every store follows it, so in place is safe.
 * LOOP: the same written as a loop over rows blockIdx.x, + gridDim.x, ...
 * (run once: the grid is a block per row) with a barrier before the
 * shared stores of any row but the first, which the compiler schedules
 * differently: on an H200 f32 rows of 2^14, 2^15 took 1.12x, 1.10x the
 * add-one kernel so against 1.23x, 1.30x (same registers and
 * instructions, fewer waits on global loads), but f32 rows of 2^13 1.07x
 * against 1.05x and f16 rows of 2^13..2^16 1.12-1.32x against 1.05-1.26x
 * (more registers), docs/PERFORMANCE.md; with the loads gathered
 * (GATHER below) the plain form is faster but for f32 rows of 2^15, which
 * take the loop form (wht__rows_blk_shape::loop). */
/* GATHER: every vector made to depend on all of the lane's loads, so that
 * ptxas issues them together instead of staggering them between the
 * first vectors' stages (on an H200 rows of 2^12..2^14 went from
 * 1.04-1.12x the add-one kernel to 1.02-1.04x, f16 2^16 from 1.25x to
 * 1.22x; f32 2^15 1.14x against the loop form's 1.10x, docs/PERFORMANCE.md):
 * a word that folds all loads is compared with a
 * value that never occurs while the kernel runs (live is the row count,
 * at least 1 here), and the never-taken branch would flip a bit of every
 * vector. The results are those of the plain form bit for bit. */
template <class F, unsigned W, unsigned M, bool WORDS, bool GATHER = false, class IO = wht__blk_io<>>
__device__ __forceinline__ void wht__rows_blk_row(const typename F::U *in, typename F::U *out, bool wait,
                                                  uint64_t live = 1, const IO &io = IO{ 0, 0, 0 })
{
  typedef wht__rows_reg_shape<F> S;
  constexpr unsigned LV = S::LV, LW = W == 16 ? 4u : W == 8 ? 3u : 2u, K0 = LV + 5 + LW;
  constexpr unsigned MR = M < LW ? M : LW, ML = M - MR, T = W >> MR, LL = 5 - ML;
  static_assert(M >= 1 && ML <= 2, "at most two of the top bits on lanes");
  extern __shared__ uint4 wht__rows_blk_sh[];
  const unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
  uint4 r[W];
#pragma unroll
  for (unsigned i = 0; i < W; i++) r[i] = io.load(in, (w << K0) | ((i * 32u + lane) << LV));
  if constexpr (GATHER) {
    unsigned all = 0;
#pragma unroll
    for (unsigned i = 0; i < W; i++) all ^= r[i].x ^ r[i].w;
    const unsigned flip = (all == 0x5a5a5a5au && live == 0) ? 1u : 0u;
#pragma unroll
    for (unsigned i = 0; i < W; i++) r[i].x ^= flip;
  }
  if constexpr (IO::STRIDED) {
    static_assert(IO::RUN == LV + 5, "a strided tile's runs are a warp's lanes");
#pragma unroll
    for (unsigned s = 0; s < LW; s++) wht__rows_reg_vectors<F, W, WORDS>(r, 1u << s);
  } else {
    wht__rows_reg_warp_stages<F, W, K0, WORDS>(r, lane);
  }
  if (wait) __syncthreads(); /* the previous row's shared reads are done */
#pragma unroll
  for (unsigned i = 0; i < W; i++) wht__rows_blk_sh[(w * W + i) * 32u + lane] = r[i];
  __syncthreads();
  const unsigned jl = lane >> LL, lo = lane & ((1u << LL) - 1u);
#pragma unroll
  for (unsigned t = 0; t < T; t++)
#pragma unroll
    for (unsigned jr = 0; jr < (1u << MR); jr++) {
      const unsigned j = jr | jl << MR, pos = ((w * T + t) << LL) | lo;
      r[t << MR | jr] = wht__rows_blk_sh[j * W * 32u + pos];
    }
#pragma unroll
  for (unsigned s = 0; s < MR; s++) wht__rows_reg_vectors<F, W, WORDS>(r, 1u << s);
  if constexpr (ML > 0) {
#pragma unroll
    for (unsigned s = 0; s < ML; s++) {
      const bool upper = (jl >> s) & 1u;
#pragma unroll
      for (unsigned i = 0; i < W; i++) wht__rows_reg_cross<F>(r[i], 1u << (LL + s), upper);
    }
  }
#pragma unroll
  for (unsigned t = 0; t < T; t++)
#pragma unroll
    for (unsigned jr = 0; jr < (1u << MR); jr++) {
      const unsigned j = jr | jl << MR, pos = ((w * T + t) << LL) | lo;
      io.store(out, (j << K0) | (pos << LV), r[t << MR | jr]);
    }
}

template <class F, unsigned W, unsigned M, bool WORDS = false, bool LOOP = false, bool GATHER = false>
__global__ void __launch_bounds__(32u << M) wht__rows_blk_kernel(const typename F::U *src, typename F::U *dst,
                                                                 uint64_t rows)
{
  constexpr unsigned K = wht__rows_reg_shape<F>::LV + 5 + (W == 16 ? 4u : W == 8 ? 3u : 2u) + M;
  if constexpr (LOOP) {
    for (uint64_t row = blockIdx.x; row < rows; row += gridDim.x)
      wht__rows_blk_row<F, W, M, WORDS>(src + (row << K), dst + (row << K), row != blockIdx.x);
  } else {
    wht__rows_blk_row<F, W, M, WORDS, GATHER>(src + ((uint64_t)blockIdx.x << K), dst + ((uint64_t)blockIdx.x << K),
                                              false, rows);
  }
}

/* The block kernel's rows: 2^k, k = KMAX+1 .. LV+13 (f32 2^12..2^15, f16
 * and bf16 2^12..2^16, f64 2^10..2^14), eight vectors a lane (any such k;
 * sixteen, k >= LV+10, were slower on an H100 wherever both fit). By
 * default f32 (on an H100 its rows of 2^12..2^15 took 1.00-1.08x the
 * add-one kernel against the tiles' 1.03-1.25x, with half their
 * instructions), and f16 and bf16 rows of 2^12, 2^13, 2^14 and 2^16: on
 * an H200, whose faster memory leaves these kernels bound by their
 * instructions, 1.05-1.08x the add-one kernel against the tiles'
 * 1.26-1.28x and 1.25-1.26x against 1.79x (2^15: 1.28x either way); on
 * an H100 (before tile_packed.cuh's words were reinterpreted) 1.02-1.08x
 * against 1.02-1.03x. f16 and bf16 rows of 2^15 here with sixteen
 * vectors a lane (8 warps, 128 registers, two blocks a multiprocessor):
 * 1.26x on an H200 against the tiles' 1.28-1.29x; with eight and the
 * loads gathered (16 warps, 58 registers, two blocks) 1.03-1.04x, so
 * eight (docs/PERFORMANCE.md, "the rows a few blocks on asked of L2").
 * By default the rows of eight vectors a lane take the form of
 * rows_prefetch.cuh (the row a few blocks on asked of L2 first). f64
 * stays on the tiles (1.01-1.15x against 1.00-1.12x on an H100).
 * docs/PERFORMANCE.md has
 * the figures. WHT_GPU_ROWS_BLK_W=8|16 runs every format's rows here
 * with that many vectors a lane (where it fits, else eight) and
 * WHT_GPU_ROWS_BLK=0 none, for comparisons. */
template <class F>
struct wht__rows_blk_shape {
  typedef wht__rows_reg_shape<F> S;
  static constexpr unsigned KLO = S::KMAX + 1, KHI = S::LV + 13;
  static constexpr bool by_default(unsigned) { return S::V == 4 || S::V == 8; }
  /* in a build with -DWHT_GPU_ALL_FORMS and without the prefetch form
   * (WHT_GPU_ROWS_PF_BYTES=0): the kernel's LOOP form by default for f32
   * rows of 2^15 (32 warps; WHT_GPU_ROWS_LOOP=0|1 forces either), the
   * plain form with its loads gathered for the other rows of eight
   * vectors a lane (WHT_GPU_ROWS_GATHER=0|1 forces either); the default
   * build runs the prefetch form's kernel without its look-ahead there
   * (wht__rows_blk_launch) */
  static constexpr bool loop(unsigned M) { return S::V == 4 && M >= 5; }
  static unsigned w_of(unsigned k, unsigned forced)
  {
    const bool sixteen = forced == 16;
    return sixteen && k >= S::LV + 10 ? 16 : 8;
  }
};

/* A switch of the rows kernels: environment knob name =0|1 forces it,
 * else dflt; read once (wht_env.h) into *set (the caller's static, -2
 * before: -1 unset, else 0 or 1) */
static inline bool wht__rows_switch(const char *name, int *set, bool dflt)
{
  if (*set == -2) {
    unsigned v;
    *set = wht__env_get(name, &v) == 1 ? v != 0 : -1;
  }
  return *set < 0 ? dflt : *set != 0;
}

/* Whether 2-byte rows in the block kernel of 2^M warps (M = 0: the warp
 * kernel) run their stages on whole words: WHT_GPU_ROWS_WORDS=1 always,
 * =0 never (read once), by default the block kernel's rows of 2^12..2^15
 * (M <= 4). On an H200 (docs/PERFORMANCE.md) words took 1.08x the add-one
 * kernel against 1.17x at rows of 2^14, the same (1.03-1.05x) at
 * 2^8..2^13, and 1.32x against 1.26x at 2^16 (M = 5). */
static bool wht__rows_words(unsigned M)
{
  static int set = -2;
  return wht__rows_switch("WHT_GPU_ROWS_WORDS", &set, M >= 1 && M <= 4);
}

/* Whether the current device lets a block have smem bytes of shared
 * memory (its opt-in maximum, read once per device; beyond it, or on an
 * unknown device, the rows take the tiles). */
static bool wht__rows_smem_fits(size_t smem)
{
  if (smem <= 48 * 1024) return true;
  static int optin[WHT__MAX_DEVICES]; /* 0: not read yet, -1: unknown */
  const int dev = wht__gpu_current_device();
  if (dev < 0) return false;
  if (optin[dev] == 0) {
    int v = 0;
    if (cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev) != cudaSuccess || v <= 0) {
      cudaGetLastError(); /* not sticky: leave no error for a later launch check */
      v = -1;
    }
    optin[dev] = v;
  }
  return optin[dev] > 0 && (size_t)optin[dev] >= smem;
}

/* Kernel f's dynamic shared memory raised to smem bytes on the current
 * device (the limit belongs to the device's context; raised[dev]: the
 * largest set so far for f) */
static wht_status wht__rows_raise_smem(const void *f, size_t smem, size_t *raised)
{
  if (smem <= 48 * 1024) return WHT_OK;
  const int dev = wht__gpu_current_device();
  if (dev >= 0 && smem <= raised[dev]) return WHT_OK;
  if (cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem) != cudaSuccess) {
    cudaGetLastError(); /* not sticky: leave no error for a later launch check */
    return WHT_E_CUDA;
  }
  if (dev >= 0) raised[dev] = smem;
  return WHT_OK;
}

/* Kernel f launched with one row of 2^k elements a block of 2^M warps
 * and smem bytes of dynamic shared memory (raised on the current device
 * first: raised is f's slot of wht__rows_raise_smem), for rows of
 * N >> k, each block asking L2 for the row wht__rows_ahead on; the block
 * kernels of rows_comp.cuh and rows_wide.cuh */
template <class U>
static wht_status wht__rows_blk_run(void (*f)(const U *, U *, unsigned), const void *src, void *dst, uint64_t N,
                                    unsigned k, unsigned M, size_t smem, size_t *raised)
{
  const wht_status st = wht__rows_raise_smem((const void *)f, smem, raised);
  if (st != WHT_OK) return st;
  const uint64_t rows = N >> k;
  if (rows > 0x7fffffffu) return WHT_E_SIZE;
  f<<<(unsigned)rows, 32u << M, smem>>>((const U *)src, (U *)dst, wht__rows_ahead(sizeof(U) << k));
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* Whether the rows of a transform of 2^k-element rows, N elements in all,
 * from src to dst run here (the warp kernel or the block kernel): k in
 * the ranges above, 16-byte aligned pointers; WHT_GPU_ROWS_REG=0 turns
 * both off (the tiles then run them, as before; for comparisons). The
 * settings are read once. */
template <class F>
static bool wht__rows_reg_fits(unsigned k, const void *src, const void *dst)
{
  typedef wht__rows_reg_shape<F> S;
  typedef wht__rows_blk_shape<F> B;
  static int on = -1, blk = -1, forced = -1;
  if (on < 0) {
    const unsigned w = wht__rows_env("WHT_GPU_ROWS_BLK_W", 0);
    blk = wht__rows_env("WHT_GPU_ROWS_BLK", 1) != 0;
    forced = w == 8 || w == 16;
    on = wht__rows_env("WHT_GPU_ROWS_REG", 1) != 0;
  }
  return on && k >= S::KLOW &&
         (k <= S::KMAX || (blk && (forced || B::by_default(k)) && k <= B::KHI &&
                           wht__rows_smem_fits(sizeof(typename F::U) << k))) &&
         (uintptr_t)src % 16 == 0 && (uintptr_t)dst % 16 == 0;
}

/* Whether the block kernel runs its LOOP form: WHT_GPU_ROWS_LOOP=0|1 (read
 * once), else dflt (wht__rows_blk_shape::loop) */
static inline bool wht__rows_loop(bool dflt)
{
  static int set = -2;
  return wht__rows_switch("WHT_GPU_ROWS_LOOP", &set, dflt);
}

/* the block kernel's rows with the next rows asked of L2 (uses the
 * helpers above) */
#include "rows_prefetch.cuh"

template <class F>
static wht_status wht__rows_blk_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
#ifndef WHT_GPU_ALL_FORMS
  /* The build holds the default, rows_prefetch.cuh's form with eight
   * vectors a lane; WHT_GPU_ROWS_PF_BYTES=0 runs it without asking L2
   * (the plain form with its loads gathered, less the look-ahead). The
   * forms below, which the look-ahead replaced (the loop form, loads not
   * gathered: WHT_GPU_ROWS_LOOP, WHT_GPU_ROWS_GATHER), and sixteen
   * vectors a lane (WHT_GPU_ROWS_BLK_W=16, slower on an H200) are built
   * only with -DWHT_GPU_ALL_FORMS, for comparisons: they were about 140
   * of folklore.cu's kernels, compile time that CI pays. */
  return wht__rows_pf_launch<F>(src, dst, N, k, 8, wht__rows_ahead(sizeof(typename F::U) << k));
#else
  typedef wht__rows_reg_shape<F> S;
  typedef typename F::U U;
  typedef void (*kern)(const U *, U *, uint64_t);
  /* by LOOP, W (8, 16) and M */
  static const kern by_wm[2][2][5] = {
    { { wht__rows_blk_kernel<F, 8, 1>, wht__rows_blk_kernel<F, 8, 2>, wht__rows_blk_kernel<F, 8, 3>,
        wht__rows_blk_kernel<F, 8, 4>, wht__rows_blk_kernel<F, 8, 5> },
      { wht__rows_blk_kernel<F, 16, 1>, wht__rows_blk_kernel<F, 16, 2>, wht__rows_blk_kernel<F, 16, 3>,
        wht__rows_blk_kernel<F, 16, 4>, NULL } },
    { { wht__rows_blk_kernel<F, 8, 1, false, true>, wht__rows_blk_kernel<F, 8, 2, false, true>,
        wht__rows_blk_kernel<F, 8, 3, false, true>, wht__rows_blk_kernel<F, 8, 4, false, true>,
        wht__rows_blk_kernel<F, 8, 5, false, true> },
      { wht__rows_blk_kernel<F, 16, 1, false, true>, wht__rows_blk_kernel<F, 16, 2, false, true>,
        wht__rows_blk_kernel<F, 16, 3, false, true>, wht__rows_blk_kernel<F, 16, 4, false, true>, NULL } }
  };
  static size_t raised[3][3][5][WHT__MAX_DEVICES]; /* by LOOP (2: gathered), W (8, 16, 8 on words) and M */
  static unsigned forced = ~0u;
  if (forced == ~0u) forced = wht__rows_env("WHT_GPU_ROWS_BLK_W", 0);
  const unsigned W = wht__rows_blk_shape<F>::w_of(k, forced), wi = W == 16;
  const unsigned M = k - (S::LV + 5 + (W == 16 ? 4 : 3));
  if (const unsigned ahead = wht__rows_ahead(sizeof(U) << k)) return wht__rows_pf_launch<F>(src, dst, N, k, W, ahead);
  const unsigned lp = wht__rows_loop(wht__rows_blk_shape<F>::loop(M));
  /* the plain form with its loads gathered (eight vectors a lane): by
   * default where the loop form is not (WHT_GPU_ROWS_GATHER=0|1 forces) */
  static const kern gathered[5] = { wht__rows_blk_kernel<F, 8, 1, false, false, true>,
                                    wht__rows_blk_kernel<F, 8, 2, false, false, true>,
                                    wht__rows_blk_kernel<F, 8, 3, false, false, true>,
                                    wht__rows_blk_kernel<F, 8, 4, false, false, true>,
                                    wht__rows_blk_kernel<F, 8, 5, false, false, true> };
  static int gather = -2;
  const bool g = W == 8 && wht__rows_switch("WHT_GPU_ROWS_GATHER", &gather, !lp);
  kern f = g ? gathered[M - 1] : by_wm[lp][wi][M - 1];
  unsigned slot = wi;
  if constexpr (S::V == 8) { /* 2-byte formats on whole words (wht__rows_words) */
    static const kern words[2][5] = {
      { wht__rows_blk_kernel<F, 8, 1, true>, wht__rows_blk_kernel<F, 8, 2, true>, wht__rows_blk_kernel<F, 8, 3, true>,
        wht__rows_blk_kernel<F, 8, 4, true>, wht__rows_blk_kernel<F, 8, 5, true> },
      { wht__rows_blk_kernel<F, 8, 1, true, true>, wht__rows_blk_kernel<F, 8, 2, true, true>,
        wht__rows_blk_kernel<F, 8, 3, true, true>, wht__rows_blk_kernel<F, 8, 4, true, true>,
        wht__rows_blk_kernel<F, 8, 5, true, true> }
    };
    static const kern gathered_words[5] = { wht__rows_blk_kernel<F, 8, 1, true, false, true>,
                                            wht__rows_blk_kernel<F, 8, 2, true, false, true>,
                                            wht__rows_blk_kernel<F, 8, 3, true, false, true>,
                                            wht__rows_blk_kernel<F, 8, 4, true, false, true>,
                                            wht__rows_blk_kernel<F, 8, 5, true, false, true> };
    if (W == 8 && wht__rows_words(M)) f = g ? gathered_words[M - 1] : words[lp][M - 1], slot = 2;
  }
  const size_t smem = sizeof(U) << k;
  const wht_status st = wht__rows_raise_smem((const void *)f, smem, raised[g ? 2 : lp][slot][M - 1]);
  if (st != WHT_OK) return st;
  const uint64_t rows = N >> k;
  if (rows > 0x7fffffffu) return WHT_E_SIZE;
  f<<<(unsigned)rows, 32u << M, smem>>>((const U *)src, (U *)dst, rows);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
#endif
}

template <class F>
static wht_status wht__rows_reg_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__rows_reg_shape<F> S;
  typedef typename F::U U;
  typedef void (*kern)(const U *, U *, uint64_t, unsigned);
  if (k > S::KMAX) return wht__rows_blk_launch<F>(src, dst, N, k);
  /* by k - KLOW: 2-byte formats 7..11, f32 7..11 (16 vectors at 11), f64 6..9 */
  static const kern by_k[5] = { wht__rows_reg_kernel<F, S::KLOW, 8>, wht__rows_reg_kernel<F, S::KLOW + 1, 8>,
                                wht__rows_reg_kernel<F, S::KLOW + 2, 8>, wht__rows_reg_kernel<F, S::KLOW + 3, 8>,
                                wht__rows_reg_kernel<F, S::KMAX, S::V == 4 ? 16 : 8> };
  const unsigned task = S::LV + 5 + (k == S::LV + 9 ? 4 : 3); /* log2 of a warp's elements */
  const uint64_t warps = (N + ((uint64_t)1 << task) - 1) >> task, blocks = (warps + 7) / 8;
  if (blocks > 0x7fffffffu) return WHT_E_SIZE;
  kern f = by_k[k - S::KLOW];
  if constexpr (S::V == 8) { /* 2-byte formats on whole words (wht__rows_words) */
    static const kern words[5] = { wht__rows_reg_kernel<F, 7, 8, true>, wht__rows_reg_kernel<F, 8, 8, true>,
                                   wht__rows_reg_kernel<F, 9, 8, true>, wht__rows_reg_kernel<F, 10, 8, true>,
                                   wht__rows_reg_kernel<F, 11, 8, true> };
    if (wht__rows_words(0)) f = words[k - S::KLOW];
  }
  f<<<(unsigned)blocks, 256>>>((const U *)src, (U *)dst, N, wht__rows_ahead(sizeof(U) << (task + 3)));
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

#endif
