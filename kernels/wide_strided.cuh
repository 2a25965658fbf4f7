/* wide_strided.cuh - widened-pass's later blocks (lib/pass_blocks.h: L = 6
 * or 9 stages from stage s0 >= 10) as a pass of register tiles (issue 14:
 * widened-pass at folklore's speed), included by widened_pass.cu. The
 * tiles' pass (tile.cuh through a shared tile of wide values) spent about
 * 89 instructions an element and took 1.7x a memcpy on an H200; here a
 * block of 8 warps holds a tile of 2^9 rows of one 64-byte run each (16
 * words of 32 bits: an f32 element, or two neighbouring f16/bf16
 * elements), in registers as wide words (f32 as a double, a pair of
 * 2-byte elements as two floats: rows_wide.cuh's wht__rows_wide_fmt):
 *   - row r of tile b is run j = r mod 2^L of the block's stride 2^s0,
 *     shifted by (r >> L) runs: element wht__single_tile_base(b) +
 *     j 2^s0 + (r >> L) 2^R + column (R: a run's elements; the rows past
 *     2^L are neighbouring runs, so a tile is always 2^9 runs);
 *   - layout A, as loaded: lane l = 16 h + c of warp w holds word c of
 *     rows r = 64 w + 32 h + i in x[i], i = 0..31 (each warp load two
 *     whole runs); stages 0-4 of the block run there (row bits 0-4);
 *   - L = 9 or 6: the block exchanges the wide words once through 64 KB of
 *     shared memory (8-byte words at r 16 + c: each half-warp's access 128
 *     consecutive bytes, no conflict) into layout D: x[2 t + e] holds
 *     row 32 t + 4 w + 2 h + e, t = 0..15, where stages 5..L-1 run (row
 *     bits 5-8), and each word is rounded and stored from there.
 * Every butterfly is the CPU's (a + b, a - b) in the wide format on the
 * same operands, the stages in increasing order, the block's input the
 * format's values and its output rounded once, so the result is the
 * tiles' and the CPU's bit for bit. A block's loads precede its barrier
 * and its stores follow it, tiles are disjoint: in place is safe. The host
 * emulation runs the same functions thread by thread
 * (wht__wide_strided_emulate_tile; test_gpu_emulated_bitident); the
 * pair's first-pass tiles (warp rows, below) it runs as rows on the tiles'
 * plan, which give the same bits, so their index map is tested on a GPU
 * only (test_gpu_bitident; WHT_GPU_WPASS_RPAIR=2 takes the pair wherever
 * it can: experiments/bench_gpu_host.sh's wstrtest). Launched as
 * clusters of 2-8 neighbouring tiles, so that neighbouring runs are asked
 * for together, widened-pass's transforms took 1.00-1.05x the time on an
 * H200 (90d4aff, removed; docs/PERFORMANCE.md). Tiles of 9 stages on runs
 * of 128 bytes, held by a cluster of two blocks (the stage on row bit 8
 * through distributed shared memory), took 0.99x the time at f16 and bf16
 * 2^28 but 1.02-1.03x at f32 2^28 and 2^26, 1.07x at 2-byte 2^25 and
 * 1.17x at 2^19 (8df6554, removed; docs/PERFORMANCE.md). */
#ifndef WHT_KERNELS_WIDE_STRIDED_CUH
#define WHT_KERNELS_WIDE_STRIDED_CUH

#include "pass_run.cuh"
#include "rows_wide.cuh"

/* The 32-bit words of format F as wide words, on the device and the host */
template <class F, bool PAIRS = sizeof(typename F::U) == 2>
struct wht__wstr_word {
  typedef double WT;
  static constexpr unsigned EL = 0; /* log2 elements a word */
  static WHT__HD WT up(unsigned u) { return wht__wide<F>::up(F::from_bits(u)); }
  static WHT__HD unsigned down(WT v) { return F::to_bits(wht__wide<F>::down(v)); }
  static WHT__HD WT add(WT a, WT b) { return wht__f64_ops::add(a, b); }
  static WHT__HD WT sub(WT a, WT b) { return wht__f64_ops::sub(a, b); }
};

