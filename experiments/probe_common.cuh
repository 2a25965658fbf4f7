/* probe_common.cuh - what the GPU probes (l2_probe.cu, dsmem_probe.cu,
 * pipe_probe.cu) share: the CUDA check, the input and the add-one
 * reference kernel, the command line (a size flag and --reps), the
 * buffers and the median.
 * Each includes it after defining PROBE_NAME, its program's name. */
#ifndef WHT_EXPERIMENTS_PROBE_COMMON_CUH
#define WHT_EXPERIMENTS_PROBE_COMMON_CUH

#include <cuda_runtime.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                                  \
  do {                                                                                               \
    cudaError_t e_ = (call);                                                                         \
    if (e_ != cudaSuccess) {                                                                         \
      fprintf(stderr, PROBE_NAME ": %s: %s (line %d)\n", #call, cudaGetErrorString(e_), __LINE__);   \
      exit(1);                                                                                       \
    }                                                                                                \
  } while (0)

/* values of about 1, no zeros */
static __global__ void probe_fill(float *x, uint64_t n)
{
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x)
    x[i] = (float)((i * 2654435761u) % 1000003u) * 1e-6f + 0.5f;
}

static __device__ __forceinline__ float4 probe_plus_one(float4 v)
{
  v.x += 1.0f, v.y += 1.0f, v.z += 1.0f, v.w += 1.0f;
  return v;
}

/* one float4 per thread over nvec vectors */
static __global__ void probe_add_one(float4 *x, uint64_t nvec)
{
  const uint64_t w = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  if (w < nvec) x[w] = probe_plus_one(x[w]);
}

static int probe_cmp(const void *a, const void *b)
{
  const float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/* the median of ms[0..reps-1] (sorted in place) */
static inline float probe_median(float *ms, int reps)
{
  qsort(ms, (size_t)reps, sizeof ms[0], probe_cmp);
  return ms[reps / 2];
}

/* A usage error: "PROBE_NAME: what (accepted: ...)"; 2 */
static int probe_usage(const char *what, const char *size_flag, int lo, int hi, const char *flag)
{
  fprintf(stderr, PROBE_NAME ": %s (accepted: %s %d..%d, --reps 3..63%s%s)\n", what, size_flag, lo, hi,
          flag ? ", " : "", flag ? flag : "");
  return 2;
}

/* `size_flag N` (lo..hi), --reps R (3..63) and, where `flag` is not
 * NULL, `flag` (*on = 1) into *size, *reps: 0, or 2 after a one-line
 * error naming the bad argument and the accepted ones */
static int probe_args(int argc, char **argv, const char *size_flag, int lo, int hi, int *size, int *reps,
                      const char *flag, int *on)
{
  char what[256];
  for (int i = 1; i < argc; i++) {
    const int sized = !strcmp(argv[i], size_flag), reped = !strcmp(argv[i], "--reps");
    if (flag && !strcmp(argv[i], flag)) {
      *on = 1;
      continue;
    }
    if (!sized && !reped) {
      snprintf(what, sizeof what, "unknown argument %s", argv[i]);
      return probe_usage(what, size_flag, lo, hi, flag);
    }
    if (i + 1 == argc) {
      snprintf(what, sizeof what, "%s needs a value", argv[i]);
      return probe_usage(what, size_flag, lo, hi, flag);
    }
    char *end;
    const long v = strtol(argv[++i], &end, 10);
    if (end == argv[i] || *end || v < INT_MIN || v > INT_MAX) {
      snprintf(what, sizeof what, "%s %s is not an integer", argv[i - 1], argv[i]);
      return probe_usage(what, size_flag, lo, hi, flag);
    }
    *(sized ? size : reps) = (int)v;
  }
  if (*size < lo || *size > hi || *reps < 3 || *reps > 63) {
    fprintf(stderr, PROBE_NAME ": %s %d / --reps %d out of range (accepted: %d..%d, 3..63)\n", size_flag, *size,
            *reps, lo, hi);
    return 2;
  }
  return 0;
}

/* device 0's properties, 2^log2n f32 filled, and a buffer of twice the L2
 * whose memset flushes it */
static inline void probe_setup(int log2n, cudaDeviceProp *prop, float4 **x, void **flush, size_t *flush_bytes)
{
  int dev = 0;
  const uint64_t n = (uint64_t)1 << log2n;
  CHECK(cudaGetDevice(&dev));
  CHECK(cudaGetDeviceProperties(prop, dev));
  *flush_bytes = 2 * (size_t)prop->l2CacheSize;
  CHECK(cudaMalloc((void **)x, n * sizeof(float)));
  CHECK(cudaMalloc(flush, *flush_bytes));
  probe_fill<<<4096, 256>>>((float *)*x, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
}

#endif
