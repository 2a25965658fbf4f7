/* single_comp.cuh - kahan's and neumaier's long rows (single vectors) in
 * passes of register tiles, the error terms carried between passes in the
 * work array (issue 15: compensation that costs memory, not
 * instructions). single_reg.cuh's passes for folklore, with rows_comp.cuh's
 * block kernel (wht__rows_comp_blk_row) in place of rows_reg.cuh's:
 *   pass 1: rows of 2^K1, K1 = LV + 12 (16 warps, eight vectors of x and
 *     eight of e a lane, one exchange of both): x in, e = +0; x and e out
 *     (f32, f16 and bf16 rows take the transposed form,
 *     wht__rows_comp_blk_row_xp, with no stage across lanes);
 *   strided passes of stages s0..s0+L-1 (L = 3 + M, M = 1..4: the block
 *     kernel's largest tile holds 2^K1 values and their error terms, 128
 *     KiB of f32) on 2^L runs of 2^R contiguous elements (R = LV + 5), runs
 *     2^s0 apart: x and e in; x and e out, or in the last pass y = x - e.
 * Where k is K1 + 4 .. K1 + 7 that is two passes; where k is C + 4 ..
 * C + 7 (C = K1 + 7), pass 1 and the strided pass of stages K1..C-1 run
 * as one persistent L2-blocked kernel on the tiles' ticket queue
 * (wht__fused_loop, pass_run.cuh; a chunk of 2^C values and 2^C error
 * terms, 16 MiB in f32, so two live chunks fit the H200's L2; the
 * tiles' WHT_GPU_L2_CHUNK settings do not apply), then the last pass of
 * stages C..k-1: two passes over device memory, the byte floor issue 15
 * names (read x; write x and e; read x and e; write y), where the tiles
 * take three (at K1+4..K1+7 they take two as well). Other k take the
 * tiles, and so do
 * the ranges ERR::single_ranges leaves out (compensated_err.cuh: on an
 * H200 kahan's pair and, with the transposed first pass, its two plain
 * passes won in f32, f16 and bf16, neumaier's two plain passes in f32;
 * the two passes only where they make 128 rows of 2^K1 or more).
 *
 * Every stage is the CPU's compensated butterfly (compensated.cuh) on the
 * same operands, the stages in increasing order and y = x - e once at the
 * end, so the result is the CPU's bit for bit; the host twin
 * (wht__single_comp_emulate, at the end) runs the same tiles, element
 * maps and ticket order (test_gpu_emulated_bitident) and the GPU tests
 * the kernels (test_gpu_bitident). kahan-block and neumaier-block (no
 * error array) take Alman-Rao's (single_ar.cuh). WHT_GPU_SINGLE_COMP=0 sends these
 * rows to the tiles, =2 takes both ranges for both recoveries (for
 * comparisons and the tests). */
#ifndef WHT_KERNELS_SINGLE_COMP_CUH
#define WHT_KERNELS_SINGLE_COMP_CUH

#include "pass_run.cuh"

template <class F>
struct wht__single_comp_shape {
  typedef wht__single_reg_shape<F> S;
  static constexpr unsigned LV = S::LV, R = S::R, K1 = S::K1, C = S::C; /* C = K1 + 7 */
  /* shared memory of the largest tile of either kind: 2^K1 values and as
   * many error terms (128 KiB in every format) */
  static constexpr size_t SMEM = 2 * (sizeof(typename F::U) << K1);
  /* ... or the transposed first pass's padded slots (rows_comp.cuh's
   * wht__rows_comp_blk_row_xp<PAD>: 9/8 of it, 144 KiB). Padded where it
   * paid on an H200 (docs/PERFORMANCE.md): the first pass of the two
   * passes in f32, f16 and bf16 (f64's is the lane form; kahan f32 rows of 2^20 over 2^28 elements
   * 0.989x the time, neumaier's 0.980x, kahan f16 and bf16 rows of 2^21
   * 0.994-0.995x) and the f32 pair's (kahan f32 2^28 0.984x); the f16 and
   * bf16 pairs keep the XOR (padded 1.010-1.013x) */
  static constexpr size_t SMEM_PAD = SMEM / 8 * 9;
  static constexpr bool PAIR_PAD = sizeof(typename F::U) == 4;
  static constexpr unsigned last_s0(unsigned k) { return k <= K1 + 7 ? K1 : C; }
};

