/* single_ar.cuh - Alman-Rao's long rows (single vectors) in passes of
 * register tiles (issue 15: alman-rao at folklore's speed), included by
 * alman_rao.cu after rows_ar.cuh, and the same for the block algorithms
 * on its schedule (blocks.cuh; issue 14): their head block where Alman-Rao
 * has its folklore stages and scale (A::HEAD_SCALE), a block of three
 * stages where it has a radix-8 group (A::group), and which sizes take
 * these passes by each algorithm's measured policy (A::SAR: kahan-block
 * and widened without the pair, neumaier-block not at all, its recoveries
 * spilling here). The tiles' passes (tile.cuh) spent about
 * 83 instructions an element on an H200 and took 1.33-1.46x folklore's
 * time at 2^24 and 2^28 (docs/PERFORMANCE.md); folklore's own register
 * passes (single_reg.cuh) cut stages in runs of 5 and 4 bits, which radix-8
 * groups of 3 bits do not fit. Here, with f = k mod 3 and K1 = 9 + f:
 *   pass 1: rows of 2^K1 in a warp's registers (rows_ar.cuh's warp tiles:
 *     the head round, its scale from the digits of the element's index in
 *     the whole vector, and the groups up to bit K1 - 1; a block
 *     algorithm's own rows kernel where it has one for 2^K1 in a warp,
 *     kahan-block's rows_comp.cuh; its f32 2^17 and 2^26 take K1 = 8,
 *     wht__sar_k1_low);
 *   strided passes of L = 3, 6 or 9 stages from s0 (groups on bits s0 +
 *     3t): a block of 8 warps holds a tile of 2^9 rows of one 128-byte run
 *     each (32 words of 32 bits: an f32 element, or two neighbouring f16
 *     or bf16 elements as a pair, tile_packed.cuh's wht__pair_fmt), row r
 *     being run r mod 2^L of the stride 2^s0 shifted by r >> L runs (so a
 *     tile is always 2^9 runs);
 *     - layout A, as loaded: lane c of warp w holds word c of rows 64 w +
 *       i in x[i], i = 0..63 (each warp load one whole run); the groups on
 *       row bits 0-2 and 3-5 run there;
 *     - L = 9: one exchange through 64 KB of shared memory (word c of row
 *       r at 32 r + c: every warp access 32 banks) into layout D: x[8 a +
 *       q] holds row 64 q + 8 a + w; the group on row bits 6-8 runs there,
 *       and each word is stored from there (L < 9: from layout A);
 *     - from 2^A::SAR.rolled elements (kahan-block, widened: 2^24) a pass
 *       of 9 stages (not the pair's second) runs sar_rolled.cuh's kernel
 *       instead: the tile in
 *       shared memory, eight words a round in rolled loops, the same
 *       groups in the same order.
 * From k = K1 + 12 on, pass 1 and the strided pass of stages K1..K1+8 run
 * as one persistent L2-blocked kernel on the tiles' ticket queue
 * (wht__fused_loop, pass_run.cuh; chunks of 2^(K1+9) elements, a
 * first-pass tile the 8 warps' row tiles, a second-pass tile loaded
 * through L2), then strided passes of the rest, 9 stages each but the
 * last: two passes over device memory up to k = K1 + 18.
 * Beyond k = K1 + 9, where the rest after rows_ar_blk.cuh's block rows of
 * 2^kb (kb = k mod 3 + 3t, up to 2^15 in f32 and 2^16 in f16 and bf16, the
 * head's digits those of the index in the whole vector) is at most 9
 * stages, pass 1 is those block rows (kahan-block's own, rows_comp.cuh's,
 * where wht__sar_launch says) instead and one strided pass follows
 * (k = 21..24 in f32, 21..25 in f16 and bf16; Alman-Rao's the least such
 * rows, 2^(k-9), the block algorithms' the largest): two plain passes
 * where the warp rows needed the pair or three.
 *
 * Every radix-8 group is wht__alman_rao_alg's on the same operands, the
 * groups in increasing order (a pass's in its tile, passes one after
 * another), and the head's scale the same power of two, so the result is
 * the tiles' and the CPU's bit for bit. The host twin (wht__sar_emulate,
 * at the end) runs the strided tiles thread by thread with the same
 * functions, and the first pass as rows of the CPU's head and groups with
 * the whole vector's digits (test_gpu_emulated_bitident); the warp rows'
 * index map and digits are tested on a GPU (test_gpu_bitident). f64 (64
 * words of 8 bytes a lane would not fit the registers) takes
 * single_ar64.cuh's passes instead (Alman-Rao's; the block algorithms'
 * keep the tiles).
 * WHT_GPU_SINGLE_AR (read once): 0 sends these rows to the tiles, 2 takes
 * every size the kernels can (the tests), 1 (default) as wht__sar_plan_of
 * says; WHT_GPU_SINGLE_AR_PAIR=0 runs the pair's two passes apart (for
 * comparisons). */
#ifndef WHT_KERNELS_SINGLE_AR_CUH
#define WHT_KERNELS_SINGLE_AR_CUH

#include "pass_run.cuh"
#include "rows_ar.cuh"

template <class F>
struct wht__sar_shape {
  typedef wht__rows_ar_vals<F> VS;
  typedef typename VS::FV FV; /* F, or its pair format: a 32-bit word */
  static constexpr unsigned EL = sizeof(typename F::U) == 2 ? 1 : 0; /* log2 elements a word */
  static constexpr unsigned R = 5 + EL;    /* a run: 32 words, 128 bytes */
  static constexpr unsigned TILE = 9 + R;  /* a tile's elements, log2: 8 warp tiles of rows_ar.cuh */
  static constexpr unsigned THREADS = 256; /* 8 warps, 64 words a lane */
  static constexpr size_t SMEM = (size_t)4 << 14; /* 2^14 words */
  static_assert(TILE == VS::T + 3, "a first-pass tile: 8 warp tiles");
  /* the tile's runs of 2^(R + 9 - L) contiguous elements lie 2^s0 apart */
  static constexpr bool fits(unsigned s0, unsigned L) { return (L == 3 || L == 6 || L == 9) && s0 >= R + 9 - L; }
};

