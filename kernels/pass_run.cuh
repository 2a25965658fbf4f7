/* pass_run.cuh - running a planned transform: the pass kernel (one block per
 * tile, grid-stride over tiles), the host loop that launches the passes,
 * and the host emulation of the same passes.
 *
 * An algorithm A is a struct with COMPENSATED (carries the error array e,
 * kept in the device workspace between passes), RADIX8_GROUPS (runs on
 * Alman-Rao's schedule, a head of k mod 3 stages and then groups of three,
 * with its round kinds: alman-rao and the block algorithms), ROUND_CAP
 * (most stages in a round; 0: the schedule's own), MIN_BLOCKS (blocks per
 * multiprocessor the register budget must allow), or, where these two
 * depend on the format, a specialization of wht__limits (tile.cuh; the
 * block algorithms', blocks.cuh), and the round functions its kinds need:
 * butterflies<F, C>(v, e), head<F, C>(v, nz), radix8_rounds<F, C>(v).
 *
 * wht__gpu_run is asynchronous like any kernel launch: it reports launch
 * errors; an error while a kernel runs surfaces at the next synchronizing
 * CUDA call (a copy, or wht__gpu_sync). */
#ifndef WHT_KERNELS_PASS_RUN_CUH
#define WHT_KERNELS_PASS_RUN_CUH

#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <type_traits>
#include "tile.cuh"
#include "gpu_util.h"
extern "C" {
#include "wht_internal.h"
}
#include "rows_reg.cuh"

/* Blocks per multiprocessor the registers of a pass kernel must allow:
 * the algorithm's, except for cluster tiles of 4-byte non-compensated
 * elements, whose top-bit round (32 values, addresses in both blocks)
 * spilled 168 bytes under 80 registers: 2 (128 registers) ran folklore
 * f32 2^15 rows in 0.886 ms against 1.158 ms on an H100; f16, f64 and the
 * compensated cluster kernels were faster at 3 (docs/PERFORMANCE.md). */
template <class F, class A, bool CL>
static constexpr int wht__min_blocks()
{
  return CL && !A::COMPENSATED && sizeof(typename F::U) == 4 && wht__limits<A, F>::min_blocks > 2
             ? 2 : wht__limits<A, F>::min_blocks;
}

/* CL: a cluster tile (p.cl = 1) spread over the two blocks of a cluster
 * (blocks 2c and 2c+1 take tile c, c+G, ...); the round on its top bit is
 * fenced by cluster barriers (its neighbours wrote, and next read, the
 * blocks' own halves), every other phase by the block's barrier. */
template <class F, class A, bool VEC, bool CL>
__global__ void __launch_bounds__(WHT__THREADS, (wht__min_blocks<F, A, CL>()))
wht__pass_kernel(const wht__pass p, const typename F::U *xin, typename F::U *x, typename F::U *e)
{
  typedef typename F::U U;
  extern __shared__ uint4 wht__smem[];
  U *sx = (U *)wht__smem;
  U *se = sx + ((size_t)1 << (p.Tt - (CL ? 1 : 0)));
  wht__cta<U> cta = { 0, { sx, sx }, { se, se }, { 0, 0 }, { 0, 0 } };
  uint64_t b0 = blockIdx.x, stride = gridDim.x;
  if constexpr (CL) {
#if __CUDA_ARCH__ >= 900
    namespace cg = cooperative_groups;
    cg::cluster_group cluster = cg::this_cluster();
    cta.rank = cluster.block_rank();
    const unsigned ax = (unsigned)__cvta_generic_to_shared(sx), ae = (unsigned)__cvta_generic_to_shared(se);
    for (unsigned r = 0; r < 2; r++) {
      asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(cta.dx[r]) : "r"(ax), "r"(r));
      asm("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(cta.de[r]) : "r"(ae), "r"(r));
    }
    b0 = blockIdx.x >> 1;
    stride = gridDim.x >> 1;
#else
    __trap(); /* never launched: wht__gpu_clusters_usable() */
#endif
  }
  for (uint64_t b = b0; b < p.ntiles; b += stride) {
    for (unsigned ph = 0; ph <= p.nrounds + 1; ph++) {
      wht__tile_phase<F, A, VEC, CL>(p, ph, xin, x, e, sx, se, cta, b, threadIdx.x, blockDim.x);
#if __CUDA_ARCH__ >= 900
      if (CL && (wht__phase_crosses(p, ph) || wht__phase_crosses(p, ph + 1))) {
        cooperative_groups::this_cluster().sync();
        continue;
      }
#endif
      __syncthreads();
    }
  }
}

/* L2-blocked pairs of passes (pass_plan.h, fuse = 1): the order of the
 * ticket queue. Of 2M tickets (M tiles per pass), the first `lag` are the
 * first pass's tiles 0 .. lag-1; then the second pass's tile m and the
 * first pass's tile lag + m alternate; then come the second pass's last
 * tiles. With lag at least a chunk's tiles, every first-pass tile of a
 * chunk holds an earlier ticket than any second-pass tile of it, so a
 * block waits only for blocks that hold earlier tickets and wait for
 * nothing: no deadlock, however many blocks are resident; and the chunks
 * live in L2 at once are about lag tiles' worth. */
