/* rows_tma.cuh - folklore's rows of 128 KB (f32 2^15, f16 and bf16 2^16)
 * with the next row copied into shared memory by the bulk-copy engine
 * while the current one is transformed (issue 15: batched rows at the
 * add-one kernel's speed). AN EXPERIMENT, NOT KEPT: on an H200 it took
 * 1.13-1.14x the add-one kernel for f32 2^15 and 1.19-1.21x for 2-byte
 * 2^16 against rows_prefetch.cuh's 1.06-1.07x and 1.12-1.16x, bound by
 * the MIO queue (its reads of R on top of the shuffles and the
 * exchange); its two orders of the exchange's rounds put __syncthreads
 * in warp-uniform branches that differ across the block (synccheck
 * reports it). Off unless WHT_GPU_ROWS_TMA=1; docs/PERFORMANCE.md.
 *
 * Such a row fills half a multiprocessor's registers, so one block of 32
 * warps runs a multiprocessor and, in rows_prefetch.cuh's form, DRAM
 * idles while that block waits on its loads (the look-ahead into L2
 * shortens but does not hide the wait: 1.07x the add-one kernel in f32,
 * 1.17x in f16 on an H200). Here one block a multiprocessor loops over
 * rows blockIdx.x, + gridDim.x, ...; its shared memory holds the row
 * buffer R (128 KB), which one thread fills with the next row by
 * cp.async.bulk (a few instructions, no load instructions of the
 * threads, completion counted on an mbarrier), and the exchange area X
 * (64 KB). A row: wait for R, each lane reads its eight 16-byte vectors
 * from R as rows_reg.cuh's block kernel loads them from memory (warp w
 * the row's elements w 2^K0 .. w 2^K0 + 2^K0 - 1, lane l its vectors
 * i * 32 + l), a barrier, the copy of the next row into R, the warp's
 * stages 0..K0-1, the exchange of the top five bits through X, the top
 * stages, the stores. After the exchange lane l of warp w holds in its
 * register jr (0..7) the vector at position p = 8 w' + (l mod 8) of warp
 * j = jr + 8 (l >> 3), with w' = w with bits 2 and 4 swapped, so that bit
 * 2 of p's vector number (p >> 5) is bit 2 of w; the top stages then run
 * across registers and lanes as the block kernel's. The exchange takes
 * two rounds of 64 KB: a warp first stores its four vectors i whose bit 2
 * is bit 2 of w and each lane reads the four jr whose bit 2 is bit 2 of w
 * into the registers it has just stored, then the other four. The stages
 * keep their order and operands
 * (the block kernel's), so the result is the CPU's bit for bit. In place
 * is safe: a row's copy into R reads only that row, which no other block
 * writes, and its stores follow its own reads. sm_90 (cp.async.bulk,
 * mbarrier transaction counts); the launcher runs it on devices of
 * compute capability 9 and up. */
#ifndef WHT_KERNELS_ROWS_TMA_CUH
#define WHT_KERNELS_ROWS_TMA_CUH

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define WHT__ROWS_TMA_DEVICE 1
#endif

__device__ __forceinline__ unsigned wht__smem_u32(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }

/* the mbarrier at bar: one arrival a phase (the thread that asks for the
 * next row), its transaction bytes the copy's */
__device__ __forceinline__ void wht__mbar_init(uint64_t *bar)
{
#ifdef WHT__ROWS_TMA_DEVICE
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(wht__smem_u32(bar)) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
}

__device__ __forceinline__ void wht__mbar_wait(uint64_t *bar, unsigned parity)
{
#ifdef WHT__ROWS_TMA_DEVICE
  asm volatile("{\n\t.reg .pred p;\n"
               "WHT_MBAR_WAIT_%=:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n\t"
               "@!p bra WHT_MBAR_WAIT_%=;\n}" ::"r"(wht__smem_u32(bar)),
               "r"(parity)
               : "memory");
#endif
}

/* bytes (a multiple of 16, in CHUNK pieces) from src (16-byte aligned)
 * into shared memory at dst, completion on bar; one thread. The fence
 * orders the block's earlier reads of dst (generic proxy) before the
 * copy's writes (async proxy). */
template <unsigned CHUNK>
__device__ __forceinline__ void wht__bulk_to_smem(void *dst, const void *src, unsigned bytes, uint64_t *bar)
{
#ifdef WHT__ROWS_TMA_DEVICE
  const unsigned b = wht__smem_u32(bar), d = wht__smem_u32(dst);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(bytes) : "memory");
  for (unsigned o = 0; o < bytes; o += CHUNK)
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(d + o),
                 "l"((const char *)src + o), "r"(CHUNK), "r"(b)
                 : "memory");