/* Word offset of row r's run within its tile (column 0) */
template <class F, unsigned L>
WHT__HD uint64_t wht__sar_row(unsigned r, unsigned s0)
{
  constexpr unsigned EL = wht__sar_shape<F>::EL;
  return ((uint64_t)(r & ((1u << L) - 1u)) << (s0 - EL)) + ((uint64_t)(r >> L) << 5);
}

/* Row of register i of thread t: layout A, or layout D. The thread's bits
 * and i's are disjoint and wht__sar_row adds over such parts, so a row's
 * offset is the thread's (i = 0) plus the register's (t = 0), the latter a
 * constant of the unrolled loops. */
template <bool D>
WHT__HD unsigned wht__sar_r(unsigned t, unsigned i)
{
  const unsigned w = t >> 5;
  return D ? ((i & 7u) << 6) | ((i >> 3) << 3) | w : (w << 6) | i;
}

/* The groups on register bits g..g+2 of the 64 a lane holds */
template <class F, class A>
WHT__HD void wht__sar_group(typename wht__sar_shape<F>::FV::T *x, unsigned g)
{
  typedef typename wht__sar_shape<F>::FV FV;
WHT__UNROLL
  for (unsigned o = 0; o < 64; o++)
    if (((o >> g) & 7u) == 0) A::template group<FV>(x, o, 1u << g);
}

/* Layout A of thread t of tile b: loaded (CG: through L2 only, for the
 * pair's tiles, which other multiprocessors wrote), the groups on row
 * bits 0-2 and (L >= 6) 3-5 */
template <class F, class A, unsigned L, bool CG = false>
WHT__HD void wht__sar_load(const typename F::U *src, uint64_t b, unsigned s0, unsigned t,
                           typename wht__sar_shape<F>::FV::T *x)
{
  typedef wht__sar_shape<F> S;
  typedef typename S::FV FV;
  const unsigned *in = (const unsigned *)(src + wht__single_tile_base<S::R + 9 - L>(b, s0, L)) + (t & 31u) +
                       wht__sar_row<F, L>(wht__sar_r<false>(t, 0), s0);
  unsigned u[64];
  wht__gather_words<64, CG>(in, [&](unsigned i) { return wht__sar_row<F, L>(wht__sar_r<false>(0, i), s0); }, u);
WHT__UNROLL
  for (unsigned i = 0; i < 64; i++) x[i] = FV::from_bits(u[i]);
  wht__sar_group<F, A>(x, 0);
  if (L >= 6) wht__sar_group<F, A>(x, 3);
}

/* Layout A to the shared words (32 r + c), and layout D back with the
 * group on row bits 6-8 */
template <class F>
WHT__HD void wht__sar_put(unsigned *sh, unsigned t, const typename wht__sar_shape<F>::FV::T *x)
{
  typedef typename wht__sar_shape<F>::FV FV;
WHT__UNROLL
  for (unsigned i = 0; i < 64; i++) sh[(wht__sar_r<false>(t, i) << 5) | (t & 31u)] = FV::to_bits(x[i]);
}

template <class F, class A>
WHT__HD void wht__sar_get(const unsigned *sh, unsigned t, typename wht__sar_shape<F>::FV::T *x)
{
  typedef typename wht__sar_shape<F>::FV FV;
WHT__UNROLL
  for (unsigned i = 0; i < 64; i++) x[i] = FV::from_bits(sh[(wht__sar_r<true>(t, i) << 5) | (t & 31u)]);
  wht__sar_group<F, A>(x, 0);
}

/* Each word of thread t stored (layout D where L = 9, else A) */
template <class F, unsigned L>
WHT__HD void wht__sar_store(typename F::U *dst, uint64_t b, unsigned s0, unsigned t,
                            const typename wht__sar_shape<F>::FV::T *x)
{
  typedef wht__sar_shape<F> S;
  constexpr bool D = L == 9;
  unsigned *out = (unsigned *)(dst + wht__single_tile_base<S::R + 9 - L>(b, s0, L)) + (t & 31u) +
                  wht__sar_row<F, L>(wht__sar_r<D>(t, 0), s0);
WHT__UNROLL
  for (unsigned i = 0; i < 64; i++) out[wht__sar_row<F, L>(wht__sar_r<D>(0, i), s0)] = S::FV::to_bits(x[i]);
}

/* One tile a block */
template <class F, class A, unsigned L, bool CG = false>
__device__ __forceinline__ void wht__sar_tile(const typename F::U *src, typename F::U *dst, uint64_t b, unsigned s0,
                                              unsigned *sh)
{
  typename wht__sar_shape<F>::FV::T x[64];
  wht__sar_load<F, A, L, CG>(src, b, s0, threadIdx.x, x);
  if constexpr (L == 9) {
    wht__sar_put<F>(sh, threadIdx.x, x);
    __syncthreads();
    wht__sar_get<F, A>(sh, threadIdx.x, x);
  }
  wht__sar_store<F, L>(dst, b, s0, threadIdx.x, x);
}

/* The algorithm a strided pass of L stages in format F runs from MIN_N
 * elements on: A, or where an algorithm says so (kahan_block.cu) a form
 * of A with the same bits that fits the pass's registers */
template <class A, class F, unsigned L>
struct wht__sar_strided_form {
  typedef A type;
  static constexpr uint64_t MIN_N = 0;
};

/* A strided pass, one tile a block (grid: the tiles, N >> TILE); two
 * blocks a multiprocessor (64 words a lane) */
template <class F, class A, unsigned L>
__global__ void __launch_bounds__(256, 2) wht__sar_strided_kernel(const typename F::U *src, typename F::U *dst,
                                                                  unsigned s0)
{
  extern __shared__ uint4 wht__sar_smem[];
  wht__sar_tile<F, A, L>(src, dst, blockIdx.x, s0, (unsigned *)wht__sar_smem);
}