WHT__HD void wht__fused_ticket(uint64_t tk, uint64_t M, uint64_t lag, bool *second, uint64_t *b)
{
  if (lag > M) lag = M;
  if (tk < lag) {
    *second = false;
    *b = tk;
    return;
  }
  const uint64_t u = tk - lag;
  if (u < 2 * (M - lag)) {
    *second = !(u & 1);
    *b = (u & 1) ? lag + u / 2 : u / 2;
    return;
  }
  *second = true;
  *b = u - (M - lag);
}

/* The queue of an L2-blocked pair of register tiles (single_reg.cuh's,
 * single_comp.cuh's, single_ar.cuh's, widened_pass.cu's): N elements in
 * tiles of 2^tile_log2 of each kind, 2^(chunk_log2 - tile_log2) a chunk */
static inline wht__pass wht__pair_queue(uint64_t N, unsigned tile_log2, unsigned chunk_log2)
{
  wht__pass p0 = {};
  p0.N = N;
  p0.ntiles = N >> tile_log2;
  p0.fuse = 1;
  p0.fuse_chunk_tiles_log2 = chunk_log2 - tile_log2;
  return p0;
}

/* The lag, in tiles: a chunk, and half the blocks resident at once (so
 * that a chunk's second-pass tiles come about the tickets in flight after
 * its last first-pass tile, which has finished by then; thirds = 2: two
 * thirds, the tensor cores' pair, whose f16 2^26..2^30 ran 0.6-1.4 %
 * faster so on an H200; thirds = 3: all of them, kahan's register pair,
 * single_comp.cuh; docs/PERFORMANCE.md), or WHT_GPU_L2_LAG tiles
 * instead of that part (for measurements). The host emulation passes
 * resident = 0: the tightest order the queue allows. */
static uint64_t wht__fused_lag(const wht__pass &p, unsigned resident, unsigned thirds = 0)
{
  static long extra = -2; /* -2: not read yet; -1: not set (wht_env.h) */
  if (extra == -2) {
    unsigned v;
    extra = wht__env_get("WHT_GPU_L2_LAG", &v) == 1 ? (long)v : -1;
  }
  const uint64_t tpc = (uint64_t)1 << p.fuse_chunk_tiles_log2;
  return tpc + (extra >= 0 && resident ? (uint64_t)extra : thirds ? (uint64_t)resident * thirds / 3 : resident / 2);
}

/* An L2-blocked pair's tiles (queue p0: ntiles, fuse_chunk_tiles_log2)
 * on the host in the ticket queue's order at its tightest lag: tile(second,
 * b) for each (void, or a wht_status: the first that is not WHT_OK is
 * returned), a second-pass tile checked to come after its chunk's
 * first-pass tiles (else WHT_E_CUDA: the kernel would wait on a later
 * ticket). The host twins of every pair: the tiles' (below) and the
 * register pairs' (single_reg.cuh, single_comp.cuh, single_ar.cuh,
 * widened_pass.cu) */
template <class TILE>
static wht_status wht__emulate_pair_queue(const wht__pass &p0, const TILE &tile)
{
  const uint64_t M = p0.ntiles, lag = wht__fused_lag(p0, 0), cs = p0.fuse_chunk_tiles_log2;
  unsigned *done = (unsigned *)calloc((size_t)(M >> cs) + 1, sizeof(unsigned));
  if (!done) return WHT_E_NOMEM;
  wht_status st = WHT_OK;
  for (uint64_t tk = 0; tk < 2 * M && st == WHT_OK; tk++) {
    bool second;
    uint64_t b;
    wht__fused_ticket(tk, M, lag, &second, &b);
    if (second && done[b >> cs] != (1u << cs)) {
      st = WHT_E_CUDA;
      break;
    }
    if constexpr (std::is_void<decltype(tile(second, b))>::value) tile(second, b);
    else st = tile(second, b);
    if (!second) done[b >> cs]++;
  }
  free(done);
  return st;
}

/* The L2-blocked kernel's ticket counter, each chunk's count of finished
 * first-pass tiles and the count of blocks that have finished, zero when a
 * kernel starts: zero when the module loads, and the last block to finish
 * zeroes them again (one set per algorithm's translation unit; the kernels
 * run one after the other on the legacy default stream: a build with
 * nvcc's --default-stream per-thread would need a set per stream). Zeroing
 * them before each launch instead would let two host threads' memsets and
 * kernels interleave. */
#define WHT__L2_EXITED (1 + WHT__L2_MAX_CHUNKS)
static __device__ unsigned wht__l2_sync[2 + WHT__L2_MAX_CHUNKS];