#endif
}

/* One round of the exchange: this lane's vectors i = 4G..4G+3 into X at
 * (w 4 + i mod 4) 32 + lane, a barrier, then its jr = 4G..4G+3 from
 * warp j = jr + 8 (lane >> 3), vector ip = p >> 5, lane p mod 32, where p
 * is this lane's position. LAST: no barrier after the reads (the next
 * row's first barrier follows them). */
template <unsigned G, bool LAST>
__device__ __forceinline__ void wht__rows_tma_round(uint4 *r, uint4 *X, unsigned w, unsigned lane, unsigned pos)
{
  uint4 *st = X + ((w << 7) | lane);
#pragma unroll
  for (unsigned q = 0; q < 4; q++) st[q << 5] = r[4 * G + q];
  __syncthreads();
  /* j = jr + 8 (lane >> 3): slot (j 4 + ip) 32 + pl, jr's part a constant */
  const uint4 *ld = X + ((((lane >> 3) << 5 | ((pos >> 5) & 3u)) << 5) | (pos & 31u));
#pragma unroll
  for (unsigned q = 0; q < 4; q++) r[4 * G + q] = ld[(4 * G + q) << 7];
  if (!LAST) __syncthreads(); /* the next round's stores overwrite X */
}

/* The stage across lanes on lane bit m of the W vectors a lane holds, a
 * vector at a time: each shuffle's lane mask is made to depend on the
 * vector before, so that ptxas does not issue all 4 W shuffles at once
 * and spill (the loop over rows keeps a few more values live than
 * rows_reg.cuh's block kernel); same operations, same results. */
template <class F, unsigned W>
__device__ __forceinline__ void wht__rows_tma_cross(uint4 *r, unsigned m, bool upper)
{
#pragma unroll
  for (unsigned i = 0; i < W; i++) {
    unsigned mi = m;
    if (i) asm volatile("" : "+r"(mi) : "r"(r[i - 1].x));
    wht__rows_reg_cross<F>(r[i], mi, upper);
  }
}

/* R, X and the mbarrier, for format F */
template <class F>
constexpr size_t wht__rows_tma_smem()
{
  return ((size_t)3 * sizeof(typename F::U) << (wht__rows_reg_shape<F>::LV + 13)) / 2 + 16;
}

template <class F, bool WORDS>
__global__ void __launch_bounds__(1024, 1)
    wht__rows_tma_kernel(const typename F::U *src, typename F::U *dst, unsigned rows)
{
  typedef typename F::U U;
  constexpr unsigned LV = wht__rows_reg_shape<F>::LV, W = 8, K0 = LV + 8, K = K0 + 5;
  constexpr unsigned VEC = 1u << (K - LV), BYTES = (unsigned)sizeof(U) << K;
  extern __shared__ uint4 wht__rows_tma_sh[];
  uint4 *R = wht__rows_tma_sh, *X = R + VEC;
  uint64_t *bar = (uint64_t *)(X + VEC / 2);
  const unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
  /* this lane's position after the exchange (see the header comment) */
  const unsigned wp = (w & ~0x14u) | ((w >> 2) & 1u) << 4 | ((w >> 4) & 1u) << 2, pos = wp << 3 | (lane & 7u);
  const unsigned g = (w >> 2) & 1u, jl = lane >> 3;
  if (threadIdx.x == 0) {
    wht__mbar_init(bar);
    if (blockIdx.x < rows) wht__bulk_to_smem<BYTES / 4>(R, src + ((uint64_t)blockIdx.x << K), BYTES, bar);
  }
  __syncthreads();
  unsigned parity = 0;
  for (unsigned row = blockIdx.x; row < rows; row += gridDim.x, parity ^= 1u) {
    uint4 r[W];
    wht__mbar_wait(bar, parity);
#pragma unroll
    for (unsigned i = 0; i < W; i++) r[i] = R[(w << (K0 - LV) | lane) + i * 32u];
    __syncthreads(); /* R read by every lane; X's reads of the row before done */
    const unsigned next = row + gridDim.x;
    if (threadIdx.x == 0 && next < rows) wht__bulk_to_smem<BYTES / 4>(R, src + ((uint64_t)next << K), BYTES, bar);
    /* stages 0..K0-1: rows_reg.cuh's wht__rows_reg_warp_stages, its
     * stages across lanes a vector at a time */
#pragma unroll
    for (unsigned s = 0; s < LV; s++)
#pragma unroll
      for (unsigned i = 0; i < W; i++) {
        if constexpr (WORDS) wht__rows_reg_words_within<F>(r[i], 1u << s);
        else wht__rows_reg_within<F>(r[i], 1u << s);
      }
#pragma unroll
    for (unsigned s = 0; s < 5; s++) wht__rows_tma_cross<F, W>(r, 1u << s, (lane >> s) & 1u);
#pragma unroll
    for (unsigned s = 0; s < 3; s++) wht__rows_reg_vectors<F, W, WORDS>(r, 1u << s);
    if (g) {
      wht__rows_tma_round<1, false>(r, X, w, lane, pos);
      wht__rows_tma_round<0, true>(r, X, w, lane, pos);
    } else {
      wht__rows_tma_round<0, false>(r, X, w, lane, pos);
      wht__rows_tma_round<1, true>(r, X, w, lane, pos);
    }
#pragma unroll
    for (unsigned s = 0; s < 3; s++) wht__rows_reg_vectors<F, W, WORDS>(r, 1u << s);
    /* the two stages across lanes (the second with each vector stored
     * after its butterfly) */
    wht__rows_tma_cross<F, W>(r, 8u, jl & 1u);
    U *out = dst + ((uint64_t)row << K) + (jl << (K0 + 3) | pos << LV);
#pragma unroll
    for (unsigned i = 0; i < W; i++) {
      unsigned m = 16u;
      if (i) asm volatile("" : "+r"(m) : "r"(r[i - 1].x));
      wht__rows_reg_cross<F>(r[i], m, (jl >> 1) & 1u);
      wht__st16(out + (i << K0), r[i]);
    }
  }
}

