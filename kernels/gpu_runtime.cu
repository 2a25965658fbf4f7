/* gpu_runtime.cu - the GPU plumbing of libwht (wht_internal.h) over the
 * CUDA runtime, and the helpers of gpu_util.h. Errors map to WHT_E_NOMEM
 * (allocation) or WHT_E_CUDA (anything else). */
#include <string.h>
#include <cuda_runtime.h>
#include "pass_plan.h"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
}

extern "C" int wht__gpu_present(void)
{
  static int present = -1; /* cached: device enumeration costs a driver call */
  if (present < 0) {
    int n = 0;
    present = cudaGetDeviceCount(&n) == cudaSuccess && n > 0;
    if (!present) cudaGetLastError(); /* leave no error behind */
  }
  return present;
}

extern "C" wht_status wht__gpu_alloc(void **p, size_t bytes)
{
  *p = NULL;
  const cudaError_t e = cudaMalloc(p, bytes);
  if (e == cudaSuccess) return WHT_OK;
  *p = NULL;
  cudaGetLastError(); /* an allocation failure is not sticky: clear it */
  return e == cudaErrorMemoryAllocation ? WHT_E_NOMEM : WHT_E_CUDA;
}

extern "C" void wht__gpu_free(void *p)
{
  if (p) cudaFree(p);
}

extern "C" void *wht__gpu_host_alloc(size_t bytes)
{
  void *p = NULL;
  if (!wht__gpu_present() || cudaHostAlloc(&p, bytes ? bytes : 1, cudaHostAllocPortable) != cudaSuccess) {
    cudaGetLastError(); /* a refusal is not an error of a later call */
    return NULL;
  }
  return p;
}

/* memory cudaHostAlloc gave is a host-type pointer to CUDA; malloc memory
 * is unregistered (and then not ours to free here) */
