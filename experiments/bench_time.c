/* bench_time.c - wht-bench's timing: each run alone between two CUDA
 * events on the default stream, after an untimed preparation (e.g. fresh
 * input) and an untimed L2 flush (a memset of twice the L2 size), so no run
 * starts with its data in the cache; warm-up runs first; median and minimum
 * of the timed runs. Also the three references of the same bytes. */
#include <stdlib.h>
#include <cuda_runtime_api.h>
#include <cufft.h>
#include "bench.h"

static cudaEvent_t ev_start, ev_stop;
static void *flush_buf;
static size_t flush_bytes;

int bench_timer_init(void)
{
  int l2 = 0, dev = 0;
  if (cudaGetDevice(&dev) != cudaSuccess) return -1;
  if (cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev) != cudaSuccess) return -1;
  flush_bytes = 2 * (size_t)(l2 > 0 ? l2 : 64 << 20);
  if (cudaMalloc(&flush_buf, flush_bytes) != cudaSuccess) return -1;
  if (cudaEventCreate(&ev_start) != cudaSuccess || cudaEventCreate(&ev_stop) != cudaSuccess) return -1;
  return 0;
}

void bench_timer_free(void)
{
  cudaFree(flush_buf);
  cudaEventDestroy(ev_start);
  cudaEventDestroy(ev_stop);
}

static int cmp_double(const void *a, const void *b)
{
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

bench_timing bench_time(bench_op op, void *ctx, bench_op prep, void *prep_ctx, int reps, int warmup)
{
  bench_timing t = { 0, 0, reps, 0 };
  double *ms = malloc((size_t)reps * sizeof *ms);
  if (!ms) return t;
  for (int i = -warmup; i < reps; i++) {
    if (prep && prep(prep_ctx)) goto fail;
    if (cudaMemsetAsync(flush_buf, i & 0xff, flush_bytes, 0) != cudaSuccess) goto fail;
    if (cudaEventRecord(ev_start, 0) != cudaSuccess) goto fail;
    if (op(ctx)) goto fail;
    if (cudaEventRecord(ev_stop, 0) != cudaSuccess) goto fail;
    if (cudaEventSynchronize(ev_stop) != cudaSuccess) goto fail;
    float e = 0;
    if (cudaEventElapsedTime(&e, ev_start, ev_stop) != cudaSuccess) goto fail;
    if (i >= 0) ms[i] = e;
  }
  qsort(ms, (size_t)reps, sizeof *ms, cmp_double);
  t.median_ms = reps % 2 ? ms[reps / 2] : 0.5 * (ms[reps / 2 - 1] + ms[reps / 2]);
  t.min_ms = ms[0];
  t.ok = 1;
fail:
  free(ms);
  if (!t.ok) cudaGetLastError();
  return t;
}

typedef struct {
  void *dst;
  const void *src;
  size_t bytes;
} copy_ctx;

static int run_memcpy(void *arg)
{
  copy_ctx *c = arg;
  return cudaMemcpyAsync(c->dst, c->src, c->bytes, cudaMemcpyDeviceToDevice, 0) != cudaSuccess;
}

bench_timing bench_time_memcpy(void *dst, const void *src, size_t bytes, int reps, int warmup)
{
  copy_ctx c = { dst, src, bytes };
  return bench_time(run_memcpy, &c, NULL, NULL, reps, warmup);
}

typedef struct {
  void *d;
  wht_format f;
  uint64_t N;
} addone_ctx;

static int run_add_one(void *arg)
{
  addone_ctx *c = arg;
  return bench_add_one(c->d, c->f, c->N);
}

bench_timing bench_time_add_one(void *d, wht_format f, uint64_t N, int reps, int warmup)
{
  addone_ctx c = { d, f, N };
  return bench_time(run_add_one, &c, NULL, NULL, reps, warmup);
}

typedef struct {
  cufftHandle plan;
  const void *src;
  void *dst;
  wht_format f;
} fft_ctx;

static int run_fft(void *arg)
{
  fft_ctx *c = arg;
  if (c->f == WHT_F32)
    return cufftExecR2C(c->plan, (cufftReal *)c->src, (cufftComplex *)c->dst) != CUFFT_SUCCESS;
  return cufftExecD2Z(c->plan, (cufftDoubleReal *)c->src, (cufftDoubleComplex *)c->dst) != CUFFT_SUCCESS;
}

bench_timing bench_time_cufft(const void *src, wht_format f, uint64_t n, uint64_t batch, int reps,
                              int warmup)
{
  bench_timing t = { 0, 0, reps, 0 };
  if ((f != WHT_F32 && f != WHT_F64) || n < 2) return t;
  fft_ctx c = { 0, src, NULL, f };
  long long nn = (long long)n, odist = (long long)(n / 2 + 1);
  size_t ws = 0;
  const size_t cbytes = (size_t)(odist * (long long)batch) * (f == WHT_F32 ? sizeof(cufftComplex)
                                                                            : sizeof(cufftDoubleComplex));
  if (cufftCreate(&c.plan) != CUFFT_SUCCESS) return t;
  if (cufftMakePlanMany64(c.plan, 1, &nn, NULL, 1, nn, NULL, 1, odist, f == WHT_F32 ? CUFFT_R2C : CUFFT_D2Z,
                          (long long)batch, &ws) == CUFFT_SUCCESS &&
      cudaMalloc(&c.dst, cbytes) == cudaSuccess)
    t = bench_time(run_fft, &c, NULL, NULL, reps, warmup);
  cudaFree(c.dst);
  cufftDestroy(c.plan);
  cudaGetLastError();
  return t;
}