/* The persistent loop of an L2-blocked pair p0, p1 (p0.fuse = 1), for
 * any tile kind (this file's kernel, kernels/widened_pass.cu's): each
 * block takes tickets (wht__fused_ticket) until none are left and calls
 * tile(second, b, lpol, spol), which runs tile b of p1 (second) or p0 with
 * all its phases and barriers, loading with policy lpol and storing with
 * spol. A p1 tile first waits until every p0 tile of its chunk has been
 * stored (their stores released before the chunk's count is raised) and
 * must load through L2 (CG): what other multiprocessors just wrote, likely
 * still in L2. */
/* The L2 eviction policies of an L2-blocked pair's loads (*ld) and stores
 * (*st) in its first pass or second: hints bit 0 the first pass's stores
 * evict_last; bit 1 the second pass's loads and stores evict_first; bit 2
 * the first pass's loads evict_first; otherwise evict_normal. */
__device__ __forceinline__ void wht__l2_pair_policies(unsigned hints, bool second, uint64_t *ld, uint64_t *st)
{
  uint64_t keep = 0, drop = 0, norm = 0;
#if __CUDA_ARCH__ >= 800
  asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(keep));
  asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(drop));
  asm("createpolicy.fractional.L2::evict_normal.b64 %0, 1.0;" : "=l"(norm));
#endif
  *ld = (second ? hints & 2 : hints & 4) ? drop : norm;
  *st = second ? (hints & 2 ? drop : norm) : (hints & 1 ? keep : norm);
}

/* A chunk's count raised after a block's first-pass tile (thread 0,
 * after the tile's last barrier), and read by a second-pass tile's thread
 * 0 before its block's barrier. RA (hints bit 3): release and acquire at
 * GPU scope, CUTLASS's semaphore (fence.acq_rel then a relaxed reduction;
 * an acquiring load): the barrier orders the block's stores before thread
 * 0's release, and thread 0's acquire before the block's loads; else a
 * __threadfence (fence.sc.gpu, with an L1 invalidation) on either side, as
 * cooperative groups' grid barrier. */
__device__ __forceinline__ void wht__l2_count_raise(unsigned *c, bool ra)
{
#if __CUDA_ARCH__ >= 700
  if (ra) {
    asm volatile("fence.acq_rel.gpu;\n\tred.relaxed.gpu.global.add.u32 [%0], 1;" ::"l"(c) : "memory");
    return;
  }
#endif
  __threadfence();
  atomicAdd(c, 1u);
}

__device__ __forceinline__ void wht__l2_count_wait(const unsigned *c, unsigned need, bool ra)
{
#if __CUDA_ARCH__ >= 700
  if (ra) {
    for (;;) {
      unsigned v;
      asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(c) : "memory");
      if (v >= need) return;
      __nanosleep(64);
    }
  }
#endif
  const volatile unsigned *vc = c;
  while (*vc < need) {
#if __CUDA_ARCH__ >= 700
    __nanosleep(64);
#endif
  }
  __threadfence();
}

template <class TILE>
__device__ __forceinline__ void wht__fused_loop(const wht__pass &p0, unsigned lag, unsigned hints, const TILE &tile)
{
  __shared__ unsigned ticket, last;
  const unsigned M = (unsigned)p0.ntiles, cs = p0.fuse_chunk_tiles_log2;
  unsigned *const done = wht__l2_sync + 1;
  uint64_t ld0, st0, ld1, st1;
  wht__l2_pair_policies(hints, false, &ld0, &st0);
  wht__l2_pair_policies(hints, true, &ld1, &st1);
  /* AHEAD (hints bit 4): thread 0 takes the next ticket as the block
   * starts this one, and raises a first-pass tile's count after the next
   * loop barrier, so that neither the ticket's atomic nor the release's
   * fence holds the whole block at that barrier (warp 0 alone waits on
   * the fence while the others load). No deadlock: a block works on a
   * ticket lower than the one it holds, and a count is raised before the
   * block waits on any, so the lowest unfinished ticket always proceeds. */
  const bool ahead = hints & 16u;
  unsigned next = 0, raise = ~0u; /* thread 0's */
  if (ahead && threadIdx.x == 0) next = atomicAdd(&wht__l2_sync[0], 1u);
  for (;;) {
    if (threadIdx.x == 0) ticket = ahead ? next : atomicAdd(&wht__l2_sync[0], 1u);
    __syncthreads();
    const unsigned tk = ticket; /* rewritten only after the phases' barriers */
    if (ahead && threadIdx.x == 0) {
      if (raise != ~0u) wht__l2_count_raise(done + raise, hints & 8u); /* the barrier ordered the tile's stores */
      raise = ~0u;
      if (tk < 2 * M) next = atomicAdd(&wht__l2_sync[0], 1u);
    }
    if (tk >= 2 * M) { /* every block takes one such ticket and finishes */
      if (threadIdx.x == 0) {
        __threadfence();
        last = atomicAdd(&wht__l2_sync[WHT__L2_EXITED], 1u) == gridDim.x - 1;
      }
      __syncthreads();
      if (last) /* every ticket and count was taken: zero them for the next launch */
        for (unsigned i = threadIdx.x; i < 2 + WHT__L2_MAX_CHUNKS; i += blockDim.x) wht__l2_sync[i] = 0;
      return;
    }
    bool second;
    uint64_t b;
    wht__fused_ticket(tk, M, lag, &second, &b);
    if (second) {
      if (threadIdx.x == 0) {
        /* a chunk's first-pass tiles: 2^cs, fewer in a partial last chunk
         * (the tensor-core pairs' batches; the pass planner's chunks are whole) */
        const unsigned c0 = (unsigned)(b >> cs << cs), need = M - c0 < (1u << cs) ? M - c0 : 1u << cs;
        wht__l2_count_wait(done + (b >> cs), need, hints & 8u);
      }
      __syncthreads();
      tile(true, b, ld1, st1);
    } else {
      tile(false, b, ld0, st0);
      /* the block's stores (ordered before thread 0 by the tile's last
       * barrier), released before the count */
      if (threadIdx.x == 0) {
        if (ahead) raise = (unsigned)(b >> cs);
        else wht__l2_count_raise(done + (b >> cs), hints & 8u);
      }
    }
  }
}