extern "C" int wht__gpu_host_free(void *p)
{
  cudaPointerAttributes a;
  if (!wht__gpu_present() || cudaPointerGetAttributes(&a, p) != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  if (a.type != cudaMemoryTypeHost) return -1;
  cudaFreeHost(p);
  return 0;
}

extern "C" wht_status wht__gpu_copy(void *dst, const void *src, size_t bytes, int to_device)
{
  const cudaError_t e = cudaMemcpy(dst, src, bytes, to_device ? cudaMemcpyHostToDevice
                                                              : cudaMemcpyDeviceToHost);
  if (e == cudaSuccess) return WHT_OK;
  cudaGetLastError(); /* leave no error for a later launch check */
  return WHT_E_CUDA;
}

extern "C" wht_status wht__gpu_memset(void *d, int byte, size_t bytes)
{
  if (cudaMemset(d, byte, bytes) == cudaSuccess) return WHT_OK;
  cudaGetLastError(); /* likewise */
  return WHT_E_CUDA;
}

extern "C" wht_status wht__gpu_sync(void)
{
  if (cudaDeviceSynchronize() != cudaSuccess) {
    cudaGetLastError(); /* reported here; a sticky error stays anyway */
    return WHT_E_CUDA;
  }
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

extern "C" int wht__gpu_current_device(void)
{
  int d = -1;
  if (cudaGetDevice(&d) != cudaSuccess) {
    cudaGetLastError();
    return -1;
  }
  return d >= 0 && d < WHT__MAX_DEVICES ? d : -1;
}

extern "C" int wht__gpu_device_name(char *buf, size_t len)
{
  cudaDeviceProp prop;
  if (!len) return -1;
  if (!wht__gpu_present() || cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
    strncpy(buf, "none", len - 1);
    buf[len - 1] = 0;
    return -1;
  }
  strncpy(buf, prop.name, len - 1);
  buf[len - 1] = 0;
  return 0;
}

extern "C" unsigned wht__gpu_tile_log2_min(wht_format f)
{
  return wht__tile_log2_min((unsigned)wht_format_size(f));
}

/* compiled like the pass kernels: its binary version says which
 * architecture they run as */
__global__ void wht__cluster_probe_kernel(void) {}

extern "C" int wht__gpu_clusters_usable(void)
{
  static int usable[WHT__MAX_DEVICES]; /* 0 unknown, 1 no, 2 yes */
  if (!wht__plan_clusters()) return 0;
  const int dev = wht__gpu_current_device();
  if (dev < 0) return 0;
  if (!usable[dev]) {
    int launch = 0;
    cudaFuncAttributes fa;
    const int ok = cudaDeviceGetAttribute(&launch, cudaDevAttrClusterLaunch, dev) == cudaSuccess && launch &&
                   cudaFuncGetAttributes(&fa, (const void *)wht__cluster_probe_kernel) == cudaSuccess &&
                   fa.binaryVersion >= 90;
    cudaGetLastError(); /* leave no error behind */
    usable[dev] = ok ? 2 : 1;
  }
  return usable[dev] == 2;
}

extern "C" unsigned wht__tc_pass_count(unsigned k, uint64_t batch); /* tensor_core.cu */
extern "C" unsigned wht__widened_pass_pass_count(wht_format f, unsigned k, uint64_t batch); /* widened_pass.cu */

/* The pass-kernel algorithms: their in-place and out-of-place tables and
 * their schedule (pass_run.cuh's RADIX8_GROUPS), for the pass count and
 * the out-of-place entry. */
static const struct {
  const wht__gpu_fn *in_place;
  const wht__gpu_out_fn *out;
  int sched;
  wht__round_cap_fn round_cap; /* the kernels' round cap per format (pass_run.cuh) */
  unsigned (*single_passes)(wht_format, unsigned, uint64_t); /* their long rows' own passes, or NULL */
} pass_algorithms[] = {
  { wht__folklore_gpu, wht__folklore_gpu_out, WHT__SCHED_RADIX2, wht__folklore_round_cap, NULL },
  { wht__kahan_gpu, wht__kahan_gpu_out, WHT__SCHED_RADIX2, wht__kahan_round_cap, wht__kahan_single_passes },
  { wht__neumaier_gpu, wht__neumaier_gpu_out, WHT__SCHED_RADIX2, wht__neumaier_round_cap,
    wht__neumaier_single_passes },
  { wht__alman_rao_gpu, wht__alman_rao_gpu_out, WHT__SCHED_ALMAN_RAO, wht__alman_rao_round_cap,
    wht__alman_rao_single_passes },
  { wht__kahan_block_gpu, wht__kahan_block_gpu_out, WHT__SCHED_ALMAN_RAO, wht__kahan_block_round_cap,
    wht__kahan_block_single_passes },
  { wht__neumaier_block_gpu, wht__neumaier_block_gpu_out, WHT__SCHED_ALMAN_RAO,
    wht__neumaier_block_round_cap, wht__neumaier_block_single_passes },
  { wht__widened_gpu, wht__widened_gpu_out, WHT__SCHED_ALMAN_RAO, wht__widened_round_cap,
    wht__widened_single_passes },
};

static int pass_algorithm_of(const wht__gpu_fn *gpu)
{
  for (unsigned i = 0; i < sizeof pass_algorithms / sizeof pass_algorithms[0]; i++)
    if (pass_algorithms[i].in_place == gpu) return (int)i;
  return -1;
}

/* The tiles' plan of pass-kernel algorithm i (pass_algorithms) for rows
 * of 2^k in format f: its tile (*T, log2 elements) and passes into tmp;
 * returns the pass count. */
static unsigned tiles_plan(int i, const wht__algorithm *a, wht_format f, unsigned k, uint64_t batch, unsigned *T,
                           wht__pass *tmp)
{
  const int sched = pass_algorithms[i].sched;
  const int comp = a->work_per_elem > 0;
  const unsigned esz = (unsigned)wht_format_size(f);
  const unsigned cap = pass_algorithms[i].round_cap(f), own = wht__round_cmax(comp, sched, esz);
  const unsigned cmax = cap && cap < own ? cap : own;
  unsigned block;
  *T = wht__choose_tile_log2(k, batch, esz, sched, cmax, comp, wht__gpu_clusters_usable(), &block);
  return wht__plan_passes(k, batch, esz, sched, cmax, *T, block, wht__plan_l2_chunk_log2(esz, comp), tmp);
}

/* log2 of n, a power of two, or -1 */
static int log2_of_pow2(uint64_t n)
{
  if (!n || (n & (n - 1))) return -1;
  int k = 0;
  while (((uint64_t)1 << k) < n) k++;
  return k;
}

extern "C" unsigned wht__gpu_pass_count(const char *algorithm, wht_format f, uint64_t n,
                                        uint64_t batch)
{
  const wht__algorithm *a = wht__algorithm_lookup(algorithm);
  const int kk = log2_of_pow2(n);
  if (!a || (unsigned)f >= WHT_NFORMATS || kk < 0) return 0;
  const unsigned k = (unsigned)kk;
  /* the tensor-core kernels plan their own passes (tile 2^15, 8-bit strides, an L2-blocked pair) */
  if (a->gpu == wht__tensor_core_gpu || a->gpu == wht__tensor_core_f16acc_gpu) return wht__tc_pass_count(k, batch);
  if (a->gpu == wht__widened_pass_gpu) return wht__widened_pass_pass_count(f, k, batch);
  const int i = pass_algorithm_of(a->gpu);
  if (i < 0) return 0;
  if (pass_algorithms[i].single_passes) /* their long rows: single_comp.cuh, single_ar.cuh */
    if (const unsigned np = pass_algorithms[i].single_passes(f, k, n * batch)) return np;
  wht__pass tmp[WHT__MAX_PASSES];
  unsigned T;
  return wht__plan_dram_passes(tmp, tiles_plan(i, a, f, k, batch, &T, tmp));
}

extern "C" unsigned wht__gpu_tiles_tile_log2(const char *algorithm, wht_format f, uint64_t n, uint64_t batch)
{
  const wht__algorithm *a = wht__algorithm_lookup(algorithm);
  const int kk = log2_of_pow2(n);
  const int i = a ? pass_algorithm_of(a->gpu) : -1;
  if (i < 0 || (unsigned)f >= WHT_NFORMATS || kk < 0) return 0;
  wht__pass tmp[WHT__MAX_PASSES];
  unsigned T;
  tiles_plan(i, a, f, (unsigned)kk, batch, &T, tmp);
  return T;
}

extern "C" wht_status wht__gpu_execute_out_of_place(const wht_plan *p, const void *src, void *dst)
{
  if (!p || !src || !dst) return WHT_E_NULL;
  if (p->backend != WHT_BACKEND_GPU || (p->flags & WHT_HOST_POINTER)) return WHT_E_BACKEND;
  if (p->algo->gpu == wht__widened_pass_gpu) /* its own passes (widened_pass.cu) */
    return wht__widened_pass_gpu_out[p->fmt](src, dst, p->n, p->k, p->batch, p->work);
  const int i = pass_algorithm_of(p->algo->gpu);
  if (i < 0) return WHT_E_BACKEND;
  return pass_algorithms[i].out[p->fmt](src, dst, p->n, p->k, p->batch, p->work);
}
