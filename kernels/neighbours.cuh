/* neighbours.cuh - a strided pass's tiles launched as clusters of C
 * neighbouring tiles (issues 14-16: the strided passes whose runs are
 * 64-128 bytes cost 1.2-1.4x a memcpy, docs/PERFORMANCE.md). Consecutive
 * tiles of these passes take neighbouring runs (wht__single_tile_base), so
 * a cluster of C consecutive blocks, which the hardware starts together,
 * asks device memory for C neighbouring runs at about the same time. The
 * kernels are unchanged (a cluster is only a launch attribute here), so
 * the results are too. WHT_GPU_NEIGHBOURS=C (2, 4 or 8; default 1, a
 * plain launch) sets it for every pass that launches through here;
 * WHT_GPU_NEIGHBOURS_ALIGN=1 has a cluster's blocks also wait for each
 * other before their loads (wht__neighbours_align, first in each kernel). */
#ifndef WHT_KERNELS_NEIGHBOURS_CUH
#define WHT_KERNELS_NEIGHBOURS_CUH

#include <cuda_runtime.h>
#include <stdlib.h>
#include <utility>
#include "gpu_util.h"

/* 1: a clustered launch's blocks sync before their loads (this
 * translation unit's copy, set by wht__launch_tiles) */
static __device__ unsigned wht__nb_align;

__device__ __forceinline__ void wht__neighbours_align(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  unsigned n;
  asm("mov.u32 %0, %%cluster_nctarank;" : "=r"(n));
  if (n > 1 && *(volatile unsigned *)&wht__nb_align) /* uniform across the cluster */
    asm volatile("barrier.cluster.arrive.relaxed.aligned;\n\tbarrier.cluster.wait.aligned;" ::: "memory");
#endif
}

static unsigned wht__neighbours(void)
{
  static unsigned c = 0;
  if (!c) {
    const char *v = getenv("WHT_GPU_NEIGHBOURS");
    const unsigned n = v && *v ? (unsigned)strtoul(v, NULL, 10) : 1u;
    c = n == 2 || n == 4 || n == 8 ? n : 1u;
  }
  return c;
}

/* k<<<grid, threads, smem>>>(args...), as clusters of wht__neighbours()
 * blocks where the grid divides into them */
template <class... E, class... A>
static cudaError_t wht__launch_tiles(void (*k)(E...), unsigned grid, unsigned threads, size_t smem, A &&...args)
{
  const unsigned C = wht__neighbours();
  if (C == 1 || grid % C) {
    k<<<grid, threads, smem>>>(std::forward<A>(args)...);
    return cudaGetLastError();
  }
  static int align = -1;
  static unsigned char set[WHT__MAX_DEVICES];
  if (align < 0) {
    const char *v = getenv("WHT_GPU_NEIGHBOURS_ALIGN");
    align = v && *v && strtoul(v, NULL, 10) ? 1 : 0;
  }
  const int dev = wht__gpu_current_device();
  if (align && dev >= 0 && !set[dev]) {
    const unsigned one = 1;
    const cudaError_t e = cudaMemcpyToSymbol(wht__nb_align, &one, sizeof one);
    if (e != cudaSuccess) return e;
    set[dev] = 1;
  }
  cudaLaunchConfig_t cfg = {};
  cudaLaunchAttribute at[1];
  at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = C;
  at[0].val.clusterDim.y = 1;
  at[0].val.clusterDim.z = 1;
  cfg.gridDim = dim3(grid);
  cfg.blockDim = dim3(threads);
  cfg.dynamicSmemBytes = smem;
  cfg.attrs = at;
  cfg.numAttrs = 1;
  return cudaLaunchKernelEx(&cfg, k, std::forward<A>(args)...);
}

#endif
