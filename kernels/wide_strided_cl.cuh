/* wide_strided_cl.cuh - widened-pass's later blocks of 9 stages on runs of
 * 128 bytes: a tile of wide_strided.cuh twice as wide, held by a cluster
 * of two blocks (issue 14: widened-pass at folklore's speed), included by
 * widened_pass.cu. wide_strided.cuh's tile is 2^9 runs of 64 bytes, the
 * most 8 warps' registers hold as wide words (64 KB); a pass on runs of 64
 * bytes took 1.27-1.40x a memcpy on an H200 where runs of 128 bytes take
 * 1.20-1.23x (docs/PERFORMANCE.md, "What bounds the L2-blocked pairs").
 * Here tile q is 2^9 runs of 128 bytes (32 words: f32 elements, or pairs
 * of 2-byte ones; wide_strided.cuh's tiles 2q and 2q + 1), split over the
 * two blocks of cluster q (block h = its rank), 8 warps each:
 *   - layout A2, as loaded: lane l of warp w of block h holds word l of
 *     rows 256 h + 32 w + i in x[i], i = 0..31 (each warp load one whole
 *     run); stages 0-4 run there (row bits 0-4);
 *   - each block puts its wide words into its shared memory (row r & 255
 *     at (r & 255) 32 + l, 64 KB), the cluster syncs, and each block
 *     reads layout D2 from its own and the other block's shared memory
 *     (distributed shared memory: rows r >> 8 = 1 are block 1's): x[2 T +
 *     e] holds word l of row 32 T + 4 w + 2 e + h, T = 0..15; stages 5-8
 *     run there (row bits 5-8), and each word is rounded and stored (each
 *     warp store one whole run).
 * Every column gets wide_strided.cuh's butterflies on the same operands in
 * the same order, so the result is its tiles', the tiles' and the CPU's
 * bit for bit. A block's loads precede the cluster sync and its stores
 * follow it, so in place is safe (block h stores rows the other block
 * loaded); a block leaves only after the other has read its shared words
 * (the cluster barrier's arrive after the reads, its wait at the end).
 * The host twin (wht__wide_strided_cl_emulate_tile) runs the same
 * functions thread by thread. sm_90 (clusters): the launcher asks compute
 * capability 9 or more. */
#ifndef WHT_KERNELS_WIDE_STRIDED_CL_CUH
#define WHT_KERNELS_WIDE_STRIDED_CL_CUH

#include <cooperative_groups.h>
#include "wide_strided.cuh"

template <class F>
struct wht__wstr_cl_shape {
  static constexpr unsigned R = wht__wstr_shape<F>::R + 1; /* a run: 32 words, 128 bytes */
  static constexpr unsigned TILE = 9 + R;                 /* a cluster's tile, log2 elements */
  static constexpr unsigned THREADS = 256;                /* a block's: 8 warps, 32 words a lane */
  static constexpr size_t SMEM = (size_t)8 << 13;         /* a block's 2^13 wide words */
  static constexpr bool fits(unsigned s0, unsigned L) { return L == 9 && s0 >= R; }
};

/* Layout A2 of thread t of block h of cluster tile q: loaded, widened,
 * stages 0-4 */
template <class F>
WHT__HD void wht__wstr_cl_load(const typename F::U *src, uint64_t q, unsigned s0, unsigned h, unsigned t,
                               typename wht__wstr_word<F>::WT *x)
{
  typedef wht__wstr_word<F> W;
  typedef wht__wstr_cl_shape<F> S;
  const unsigned *in = (const unsigned *)(src + wht__single_tile_base<S::R>(q, s0, 9)) + (t & 31u) +
                       wht__wstr_row<F, 9>(256u * h + 32u * (t >> 5), s0);
  unsigned u[32];
  wht__gather_words<32, false>(in, [&](unsigned i) { return wht__wstr_row<F, 9>(i, s0); }, u);
WHT__UNROLL
  for (unsigned i = 0; i < 32; i++) x[i] = W::up(u[i]);
WHT__UNROLL
  for (unsigned s = 0; s < 5; s++) wht__wstr_stage<W>(x, 1u << s);
}

/* Layout A2 to the block's shared words */
template <class F>
WHT__HD void wht__wstr_cl_put(typename wht__wstr_word<F>::WT *sh, unsigned t, const typename wht__wstr_word<F>::WT *x)
{
WHT__UNROLL
  for (unsigned i = 0; i < 32; i++) sh[((32u * (t >> 5) + i) << 5) | (t & 31u)] = x[i];
}

/* Layout D2 of thread t of block h from the shared words of block 0 (lo)
 * and block 1 (hi), stages 5-8 */
