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
 * keeps them on the tiles, for comparisons. */
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
 * WHT_GPU_TILE_LOG2 keeps its say; the planner's own smaller tiles for
 * small transforms (pass_plan.cu) stand where they are smaller still. */
template <class A>
static unsigned wht__sar64_passes(unsigned k, uint64_t N, unsigned K1, wht__pass *passes, unsigned *T, int clusters)
{
  typedef wht__f64_ops F;
  unsigned np = wht__plan_for_from<F, A>(k, N >> k, K1, passes, T, clusters);
  if (wht__gpu_tile_log2()) return np;
  unsigned lmax = 0;
  for (unsigned i = 0; i < np; i++) lmax = passes[i].L > lmax ? passes[i].L : lmax;
  const unsigned t = N <= ((uint64_t)1 << 18) ? 10 : N <= ((uint64_t)1 << 19) ? 11 : lmax <= 6 ? 12 : 13;
  if (t >= *T) return np; /* the planner's (2^13, or its small transforms' smaller tiles) */
  wht__pass alt[WHT__MAX_PASSES];
  unsigned Ta;
  const unsigned na = wht__plan_for_from<F, A>(k, N >> k, K1, alt, &Ta, 0, t);
  if (na != np) return np; /* a pass more */
  for (unsigned i = 0; i < na; i++) passes[i] = alt[i];
  *T = Ta;
  return np;
}

template <class A>
static wht_status wht__sar64_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__f64_ops F;
  const unsigned K1 = wht__sar64_k1(k, src, dst);
  if (!K1) return WHT_E_SIZE; /* fits says no */
  wht_status st = wht__rows_ar64_launch<A>(src, dst, N, K1, k);
  wht__pass passes[WHT__MAX_PASSES];
  unsigned T;
  const unsigned np = wht__sar64_passes<A>(k, N, K1, passes, &T, wht__gpu_clusters_usable());
  if (st == WHT_OK) st = wht__run_passes<F, A>(passes, np, (const F::U *)dst, (F::U *)dst, NULL);
  return st;
}

template <class A>
static wht_status wht__sar64_emulate(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__f64_ops F;
  const unsigned K1 = wht__sar64_k1(k, src, dst);
  if (!K1) return WHT_E_SIZE;
  F::U *x = (F::U *)dst;
  if (src != dst) memcpy(dst, src, (size_t)N * sizeof(F::U));
  F::T *v = (F::T *)malloc(sizeof(F::T) << K1);
  if (!v) return WHT_E_NOMEM;
  for (uint64_t r = 0; r < (N >> K1); r++)
    wht__sar_emulate_blk_row<F, A>(x, r << K1, wht__rows_ar64_k1(K1), K1, k, v);
  free(v);
  wht__pass passes[WHT__MAX_PASSES];
  unsigned T;
  const unsigned np = wht__sar64_passes<A>(k, N, K1, passes, &T, wht__plan_clusters());
  return wht__emulate_passes<F, A>(passes, np, T, x, x, NULL);
}

/* Passes over device memory where f64 rows of 2^k run here, else 0 */
template <class A>
static unsigned wht__sar64_count(unsigned k, uint64_t N)
{
  wht__pass passes[WHT__MAX_PASSES];
  unsigned T;
  const unsigned K1 = wht__sar64_k1(k, NULL, NULL);
  return K1 ? 1 + wht__sar64_passes<A>(k, N, K1, passes, &T, wht__gpu_clusters_usable()) : 0;
}

#endif