#include "sar_rolled.cuh"

/* Whether A's strided passes of 9 stages, N elements in all, take the
 * rolled kernel (sar_rolled.cuh) instead of the register tiles: by
 * default from 2^A::SAR.rolled elements (wht__plan_sar_rolled: 0 never, 2
 * always; never where the kernel is not built: Alman-Rao's, unless
 * WHT_GPU_ALL_FORMS). On an H200 (docs/PERFORMANCE.md) kahan-block's and widened's
 * single vectors of 2^24..2^30 and rows of 2^19..2^24 over 2^28 elements
 * took 0.84-1.00x the time so, kahan-block f32 2^28 0.93x, but f32 2^20
 * and 2^22 up to 1.05x; Alman-Rao's (fewer additions, bound by its
 * loads) 0.99-1.01x from 2^24, 1.04-1.08x below. */
template <class A>
constexpr bool wht__sar_rolled_built()
{
#ifdef WHT_GPU_ALL_FORMS
  return true;
#else
  return A::SAR.rolled != 0; /* Alman-Rao's not (CI's nvcc minutes) */
#endif
}

template <class F, class A>
static bool wht__sar_rolled_on(uint64_t N)
{
  if constexpr (!wht__sar_rolled_built<A>()) {
    (void)N;
    return false;
  } else {
    const int m = wht__plan_sar_rolled();
    return m == 2 || (m == 1 && N >= (uint64_t)1 << A::SAR.rolled);
  }
}

#include "rows_ar_blk.cuh"

/* Pass 1 and the strided pass of stages K..K+8 as one persistent
 * L2-blocked kernel (p0: ntiles tiles of each kind, 2^9 a chunk): a
 * first-pass tile is 8 warps' row tiles of rows of 2^K in a vector of
 * 2^ks (K = K1; BLK: block rows of 2^K, K = K1 + 3, rows_ar_blk.cuh, 2^(TILE
 * - K) of them), a second-pass tile the strided tile above, loaded
 * through L2; both use the same 64 KB of shared memory (8 KB a warp, or
 * the exchange). */
template <class F, class A, unsigned K, bool BLK>
__global__ void __launch_bounds__(256, 2)
    wht__sar_pair_kernel(const wht__pass p0, const unsigned lag, const unsigned hints, const typename F::U *xin,
                         typename F::U *x, const unsigned ks)
{
  typedef wht__sar_shape<F> S;
  extern __shared__ uint4 wht__sar_smem[];
  wht__fused_loop(p0, lag, hints, [&](bool second, uint64_t b, uint64_t, uint64_t) {
    const uint64_t N = p0.ntiles << S::TILE;
    if (second) {
      wht__sar_tile<F, A, 9, true>(x, x, b, K, (unsigned *)wht__sar_smem);
    } else if constexpr (BLK) {
      constexpr unsigned ROWS = 1u << (S::TILE - K);
      static_assert(32u * wht__sar_blk_shape<F, K>::WPR * ROWS == S::THREADS, "a tile of block rows: 8 warps");
      wht__sar_blk_rows<F, A, K, ROWS>(xin, x, N, ks, b, wht__sar_smem);
      __syncthreads(); /* the tile's stores before thread 0's count */
    } else {
      const unsigned w = threadIdx.x >> 5;
      const uint64_t base = (b << S::TILE) + ((uint64_t)w << S::VS::T);
      wht__rows_ar_warp<F, A, K, true>(xin, x, N, wht__sar_smem + w * 512u, base, threadIdx.x & 31u, ks);
      __syncthreads(); /* the tile's stores before thread 0's count */
    }
  });
}

/* The passes of rows of 2^k, N elements in all: rows of 2^K1 (alone, or
 * with the strided pass of stages K1..C-1 as the pair: C > 0), then np
 * strided passes (s0[i], L[i]) */
struct wht__sar_plan {
  unsigned K1, C, np, s0[4], L[4];
  /* > 0: the first pass is rows_ar_blk.cuh's rows of 2^kb a block (kb = k:
   * the rows themselves, nothing else; kb < k: then strided passes; with
   * C > 0 the pair's first pass, kb = K1 + 3, C = kb + 9) */
  unsigned kb;
};

/* The defaults (WHT_GPU_SINGLE_AR=1) are each algorithm's A::SAR
 * (wht__sar_policy, rows_reg.cuh), from wht-bench on an H200 against the
 * tiles (docs/PERFORMANCE.md, "Alman-Rao's single vectors in register
 * passes"). Alman-Rao's: rows of 2^16 and longer (rows of 2^15 over 2^28
 * elements took 1.00-1.12x the tiles' time: two passes where the tiles
 * take one); the pair from 1024 tiles (f32 2^24 0.93x the passes apart,
 * 2-byte 2^24 at 512 tiles 1.09x, f32 2^22 1.20x); f32 rows of
 * 2^21..2^23 (a pair and a pass of 3 stages) from 1024 tiles stay on the
 * tiles (rows of 2^21 over 2^28: 1.09x the tiles' time, their passes
 * apart 1.22x). The block algorithms' beside their BLK. */
#define WHT__SAR_PAIR_MIN_TILES 1024u

/* Which pair kernels the build holds: the warp rows' pair where A::SAR.pair,
 * the block rows' (BLK) where A::SAR.pair_blk is not 0; every one where
 * WHT_GPU_ALL_FORMS is defined (rows_comp.cuh: comparisons that force
 * them by WHT_GPU_SINGLE_AR=2 or WHT_GPU_SINGLE_AR_PAIR_BLK=2). The others
 * (kahan-block's and widened's warp rows' pair, kahan-block's of block
 * rows: measured slower, docs/PERFORMANCE.md) cost CI's nvcc minutes;
 * without the macro the plan takes none of them. */