/* Whether rows of 2^k of format F take this kernel: 128 KB rows (k =
 * LV + 13), a device of compute capability 9 or more, the shared memory
 * (192 KB and the mbarrier) within the device's opt-in limit, and
 * WHT_GPU_ROWS_TMA=1 (read once; off by default: slower, above). */
template <class F>
static bool wht__rows_tma_fits(unsigned k)
{
  constexpr unsigned LV = wht__rows_reg_shape<F>::LV;
  static int on = -1;
  if (on < 0) on = wht__rows_env("WHT_GPU_ROWS_TMA", 0) != 0;
  if (!on || k != LV + 13) return false;
  static int major[WHT__MAX_DEVICES]; /* 0: not read yet, -1: unknown */
  const int dev = wht__gpu_current_device();
  if (dev < 0) return false;
  if (major[dev] == 0) {
    int v = 0;
    if (cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, dev) != cudaSuccess || v <= 0) {
      cudaGetLastError();
      v = -1;
    }
    major[dev] = v;
  }
  return major[dev] >= 9 && wht__rows_smem_fits(wht__rows_tma_smem<F>());
}

template <class F>
static wht_status wht__rows_tma_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef typename F::U U;
  typedef void (*kern)(const U *, U *, unsigned);
#ifdef WHT_GPU_ALL_FORMS
  constexpr bool WD = wht__rows_reg_shape<F>::V == 8; /* 2-byte rows on whole words (WHT_GPU_ROWS_WORDS=1): for comparisons */
  const bool words = WD && wht__rows_words(5);
  kern f = words ? wht__rows_tma_kernel<F, WD> : wht__rows_tma_kernel<F, false>;
#else
  const bool words = false;
  kern f = wht__rows_tma_kernel<F, false>;
#endif
  static size_t raised[2][WHT__MAX_DEVICES];
  const size_t smem = wht__rows_tma_smem<F>();
  const wht_status st = wht__rows_raise_smem((const void *)f, smem, raised[words]);
  if (st != WHT_OK) return st;
  const uint64_t rows = N >> k;
  if (rows > 0x7fffffffu) return WHT_E_SIZE;
  static int sms[WHT__MAX_DEVICES];
  const int dev = wht__gpu_current_device();
  if (dev < 0) return WHT_E_CUDA;
  if (sms[dev] == 0 && (cudaDeviceGetAttribute(&sms[dev], cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
                        sms[dev] <= 0)) {
    cudaGetLastError();
    sms[dev] = 0;
    return WHT_E_CUDA;
  }
  const unsigned grid = rows < (uint64_t)sms[dev] ? (unsigned)rows : (unsigned)sms[dev];
  if (grid == 0) return WHT_OK;
  f<<<grid, 1024, smem>>>((const U *)src, (U *)dst, (unsigned)rows);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

#endif
