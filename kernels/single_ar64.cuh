/* single_ar64.cuh - Alman-Rao's f64 rows of 2^15 and longer (single
 * vectors; issue 15: alman-rao at folklore's speed in every format),
 * included by single_ar.cuh. Its register passes hold 64 words a lane,
 * 128 registers of values in f64, so here the first pass is rows of
 * 2^K1, K1 = 12, 13, 11 for k mod 3 = 0, 1, 2 (64 KB of shared memory a
 * block; rows of 2^14 in 128 KB took 1.05x the add-one kernel on an H200,
 * those of 2^11..2^13 1.00x), 14 from k = 23 where that leaves the tiles
 * a pass less (2^23: 9 stages, one pass; WHT_GPU_SINGLE_AR64_K14, read
 * once, moves that k), on rows_ar64.cuh's block kernel, the head's scale by the digits
 * of each element's index in the vector (K1 - k is a multiple of 3, so
 * the digits of the row's index and those of the index in the row add);
 * the stages K1..k-1 are the tiles' strided passes (wht__plan_for_from,
 * pass_run.cuh), their radix-8 groups the same as ever. Every group is
 * wht__alman_rao_alg's on the same operands in increasing order, so the
 * result is the tiles' and the CPU's bit for bit; the host twin runs the
 * rows as wht__sar_emulate_blk_row does and the passes as
 * wht__emulate_passes. WHT_GPU_SINGLE_AR=0 (read once, as single_ar.cuh)
 * keeps them on the tiles, for comparisons.
 *
 * From k = 24 (WHT_GPU_SINGLE_AR64_PAIR=k moves it, 99: never), where the
 * passes above take three passes over device memory, the first pass and
 * the first strided pass (stages K1..C-1, C = K1 + L1, L1 = 6, or 9 where
 * more than 15 stages follow K1; WHT_GPU_SINGLE_AR64_PAIR_L sets it) run
 * as one L2-blocked kernel (wht__sar64_pair_kernel, on pass_run.cuh's
 * wht__fused_loop: chunks of 2^C doubles, a first-pass ticket one block
 * of the rows of 2^K1 (2^13 doubles), a second-pass ticket one tile of
 * 2^13 of the strided pass, loaded through L2); K1 is then 11 where k
 * mod 3 = 2 (rows of 2^14 take a block of 16 warps). The passes and
 * their groups are the same, only their order over the tiles differs, so
 * the result does not change. */
#ifndef WHT_KERNELS_SINGLE_AR64_CUH
#define WHT_KERNELS_SINGLE_AR64_CUH

/* The first pass's rows (log2) where f64 rows of 2^k run here, else 0:
 * host code with no device query, the same plan on every machine */
static unsigned wht__sar64_k1(unsigned k, const void *src, const void *dst)
{
  static unsigned mode = ~0u, k14 = ~0u;
  if (mode == ~0u) mode = wht__rows_env("WHT_GPU_SINGLE_AR", 1);
  if (k14 == ~0u) k14 = wht__rows_env("WHT_GPU_SINGLE_AR64_K14", 23);
  if (!mode || k < 15 || k > 40 || (uintptr_t)src % 16 != 0 || (uintptr_t)dst % 16 != 0) return 0;
  return k % 3 == 2 ? (k >= k14 ? 14 : 11) : 12 + k % 3;
}

/* The tiles' passes of stages K1..k-1 (clusters: as the caller may run
 * them): tiles of 2^13 doubles (64 KB) as wht__choose_tile_log2 says, or
 * 2^12 where no pass has more than 6 stages, and for the smallest vectors
 * 2^10 (N <= 2^18) or 2^11 (2^19), where the pass count stays. On an
 * H200 (docs/PERFORMANCE.md) 2^12 took 0.83x the time of 2^13 for rows of
 * 2^15 (a pass of 3 stages), 0.95-0.99x at 2^24..2^26 (two of 6), but
 * 1.04-1.09x where a pass has 9 stages (2^27, 2^28, rows of 2^21: runs of
 * 8 doubles); 2^10 took 0.91-0.95x the time of the planner's at
 * 2^15..2^18 (more blocks than 132 multiprocessors), 2^11 0.98x at 2^19.
 * WHT_GPU_TILE_LOG2 keeps its say. */
