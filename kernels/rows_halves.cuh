/* rows_halves.cuh - folklore's rows of 128 KB (f32 2^15, f16 and bf16
 * 2^16) as two halves of 64 KB on a cluster of two blocks, the last stage
 * through distributed shared memory (issue 15: batched rows at the add-one
 * kernel's speed). AN EXPERIMENT, NOT KEPT: on an H200 it took 1.26-1.28x
 * the add-one kernel for f32 2^15 and 1.29-1.32x for 2-byte 2^16, against
 * rows_prefetch.cuh's 1.05-1.07x and 1.12-1.15x (each block waits at the
 * cluster syncs for its partner, 43-46 % of the issue slots, DRAM at
 * 65-68 %). Off unless WHT_GPU_ROWS_HALVES=1; docs/PERFORMANCE.md.
 *
 * A row of 128 KB fills half a multiprocessor's registers: one block of
 * 32 warps a multiprocessor (rows_prefetch.cuh) waits on its loads with
 * nothing else resident, 1.06-1.07x the add-one kernel in f32 and
 * 1.12-1.16x in f16 and bf16 on an H200, where rows of 64 KB take
 * 1.00-1.01x at two blocks of 16 warps a multiprocessor. Here block h (h
 * = 0, 1, its rank in a cluster of two) of cluster c runs rows_prefetch.cuh's
 * stages 0..k-2 on half h of row c (elements h 2^(k-1) ..), asking L2
 * for the half-row a few blocks on, exactly as a row of 2^(k-1); its
 * lane then holds in register q the vector at offset a(q) of its half
 * (wht__rows_blk_at), and lane t of the other block the vector at the same
 * offset of the other half: the two operands of stage k-1's butterflies.
 * Each block writes the four vectors the other one finishes (q = 4(1-h)
 * .. 4(1-h)+3) to its shared memory, the cluster syncs, and lane t of
 * block h reads the other block's vectors 4h..4h+3 of lane t (32 KB a
 * block, distributed shared memory), computes (a + b, a - b) with a the
 * lower half's, and stores both halves' outputs; a second cluster sync
 * keeps each block's shared memory until the other one has read it.
 * Same stages, operands and order as the CPU's, so the result is the
 * CPU's bit for bit. In place is safe: a block's stores to the other
 * half follow the cluster sync, which follows the other block's loads of
 * it. sm_90 (clusters); the launcher asks compute capability 9 or more. */
#ifndef WHT_KERNELS_ROWS_HALVES_CUH
#define WHT_KERNELS_ROWS_HALVES_CUH

#include <cooperative_groups.h>

/* stage k-1 and the stores, this block the half H */
template <class F, unsigned W, unsigned M, unsigned H>
__device__ __forceinline__ void wht__rows_halves_last(uint4 *r, typename F::U *row, uint4 *sh)
{
#if __CUDA_ARCH__ >= 900
  namespace cg = cooperative_groups;
  constexpr unsigned KH = wht__rows_reg_shape<F>::LV + 8 + M;
  const unsigned n = blockDim.x, t = threadIdx.x;
  cg::cluster_group cl = cg::this_cluster();
  __syncthreads(); /* every lane's reads of the block's exchange are done */
#pragma unroll
  for (unsigned q = 0; q < W / 2; q++) sh[q * n + t] = r[(W / 2) * (1 - H) + q];
  cl.sync();
  const uint4 *peer = cl.map_shared_rank(sh, H ^ 1u);
#pragma unroll
  for (unsigned q = 0; q < W / 2; q++) {
    const unsigned i = (W / 2) * H + q, u = wht__rows_blk_at<F, W, M>(i);
    uint4 a = H ? peer[q * n + t] : r[i], b = H ? r[i] : peer[q * n + t];
    wht__rows_reg_across<F>(a, b);
    wht__st16(row + u, a);
    wht__st16(row + ((size_t)1 << KH) + u, b);
  }
  cl.sync(); /* the other block has read this one's shared memory */
#endif
}

template <class F, unsigned W, unsigned M>
__global__ void __launch_bounds__(32u << M)
    wht__rows_halves_kernel(const typename F::U *src, typename F::U *dst, unsigned ahead)
{
  constexpr unsigned LV = wht__rows_reg_shape<F>::LV, K0 = LV + 8, KH = K0 + M;
  extern __shared__ uint4 wht__rows_blk_sh[];
  wht__rows_blk_prefetch<K0, KH>(src, ahead); /* half-rows, as rows of 2^KH */
  uint4 r[W];
  /* the half-row count (gridDim.x, at least 1) as the gathered loads' live value */
  wht__rows_blk_regs<F, W, M, false, true>(src + ((uint64_t)blockIdx.x << KH), r, false, gridDim.x);
  typename F::U *row = dst + ((uint64_t)(blockIdx.x >> 1) << (KH + 1));
  if (blockIdx.x & 1u) wht__rows_halves_last<F, W, M, 1>(r, row, wht__rows_blk_sh);
  else wht__rows_halves_last<F, W, M, 0>(r, row, wht__rows_blk_sh);
}

/* Whether rows of 2^k of format F take this kernel: 128 KB rows (k =
 * LV + 13), compute capability 9 or more, and WHT_GPU_ROWS_HALVES not 0
 * =1 (read once; off by default: slower, above) */
template <class F>
static bool wht__rows_halves_fits(unsigned k)
{
  static int on = -1;
  if (on < 0) on = wht__rows_env("WHT_GPU_ROWS_HALVES", 0) != 0;
  if (!on || k != wht__rows_reg_shape<F>::LV + 13) return false;
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
  return major[dev] >= 9;
}

template <class F>
static wht_status wht__rows_halves_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef typename F::U U;
  constexpr unsigned W = 8, M = 4;
  void (*f)(const U *, U *, unsigned) = wht__rows_halves_kernel<F, W, M>;
  static size_t raised[WHT__MAX_DEVICES];
  const size_t smem = sizeof(U) << (k - 1);
  const wht_status st = wht__rows_raise_smem((const void *)f, smem, raised);
  if (st != WHT_OK) return st;
  const uint64_t rows = N >> k;
  if (rows == 0) return WHT_OK;
  if (rows > 0x3fffffffu) return WHT_E_SIZE;
  cudaLaunchConfig_t cfg = {};
  cudaLaunchAttribute at[1];
  at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = 2;
  at[0].val.clusterDim.y = 1;
  at[0].val.clusterDim.z = 1;
  cfg.gridDim = dim3((unsigned)(2 * rows));
  cfg.blockDim = dim3(32u << M);
  cfg.dynamicSmemBytes = smem;
  cfg.attrs = at;
  cfg.numAttrs = 1;
  if (cudaLaunchKernelEx(&cfg, f, (const U *)src, (U *)dst, wht__rows_ahead(smem)) != cudaSuccess) {
    cudaGetLastError();
    return WHT_E_CUDA;
  }
  return WHT_OK;
}

#endif