/* One persistent kernel for the pair p0, p1: wht__fused_loop over the
 * tiles of wht__pass_kernel. */
template <class F, class A, bool VEC>
__global__ void __launch_bounds__(WHT__THREADS, (wht__min_blocks<F, A, false>()))
wht__fused_kernel(const wht__pass p0, const wht__pass p1, const unsigned lag, const unsigned hints,
                  const typename F::U *xin, typename F::U *x, typename F::U *e)
{
  typedef typename F::U U;
  extern __shared__ uint4 wht__smem[];
  U *sx = (U *)wht__smem;
  U *se = sx + ((size_t)1 << p0.Tt);
  const wht__cta<U> cta = { 0, { sx, sx }, { se, se }, { 0, 0 }, { 0, 0 } };
  wht__fused_loop(p0, lag, hints, [&](bool second, uint64_t b, uint64_t lpol, uint64_t spol) {
    if (second) {
      for (unsigned ph = 0; ph <= p1.nrounds + 1; ph++) {
        wht__tile_phase<F, A, VEC, false, true, true>(p1, ph, x, x, e, sx, se, cta, b, threadIdx.x, blockDim.x,
                                                      lpol, spol);
        __syncthreads();
      }
    } else {
      for (unsigned ph = 0; ph <= p0.nrounds + 1; ph++) {
        wht__tile_phase<F, A, VEC, false, false, true>(p0, ph, xin, x, e, sx, se, cta, b, threadIdx.x,
                                                       blockDim.x, lpol, spol);
        __syncthreads();
      }
    }
  });
}

/* Whether a pair's blocks take their next ticket ahead (wht__fused_loop's
 * AHEAD): WHT_GPU_L2_AHEAD (read once) 1 every pair, 0 none; unset, the
 * pair's default dflt: on for kahan's and neumaier's register pairs
 * (single_comp.cuh), off for the others. On an H200 kahan's f32 2^28 took
 * 3.24 ms against 3.31 (f64 2^27 -1.5 %, f16 2^28 -1 %), while folklore's
 * pairs lost 3-12 %, Alman-Rao's 12 %, the tensor cores' 1.5 %: their
 * second-pass tickets then come while more first-pass tiles are in
 * flight (docs/PERFORMANCE.md). */
static bool wht__l2_ticket_ahead(bool dflt)
{
  static int v = -2;
  if (v == -2) {
    unsigned e;
    v = wht__env_get("WHT_GPU_L2_AHEAD", &e) == 1 ? e != 0 : -1; /* wht_env.h */
  }
  return v < 0 ? dflt : v != 0;
}

/* The L2 eviction hints of the pairs' kernels: WHT_GPU_L2_HINTS, default
 * 7; bit 3 the chunk counts' release and acquire (wht__l2_count_raise),
 * on unless WHT_GPU_L2_SYNC=0 (the fences, for comparisons: on an H200
 * the pairs took 1.2-1.3 % longer with them, docs/PERFORMANCE.md); bit 4
 * the next ticket ahead (wht__l2_ticket_ahead, the pair's default ahead) */
static unsigned wht__l2_hints(bool ahead = false)
{
  static long hints = -1;
  if (hints < 0) { /* wht_env.h */
    hints = (long)(wht__env_uint("WHT_GPU_L2_HINTS", 7) & 7);
    if (wht__env_uint("WHT_GPU_L2_SYNC", 1) != 0) hints |= 8;
  }
  return (unsigned)hints | (wht__l2_ticket_ahead(ahead) ? 16u : 0u);
}

/* Whether pass p can use 16-byte accesses on xin, x (and e). */
template <class F>
static bool wht__pass_vectorizable(const wht__pass &p, const void *xin, const void *x, const void *e)
{
  const unsigned V = 16 / sizeof(typename F::U);
  if ((uintptr_t)xin % 16 || (uintptr_t)x % 16 || (e && (uintptr_t)e % 16)) return false;
  if (p.N % V || ((size_t)1 << p.Tt) < V) return false;
  return p.R == 0 || ((size_t)1 << p.R) >= V;
}