template <class F>
WHT__HD void wht__wstr_cl_get(const typename wht__wstr_word<F>::WT *lo, const typename wht__wstr_word<F>::WT *hi,
                              unsigned h, unsigned t, typename wht__wstr_word<F>::WT *x)
{
  const unsigned w = t >> 5, l = t & 31u;
WHT__UNROLL
  for (unsigned i = 0; i < 32; i++) {
    const unsigned r = ((i >> 1) << 5) | (w << 2) | ((i & 1u) << 1) | h;
    x[i] = (r < 256u ? lo : hi)[((r & 255u) << 5) | l];
  }
WHT__UNROLL
  for (unsigned s = 5; s < 9; s++) wht__wstr_stage<wht__wstr_word<F>>(x, 2u << (s - 5));
}

/* Layout D2's words rounded and stored */
template <class F>
WHT__HD void wht__wstr_cl_store(typename F::U *dst, uint64_t q, unsigned s0, unsigned h, unsigned t,
                                const typename wht__wstr_word<F>::WT *x)
{
  typedef wht__wstr_cl_shape<F> S;
  unsigned *out = (unsigned *)(dst + wht__single_tile_base<S::R>(q, s0, 9)) + (t & 31u) +
                  wht__wstr_row<F, 9>(((t >> 5) << 2) | h, s0);
WHT__UNROLL
  for (unsigned i = 0; i < 32; i++)
    out[wht__wstr_row<F, 9>(((i >> 1) << 5) | ((i & 1u) << 1), s0)] = wht__wstr_word<F>::down(x[i]);
}

/* Cluster tile q on the host, thread by thread: both blocks' loads,
 * stages and shared words, then both blocks' layout D2 and stores; xs:
 * 2 x 256 x 32 wide words, sh: 2 x 2^13 */
template <class F>
static void wht__wide_strided_cl_emulate_tile(const typename F::U *src, typename F::U *dst, uint64_t q, unsigned s0,
                                              typename wht__wstr_word<F>::WT *xs, typename wht__wstr_word<F>::WT *sh)
{
  constexpr unsigned T = wht__wstr_cl_shape<F>::THREADS;
  for (unsigned h = 0; h < 2; h++)
    for (unsigned t = 0; t < T; t++) {
      wht__wstr_cl_load<F>(src, q, s0, h, t, xs + 32 * (h * T + t));
      wht__wstr_cl_put<F>(sh + ((size_t)h << 13), t, xs + 32 * (h * T + t));
    }
  for (unsigned h = 0; h < 2; h++)
    for (unsigned t = 0; t < T; t++) {
      wht__wstr_cl_get<F>(sh, sh + ((size_t)1 << 13), h, t, xs + 32 * (h * T + t));
      wht__wstr_cl_store<F>(dst, q, s0, h, t, xs + 32 * (h * T + t));
    }
}

/* Block H of cluster tile q */
template <class F, unsigned H>
__device__ __forceinline__ void wht__wstr_cl_tile(const typename F::U *src, typename F::U *dst, uint64_t q, unsigned s0,
                                                  typename wht__wstr_word<F>::WT *sh)
{
#if __CUDA_ARCH__ >= 900
  namespace cg = cooperative_groups;
  typedef typename wht__wstr_word<F>::WT WT;
  cg::cluster_group cl = cg::this_cluster();
  WT x[32];
  wht__wstr_cl_load<F>(src, q, s0, H, threadIdx.x, x);
  wht__wstr_cl_put<F>(sh, threadIdx.x, x);
  cl.sync(); /* both blocks' shared words are written */
  const WT *peer = cl.map_shared_rank(sh, H ^ 1u);
  wht__wstr_cl_get<F>(H ? peer : sh, H ? sh : peer, H, threadIdx.x, x);
  cl.barrier_arrive(); /* this block's reads of the other's words are done */
  wht__wstr_cl_store<F>(dst, q, s0, H, threadIdx.x, x);
  cl.barrier_wait(); /* ... and the other block's of this one's */
#endif
}

/* A cluster of two blocks a tile (grid: twice the tiles, N >> TILE) */
template <class F>
__global__ void __launch_bounds__(256, 3)
    wht__wide_strided_cl_kernel(const typename F::U *src, typename F::U *dst, unsigned s0)
{
  extern __shared__ uint4 wht__wstr_cl_smem[];
  typedef typename wht__wstr_word<F>::WT WT;
  if (blockIdx.x & 1u) wht__wstr_cl_tile<F, 1>(src, dst, blockIdx.x >> 1, s0, (WT *)wht__wstr_cl_smem);
  else wht__wstr_cl_tile<F, 0>(src, dst, blockIdx.x >> 1, s0, (WT *)wht__wstr_cl_smem);
}

#endif