template <class F>
struct wht__wstr_word<F, true> {
  typedef float2 WT;
  typedef wht__f32_ops A;
  static constexpr unsigned EL = 1;
  /* the element at the lower address in the low half, as .x; the pair
   * conversions round each lane as the scalar ones (widened_arith.cuh) */
  static WHT__HD WT up(unsigned u)
  {
#ifdef __CUDA_ARCH__
    decltype(wht__wide_pair_cvt<F>::down(float2{})) p;
    memcpy(&p, &u, sizeof u);
    return wht__wide_pair_cvt<F>::up(p);
#else
    return make_float2(wht__wide<F>::up(F::from_bits((typename F::U)(u & 0xffffu))),
                       wht__wide<F>::up(F::from_bits((typename F::U)(u >> 16))));
#endif
  }
  static WHT__HD unsigned down(WT v)
  {
#ifdef __CUDA_ARCH__
    unsigned r;
    const auto p = wht__wide_pair_cvt<F>::down(v);
    memcpy(&r, &p, sizeof r);
    return r;
#else
    return (unsigned)F::to_bits(wht__wide<F>::down(v.x)) | (unsigned)F::to_bits(wht__wide<F>::down(v.y)) << 16;
#endif
  }
  static WHT__HD WT add(WT a, WT b) { return make_float2(A::add(a.x, b.x), A::add(a.y, b.y)); }
  static WHT__HD WT sub(WT a, WT b) { return make_float2(A::sub(a.x, b.x), A::sub(a.y, b.y)); }
};

template <class F>
struct wht__wstr_shape {
  static constexpr unsigned EL = wht__wstr_word<F>::EL;
  static constexpr unsigned R = 4 + EL;     /* a run: 16 words, 64 bytes */
  static constexpr unsigned TILE = 9 + R;   /* a tile's elements, log2 */
  static constexpr unsigned THREADS = 256;  /* 8 warps, 32 words a lane */
  static constexpr size_t SMEM = (size_t)8 << 13; /* 2^13 wide words */
  /* the pair's: its first pass's padded slots (rows_wide.cuh, 9 KiB a
   * warp; on an H200 f32 2^28 0.987x the time with the XOR's 8 KiB, f16
   * 2^28 as a pair 0.992x; docs/PERFORMANCE.md) */
  static constexpr size_t SMEM_PAIR = SMEM / 8 * 9;
  /* the tile's runs of 2^(R + 9 - L) contiguous elements lie 2^s0 apart */
  static constexpr bool fits(unsigned s0, unsigned L) { return (L == 6 || L == 9) && s0 >= R + 9 - L; }
};

/* Word offset of row r's run within its tile (column 0) */
template <class F, unsigned L>
WHT__HD uint64_t wht__wstr_row(unsigned r, unsigned s0)
{
  constexpr unsigned EL = wht__wstr_shape<F>::EL;
  return ((uint64_t)(r & ((1u << L) - 1u)) << (s0 - EL)) + ((uint64_t)(r >> L) << 4);
}

/* the stage between words j and j + h of the 32 a lane holds */
template <class W>
WHT__HD void wht__wstr_stage(typename W::WT *x, unsigned h)
{
WHT__UNROLL
  for (unsigned j = 0; j < 32; j++)
    if (!(j & h)) {
      const typename W::WT a = x[j], b = x[j + h];
      x[j] = W::add(a, b);
      x[j + h] = W::sub(a, b);
    }
}

/* Row of register i of thread t: layout A, or layout D. The thread's bits
 * and i's are disjoint, and wht__wstr_row adds over such parts: a row's
 * offset is the thread's (i = 0) plus the register's (t = 0), the latter
 * a constant of the unrolled loops. */
template <bool D>
WHT__HD unsigned wht__wstr_r(unsigned t, unsigned i)
{
  const unsigned w = t >> 5, h = (t >> 4) & 1u;
  return D ? ((i >> 1) << 5) | (w << 2) | (h << 1) | (i & 1u) : (w << 6) | (h << 5) | i;
}

/* Layout A of thread t of tile b: loaded (CG: through L2 only, for the
 * pair's tiles, which other multiprocessors wrote), widened, stages
 * 0..min(L, 5)-1 */
