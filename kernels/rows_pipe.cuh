/* rows_pipe.cuh - folklore's block rows with the next row's copy in
 * flight (issue 15: rows of 2^13..2^15 f32, 2^14..2^16 f16 and bf16).
 *
 * The block kernel of rows_reg.cuh holds a row in the registers of 2^M
 * warps; a row of 128 KB (f32 2^15, f16 2^16) fills a multiprocessor's
 * registers, so one block runs there and its loads, its barrier and its
 * stores take turns: DRAM idles while the block computes. This kernel runs
 * the same stages on the same operands (so the result is the CPU's bit
 * for bit) in a persistent block that walks rows blockIdx.x, + gridDim.x,
 * ... and copies the next row into shared memory by cp.async.cg while it
 * computes the current one.
 *
 * Shared memory is a ring of R planes; a plane holds one 16-byte vector
 * of each of the block's threads (32 << M vectors: 16 KB for 1024
 * threads), a row eight planes (a thread's eight vectors). Row number q
 * of the block (q = 0, 1, ...) lives in planes 8q + v mod R, v = 0..7:
 *  - a thread copies its own eight vectors of the row (those it would
 *    load itself, each copy instruction of a warp 512 contiguous bytes)
 *    and reads them after cp.async.wait_all, with no barrier (a thread's
 *    own copies are visible to it);
 *  - the exchange between the warps writes each vector back into the
 *    slot it came from, in the row's own planes (so again no barrier
 *    before it), then one barrier, the reads, a second barrier;
 *  - the next row's vectors v < R - 8 go to the planes no row holds
 *    (free since the previous row's second barrier) as soon as the
 *    current row is in registers; its vectors v >= R - 8 to the current
 *    row's first planes once its exchange has been read. R = 16 copies the
 *    whole next row early; R = 14 (224 KB, the most a block may have)
 *    copies three quarters early and a quarter after the exchange.
 * Global loads of row q + 1 read another row than the stores of row q,
 * and a row's stores follow all its loads, so in place is safe. */
#ifndef WHT_KERNELS_ROWS_PIPE_CUH
#define WHT_KERNELS_ROWS_PIPE_CUH

/* thread tid's vectors v0 <= v < v1 of the row at g (2^K elements, 2^M
 * warps): vector v of warp w, lane l is elements (w 2^K0 + (32 v + l)) 2^LV
 * .. (the block kernel's loads), into slot tid of plane (base + v) mod R */
template <unsigned LV, unsigned K0, unsigned NT, unsigned v0, unsigned v1, class U>
__device__ __forceinline__ void wht__rows_pipe_copy(const U *g, uint4 *sh, unsigned base, unsigned R)
{
  const unsigned tid = threadIdx.x, w = tid >> 5, lane = tid & 31u;
#pragma unroll
  for (unsigned v = v0; v < v1; v++) {
    unsigned p = base + v;
    p -= p >= R ? R : 0u;
    const unsigned d = (unsigned)__cvta_generic_to_shared(sh + p * NT + tid);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(d),
                 "l"(g + (((uint64_t)w << K0) | ((uint64_t)(v * 32u + lane) << LV)))
                 : "memory");
  }
  asm volatile("cp.async.commit_group;" ::: "memory");
}

/* The ring's planes for blocks of 2^M warps: 16 (two rows: the next one
 * copied whole while the current one is computed) where they fit, 14 for
 * 1024 threads (16 KB planes; 224 KB of the 227 KB a block may have) */
template <unsigned M>
struct wht__rows_pipe_ring {
  static constexpr unsigned R = M == 3 ? 16u : 14u;
  static constexpr size_t smem = (size_t)R << (M + 9);
  /* blocks a multiprocessor: two of 512 threads (2 x 112 KB; registers
   * capped at 64), else as ptxas likes */
  static constexpr unsigned MINB = M == 4 ? 2u : 1u;
};

/* the stages of vectors v0 <= v < v1 that stay inside the vector: its
 * elements, then across lanes (wht__rows_reg_warp_stages' first two
 * loops, vector by vector: the same butterflies on the same operands) */