/* Whether an L2-blocked pair p[0] (from xin), p[1] (in place) can: both must. */
template <class F>
static bool wht__pair_vectorizable(const wht__pass *p, const void *xin, const void *x, const void *e)
{
  return wht__pass_vectorizable<F>(p[0], xin, x, e) && wht__pass_vectorizable<F>(p[1], x, x, e);
}

template <class A>
static constexpr int wht__sched_of() { return A::RADIX8_GROUPS ? WHT__SCHED_ALMAN_RAO : WHT__SCHED_RADIX2; }

/* Rounds of at most this many stages for algorithm A in format F: the
 * schedule's, or the algorithm's round cap where that is set and smaller. */
template <class F, class A>
static constexpr unsigned wht__cmax_of()
{
  return wht__limits<A, F>::round_cap && wht__limits<A, F>::round_cap <
             wht__round_cmax(A::COMPENSATED, wht__sched_of<A>(), sizeof(typename F::U))
             ? wht__limits<A, F>::round_cap
             : wht__round_cmax(A::COMPENSATED, wht__sched_of<A>(), sizeof(typename F::U));
}

template <class F, class A, bool VEC, bool CL>
static wht_status wht__launch_pass(const wht__pass &p, const typename F::U *xin,
                                   typename F::U *x, typename F::U *e)
{
  const size_t smem = ((size_t)1 << (p.Tt - (CL ? 1 : 0))) * sizeof(typename F::U) * (A::COMPENSATED ? 2 : 1);
  if (smem > 48 * 1024) {
    /* per instantiation and device (the limit belongs to the device's
     * context): the largest limit set so far; an unknown device: set it */
    static size_t raised[WHT__MAX_DEVICES];
    const int dev = wht__gpu_current_device();
    if (dev < 0 || smem > raised[dev]) {
      if (cudaFuncSetAttribute((const void *)wht__pass_kernel<F, A, VEC, CL>,
                               cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem) != cudaSuccess) {
        cudaGetLastError(); /* not sticky: leave no error for a later launch check */
        return WHT_E_CUDA;
      }
      if (dev >= 0) raised[dev] = smem;
    }
  }
  if constexpr (CL) {
    /* clusters of two blocks along x, one tile each */
    const uint64_t nc = p.ntiles < 0x3fffffffu ? p.ntiles : 0x3fffffffu;
    cudaLaunchConfig_t cfg = {};
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = 2;
    at[0].val.clusterDim.y = 1;
    at[0].val.clusterDim.z = 1;
    cfg.gridDim = dim3((unsigned)(2 * nc), 1, 1);
    cfg.blockDim = dim3(WHT__THREADS, 1, 1);
    cfg.dynamicSmemBytes = smem;
    cfg.stream = 0;
    cfg.attrs = at;
    cfg.numAttrs = 1;
    if (cudaLaunchKernelEx(&cfg, wht__pass_kernel<F, A, VEC, true>, p, xin, x, e) != cudaSuccess) {
      cudaGetLastError();
      return WHT_E_CUDA;
    }
  } else {
    const uint64_t grid = p.ntiles < 0x7fffffffu ? p.ntiles : 0x7fffffffu;
    wht__pass_kernel<F, A, VEC, false><<<(unsigned)grid, WHT__THREADS, smem>>>(p, xin, x, e);
  }
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* A persistent pair kernel's per-device state: the shared-memory limit
 * raised so far and the blocks resident at once for smem bytes (one set
 * per kernel instantiation, a static of its launcher). */
struct wht__fused_cache {
  size_t raised[WHT__MAX_DEVICES], resident_smem[WHT__MAX_DEVICES];
  unsigned resident[WHT__MAX_DEVICES];
};

/* The grid (as many blocks as are resident at once, at most one per
 * ticket) and the lag of kernel kern running the pair p0, p1 with smem
 * bytes of shared memory in blocks of `threads`. */
static wht_status wht__fused_shape(const void *kern, size_t smem, const wht__pass &p0, wht__fused_cache *c,
                                   unsigned *grid, unsigned *lag, unsigned threads = WHT__THREADS,
                                   unsigned lag_thirds = 0)
{
  const int dev = wht__gpu_current_device();
  if (dev < 0) return WHT_E_CUDA;
  if (smem > 48 * 1024 && smem > c->raised[dev]) {
    if (cudaFuncSetAttribute(kern, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem) != cudaSuccess) {
      cudaGetLastError();
      return WHT_E_CUDA;
    }
    c->raised[dev] = smem;
  }
  if (c->resident_smem[dev] != smem) { /* the occupancy depends on the shared memory */
    int per_sm = 0, sms = 0;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kern, (int)threads, smem) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || per_sm < 1) {
      cudaGetLastError();
      return WHT_E_CUDA;
    }
    c->resident[dev] = (unsigned)(per_sm * sms);
    c->resident_smem[dev] = smem;
  }
  const uint64_t M = p0.ntiles, l = wht__fused_lag(p0, c->resident[dev], lag_thirds);
  *grid = 2 * M < c->resident[dev] ? (unsigned)(2 * M) : c->resident[dev];
  *lag = (unsigned)(l < M ? l : M);
  return WHT_OK;
}