template <class A>
constexpr bool wht__sar_pairs_built(bool blk)
{
#ifdef WHT_GPU_ALL_FORMS
  (void)blk;
  return true;
#else
  return blk ? A::SAR.pair_blk != 0 : A::SAR.pair;
#endif
}

/* blocks >= min > 0 (a function: A::SAR's 0 would make the comparison a
 * constant one) */
static inline bool wht__sar_blocks_at_least(uint64_t blocks, unsigned min) { return min && blocks >= min; }

/* First pass rows of 2^8 instead of 2^11 (K1 = 8 where k mod 3 = 2): for
 * an algorithm with its own warp rows (rows_comp.cuh; kahan-block) in f32,
 * whose own rows stop at 2^10, where k = 8 + 9t (2^17, 2^26, 2^35): the
 * own rows of 2^8 (the same head of two stages and groups of three) and
 * whole strided passes of 9, rather than rows_ar.cuh's 2^11 and a pass of
 * 6, as many passes; only where those rows run for N elements (their fits
 * with 16-byte aligned data, as wht__sar_plan_at asks: rows_ar.cuh has no
 * warp rows of 2^8 a long row's first pass could fall back to).
 * WHT_GPU_SAR_K1_LOW (read once): 0 keeps 2^11; WHT_GPU_SAR_OWN_ROWS=0
 * (rows_ar.cuh's rows only) does too. */
template <class F, class A>
static bool wht__sar_k1_low(unsigned k, uint64_t N)
{
  if constexpr (sizeof(typename F::U) != 4 || A::HEAD_SCALE || !wht__rows_compensated<A>::value) {
    (void)k;
    (void)N;
    return false;
  } else {
    static int on = -1;
    if (on < 0) on = wht__rows_env("WHT_GPU_SAR_K1_LOW", 1) != 0 && wht__rows_env("WHT_GPU_SAR_OWN_ROWS", 1) != 0;
    static const uint4 aligned = {}; /* fits looks at the data's alignment only */
    return on && k >= 17 && (k - 8) % 9 == 0 &&
           wht__rows_compensated<A>::template fits<F>(8, N, (const void *)&aligned, (const void *)&aligned);
  }
}

/* The plan (true) where rows of 2^k, N elements in all, of algorithm A
 * run here: f32, f16, bf16; k >= K1 + 3 and N a multiple of a tile; the
 * pair from k = K1 + 12 where its chunks fit the queue's counters (by
 * default as A::SAR says and from WHT__SAR_PAIR_MIN_TILES tiles;
 * WHT_GPU_SINGLE_AR=2: every size the kernels take, the pair wherever it
 * can). Host code with no device query: the same plan on every machine. */
template <class F, class A>
static bool wht__sar_plan_of(unsigned k, uint64_t N, wht__sar_plan *pl)
{
  typedef wht__sar_shape<F> S;
  static unsigned mode = ~0u, pair = ~0u, blk = ~0u;
  if (mode == ~0u) mode = wht__rows_env("WHT_GPU_SINGLE_AR", 1);
  if (pair == ~0u) pair = wht__rows_env("WHT_GPU_SINGLE_AR_PAIR", 1);
  if (blk == ~0u) blk = wht__rows_env("WHT_GPU_SINGLE_AR_BLK", 1);
  const int blk1 = wht__plan_sar_blk_first();
  const unsigned K1 = 9 + k % 3;
  const uint64_t tiles = N >> S::TILE;
  constexpr bool four = sizeof(typename F::U) == 4;
  *pl = wht__sar_plan{};
  if (sizeof(typename F::U) == 8 || !mode) return false;
  /* rows of 2^12..2^15 (f32), ..2^16 (f16, bf16): a block each, by
   * default where A::SAR says and from 8 rows (a single vector's one
   * block: Alman-Rao's f16 and bf16 2^16 took 1.29-1.30x the passes' time) */
  if (blk && k >= WHT__SAR_BLK_KMIN && k <= wht__sar_blk_kmax((unsigned)sizeof(typename F::U)) &&
      (mode != 1 || (A::SAR.on && ((four ? A::SAR.blk4 : A::SAR.blk2) >> (k - WHT__SAR_BLK_KMIN) & 1u) &&
                     (N >> k) >= 8))) {
    pl->K1 = K1;
    pl->kb = k;
    return true;
  }
  if (k < K1 + 3 || k > 40 || N % ((uint64_t)1 << S::TILE)) return false;
  /* longer rows whose first pass can be such block rows of 2^kb (kb = k
   * mod 3 + 3t: the largest the block takes, or as A::SAR says the least
   * that leaves 9 stages, k - 9, where that is 12 or more) with the rest, at most 9
   * stages, in one strided pass: by default from as many blocks as
   * A::SAR says, where the warp rows of 2^K1 would leave more than one
   * strided pass, that is the pair or three passes (wht__plan_sar_blk_first: 0 never, 2
   * wherever they can; WHT_GPU_SINGLE_AR=2 alone keeps the pair's plans,
   * for the tests). On an H200 (docs/PERFORMANCE.md) Alman-Rao's rows of
   * 2^21..2^24 over 2^28 elements took 0.78-0.84x the time in f32 and its
   * f16 and bf16 rows of 2^21..2^25 0.71-0.76x, its single vectors of
   * 2^22..2^25 0.75-0.91x, kahan-block's and widened's rows 0.76-0.96x;
   * where the warp rows and one strided pass of 9 stages do (rows of 2^18
   * f32, 2^19 f16) 1.05-1.33x */
  const unsigned kbmax = wht__sar_blk_kmax((unsigned)sizeof(typename F::U));
  static unsigned least = ~0u; /* WHT_GPU_SINGLE_AR_KB_LEAST: 0 the largest, 1 the least, else A::SAR's */
  if (least == ~0u) least = wht__rows_env("WHT_GPU_SINGLE_AR_KB_LEAST", 2);
  const bool kbl = least < 2 ? least == 1 : (A::SAR.blk_first_least >> (four ? 0 : 1) & 1u);
  const unsigned kb = kbl && k >= WHT__SAR_BLK_KMIN + 9 && k - 9 <= kbmax ? k - 9 : kbmax - (kbmax + 3u - k % 3) % 3u;
  if (blk && blk1 && A::SAR.on && k > kbmax && k <= kb + 9 && S::fits(kb, k - kb) &&
      (blk1 == 2 || (mode == 1 && k > K1 + 9 && wht__sar_blocks_at_least(N >> kb, A::SAR.blk_first)))) {
    pl->K1 = K1;
    pl->kb = kb;
    pl->np = 1;
    pl->s0[0] = kb;
    pl->L[0] = k - kb;
    return true;
  }
  if (mode == 1 && (!A::SAR.on || k < (four ? A::SAR.kmin4 : A::SAR.kmin2) ||
                    ((four ? A::SAR.r12_tiles4 : A::SAR.r12_tiles2) && k == K1 + 12 &&
                     tiles >= WHT__SAR_PAIR_MIN_TILES)))
    return false;
  pl->K1 = K1;
  pl->C = 0;
  pl->np = 0;
  unsigned s = K1;
  /* the pair's first pass block rows of 2^(K1 + 3) (chunks of 2^(K1 +
   * 12)) where 3 or more stages follow it: where A::SAR.pair_blk says, by
   * k mod 3 and whether 9 or 12 stages would follow the warp rows' pair,
   * the latter a pass saved (WHT_GPU_SINGLE_AR_PAIR_BLK: 0 never, 2
   * wherever it can where its kernels are built) */
  static unsigned pblk = ~0u;
  if (pblk == ~0u) pblk = wht__rows_env("WHT_GPU_SINGLE_AR_PAIR_BLK", 1);
  const unsigned rest = k >= K1 + 12 ? k - K1 - 9 : 0, cls = k % 3 + (four ? 0u : 3u);
  const bool blk_pair = wht__sar_pairs_built<A>(true) && pblk && rest >= 6 &&
                        (pblk == 2 || (rest % 9 == 0 && (A::SAR.pair_blk >> cls & 1u)) ||
                         (rest % 9 == 3 && (A::SAR.pair_blk >> (6 + cls) & 1u)));
  /* the pair only where its kernels are built (the warp rows' pair where
   * A::SAR.pair, the block rows' above; wht__sar_pairs_built) */
  if ((wht__sar_pairs_built<A>(false) || blk_pair) && pair && k >= K1 + 12 && (N >> (K1 + 9)) <= WHT__L2_MAX_CHUNKS &&
      (mode != 1 || ((A::SAR.pair || blk_pair) && tiles >= WHT__SAR_PAIR_MIN_TILES))) {
    s = pl->C = K1 + 9;
    if (blk_pair) {
      pl->kb = K1 + 3;
      s = pl->C = K1 + 12;
    }
  }
  if (!pl->C && wht__sar_k1_low<F, A>(k, N)) s = pl->K1 = K1 - 3;
  while (s < k) {
    const unsigned L = k - s < 9 ? k - s : 9;
    if (pl->np == 4 || !S::fits(s, L)) return false;
    pl->s0[pl->np] = s;
    pl->L[pl->np++] = L;
    s += L;
  }
  return true;
}