template <class F, unsigned v0, unsigned v1, bool WORDS>
__device__ __forceinline__ void wht__rows_pipe_lane_stages(uint4 *r, unsigned lane)
{
  constexpr unsigned LV = wht__rows_reg_shape<F>::LV;
#pragma unroll
  for (unsigned i = v0; i < v1; i++) {
#pragma unroll
    for (unsigned s = 0; s < LV; s++) {
      if constexpr (WORDS) wht__rows_reg_words_within<F>(r[i], 1u << s);
      else wht__rows_reg_within<F>(r[i], 1u << s);
    }
#pragma unroll
    for (unsigned s = 0; s < 5; s++) wht__rows_reg_cross<F>(r[i], 1u << s, (lane >> s) & 1u);
  }
}

/* thread tid's vectors v0 <= v < v1 of the row from the ring */
template <unsigned NT, unsigned R, unsigned v0, unsigned v1>
__device__ __forceinline__ void wht__rows_pipe_take(uint4 *r, const uint4 *sh, unsigned base)
{
#pragma unroll
  for (unsigned v = v0; v < v1; v++) {
    unsigned p = base + v;
    p -= p >= R ? R : 0u;
    r[v] = sh[p * NT + threadIdx.x];
  }
}

/* Rows of 2^K, K = LV + 8 + M (eight vectors a lane, M >= 3 so that a
 * warp's exchanged vectors come from one vector number) */
template <class F, unsigned M, bool WORDS>
__global__ void __launch_bounds__(32u << M, wht__rows_pipe_ring<M>::MINB)
    wht__rows_pipe_kernel(const typename F::U *src, typename F::U *dst, uint64_t rows)
{
  typedef wht__rows_reg_shape<F> S;
  constexpr unsigned W = 8, LV = S::LV, K0 = LV + 8, K = K0 + M, NT = 32u << M;
  constexpr unsigned MR = 3, ML = M - MR, LL = 5 - ML;
  static_assert(M >= 3 && ML <= 2, "one vector number a warp, at most two of the top bits on lanes");
  extern __shared__ uint4 wht__rows_pipe_sh[];
  uint4 *sh = wht__rows_pipe_sh;
  const unsigned tid = threadIdx.x, lane = tid & 31u, w = tid >> 5;
  constexpr unsigned R = wht__rows_pipe_ring<M>::R, EARLY = R >= 16 ? 8u : R - 8u; /* copied as soon as it may */
  const unsigned jl = lane >> LL, lo = lane & ((1u << LL) - 1u);
  const unsigned pos = (w << LL) | lo, iv = pos >> 5, pl = pos & 31u; /* the vector and lane read */
  unsigned base = 0;
  uint64_t row = blockIdx.x;
  if (row < rows) { /* the first row in the same two groups as the others */
    wht__rows_pipe_copy<LV, K0, NT, 0, EARLY>(src + (row << K), sh, 0, R);
    if constexpr (EARLY < 8) wht__rows_pipe_copy<LV, K0, NT, EARLY, 8>(src + (row << K), sh, 0, R);
  }
  for (; row < rows; row += gridDim.x) {
    const uint64_t next = row + gridDim.x;
    uint4 r[W];
    /* the early vectors' stages inside the vector run while the late
     * ones (copied last, after the previous row's exchange) arrive */
    if constexpr (EARLY < 8) asm volatile("cp.async.wait_group 1;" ::: "memory");
    else asm volatile("cp.async.wait_all;" ::: "memory");
    wht__rows_pipe_take<NT, R, 0, EARLY>(r, sh, base);
    unsigned nb = base + 8u;
    nb -= nb >= R ? R : 0u;
    if (next < rows) wht__rows_pipe_copy<LV, K0, NT, 0, EARLY>(src + (next << K), sh, nb, R);
    wht__rows_pipe_lane_stages<F, 0, EARLY, WORDS>(r, lane);
    if constexpr (EARLY < 8) {
      if (next < rows) asm volatile("cp.async.wait_group 1;" ::: "memory"); /* all but the group just committed */
      else asm volatile("cp.async.wait_all;" ::: "memory");
      wht__rows_pipe_take<NT, R, EARLY, 8>(r, sh, base);
      wht__rows_pipe_lane_stages<F, EARLY, 8, WORDS>(r, lane);
    }
#pragma unroll
    for (unsigned s = 0; s < 3; s++) wht__rows_reg_vectors<F, W, WORDS>(r, 1u << s);
#pragma unroll
    for (unsigned v = 0; v < W; v++) {
      unsigned p = base + v;
      p -= p >= R ? R : 0u;
      sh[p * NT + tid] = r[v];
    }
    __syncthreads();
    {
      unsigned p = base + iv;
      p -= p >= R ? R : 0u;
#pragma unroll
      for (unsigned jr = 0; jr < W; jr++) r[jr] = sh[p * NT + ((jr | jl << MR) << 5) + pl];
    }
    __syncthreads();
    if constexpr (EARLY < 8)
      if (next < rows) wht__rows_pipe_copy<LV, K0, NT, EARLY, 8>(src + (next << K), sh, nb, R);
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
    typename F::U *out = dst + (row << K);
#pragma unroll
    for (unsigned jr = 0; jr < W; jr++)
      *(uint4 *)(out + (((jr | jl << MR) << K0) | (pos << LV))) = r[jr];
    base = nb;
  }
}