/* pass 1: rows of 2^K1 (x; e = +0) to x and e, a block a row; XP: the
 * transposed form (below) */
template <class F, class ERR, bool XP = false, bool PAD = false>
__global__ void __launch_bounds__(512)
    wht__single_comp_first_kernel(const typename F::U *src, typename F::U *x, typename F::U *e, unsigned ahead)
{
  typedef wht__single_comp_shape<F> S;
  wht__rows_blk_prefetch<S::LV + 8, S::K1>(src, ahead); /* rows_reg.cuh */
  const uint64_t base = (uint64_t)blockIdx.x << S::K1;
  if constexpr (XP)
    wht__rows_comp_blk_row_xp<F, ERR, wht__blk_io<>, PAD>(src + base, x + base, e + base, wht__blk_io<>{ 0, 0, 0 });
  else wht__rows_comp_blk_row<F, ERR, 4, true>(src + base, NULL, x + base, e + base);
}

/* the last pass: stages s0..s0+2+M of x and e to y = x - e in x, one tile
 * a block (grid: the tiles) */
template <class F, class ERR, unsigned M>
__global__ void __launch_bounds__(32u << M)
    wht__single_comp_last_kernel(typename F::U *x, const typename F::U *e, unsigned s0, unsigned ahead)
{
  typedef wht__single_comp_shape<F> S;
  const uint64_t b = blockIdx.x, base = wht__single_tile_base<S::R>(b, s0, 3 + M);
  wht__single_tile_prefetch<F, M>(x, b, gridDim.x, s0, ahead); /* single_reg.cuh */
  wht__single_tile_prefetch<F, M>(e, b, gridDim.x, s0, ahead);
  wht__rows_comp_blk_row<F, ERR, M, false>(x + base, e + base, x + base, NULL,
                                                 wht__blk_io<S::R>{ s0, 0, 0 });
}

/* The pair's f32, f16 and bf16 first pass in the transposed form, not
 * inlined: inlined beside the second pass's tile ptxas spilled 364 bytes
 * at its 128 registers, called it spills none */
template <class F, class ERR, bool PAD>
__device__ __noinline__ void wht__single_comp_first_xp(const typename F::U *xin, typename F::U *x, typename F::U *e,
                                                       uint64_t lpol, uint64_t spol)
{
  typedef wht__blk_io<0, false, true> IO;
  wht__rows_comp_blk_row_xp<F, ERR, IO, PAD>(xin, x, e, IO{ 0, lpol, spol });
}

/* pass 1 and the strided pass of stages K1..C-1 as one persistent
 * L2-blocked kernel (single_reg.cuh's wht__single_fused_kernel with the
 * error terms: a second-pass tile loads both through L2 only); XP: its
 * first pass in the transposed form */
template <class F, class ERR, bool XP = false, bool PAD = false>
__global__ void __launch_bounds__(512)
    wht__single_comp_fused_kernel(const wht__pass p0, const unsigned lag, const unsigned hints,
                                  const typename F::U *xin, typename F::U *x, typename F::U *e, unsigned ahead)
{
  typedef wht__single_comp_shape<F> S;
  wht__fused_loop(p0, lag, hints, [&](bool second, uint64_t b, uint64_t lpol, uint64_t spol) {
    if (second) {
      const uint64_t base = wht__single_tile_base<S::R>(b, S::K1, 7);
      wht__rows_comp_blk_row<F, ERR, 4, true>(x + base, e + base, x + base, e + base,
                                                    wht__blk_io<S::R, true, true>{ S::K1, lpol, spol });
    } else {
      const uint64_t base = b << S::K1;
      wht__rows_blk_prefetch<S::LV + 8, S::K1>(xin, b, p0.ntiles, ahead);
      if constexpr (XP)
        wht__single_comp_first_xp<F, ERR, PAD>(xin + base, x + base, e + base, lpol, spol);
      else
        wht__rows_comp_blk_row<F, ERR, 4, true>(xin + base, NULL, x + base, e + base,
                                                wht__blk_io<0, false, true>{ 0, lpol, spol });
      __syncthreads();
    }
  });
}