template <class A>
static unsigned wht__sar64_passes(unsigned k, uint64_t N, unsigned K1, wht__pass *passes, unsigned *T, int clusters)
{
  typedef wht__f64_ops F;
  unsigned np = wht__plan_for_from<F, A>(k, N >> k, K1, passes, T, clusters);
  if (wht__gpu_tile_log2() || *T != 13) return np;
  unsigned lmax = 0;
  for (unsigned i = 0; i < np; i++) lmax = passes[i].L > lmax ? passes[i].L : lmax;
  const unsigned t = N <= ((uint64_t)1 << 18) ? 10 : N <= ((uint64_t)1 << 19) ? 11 : lmax <= 6 ? 12 : 13;
  wht__pass alt[WHT__MAX_PASSES];
  unsigned Ta;
  const unsigned na = t < 13 ? wht__plan_for_from<F, A>(k, N >> k, K1, alt, &Ta, 0, t) : 0;
  if (na != np) return np; /* 2^13, or a pass more */
  for (unsigned i = 0; i < na; i++) passes[i] = alt[i];
  *T = Ta;
  return np;
}

/* The plan of f64 rows of 2^k, N doubles in all: rows of 2^K1 (alone,
 * or with the strided pass p1 of stages K1..C-1 as an L2-blocked pair:
 * C > 0), then the tiles' np passes (tiles of 2^T) */
struct wht__sar64_plan {
  unsigned K1, C, np, T;
  wht__pass p1, passes[WHT__MAX_PASSES];
};

#define WHT__SAR64_PAIR_TILE 13u /* the pair's tiles of either kind: a block row's 2^13 doubles, 64 KB */

/* The plan (true) where f64 rows of 2^k run here (clusters: as the caller
 * may run them). The pair as the header says; where forced below k = 24,
 * L1 = min(6, stages after K1 - 3). Host code with no device query. */
template <class A>
static bool wht__sar64_plan_of(unsigned k, uint64_t N, const void *src, const void *dst, int clusters,
                               wht__sar64_plan *pl)
{
  typedef wht__f64_ops F;
  static unsigned from = ~0u, lset = ~0u;
  if (from == ~0u) from = wht__rows_env("WHT_GPU_SINGLE_AR64_PAIR", 24);
  if (lset == ~0u) lset = wht__rows_env("WHT_GPU_SINGLE_AR64_PAIR_L", 0);
  *pl = wht__sar64_plan{};
  pl->K1 = wht__sar64_k1(k, src, dst);
  if (!pl->K1) return false;
  const unsigned K1 = pl->K1 == 14 ? 11 : pl->K1, left = k - K1;
  unsigned L1 = lset ? lset : left > 15 ? 9 : 6;
  if (L1 + 3 > left) L1 = left >= 6 ? left - 3 : 0;
  L1 -= L1 % 3;
  const unsigned C = K1 + L1;
  if (k >= from && L1 && L1 <= 9 && (N >> C) <= WHT__L2_MAX_CHUNKS && (N >> WHT__SAR64_PAIR_TILE) < (1u << 30)) {
    constexpr unsigned cmax = wht__cmax_of<F, A>();
    /* p1: stages K1..C-1 planned as those of rows of 2^C (the same tiles) */
    if (wht__plan_passes_from(C, N >> C, sizeof(F::U), WHT__SCHED_ALMAN_RAO, cmax, WHT__SAR64_PAIR_TILE,
                              WHT__SAR64_PAIR_TILE, K1, &pl->p1) == 1 &&
        pl->p1.Tt == WHT__SAR64_PAIR_TILE) {
      pl->K1 = K1;
      pl->C = C;
    }
  }
  pl->np = wht__sar64_passes<A>(k, N, pl->C ? pl->C : pl->K1, pl->passes, &pl->T, clusters);
  return true;
}

/* The pair's queue: 2^(C - 13) tiles of each kind a chunk */
static wht__pass wht__sar64_queue(uint64_t N, unsigned C) { return wht__pair_queue(N, WHT__SAR64_PAIR_TILE, C); }

/* The L2-blocked pair (8 warps a block, 64 KB of shared memory, two
 * blocks a multiprocessor: the block rows' 128 registers): a first-pass
 * ticket b is block b of rows_ar64.cuh's rows of 2^K1, a second-pass
 * ticket tile b of p1 as wht__fused_kernel runs it. */
template <class A, unsigned K1>
__global__ void __launch_bounds__(WHT__THREADS, 2)
    wht__sar64_pair_kernel(const wht__pass p0, const wht__pass p1, const unsigned lag, const unsigned hints,
                           const unsigned long long *xin, unsigned long long *x, const unsigned ks)
{
  typedef wht__f64_ops F;
  static_assert(wht__rows_ar64_blk_shape<K1>::THREADS == WHT__THREADS &&
                    ((size_t)8 << WHT__SAR64_PAIR_TILE) == wht__rows_ar64_blk_shape<K1>::SMEM,
                "a block row's block is a tile's");
  extern __shared__ uint4 wht__sar64_smem[];
  F::U *sx = (F::U *)wht__sar64_smem;
  const wht__cta<F::U> cta = { 0, { sx, sx }, { sx, sx }, { 0, 0 }, { 0, 0 } };
  wht__fused_loop(p0, lag, hints, [&](bool second, uint64_t b, uint64_t lpol, uint64_t spol) {
    if (second) {
      for (unsigned ph = 0; ph <= p1.nrounds + 1; ph++) {
        wht__tile_phase<F, A, true, false, true, true>(p1, ph, x, x, (F::U *)NULL, sx, sx, cta, b, threadIdx.x,
                                                       blockDim.x, lpol, spol);
        __syncthreads();
      }
    } else {
      wht__rows_ar64_blk_body<A, K1>(xin, x, p1.N, ks, b, wht__sar64_smem);
      __syncthreads(); /* the block's stores before thread 0's count */
    }
  });
}