/* The second form: the block kernel's row (one a block, loads gathered),
 * its block first asking L2 for row blockIdx.x + ahead
 * (cp.async.bulk.prefetch.L2, lane 0 of each warp its warp's part), the
 * row a block about one wave of resident blocks later loads. A hint only:
 * L2 is where the device's memory is coherent, so the row's loads see
 * what was written before, whatever the prefetch read. */
template <class F, unsigned M, bool WORDS>
__global__ void __launch_bounds__(32u << M)
    wht__rows_l2pf_kernel(const typename F::U *src, typename F::U *dst, uint64_t rows, unsigned ahead)
{
  constexpr unsigned LV = wht__rows_reg_shape<F>::LV, K0 = LV + 8, K = K0 + M;
  const uint64_t a = (uint64_t)blockIdx.x + ahead;
  if (a < rows && (threadIdx.x & 31u) == 0)
    asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(src + (a << K) + ((uint64_t)(threadIdx.x >> 5) << K0)),
                 "r"((unsigned)(sizeof(typename F::U) << K0))
                 : "memory");
  wht__rows_blk_row<F, 8, M, WORDS, true>(src + ((uint64_t)blockIdx.x << K), dst + ((uint64_t)blockIdx.x << K), false,
                                          rows);
}

/* Which form rows of 2^k (the block kernel's, eight vectors a lane) take:
 * WHT_GPU_ROWS_PIPE=0 the block kernel, 1 the ring above, 2 the L2
 * prefetch (read once), else dflt */
static inline unsigned wht__rows_pipe_form(unsigned dflt)
{
  static unsigned set = ~0u;
  if (set == ~0u) {
    const char *v = getenv("WHT_GPU_ROWS_PIPE");
    set = v && *v ? (unsigned)strtoul(v, NULL, 10) : ~1u;
  }
  return set == ~1u ? dflt : set;
}

/* Rows of 2^k, N elements in all, a block each, each block prefetching
 * the row `ahead` after its own: WHT_GPU_ROWS_PF_AHEAD, else the blocks
 * the device holds at once */