/* ... for data at src, dst (16-byte aligned, as the rows need) */
template <class F, class A>
static bool wht__sar_plan_at(unsigned k, uint64_t N, const void *src, const void *dst, wht__sar_plan *pl)
{
  return (uintptr_t)src % 16 == 0 && (uintptr_t)dst % 16 == 0 && wht__sar_plan_of<F, A>(k, N, pl);
}

template <class F, class A, unsigned L>
static wht_status wht__sar_strided_run(typename F::U *x, uint64_t N, unsigned s0)
{
  typedef wht__sar_shape<F> S;
  static size_t raised[WHT__MAX_DEVICES];
  const wht_status st = wht__rows_raise_smem((const void *)wht__sar_strided_kernel<F, A, L>, S::SMEM, raised);
  if (st != WHT_OK) return st;
  const uint64_t tiles = N >> S::TILE;
  if (tiles > 0x7fffffffu) return WHT_E_SIZE;
  wht__sar_strided_kernel<F, A, L><<<(unsigned)tiles, S::THREADS, S::SMEM>>>(x, x, s0);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* ... of 9 stages on the rolled kernel (sar_rolled.cuh) */
template <class F, class A>
static wht_status wht__sar_rolled_run(typename F::U *x, uint64_t N, unsigned s0)
{
  typedef wht__sar_shape<F> S;
  typedef void (*kern)(const typename F::U *, typename F::U *, unsigned);
  static const kern by_form[3] = { wht__sar_rolled_kernel<F, A, false>, wht__sar_rolled_kernel<F, A, true>,
                                   wht__sar_col_kernel<F, A, 2> };
  static size_t raised[3][WHT__MAX_DEVICES];
  const int f = wht__sar_rolled_form<F>();
  const wht_status st = wht__rows_raise_smem((const void *)by_form[f], S::SMEM, raised[f]);
  if (st != WHT_OK) return st;
  const uint64_t tiles = N >> S::TILE;
  if (tiles > 0x7fffffffu) return WHT_E_SIZE;
  by_form[f]<<<(unsigned)tiles, S::THREADS, S::SMEM>>>(x, x, s0);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* ... in A's form for N elements (wht__sar_strided_form; the rolled
 * kernel's registers need no other form) */
template <class F, class A, unsigned L>
static wht_status wht__sar_strided_launch(typename F::U *x, uint64_t N, unsigned s0)
{
  if constexpr (L == 9 && wht__sar_rolled_built<A>()) {
    if (wht__sar_rolled_on<F, A>(N)) return wht__sar_rolled_run<F, A>(x, N, s0);
  }
  typedef wht__sar_strided_form<A, F, L> SF;
  if constexpr (!std::is_same<typename SF::type, A>::value) {
    if (N >= SF::MIN_N) return wht__sar_strided_run<F, typename SF::type, L>(x, N, s0);
  }
  return wht__sar_strided_run<F, A, L>(x, N, s0);
}

/* The pair's queue: 2^(C - TILE) tiles of each kind a chunk */
template <class F>
static wht__pass wht__sar_queue(uint64_t N, unsigned C)
{
  return wht__pair_queue(N, wht__sar_shape<F>::TILE, C);
}

template <class F, class A, unsigned K, bool BLK>
static wht_status wht__sar_pair_launch(const typename F::U *xin, typename F::U *x, uint64_t N, unsigned C, unsigned k)
{
  typedef wht__sar_shape<F> S;
  static wht__fused_cache cache;
  const wht__pass p0 = wht__sar_queue<F>(N, C);
  unsigned grid, lag;
  const wht_status st = wht__fused_shape((const void *)wht__sar_pair_kernel<F, A, K, BLK>, S::SMEM, p0, &cache, &grid,
                                         &lag, S::THREADS);
  if (st != WHT_OK) return st;
  wht__sar_pair_kernel<F, A, K, BLK><<<grid, S::THREADS, S::SMEM>>>(p0, lag, wht__l2_hints(), xin, x, k);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* the pair's launch for rows of 2^K1 (warp rows first) or 2^(K1 + 3)
 * (BLK: block rows first) */
template <class F, class A, bool BLK>
static auto wht__sar_pair_by_k1(unsigned K1)
{
  constexpr unsigned B = BLK ? 3 : 0;
  typedef wht_status (*pair_fn)(const typename F::U *, typename F::U *, uint64_t, unsigned, unsigned);
  static const pair_fn by_k1[3] = { wht__sar_pair_launch<F, A, 9 + B, BLK>, wht__sar_pair_launch<F, A, 10 + B, BLK>,
                                    wht__sar_pair_launch<F, A, 11 + B, BLK> };
  return by_k1[K1 - 9];
}

template <class F, class A>
static wht_status wht__sar_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef typename F::U U;
  wht__sar_plan pl = {};
  if (!wht__sar_plan_at<F, A>(k, N, src, dst, &pl)) return WHT_E_SIZE; /* fits says no */
  U *x = (U *)dst;
  wht_status st;
  if (pl.kb && !pl.C) {
    st = WHT_E_SIZE;
    if constexpr (!A::HEAD_SCALE && wht__rows_compensated<A>::value) {
      /* a block algorithm's own block rows of 2^kb (rows_comp.cuh; kb and k
       * agree mod 3, so the same blocks and the same bits). On an H200
       * kahan-block's f16 and bf16 single vectors of 2^21, 2^22 took
       * 0.69-0.72x the time of rows_ar_blk.cuh's, 2^23 0.96x, 2^24, 2^25
       * 1.00x, but rows of 2^21..2^24 over 2^28 elements 1.09-1.17x; f32
       * 0.85x at 2^22 (rows 0.96x), 1.00x elsewhere (docs/PERFORMANCE.md).
       * So: f32 always, f16 and bf16 up to 2^25 elements in all.
       * WHT_GPU_SAR_OWN_KB (read once): 0 never, 2 always. */
      static int own = -1;
      if (own < 0) own = (int)wht__rows_env("WHT_GPU_SAR_OWN_KB", 1);
      const bool take = own == 2 || (own == 1 && (sizeof(U) == 4 || N <= (uint64_t)1 << 25));
      if (take && wht__rows_compensated<A>::template fits<F>(pl.kb, N, src, dst))
        st = wht__rows_compensated<A>::template launch<F>(src, dst, N, pl.kb);
    }
    if (st == WHT_E_SIZE) st = wht__sar_blk_launch<F, A>(src, dst, N, pl.kb, k); /* rows_ar_blk.cuh */
  } else if (pl.C) {
    /* by K1 - 9: the warp rows of 2^K1, or the block rows of 2^(K1 + 3);
     * each kind where it is built (wht__sar_pairs_built) */
    st = WHT_E_SIZE;
    if constexpr (wht__sar_pairs_built<A>(false)) {
      if (!pl.kb) st = wht__sar_pair_by_k1<F, A, false>(pl.K1)((const U *)src, x, N, pl.C, k);
    }
    if constexpr (wht__sar_pairs_built<A>(true)) {
      if (pl.kb) st = wht__sar_pair_by_k1<F, A, true>(pl.K1)((const U *)src, x, N, pl.C, k);
    }
  } else {
    st = WHT_E_SIZE;
    if constexpr (!A::HEAD_SCALE && wht__rows_compensated<A>::value) {
      /* a block algorithm's own rows of 2^K1 where they fit a warp
       * (rows_comp.cuh's transposed rows for kahan-block): K1 = k mod 3 +
       * 9 (or 8, wht__sar_k1_low), so a row of 2^K1 has the same blocks as the first K1 stages of
       * 2^k (a head of k mod 3 stages, then groups of three), and the
       * result is the same bits. On an H200 kahan-block's f16 and bf16
       * 2^26..2^30 took 0.88-0.92x the time of rows_ar.cuh's warp rows,
       * 2^18..2^20 0.64-0.68x, f32 2^25, 2^27, 2^28, 2^30 0.87-0.94x
       * (docs/PERFORMANCE.md); the block's rows of 2^11 f32 too
       * (WHT_GPU_SAR_OWN_ROWS=2) 0.73x at 2^20 but 1.01-1.05x at 2^26,
       * 2^29 and rows of 2^20. WHT_GPU_SAR_OWN_ROWS (read once): 0 keeps
       * rows_ar.cuh's, for comparisons. */
      static int own = -1;
      if (own < 0) own = (int)wht__rows_env("WHT_GPU_SAR_OWN_ROWS", 1);
      if (own && (own == 2 || pl.K1 <= wht__rows_reg_shape<F>::LV + 8) &&
          wht__rows_compensated<A>::template fits<F>(pl.K1, N, src, dst))
        st = wht__rows_compensated<A>::template launch<F>(src, dst, N, pl.K1);
    }
    if (st == WHT_E_SIZE) st = wht__rows_ar_launch<F, A>(src, dst, N, pl.K1, k); /* rows_ar.cuh */
  }
  typedef wht_status (*strided_fn)(U *, uint64_t, unsigned);
  static const strided_fn by_l[3] = { wht__sar_strided_launch<F, A, 3>, wht__sar_strided_launch<F, A, 6>,
                                      wht__sar_strided_launch<F, A, 9> };
  for (unsigned i = 0; i < pl.np && st == WHT_OK; i++) st = by_l[pl.L[i] / 3 - 1](x, N, pl.s0[i]);
  return st;
}

/* The host twin. Rows of 2^K1 at element g0 of a vector of 2^k: the CPU's
 * head (folklore stages 0..f-1, then x_i *= 2^(nonzero octal digits of
 * i >> f), i the index in the vector) and groups on bits f, f + 3, ..,
 * K1 - 3, as the warp rows run them. */
template <class F, class A>
static void wht__sar_emulate_row(typename F::U *x, uint64_t g0, unsigned K1, unsigned k, typename F::T *v)
{
  const unsigned f = k % 3, n1 = 1u << K1;
  for (unsigned j = 0; j < n1; j++) v[j] = F::from_bits(x[g0 + j]);
  if constexpr (A::HEAD_SCALE) {
    for (unsigned h = 1; h < (1u << f); h <<= 1)
      for (unsigned t = 0; t < n1; t++)
        if (!(t & h)) {
          const typename F::T a = v[t], b = v[t + h];
          v[t] = F::add(a, b);
          v[t + h] = F::sub(a, b);
        }
    const uint64_t km = ((uint64_t)1 << k) - 1u;
    for (unsigned t = 0; t < n1; t++) v[t] = F::mul(v[t], F::pow2(wht__rows_ar_digits64(((g0 + t) & km) >> f)));
  } else {
    for (unsigned o = 0; f && o < n1; o += 1u << f) {
      if (f == 1) A::template block<F, 1>(v, o, 1);
      else A::template block<F, 2>(v, o, 1);
    }
  }
  for (unsigned s = f; s + 3 <= K1; s += 3)
    for (unsigned o = 0; o < n1; o++)
      if (((o >> s) & 7u) == 0) A::template group<F>(v, o, 1u << s);
  for (unsigned j = 0; j < n1; j++) x[g0 + j] = F::to_bits(v[j]);
}

/* A block row of 2^K at element g0 of a vector of 2^k on the host
 * (rows_ar_blk.cuh, rows_ar64.cuh): its warp rows of 2^K1, then the row's
 * groups on bits K1, K1 + 3, .. K - 3; v: 2^K values */
template <class F, class A>
static void wht__sar_emulate_blk_row(typename F::U *x, uint64_t g0, unsigned K1, unsigned K, unsigned k,
                                     typename F::T *v)
{
  for (uint64_t j = 0; j < ((uint64_t)1 << (K - K1)); j++) wht__sar_emulate_row<F, A>(x, g0 + (j << K1), K1, k, v);
  for (uint64_t j = 0; j < ((uint64_t)1 << K); j++) v[j] = F::from_bits(x[g0 + j]);
  for (unsigned s = K1; s + 3 <= K; s += 3)
    for (uint64_t o = 0; o < ((uint64_t)1 << K); o++)
      if (((o >> s) & 7u) == 0) A::template group<F>(v, (unsigned)o, 1u << s);
  for (uint64_t j = 0; j < ((uint64_t)1 << K); j++) x[g0 + j] = F::to_bits(v[j]);
}

/* Tile b of a strided pass on the host, thread by thread: every thread's
 * loads and groups, then (L = 9) every thread's shared words, every
 * thread's layout D, then the stores; xs: 256 x 64 values, sh: 2^14 words */
template <class F, class A, unsigned L>
static void wht__sar_emulate_tile(typename F::U *x, uint64_t b, unsigned s0, typename wht__sar_shape<F>::FV::T *xs,
                                  unsigned *sh)
{
  typedef wht__sar_shape<F> S;
  for (unsigned t = 0; t < S::THREADS; t++) wht__sar_load<F, A, L>(x, b, s0, t, xs + 64 * t);
  if (L == 9) {
    for (unsigned t = 0; t < S::THREADS; t++) wht__sar_put<F>(sh, t, xs + 64 * t);
    for (unsigned t = 0; t < S::THREADS; t++) wht__sar_get<F, A>(sh, t, xs + 64 * t);
  }
  for (unsigned t = 0; t < S::THREADS; t++) wht__sar_store<F, L>(x, b, s0, t, xs + 64 * t);
}

template <class F, class A>
static void wht__sar_emulate_strided(typename F::U *x, uint64_t b, unsigned s0, unsigned L,
                                     typename wht__sar_shape<F>::FV::T *xs, unsigned *sh)
{
  if (L == 3) wht__sar_emulate_tile<F, A, 3>(x, b, s0, xs, sh);
  else if (L == 6) wht__sar_emulate_tile<F, A, 6>(x, b, s0, xs, sh);
  else wht__sar_emulate_tile<F, A, 9>(x, b, s0, xs, sh);
}

/* The passes on the host; the pair in its ticket order at the tightest
 * lag (wht__emulate_pair_queue) */
template <class F, class A>
static wht_status wht__sar_emulate(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__sar_shape<F> S;
  typedef typename F::U U;
  typedef typename S::FV::T VT;
  wht__sar_plan pl = {};
  if (!wht__sar_plan_at<F, A>(k, N, src, dst, &pl)) return WHT_E_SIZE;
  U *x = (U *)dst;
  if (src != dst) memcpy(dst, src, (size_t)N * sizeof(U));
  VT *xs = (VT *)malloc(sizeof(VT) * 64 * S::THREADS);
  unsigned *sh = (unsigned *)malloc(S::SMEM);
  typename F::T *v = (typename F::T *)malloc(sizeof(typename F::T) << (pl.kb ? pl.kb : pl.K1));
  wht_status st = xs && sh && v ? WHT_OK : WHT_E_NOMEM;
  if (st == WHT_OK && pl.kb && !pl.C) { /* rows_ar_blk.cuh */
    for (uint64_t r = 0; r < (N >> pl.kb); r++) wht__sar_emulate_blk_row<F, A>(x, r << pl.kb, pl.K1, pl.kb, k, v);
  } else if (st == WHT_OK && pl.C) { /* single_reg.cuh's queue order */
    const unsigned K = pl.C - 9; /* the first pass's rows: 2^K1, or block rows of 2^kb */
    const uint64_t rows = (uint64_t)1 << (S::TILE - K);
    st = wht__emulate_pair_queue(wht__sar_queue<F>(N, pl.C), [&](bool second, uint64_t b) {
      if (second) wht__sar_emulate_strided<F, A>(x, b, K, 9, xs, sh);
      else if (pl.kb)
        for (uint64_t r = 0; r < rows; r++) wht__sar_emulate_blk_row<F, A>(x, ((b * rows) + r) << K, pl.K1, K, k, v);
      else
        for (uint64_t r = 0; r < rows; r++) wht__sar_emulate_row<F, A>(x, ((b * rows) + r) << K, pl.K1, k, v);
    });
  } else if (st == WHT_OK) {
    for (uint64_t r = 0; r < (N >> pl.K1); r++) wht__sar_emulate_row<F, A>(x, r << pl.K1, pl.K1, k, v);
  }
  for (unsigned i = 0; i < pl.np && st == WHT_OK; i++) {
    const bool rolled = pl.L[i] == 9 && wht__sar_rolled_on<F, A>(N); /* as wht__sar_strided_launch */
    const int fm = rolled ? wht__sar_rolled_form<F>() : 0;
    for (uint64_t b = 0; b < (N >> S::TILE); b++) {
      if (rolled) wht__sar_emulate_rolled<F, A>(x, b, pl.s0[i], sh, fm);
      else wht__sar_emulate_strided<F, A>(x, b, pl.s0[i], pl.L[i], xs, sh);
    }
  }
  free(xs);
  free(sh);
  free(v);
  return st;
}

/* Passes over device memory where rows of 2^k, N elements in all, of
 * algorithm A run here (the pair one), else 0: wht-bench's count
 * (WHT__SAR_COUNT below) */
#include "single_ar64.cuh" /* the f64 long rows */

template <class F, class A>
static unsigned wht__sar_count(unsigned k, uint64_t N)
{
  if constexpr (sizeof(typename F::U) == 8) {
    if constexpr (A::HEAD_SCALE) return wht__sar64_count<A>(k, N);
    return 0;
  } else {
    wht__sar_plan pl = {};
    return A::SAR.on && wht__sar_plan_of<F, A>(k, N, &pl) ? 1 + pl.np : 0;
  }
}

/* The count by format as an extern "C" function name(f, k, N) of
 * gpu_util.h, for gpu_runtime.cu's table */
#define WHT__SAR_COUNT(name, A)                                                                     \
  extern "C" unsigned name(wht_format f, unsigned k, uint64_t N)                                    \
  {                                                                                                 \
    typedef unsigned (*count_fn)(unsigned, uint64_t);                                               \
    static const count_fn counts[WHT_NFORMATS] = { wht__sar_count<wht__f64_ops, A>,                 \
                                                   wht__sar_count<wht__f32_ops, A>,                 \
                                                   wht__sar_count<wht__f16_ops, A>,                 \
                                                   wht__sar_count<wht__bf16_ops, A> };              \
    return (unsigned)f < WHT_NFORMATS ? counts[f](k, N) : 0u;                                      \
  }

/* Alman-Rao's single vectors here (pass_run.cuh asks; the work array unused) */
template <class A>
struct wht__single_ar_trait {
  static const bool value = true;
  /* f64: Alman-Rao's (single_ar64.cuh), the block algorithms' on the tiles */
  static constexpr bool AR64 = A::HEAD_SCALE;
  template <class F>
  static bool plan(unsigned k, uint64_t N, const void *src, const void *dst)
  {
    if (sizeof(typename F::U) == 8) return AR64 && wht__sar64_k1(k, src, dst) != 0;
    wht__sar_plan pl = {};
    return wht__sar_plan_at<F, A>(k, N, src, dst, &pl);
  }
  template <class F>
  static bool fits(unsigned k, uint64_t N, const void *src, const void *dst)
  {
    if (sizeof(typename F::U) == 8)
      return plan<F>(k, N, src, dst) && wht__rows_smem_fits(wht__rows_ar64_smem_of(wht__sar64_k1(k, src, dst)));
    wht__sar_plan pl = {};
    if (!wht__sar_plan_at<F, A>(k, N, src, dst, &pl)) return false;
    const size_t smem = pl.kb ? wht__sar_blk_smem_of((unsigned)sizeof(typename F::U), pl.kb) : 0;
    return wht__rows_smem_fits(pl.kb == k || smem > wht__sar_shape<F>::SMEM ? smem : wht__sar_shape<F>::SMEM);
  }
  template <class F>
  static wht_status launch(const void *src, void *dst, void *, uint64_t N, unsigned k)
  {
    if constexpr (sizeof(typename F::U) == 8) {
      if constexpr (AR64) return wht__sar64_launch<A>(src, dst, N, k);
      return WHT_E_SIZE; /* the plan says no */
    } else {
      return wht__sar_launch<F, A>(src, dst, N, k);
    }
  }
  template <class F>
  static wht_status emulate(const void *src, void *dst, void *, uint64_t N, unsigned k)
  {
    if constexpr (sizeof(typename F::U) == 8) {
      if constexpr (AR64) return wht__sar64_emulate<A>(src, dst, N, k);
      return WHT_E_SIZE;
    } else {
      return wht__sar_emulate<F, A>(src, dst, N, k);
    }
  }
};

#endif