/* The pair p0, p1 (p0.fuse = 1) as one wht__fused_kernel. */
template <class F, class A, bool VEC>
static wht_status wht__launch_fused(const wht__pass &p0, const wht__pass &p1, const typename F::U *xin,
                                    typename F::U *x, typename F::U *e)
{
  static wht__fused_cache cache;
  const size_t smem = ((size_t)1 << p0.Tt) * sizeof(typename F::U) * (A::COMPENSATED ? 2 : 1);
  unsigned grid, lag;
  const wht_status s = wht__fused_shape((const void *)wht__fused_kernel<F, A, VEC>, smem, p0, &cache, &grid, &lag);
  if (s != WHT_OK) return s;
  wht__fused_kernel<F, A, VEC><<<grid, WHT__THREADS, smem>>>(p0, p1, lag, wht__l2_hints(), xin, x, e);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* folklore's long rows in passes of register tiles (uses the above) */
#include "single_reg.cuh"

/* The tile size (*T, log2 elements) and the passes of one transform, as
 * the GPU (clusters where the device runs them) or its host emulation
 * (clusters where allowed) run them; returns the pass count. */
template <class F, class A>
unsigned wht__plan_for(unsigned k, uint64_t batch, wht__pass *passes, unsigned *T, int clusters)
{
  constexpr unsigned cmax = wht__cmax_of<F, A>();
  const size_t esz = sizeof(typename F::U);
  unsigned block;
  *T = wht__choose_tile_log2(k, batch, esz, wht__sched_of<A>(), cmax, A::COMPENSATED, clusters, &block);
  return wht__plan_passes(k, batch, esz, wht__sched_of<A>(), cmax, *T, block,
                          wht__plan_l2_chunk_log2((unsigned)esz, A::COMPENSATED), passes);
}

/* ... of stages s1 .. k-1 alone, the earlier ones done by another kernel
 * (wht__plan_passes_from: strided passes, no pair), in tiles of 2^tile
 * elements where tile > 0 */
template <class F, class A>
unsigned wht__plan_for_from(unsigned k, uint64_t batch, unsigned s1, wht__pass *passes, unsigned *T, int clusters,
                            unsigned tile = 0)
{
  constexpr unsigned cmax = wht__cmax_of<F, A>();
  const size_t esz = sizeof(typename F::U);
  unsigned block = tile;
  *T = tile ? tile : wht__choose_tile_log2(k, batch, esz, wht__sched_of<A>(), cmax, A::COMPENSATED, clusters, &block);
  return wht__plan_passes_from(k, batch, esz, wht__sched_of<A>(), cmax, *T, block, s1, passes);
}

/* Passes 0..np-1 of a plan from xin into x (xin != x: the first out of
 * place), an L2-blocked pair as one kernel */
template <class F, class A>
static wht_status wht__run_passes(const wht__pass *passes, unsigned np, const typename F::U *xin, typename F::U *x,
                                  typename F::U *e)
{
  for (unsigned i = 0; i < np; i++, xin = x) {
    const wht__pass &p = passes[i];
    if (p.fuse) { /* this pass and the next, L2-blocked */
      const bool vec = wht__pair_vectorizable<F>(&passes[i], xin, x, e);
      const wht_status s = vec ? wht__launch_fused<F, A, true>(p, passes[i + 1], xin, x, e)
                               : wht__launch_fused<F, A, false>(p, passes[i + 1], xin, x, e);
      if (s != WHT_OK) return s;
      i++;
      continue;
    }
    const bool vec = wht__pass_vectorizable<F>(p, xin, x, e);
    const wht_status s = p.cl ? (vec ? wht__launch_pass<F, A, true, true>(p, xin, x, e)
                                     : wht__launch_pass<F, A, false, true>(p, xin, x, e))
                              : (vec ? wht__launch_pass<F, A, true, false>(p, xin, x, e)
                                     : wht__launch_pass<F, A, false, false>(p, xin, x, e));
    if (s != WHT_OK) return s;
  }
  return WHT_OK;
}

/* Transform src into dst (the same pointer: in place). */
template <class F, class A>
wht_status wht__gpu_run_out(const void *src, void *dst, uint64_t n, unsigned k, uint64_t batch,
                            void *dwork)
{
  typedef typename F::U U;
  if constexpr (wht__rows_in_registers<A>::value) {
    /* rows_reg.cuh: rows in a warp's or a block's registers; single_reg.cuh: longer ones */
    if (wht__rows_reg_fits<F>(k, src, dst)) return wht__rows_reg_launch<F>(src, dst, n * batch, k);
    if (wht__single_reg_fits<F>(k, n * batch, src, dst)) return wht__single_reg_launch<F>(src, dst, n * batch, k);
  }
  if constexpr (wht__rows_compensated<A>::value) /* rows_comp.cuh: kahan's and neumaier's */
    if (wht__rows_compensated<A>::template fits<F>(k, n * batch, src, dst))
      return wht__rows_compensated<A>::template launch<F>(src, dst, n * batch, k);
  if constexpr (wht__single_own<A>::value) /* single_comp.cuh, single_ar.cuh: their long rows */
    if (wht__single_own<A>::template fits<F>(k, n * batch, src, dst) && (uintptr_t)dwork % 16 == 0)
      return wht__single_own<A>::template launch<F>(src, dst, dwork, n * batch, k);
  wht__pass passes[WHT__MAX_PASSES];
  unsigned T;
  const unsigned np = wht__plan_for<F, A>(k, batch, passes, &T, wht__gpu_clusters_usable());
  const U *xin = (const U *)src;
  U *x = (U *)dst, *e = A::COMPENSATED ? (U *)dwork : NULL;
  if (A::COMPENSATED && np > 1 && !e) return WHT_E_NULL;
  if (np == 0 && src != dst) { /* k = 0: the transform is the identity */
    if (cudaMemcpyAsync(dst, src, (size_t)(n * batch * sizeof(U)), cudaMemcpyDeviceToDevice) == cudaSuccess)
      return WHT_OK;
    cudaGetLastError(); /* leave no error for a later launch check */
    return WHT_E_CUDA;
  }
  return wht__run_passes<F, A>(passes, np, xin, x, e);
}

template <class F, class A>
wht_status wht__gpu_run(void *dx, uint64_t n, unsigned k, uint64_t batch, void *dwork)
{
  return wht__gpu_run_out<F, A>(dx, dx, n, k, batch, dwork);
}

/* Tile b of pass p on the host: every phase runs for all WHT__THREADS
 * threads of every block of the tile before the next (the kernel's
 * barriers; a cluster tile's blocks each have their own tiles). */
template <class F, class A>
static void wht__emulate_tile(const wht__pass &p, bool vec, const typename F::U *xin, typename F::U *x,
                              typename F::U *e, typename F::U *smem, uint64_t b)
{
  typedef typename F::U U;
  const size_t half = (size_t)1 << (p.Tt - p.cl); /* elements of a block's tile */
  wht__cta<U> cta;
  for (unsigned r = 0; r < 2; r++) {
    cta.sx[r] = smem + (p.cl ? r : 0) * 2 * half;
    cta.se[r] = cta.sx[r] + half;
  }
  for (unsigned ph = 0; ph <= p.nrounds + 1; ph++)
    for (cta.rank = 0; cta.rank <= p.cl; cta.rank++) {
      U *sx = cta.sx[cta.rank], *se = cta.se[cta.rank];
      for (unsigned t = 0; t < WHT__THREADS; t++) {
        if (p.cl) {
          if (vec) wht__tile_phase<F, A, true, true>(p, ph, xin, x, e, sx, se, cta, b, t, WHT__THREADS);
          else wht__tile_phase<F, A, false, true>(p, ph, xin, x, e, sx, se, cta, b, t, WHT__THREADS);
        } else {
          if (vec) wht__tile_phase<F, A, true, false>(p, ph, xin, x, e, sx, se, cta, b, t, WHT__THREADS);
          else wht__tile_phase<F, A, false, false>(p, ph, xin, x, e, sx, se, cta, b, t, WHT__THREADS);
        }
      }
    }
}

/* Passes 0..np-1 of a plan on the host, with host pointers, tile after
 * tile (tiles of at most 2^T elements); an L2-blocked pair in the order
 * of its ticket queue at the tightest lag, each second-pass tile checked
 * to come after its chunk's first-pass tiles (else WHT_E_CUDA: the
 * kernel would wait on a later ticket). */
template <class F, class A>
static wht_status wht__emulate_passes(const wht__pass *passes, unsigned np, unsigned T, const typename F::U *xin,
                                      typename F::U *x, typename F::U *e)
{
  typedef typename F::U U;
  U *smem = (U *)malloc(((size_t)2 << T) * sizeof(U));
  if (!smem) return WHT_E_NOMEM;
  wht_status st = WHT_OK;
  for (unsigned i = 0; i < np && st == WHT_OK; i++, xin = x) {
    const wht__pass &p = passes[i];
    if (p.fuse) {
      const wht__pass &q = passes[i + 1];
      const bool vec = wht__pair_vectorizable<F>(&passes[i], xin, x, e);
      st = wht__emulate_pair_queue(p, [&](bool second, uint64_t b) {
        if (second) wht__emulate_tile<F, A>(q, vec, x, x, e, smem, b);
        else wht__emulate_tile<F, A>(p, vec, xin, x, e, smem, b);
      });
      i++;
      continue;
    }
    const bool vec = wht__pass_vectorizable<F>(p, xin, x, e);
    for (uint64_t b = 0; b < p.ntiles; b++) wht__emulate_tile<F, A>(p, vec, xin, x, e, smem, b);
  }
  free(smem);
  return st;
}

/* The same passes on the host (wht__emulate_passes). */
template <class F, class A>
wht_status wht__gpu_emulate_out(const void *src, void *dst, uint64_t n, unsigned k, uint64_t batch,
                                void *hwork)
{
  typedef typename F::U U;
  if constexpr (wht__rows_in_registers<A>::value) /* single_reg.cuh's passes, as the GPU takes them */
    if (wht__single_reg_plan<F>(k, n * batch, src, dst)) return wht__single_reg_emulate<F>(src, dst, n * batch, k);
  if constexpr (wht__single_own<A>::value) /* single_comp.cuh's, single_ar.cuh's, as the GPU takes them */
    if (wht__single_own<A>::template plan<F>(k, n * batch, src, dst) && (uintptr_t)hwork % 16 == 0)
      return wht__single_own<A>::template emulate<F>(src, dst, hwork, n * batch, k);
  wht__pass passes[WHT__MAX_PASSES];
  unsigned T;
  const unsigned np = wht__plan_for<F, A>(k, batch, passes, &T, wht__plan_clusters());
  const U *xin = (const U *)src;
  U *x = (U *)dst, *e = A::COMPENSATED ? (U *)hwork : NULL;
  if (A::COMPENSATED && np > 1 && !e) return WHT_E_NULL;
  if (np == 0 && src != dst) memcpy(dst, src, (size_t)(n * batch * sizeof(U)));
  return wht__emulate_passes<F, A>(passes, np, T, xin, x, e);
}

template <class F, class A>
wht_status wht__gpu_emulate(void *hx, uint64_t n, unsigned k, uint64_t batch, void *hwork)
{
  return wht__gpu_emulate_out<F, A>(hx, hx, n, k, batch, hwork);
}

/* The registry's table for algorithm A (in place), its out-of-place twin,
 * the host emulations of both, and its round cap per format (for
 * wht__gpu_pass_count). */
#define WHT__GPU_FORMAT_ENTRIES(name, A, sfx, F)                                               \
  static wht_status name##_##sfx(void *x, uint64_t n, unsigned k, uint64_t b, void *w)          \
  { return wht__gpu_run<F, A>(x, n, k, b, w); }                                                 \
  static wht_status name##_out_##sfx(const void *s, void *d, uint64_t n, unsigned k, uint64_t b, \
                                     void *w)                                                   \
  { return wht__gpu_run_out<F, A>(s, d, n, k, b, w); }                                          \
  static wht_status name##_emu_##sfx(void *x, uint64_t n, unsigned k, uint64_t b, void *w)      \
  { return wht__gpu_emulate<F, A>(x, n, k, b, w); }                                             \
  static wht_status name##_emu_out_##sfx(const void *s, void *d, uint64_t n, unsigned k,        \
                                         uint64_t b, void *w)                                   \
  { return wht__gpu_emulate_out<F, A>(s, d, n, k, b, w); }