template <class F>
static wht_status wht__rows_l2pf_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__rows_reg_shape<F> S;
  typedef typename F::U U;
  typedef void (*kern)(const U *, U *, uint64_t, unsigned);
  static const kern by_m[3] = { wht__rows_l2pf_kernel<F, 3, false>, wht__rows_l2pf_kernel<F, 4, false>,
                                wht__rows_l2pf_kernel<F, 5, false> };
  const unsigned M = k - (S::LV + 8);
  if (M < 3 || M > 5) return WHT_E_SIZE;
  kern f = by_m[M - 3];
  unsigned slot = 0;
  if constexpr (S::V == 8) {
    static const kern words[3] = { wht__rows_l2pf_kernel<F, 3, true>, wht__rows_l2pf_kernel<F, 4, true>,
                                   wht__rows_l2pf_kernel<F, 5, true> };
    if (wht__rows_words(M)) f = words[M - 3], slot = 1;
  }
  const size_t smem = sizeof(U) << k;
  static size_t raised[2][3][WHT__MAX_DEVICES];
  static unsigned resident[2][3][WHT__MAX_DEVICES];
  static unsigned ahead = ~0u;
  if (ahead == ~0u) ahead = wht__rows_env("WHT_GPU_ROWS_PF_AHEAD", 0);
  const wht_status st = wht__rows_raise_smem((const void *)f, smem, raised[slot][M - 3]);
  if (st != WHT_OK) return st;
  const int dev = wht__gpu_current_device();
  if (dev < 0) return WHT_E_CUDA;
  unsigned &res = resident[slot][M - 3][dev];
  if (res == 0) {
    int per_sm = 0, sms = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, 32 << M, smem) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || per_sm < 1) {
      cudaGetLastError();
      return WHT_E_CUDA;
    }
    res = (unsigned)(per_sm * sms);
  }
  const uint64_t rows = N >> k;
  if (rows > 0x7fffffffu) return WHT_E_SIZE;
  f<<<(unsigned)rows, 32u << M, smem>>>((const U *)src, (U *)dst, rows, ahead ? ahead : res);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* Rows of 2^k, N elements in all, in the persistent kernel above: a grid
 * of the blocks the device holds at once (at most the rows;
 * WHT_GPU_ROWS_PIPE_GRID caps it, for the tests: many rows a block).
 * WHT_E_SIZE where no ring fits (the caller then takes the block kernel). */
template <class F>
static wht_status wht__rows_pipe_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__rows_reg_shape<F> S;
  typedef typename F::U U;
  typedef void (*kern)(const U *, U *, uint64_t);
  static const kern by_m[3] = { wht__rows_pipe_kernel<F, 3, false>, wht__rows_pipe_kernel<F, 4, false>,
                                wht__rows_pipe_kernel<F, 5, false> };
  const unsigned M = k - (S::LV + 8);
  static const size_t smem_of[3] = { wht__rows_pipe_ring<3>::smem, wht__rows_pipe_ring<4>::smem,
                                     wht__rows_pipe_ring<5>::smem };
  if (M < 3 || M > 5 || !wht__rows_smem_fits(smem_of[M - 3])) return WHT_E_SIZE;
  const size_t smem = smem_of[M - 3];
  kern f = by_m[M - 3];
  unsigned slot = 0;
  if constexpr (S::V == 8) { /* 2-byte formats on whole words (wht__rows_words) */
    static const kern words[3] = { wht__rows_pipe_kernel<F, 3, true>, wht__rows_pipe_kernel<F, 4, true>,
                                   wht__rows_pipe_kernel<F, 5, true> };
    if (wht__rows_words(M)) f = words[M - 3], slot = 1;
  }
  static size_t raised[2][3][WHT__MAX_DEVICES];
  static unsigned resident[2][3][WHT__MAX_DEVICES]; /* by words and M */
  static unsigned cap = ~0u;
  if (cap == ~0u) cap = wht__rows_env("WHT_GPU_ROWS_PIPE_GRID", 0);
  wht_status st = wht__rows_raise_smem((const void *)f, smem, raised[slot][M - 3]);
  if (st != WHT_OK) return st;
  const int dev = wht__gpu_current_device();
  if (dev < 0) return WHT_E_CUDA;
  unsigned &res = resident[slot][M - 3][dev];
  if (res == 0) {
    int per_sm = 0, sms = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, 32 << M, smem) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || per_sm < 1) {
      cudaGetLastError(); /* leave no error for a later launch check */
      return WHT_E_CUDA;
    }
    res = (unsigned)(per_sm * sms);
  }
  const uint64_t rows = N >> k;
  uint64_t grid = rows < res ? rows : res;
  if (cap && grid > cap) grid = cap;
  f<<<(unsigned)grid, 32u << M, smem>>>((const U *)src, (U *)dst, rows);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

#endif