template <class F, unsigned L, bool CG = false>
WHT__HD void wht__wstr_load(const typename F::U *src, uint64_t b, unsigned s0, unsigned t,
                            typename wht__wstr_word<F>::WT *x)
{
  typedef wht__wstr_word<F> W;
  typedef wht__wstr_shape<F> S;
  const unsigned *in = (const unsigned *)(src + wht__single_tile_base<S::R + 9 - L>(b, s0, L)) + (t & 15u) +
                       wht__wstr_row<F, L>(wht__wstr_r<false>(t, 0), s0);
  unsigned u[32];
  wht__gather_words<32, CG>(in, [&](unsigned i) { return wht__wstr_row<F, L>(wht__wstr_r<false>(0, i), s0); }, u);
WHT__UNROLL
  for (unsigned i = 0; i < 32; i++) x[i] = W::up(u[i]);
WHT__UNROLL
  for (unsigned s = 0; s < 5 && s < L; s++) wht__wstr_stage<W>(x, 1u << s);
}

/* Layout A to the shared words (r 16 + c), and layout D back, stages 5..L-1 */
template <class F>
WHT__HD void wht__wstr_put(typename wht__wstr_word<F>::WT *sh, unsigned t, const typename wht__wstr_word<F>::WT *x)
{
WHT__UNROLL
  for (unsigned i = 0; i < 32; i++) sh[(wht__wstr_r<false>(t, i) << 4) | (t & 15u)] = x[i];
}

template <class F, unsigned L>
WHT__HD void wht__wstr_get(const typename wht__wstr_word<F>::WT *sh, unsigned t, typename wht__wstr_word<F>::WT *x)
{
WHT__UNROLL
  for (unsigned i = 0; i < 32; i++) x[i] = sh[(wht__wstr_r<true>(t, i) << 4) | (t & 15u)];
WHT__UNROLL
  for (unsigned s = 5; s < L; s++) wht__wstr_stage<wht__wstr_word<F>>(x, 2u << (s - 5));
}

/* Each word of thread t (layout D where L > 5, else A) rounded and stored */
template <class F, unsigned L>
WHT__HD void wht__wstr_store(typename F::U *dst, uint64_t b, unsigned s0, unsigned t,
                             const typename wht__wstr_word<F>::WT *x)
{
  typedef wht__wstr_shape<F> S;
  constexpr bool D = L > 5;
  unsigned *out = (unsigned *)(dst + wht__single_tile_base<S::R + 9 - L>(b, s0, L)) + (t & 15u) +
                  wht__wstr_row<F, L>(wht__wstr_r<D>(t, 0), s0);
WHT__UNROLL
  for (unsigned i = 0; i < 32; i++) out[wht__wstr_row<F, L>(wht__wstr_r<D>(0, i), s0)] =
      wht__wstr_word<F>::down(x[i]);
}

/* Tile b on the host, thread by thread: every thread's loads and stages,
 * then (L > 5) every thread's shared words, every thread's layout D, then
 * the stores; xs: 256 x 32 wide words, sh: 2^13 */
template <class F, unsigned L>
static void wht__wide_strided_emulate_tile(const typename F::U *src, typename F::U *dst, uint64_t b, unsigned s0,
                                           typename wht__wstr_word<F>::WT *xs, typename wht__wstr_word<F>::WT *sh)
{
  typedef wht__wstr_shape<F> S;
  for (unsigned t = 0; t < S::THREADS; t++) wht__wstr_load<F, L>(src, b, s0, t, xs + 32 * t);
  if (L > 5) {
    for (unsigned t = 0; t < S::THREADS; t++) wht__wstr_put<F>(sh, t, xs + 32 * t);
    for (unsigned t = 0; t < S::THREADS; t++) wht__wstr_get<F, L>(sh, t, xs + 32 * t);
  }
  for (unsigned t = 0; t < S::THREADS; t++) wht__wstr_store<F, L>(dst, b, s0, t, xs + 32 * t);
}