template <class A, unsigned K1>
static wht_status wht__sar64_pair_launch(const wht__sar64_plan &pl, const void *src, void *dst, unsigned k)
{
  static wht__fused_cache cache;
  const wht__pass p0 = wht__sar64_queue(pl.p1.N, pl.C);
  unsigned grid, lag;
  const size_t smem = (size_t)8 << WHT__SAR64_PAIR_TILE;
  const wht_status st = wht__fused_shape((const void *)wht__sar64_pair_kernel<A, K1>, smem, p0, &cache, &grid, &lag);
  if (st != WHT_OK) return st;
  wht__sar64_pair_kernel<A, K1><<<grid, WHT__THREADS, smem>>>(p0, pl.p1, lag, wht__l2_hints(),
                                                             (const unsigned long long *)src,
                                                             (unsigned long long *)dst, k);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

template <class A>
static wht_status wht__sar64_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__f64_ops F;
  wht__sar64_plan pl;
  if (!wht__sar64_plan_of<A>(k, N, src, dst, wht__gpu_clusters_usable(), &pl)) return WHT_E_SIZE; /* fits says no */
  typedef wht_status (*pair_fn)(const wht__sar64_plan &, const void *, void *, unsigned);
  static const pair_fn pair_by_k1[3] = { wht__sar64_pair_launch<A, 11>, wht__sar64_pair_launch<A, 12>,
                                         wht__sar64_pair_launch<A, 13> };
  wht_status st = pl.C ? pair_by_k1[pl.K1 - 11](pl, src, dst, k) : wht__rows_ar64_launch<A>(src, dst, N, pl.K1, k);
  if (st == WHT_OK) st = wht__run_passes<F, A>(pl.passes, pl.np, (const F::U *)dst, (F::U *)dst, NULL);
  return st;
}

template <class A>
static wht_status wht__sar64_emulate(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__f64_ops F;
  wht__sar64_plan pl;
  if (!wht__sar64_plan_of<A>(k, N, src, dst, wht__plan_clusters(), &pl)) return WHT_E_SIZE;
  const unsigned K1 = pl.K1;
  F::U *x = (F::U *)dst;
  if (src != dst) memcpy(dst, src, (size_t)N * sizeof(F::U));
  F::T *v = (F::T *)malloc(sizeof(F::T) << K1);
  F::U *smem = (F::U *)malloc(sizeof(F::U) << (WHT__SAR64_PAIR_TILE + 1));
  wht_status st = v && smem ? WHT_OK : WHT_E_NOMEM;
  if (st == WHT_OK && pl.C) { /* the pair in its ticket order at the tightest lag */
    const uint64_t rows = (uint64_t)1 << (WHT__SAR64_PAIR_TILE - K1); /* a block's */
    const bool vec = wht__pass_vectorizable<F>(pl.p1, x, x, NULL);
    st = wht__emulate_pair_queue(wht__sar64_queue(N, pl.C), [&](bool second, uint64_t b) {
      if (second) wht__emulate_tile<F, A>(pl.p1, vec, x, x, NULL, smem, b);
      else
        for (uint64_t r = b * rows; r < (b + 1) * rows; r++)
          wht__sar_emulate_blk_row<F, A>(x, r << K1, wht__rows_ar64_k1(K1), K1, k, v);
    });
  } else if (st == WHT_OK) {
    for (uint64_t r = 0; r < (N >> K1); r++) wht__sar_emulate_blk_row<F, A>(x, r << K1, wht__rows_ar64_k1(K1), K1, k, v);
  }
  free(v);
  free(smem);
  return st == WHT_OK ? wht__emulate_passes<F, A>(pl.passes, pl.np, pl.T, x, x, NULL) : st;
}

/* Passes over device memory where f64 rows of 2^k run here (the pair
 * one), else 0 */
template <class A>
static unsigned wht__sar64_count(unsigned k, uint64_t N)
{
  wht__sar64_plan pl;
  return wht__sar64_plan_of<A>(k, N, NULL, NULL, wht__gpu_clusters_usable(), &pl) ? 1 + pl.np : 0;
}

#endif