/* Which of these kernels the build holds: the ranges that ERR::single_ranges
 * takes by default (bit 0 the two passes, bit 1 the pair) and, in f32, f16
 * and bf16, only the transposed first pass; every one where
 * WHT_GPU_ALL_FORMS is defined (CPPFLAGS=-DWHT_GPU_ALL_FORMS, as
 * rows_comp.cuh's: the comparisons of docs/PERFORMANCE.md that force them
 * by WHT_GPU_SINGLE_COMP=2 or WHT_GPU_SINGLE_COMP_XP=0). The others were
 * over a third of neumaier.cu's device code and of its compile time,
 * which CI pays; without the macro a forced range that is not built takes
 * the tiles, a forced lane form the transposed one. */
template <class F, class ERR>
constexpr unsigned wht__single_comp_built(void)
{
#ifdef WHT_GPU_ALL_FORMS
  return 3u;
#else
  return ERR::single_ranges(sizeof(typename F::U));
#endif
}

template <class F>
constexpr bool wht__single_comp_lane_built(void)
{
#ifdef WHT_GPU_ALL_FORMS
  return true;
#else
  return sizeof(typename F::U) == 8; /* f64's one form */
#endif
}

/* Whether the pair's f32, f16 and bf16 first pass takes the transposed
 * form (rows_comp.cuh's wht__rows_comp_blk_row_xp; on an H200 kahan's f32
 * 2^25..2^28 5 % faster, its pair 2.33 -> 2.17 ms with 12 % fewer
 * instructions, f16 and bf16 2^26..2^29 2-3 %; docs/PERFORMANCE.md):
 * WHT_GPU_SINGLE_COMP_XP=0 (read once) keeps the lane form, for
 * comparisons (where it is built, above) */
static bool wht__single_comp_xp(void)
{
  static int v = -1;
  if (v < 0) v = wht__rows_env("WHT_GPU_SINGLE_COMP_XP", 1) != 0;
  return v != 0;
}

/* Whether kahan's or neumaier's (recovery ERR) rows of 2^k, N elements
 * in all, from src to dst take these passes (the kernels, or their host
 * twin below): k = K1+4..K1+7 (two passes) or C+4..C+7 (the pair, where
 * the chunks fit the queue's counters) where ERR::single_ranges has the
 * range's bit (compensated_err.cuh: by element size),
 * 16-byte aligned pointers. WHT_GPU_SINGLE_COMP (read once): 0 none, 2
 * every range the build holds (for comparisons and the tests), else the
 * table. */
template <class F, class ERR>
static bool wht__single_comp_plan(unsigned k, uint64_t N, const void *src, const void *dst)
{
  typedef wht__single_comp_shape<F> S;
  static int mode = -1;
  if (mode < 0) mode = (int)wht__rows_env("WHT_GPU_SINGLE_COMP", 1);
  const unsigned ranges = mode == 0   ? 0u
                          : mode == 2 ? wht__single_comp_built<F, ERR>()
                                      : ERR::single_ranges(sizeof(typename F::U));
  /* the table's two passes where the first makes at least 128 rows (fewer
   * leave most of the multiprocessors idle; forced, any) */
  const bool two = (ranges & 1u) && k >= S::K1 + 4 && k <= S::K1 + 7 && (mode == 2 || (N >> S::K1) >= 128);
  const bool fused = (ranges & 2u) && k >= S::C + 4 && k <= S::C + 7 && (N >> S::C) <= WHT__L2_MAX_CHUNKS;
  return (two || fused) && (uintptr_t)src % 16 == 0 && (uintptr_t)dst % 16 == 0;
}