/* One tile a block (grid: the tiles, N >> TILE) */
template <class F, unsigned L, bool CG = false>
__device__ __forceinline__ void wht__wstr_tile(const typename F::U *src, typename F::U *dst, uint64_t b, unsigned s0,
                                               uint4 *smem)
{
  typedef typename wht__wstr_word<F>::WT WT;
  WT x[32];
  wht__wstr_load<F, L, CG>(src, b, s0, threadIdx.x, x);
  if constexpr (L > 5) {
    WT *sh = (WT *)smem;
    wht__wstr_put<F>(sh, threadIdx.x, x);
    __syncthreads();
    wht__wstr_get<F, L>(sh, threadIdx.x, x);
  }
  wht__wstr_store<F, L>(dst, b, s0, threadIdx.x, x);
}

/* One tile a block (grid: the tiles, N >> TILE). Asking L2 for tiles
 * ahead (8-400 blocks on) took 1.01-1.18x the time on an H200
 * (docs/PERFORMANCE.md). */
template <class F, unsigned L>
__global__ void __launch_bounds__(256, 3)
    wht__wide_strided_kernel(const typename F::U *src, typename F::U *dst, unsigned s0)
{
  extern __shared__ uint4 wht__wstr_smem[];
  wht__wstr_tile<F, L>(src, dst, blockIdx.x, s0, wht__wstr_smem);
}

/* widened-pass's first two blocks as one persistent L2-blocked kernel
 * (pass_run.cuh's wht__fused_loop: its ticket queue, lag and chunk
 * counts; p0.ntiles tiles of each kind, 2^(K1 + L2 - TILE) a chunk): a
 * first-pass tile is 2^TILE elements, 8 warps of rows_wide.cuh's warp
 * tiles of rows of 2^K1 (K1 <= T), each rounded at the first block's end
 * and stored; a second-pass tile is tile b of the strided pass of stages
 * K1..K1+L2-1 above, loaded through L2. Both use the same 72 KB of shared
 * memory (9 KB a warp, its slots padded as rows_comp.cuh's, or the
 * exchange's 64 KB), one tile after another (asking L2 for the
 * first-pass rows 8 or 32 tiles on was 1-7 % slower). The queue's L2
 * eviction policies (lpol, spol) are not applied here, so
 * WHT_GPU_L2_HINTS does not reach this kernel: with them (hinted loads
 * and stores, 88 bytes of spill) f32 2^28 took 1.05x the time on an
 * H200, the hints' own gain 1-2.5 % of that. Three blocks a
 * multiprocessor, 80 registers (ptxas's stack 16-48 bytes with the XOR
 * slots, 0-24 padded; at two blocks and 128 registers, 8-16, f32 2^28
 * took 1.02x the time and f16 1.01x on an H200). docs/PERFORMANCE.md has
 * them all. */
template <class F, unsigned K1, unsigned L2>
__global__ void __launch_bounds__(256, 3)
    wht__wide_pair_kernel(const wht__pass p0, const unsigned lag, const unsigned hints, const typename F::U *xin,
                          typename F::U *x)
{
  typedef wht__wstr_shape<F> S;
  typedef wht__rows_wide_fmt<F> W;
  static_assert(K1 <= W::T && S::TILE == W::T + 3, "a first-pass tile: 8 warp tiles of whole rows");
  extern __shared__ uint4 wht__wstr_smem[];
  wht__fused_loop(p0, lag, hints, [&](bool second, uint64_t b, uint64_t, uint64_t) {
    if (second) {
      wht__wstr_tile<F, L2, true>(x, x, b, K1, wht__wstr_smem);
    } else {
      const unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
      const uint64_t base = (b << S::TILE) + ((uint64_t)w << W::T), N = p0.ntiles << S::TILE;
      constexpr unsigned ROOM = wht__rows_xp_room<true>; /* a plane's padded slots */
      uint4 *sh = wht__wstr_smem + w * 2 * ROOM;
      typename W::WT v[32];
      wht__rows_wide_warp<F, K1, true, true>(xin, base, N, sh, sh + ROOM, lane, v);
WHT__UNROLL
      for (unsigned L = 0; L < 32; L++) /* tiles are whole (N = ntiles tiles) */
        wht__rows_wide_put<F, false>(x + base, 0, L * 32u + lane, v[L]);
      __syncthreads(); /* the tile's stores before thread 0's count */
    }
  });
}

#endif