#define WHT__GPU_TABLES(name, A)                                                                \
  extern "C" {                                                                                  \
  WHT__GPU_FORMAT_ENTRIES(name, A, f64, wht__f64_ops)                                           \
  WHT__GPU_FORMAT_ENTRIES(name, A, f32, wht__f32_ops)                                           \
  WHT__GPU_FORMAT_ENTRIES(name, A, f16, wht__f16_ops)                                           \
  WHT__GPU_FORMAT_ENTRIES(name, A, bf16, wht__bf16_ops)                                         \
  extern const wht__gpu_fn name##_gpu[WHT_NFORMATS] = {                                         \
    name##_f64, name##_f32, name##_f16, name##_bf16 };                                          \
  extern const wht__gpu_out_fn name##_gpu_out[WHT_NFORMATS] = {                                \
    name##_out_f64, name##_out_f32, name##_out_f16, name##_out_bf16 };                          \
  extern const wht__gpu_fn name##_gpu_emulated[WHT_NFORMATS] = {                                \
    name##_emu_f64, name##_emu_f32, name##_emu_f16, name##_emu_bf16 };                          \
  extern const wht__gpu_out_fn name##_gpu_out_emulated[WHT_NFORMATS] = {                       \
    name##_emu_out_f64, name##_emu_out_f32, name##_emu_out_f16, name##_emu_out_bf16 };          \
  unsigned name##_round_cap(wht_format f)                                                       \
  {                                                                                             \
    static const unsigned caps[WHT_NFORMATS] = {                                                \
      wht__limits<A, wht__f64_ops>::round_cap, wht__limits<A, wht__f32_ops>::round_cap,         \
      wht__limits<A, wht__f16_ops>::round_cap, wht__limits<A, wht__bf16_ops>::round_cap };      \
    return (unsigned)f < WHT_NFORMATS ? caps[f] : 0;                                            \
  }                                                                                             \
  }

#endif