/* ... and the kernels run here: the device allows their shared memory */
template <class F, class ERR>
static bool wht__single_comp_fits(unsigned k, uint64_t N, const void *src, const void *dst)
{
  return wht__single_comp_plan<F, ERR>(k, N, src, dst) && wht__rows_smem_fits(wht__single_comp_shape<F>::SMEM_PAD);
}

/* ... where there is a device, else as planned (wht-bench's count) */
template <class F, class ERR>
static bool wht__single_comp_counts(unsigned k, uint64_t N)
{
  return wht__gpu_current_device() < 0 ? wht__single_comp_plan<F, ERR>(k, N, NULL, NULL)
                                       : wht__single_comp_fits<F, ERR>(k, N, NULL, NULL);
}

/* The last pass, stages s0..s0+L-1 (L = 4..7) of N elements in place */
template <class F, class ERR>
static wht_status wht__single_comp_last_launch(typename F::U *x, const typename F::U *e, uint64_t N, unsigned s0,
                                               unsigned L)
{
  typedef wht__single_comp_shape<F> S;
  typedef typename F::U U;
  typedef void (*kern)(U *, const U *, unsigned, unsigned);
  static const kern by_m[4] = { wht__single_comp_last_kernel<F, ERR, 1>, wht__single_comp_last_kernel<F, ERR, 2>,
                                wht__single_comp_last_kernel<F, ERR, 3>, wht__single_comp_last_kernel<F, ERR, 4> };
  static size_t raised[4][WHT__MAX_DEVICES];
  const unsigned M = L - 3, T = S::R + L;
  const size_t smem = 2 * (sizeof(U) << T);
  const wht_status st = wht__rows_raise_smem((const void *)by_m[M - 1], smem, raised[M - 1]);
  if (st != WHT_OK) return st;
  const uint64_t tiles = N >> T;
  if (tiles > 0x7fffffffu) return WHT_E_SIZE;
  /* bytes ahead counted in x, as folklore's (each tile asks for its x and e) */
  by_m[M - 1]<<<(unsigned)tiles, 32u << M, smem>>>(x, e, s0, wht__single_ahead(true, sizeof(U) << T));
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* the two passes, k = K1+4..K1+7 (e: the work array, N elements, its
 * contents on entry do not matter) */
template <class F, class ERR>
static wht_status wht__single_comp_two_launch(const void *src, void *dst, void *ework, uint64_t N, unsigned k)
{
  typedef wht__single_comp_shape<F> S;
  typedef typename F::U U;
  U *x = (U *)dst, *e = (U *)ework;
  constexpr bool XP = sizeof(U) < 8;
  static size_t raised[2][WHT__MAX_DEVICES];
  typedef void (*first_t)(const U *, U *, U *, unsigned);
  /* the transposed first pass (2- and 4-byte formats: XP is false for
   * f64, whose instance is then the lane form's), or the lane form where
   * it is built and asked for (a discarded branch instantiates nothing) */
  first_t first = wht__single_comp_first_kernel<F, ERR, XP, XP>; /* padded (the shape) */
  bool xp = XP;
  if constexpr (wht__single_comp_lane_built<F>() && XP) {
    if (!wht__single_comp_xp()) {
      first = wht__single_comp_first_kernel<F, ERR>;
      xp = false;
    }
  }
  const size_t smem = xp ? S::SMEM_PAD : S::SMEM;
  const wht_status st = wht__rows_raise_smem((const void *)first, smem, raised[xp]);
  if (st != WHT_OK) return st;
  const uint64_t rows = N >> S::K1;
  if (rows > 0x7fffffffu) return WHT_E_SIZE;
  first<<<(unsigned)rows, 512, smem>>>((const U *)src, x, e, wht__rows_ahead(sizeof(U) << S::K1));
  if (cudaGetLastError() != cudaSuccess) return WHT_E_CUDA;
  return wht__single_comp_last_launch<F, ERR>(x, e, N, S::K1, k - S::K1);
}

/* the L2-blocked pair and a pass, k = C+4..C+7 */
template <class F, class ERR>
static wht_status wht__single_comp_pair_launch(const void *src, void *dst, void *ework, uint64_t N, unsigned k)
{
  typedef wht__single_comp_shape<F> S;
  typedef typename F::U U;
  U *x = (U *)dst, *e = (U *)ework;
  constexpr bool XP = sizeof(U) < 8;
  static wht__fused_cache cache[2];
  const wht__pass p0 = wht__single_pair<F>(N); /* single_reg.cuh: the same tiles and chunks */
  unsigned grid, lag;
  /* a lag of a chunk and the resident blocks (one a multiprocessor): on an
   * H200 kahan's pair took 0.6-2 % less than at half of them (the tiles'
   * pairs' lag), 2-4 % less than at twice (docs/PERFORMANCE.md); each
   * block takes its next ticket ahead (wht__fused_loop: f32 2^28 2 % less) */
  typedef void (*kern_t)(const wht__pass, unsigned, unsigned, const U *, U *, U *, unsigned);
  constexpr bool PAD = XP && S::PAIR_PAD;
  kern_t kern = wht__single_comp_fused_kernel<F, ERR, XP, PAD>; /* the form as above */
  bool xp = XP;
  if constexpr (wht__single_comp_lane_built<F>() && XP) {
    if (!wht__single_comp_xp()) {
      kern = wht__single_comp_fused_kernel<F, ERR>;
      xp = false;
    }
  }
  const size_t smem = xp && PAD ? S::SMEM_PAD : S::SMEM;
  const wht_status st = wht__fused_shape((const void *)kern, smem, p0, &cache[xp], &grid, &lag, 512, 3);
  if (st != WHT_OK) return st;
  kern<<<grid, 512, smem>>>(p0, lag, wht__l2_hints(true), (const U *)src, x, e,
                               wht__single_ahead(false, sizeof(U) << S::K1));
  if (cudaGetLastError() != cudaSuccess) return WHT_E_CUDA;
  return wht__single_comp_last_launch<F, ERR>(x, e, N, S::C, k - S::C);
}

/* e: the work array; only the ranges the build holds (the plan takes no
 * other) */
template <class F, class ERR>
static wht_status wht__single_comp_launch(const void *src, void *dst, void *ework, uint64_t N, unsigned k)
{
  constexpr unsigned BUILT = wht__single_comp_built<F, ERR>();
  if (!ework) return WHT_E_NULL;
  if (k <= wht__single_comp_shape<F>::K1 + 7) {
    if constexpr ((BUILT & 1u) != 0) return wht__single_comp_two_launch<F, ERR>(src, dst, ework, N, k);
    else return WHT_E_SIZE;
  }
  if constexpr ((BUILT & 2u) != 0) return wht__single_comp_pair_launch<F, ERR>(src, dst, ework, N, k);
  else return WHT_E_SIZE;
}

/* The host twin of these passes (the emulation, pass_run.cuh; checked by
 * tests/test_gpu_emulated_bitident): the same tiles, element maps
 * (wht__single_tile_base, wht__blk_io::at) and stage bits, each tile's
 * stages in increasing order, the fused pair's tiles in the ticket
 * queue's order at its tightest lag (a second-pass tile checked to come
 * after its chunk's first-pass tiles, else WHT_E_CUDA), then y = x - e. */
template <class F, class ERR>
static void wht__single_comp_emulate_tile(typename F::U *x, typename F::U *e, uint64_t base, unsigned R, unsigned s0,
                                          unsigned L)
{
  wht__single_emulate_pairs<F>(base, R, s0, L, [&](uint64_t a, uint64_t b) { /* single_reg.cuh */
    typename F::T A = F::from_bits(x[a]), eA = F::from_bits(e[a]), B = F::from_bits(x[b]), eB = F::from_bits(e[b]);
    wht__compensated_butterfly<F, ERR>(A, eA, B, eB);
    x[a] = F::to_bits(A), e[a] = F::to_bits(eA), x[b] = F::to_bits(B), e[b] = F::to_bits(eB);
  });
}

template <class F, class ERR>
static wht_status wht__single_comp_emulate(const void *src, void *dst, void *ework, uint64_t N, unsigned k)
{
  typedef wht__single_comp_shape<F> S;
  typedef typename F::U U;
  U *x = (U *)dst, *e = (U *)ework;
  if (!e) return WHT_E_NULL;
  if (src != dst) memcpy(dst, src, (size_t)N * sizeof(U));
  memset(e, 0, (size_t)N * sizeof(U)); /* +0 */
  if (k <= S::K1 + 7) {
    for (uint64_t b = 0; b < (N >> S::K1); b++) wht__single_comp_emulate_tile<F, ERR>(x, e, b << S::K1, 0, 0, S::K1);
  } else {
    const wht_status st = wht__single_emulate_pair<F>(N, [&](bool second, uint64_t b) { /* single_reg.cuh */
      if (second) wht__single_comp_emulate_tile<F, ERR>(x, e, wht__single_tile_base<S::R>(b, S::K1, 7), S::R, S::K1, 7);
      else wht__single_comp_emulate_tile<F, ERR>(x, e, b << S::K1, 0, 0, S::K1);
    });
    if (st != WHT_OK) return st;
  }
  const unsigned s0 = S::last_s0(k), L = k - s0;
  for (uint64_t b = 0; b < (N >> (S::R + L)); b++)
    wht__single_comp_emulate_tile<F, ERR>(x, e, wht__single_tile_base<S::R>(b, s0, L), S::R, s0, L);
  for (uint64_t i = 0; i < N; i++) x[i] = F::to_bits(F::sub(F::from_bits(x[i]), F::from_bits(e[i])));
  return WHT_OK;
}

/* Passes over device memory (2) where rows of 2^k, N elements in all, run
 * here on the current device (a device's shared memory decides, none
 * known: the plan), else 0: wht-bench's count (kahan.cu, neumaier.cu) */
template <class ERR>
static unsigned wht__single_comp_count(wht_format f, unsigned k, uint64_t N)
{
  typedef bool (*counts_fn)(unsigned, uint64_t);
  static const counts_fn counts[WHT_NFORMATS] = {
    wht__single_comp_counts<wht__f64_ops, ERR>, wht__single_comp_counts<wht__f32_ops, ERR>,
    wht__single_comp_counts<wht__f16_ops, ERR>, wht__single_comp_counts<wht__bf16_ops, ERR>
  };
  return (unsigned)f < WHT_NFORMATS && counts[f](k, N) ? 2u : 0u;
}

/* kahan's and neumaier's single vectors here (pass_run.cuh asks) */
template <class ERR>
struct wht__single_own<wht__compensated_alg<ERR>> {
  static const bool value = true;
  template <class F>
  static bool plan(unsigned k, uint64_t N, const void *src, const void *dst)
  { return wht__single_comp_plan<F, ERR>(k, N, src, dst); }
  template <class F>
  static bool fits(unsigned k, uint64_t N, const void *src, const void *dst)
  { return wht__single_comp_fits<F, ERR>(k, N, src, dst); }
  template <class F>
  static wht_status launch(const void *src, void *dst, void *e, uint64_t N, unsigned k)
  { return wht__single_comp_launch<F, ERR>(src, dst, e, N, k); }
  template <class F>
  static wht_status emulate(const void *src, void *dst, void *e, uint64_t N, unsigned k)
  { return wht__single_comp_emulate<F, ERR>(src, dst, e, N, k); }
};

#endif
