/* tensor_core_bench.cu - speed of the tensor-core FWHT against the floors
 * measured in the same run on the same device:
 *   batched: rows of n = 2^kmin..2^kmax over 2^E elements (default 2^28),
 *            in place, f16, bf16 and f16acc, against an in-place add-one
 *            kernel with 16-byte accesses over the same bytes;
 *   single:  one f16 vector of 2^S elements (default 2^30) against a device
 *            memcpy of its bytes;
 *   runs:    (--runs) the access pattern alone of the strided passes
 *            (tensor_core_strided.cuh): an in-place add-one over one f16
 *            vector of 2^S elements in tiles of 2^14 or 2^15 elements,
 *            each tile 2^14 / r (2^15 / r) runs of r contiguous elements
 *            2^D elements apart (--runs-stride-log2 D, default 20: f16
 *            2^28's last pass), a block of 256 threads a tile loading all
 *            of its 8 (16) 16-byte vectors a thread before it stores
 *            them, consecutive tiles the next r elements of the same runs;
 *            for r = 64 (the pass's 128-byte runs), 128, 256 and 512,
 *            against a memcpy and the contiguous add-one of the same
 *            bytes. Tells the pattern's cost from the pass's own.
 * Each figure is the median of --reps timed runs (CUDA events) after two
 * warm-up runs; the data (far larger than L2) stay in place between runs.
 * Prints one Markdown table row per case. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
extern "C" {
#include "wht.h"
void wht__tc_set_direct(int on);
void wht__tc_set_strided_bits(unsigned bits);
unsigned wht__tc_pass_count(unsigned k, uint64_t batch);
}

static int reps = 20;

#define CHECK(call)                                                                 \
  do {                                                                              \
    cudaError_t e_ = (call);                                                        \
    if (e_ != cudaSuccess) {                                                        \
      fprintf(stderr, "tensor_core_bench: %s: %s\n", #call, cudaGetErrorString(e_)); \
      exit(1);                                                                      \
    }                                                                               \
  } while (0)

__global__ void add_one(uint4 *x, uint64_t nv)
{
  for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < nv;
       i += (uint64_t)gridDim.x * blockDim.x) {
    uint4 v = x[i];
    __half2 *h = (__half2 *)&v;
    const __half2 one = __float2half2_rn(1.0f);
    h[0] = __hadd2(h[0], one), h[1] = __hadd2(h[1], one), h[2] = __hadd2(h[2], one), h[3] = __hadd2(h[3], one);
    x[i] = v;
  }
}

/* The runs pattern (header): tile blockIdx.x of 2^11 NV elements, vector i
 * of thread t is the tile's 16-byte vector 256 i + t (a warp's instruction
 * covers 32 / (R / 8) runs, 16 bytes a lane) */
template <unsigned R, unsigned NV>
__global__ void __launch_bounds__(256) runs_add_one(uint16_t *x, unsigned D)
{
  constexpr unsigned LPR = R / 8, RUNS = 2048 * NV / R;
  const uint64_t cols = ((uint64_t)1 << D) / R, b = blockIdx.x, col = b % cols, grp = b / cols;
  uint4 v[NV];
  uint16_t *p[NV];
#pragma unroll
  for (unsigned i = 0; i < NV; i++) {
    const unsigned u = i * 256u + threadIdx.x, run = u / LPR, chunk = u % LPR;
    p[i] = x + ((grp * RUNS + run) << D) + col * R + chunk * 8u;
    v[i] = *(const uint4 *)p[i];
  }
  const __half2 one = __float2half2_rn(1.0f);
#pragma unroll
  for (unsigned i = 0; i < NV; i++) {
    __half2 *h = (__half2 *)&v[i];
    h[0] = __hadd2(h[0], one), h[1] = __hadd2(h[1], one), h[2] = __hadd2(h[2], one), h[3] = __hadd2(h[3], one);
    *(uint4 *)p[i] = v[i];
  }
}

__global__ void fill(uint16_t *x, uint64_t N)
{
  for (uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x; i < N;
       i += (uint64_t)gridDim.x * blockDim.x) {
    uint64_t z = i * 0x9e3779b97f4a7c15ull;
    z ^= z >> 29;
    x[i] = (uint16_t)(0x3000 | (z & 0x3ff) | ((z >> 10 & 1) << 15)); /* +-[0.125, 0.25) */
  }
}

typedef void (*op_fn)(void *ctx);

static int cmp(const void *a, const void *b)
{
  const float x = *(const float *)a, y = *(const float *)b;
  return x < y ? -1 : x > y;
}

/* Median milliseconds of op over reps runs, after two warm-up runs. */
static double time_ms(op_fn op, void *ctx)
{
  cudaEvent_t a, b;
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  float *t = (float *)malloc(sizeof(float) * reps);
  for (int i = 0; i < 2; i++) op(ctx);
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < reps; i++) {
    CHECK(cudaEventRecord(a));
    op(ctx);
    CHECK(cudaEventRecord(b));
    CHECK(cudaEventSynchronize(b));
    CHECK(cudaEventElapsedTime(&t[i], a, b));
  }
  CHECK(cudaGetLastError());
  qsort(t, reps, sizeof *t, cmp);
  const double m = reps % 2 ? t[reps / 2] : 0.5 * (t[reps / 2 - 1] + t[reps / 2]);
  free(t);
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return m;
}

struct buf_ctx { void *x, *y; uint64_t N; };
struct plan_ctx { wht_plan *p; void *x; };

static void op_add_one(void *c)
{
  const buf_ctx *b = (const buf_ctx *)c;
  const uint64_t nv = b->N / 8;
  const uint64_t grid = (nv + 255) / 256 < (1u << 30) ? (nv + 255) / 256 : (1u << 30);
  add_one<<<(unsigned)grid, 256>>>((uint4 *)b->x, nv);
}

static void op_memcpy(void *c)
{
  const buf_ctx *b = (const buf_ctx *)c;
  cudaMemcpyAsync(b->y, b->x, b->N * 2, cudaMemcpyDeviceToDevice);
}

/* The patterns timed: run elements, vectors a thread (8: tiles of 2^14
 * elements, 16: 2^15) */
static const struct { unsigned run, nv; void (*kern)(uint16_t *, unsigned); } runs_cases[] = {
  { 64, 8, runs_add_one<64, 8> },   { 128, 8, runs_add_one<128, 8> },   { 256, 8, runs_add_one<256, 8> },
  { 512, 8, runs_add_one<512, 8> }, { 64, 16, runs_add_one<64, 16> },   { 128, 16, runs_add_one<128, 16> },
  { 256, 16, runs_add_one<256, 16> },
};

struct runs_ctx { uint16_t *x; uint64_t N; unsigned D, c; };

static void op_runs(void *c)
{
  const runs_ctx *q = (const runs_ctx *)c;
  runs_cases[q->c].kern<<<(unsigned)(q->N / (2048u * runs_cases[q->c].nv)), 256>>>(q->x, q->D); /* a block a tile */
}

static void op_plan(void *c)
{
  const plan_ctx *q = (const plan_ctx *)c;
  if (wht_execute(q->p, q->x) != WHT_OK) {
    fprintf(stderr, "tensor_core_bench: wht_execute failed\n");
    exit(1);
  }
}

static double time_transform(const char *algo, wht_format f, unsigned k, uint64_t batch, void *x)
{
  wht_status st;
  wht_plan *p = wht_plan_create_batched((uint64_t)1 << k, batch, f, algo, WHT_BACKEND_GPU, 0, &st);
  if (!p) {
    fprintf(stderr, "tensor_core_bench: plan %s %s k=%u: %s\n", algo, wht_format_name(f), k, wht_strerror(st));
    exit(1);
  }
  plan_ctx q = { p, x };
  const double ms = time_ms(op_plan, &q);
  wht_plan_destroy(p);
  return ms;
}

static void usage(FILE *o)
{
  fprintf(o, "usage: tensor_core_bench [--elems-log2 E] [--kmin A] [--kmax B] [--single-log2 S]\n"
             "                         [--reps R] [--direct] [--strided-bits 8|12] [--no-batched] [--no-single]\n"
             "                         [--runs] [--runs-stride-log2 D]\n"
             "  batched rows of 2^A..2^B over 2^E elements (28, 7, 15) against an in-place add-one;\n"
             "  one f16 vector of 2^S elements (30) against a device memcpy of its bytes;\n"
             "  --direct: natural tiles read by their first W2 (default: staged through shared memory)\n"
             "  --strided-bits: row bits per strided pass of long vectors (default 8)\n"
             "  --runs: also the strided passes' access pattern alone on 2^S elements, runs 2^D apart\n"
             "          (--runs-stride-log2 D, default 20; 14 <= D <= S - 8)\n");
}

int main(int argc, char **argv)
{
  unsigned E = 28, kmin = 7, kmax = 15, S = 30, D = 20;
  int batched = 1, single = 1, runs = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    unsigned *u = !strcmp(a, "--elems-log2") ? &E : !strcmp(a, "--kmin") ? &kmin : !strcmp(a, "--kmax") ? &kmax
                : !strcmp(a, "--single-log2") ? &S : !strcmp(a, "--runs-stride-log2") ? &D : NULL;
    if (u && i + 1 < argc) *u = (unsigned)atoi(argv[++i]);
    else if (!strcmp(a, "--reps") && i + 1 < argc) reps = atoi(argv[++i]);
    else if (!strcmp(a, "--direct")) wht__tc_set_direct(1);
    else if (!strcmp(a, "--strided-bits") && i + 1 < argc) wht__tc_set_strided_bits((unsigned)atoi(argv[++i]));
    else if (!strcmp(a, "--no-batched")) batched = 0;
    else if (!strcmp(a, "--no-single")) single = 0;
    else if (!strcmp(a, "--runs")) runs = 1;
    else if (!strcmp(a, "--help")) return usage(stdout), 0;
    else return fprintf(stderr, "tensor_core_bench: bad argument '%s'\n", a), usage(stderr), 2;
  }
  if (reps < 1 || E < 16 || E > 34 || kmin < 1 || kmax > E || kmin > kmax || S < 16 || S > 34 ||
      (runs && (D < 14 || D + 8 > S)))
    return fprintf(stderr, "tensor_core_bench: arguments out of range\n"), 2;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s (%d SMs, %.0f MB L2); median of %d runs%s\n", prop.name, prop.multiProcessorCount,
         prop.l2CacheSize / 1e6, reps, single || batched ? "" : " (nothing asked)");
  if (batched) {
    const uint64_t N = (uint64_t)1 << E;
    buf_ctx b = { NULL, NULL, N };
    CHECK(cudaMalloc(&b.x, N * 2));
    fill<<<4096, 256>>>((uint16_t *)b.x, N);
    printf("\n| n | add-one ms | f16 ms | f16 / add-one | bf16 ms | bf16 / add-one | f16acc ms | f16acc / add-one |\n"
           "|---|---|---|---|---|---|---|---|\n");
    for (unsigned k = kmin; k <= kmax; k++) {
      const uint64_t batch = N >> k;
      const double base = time_ms(op_add_one, &b);
      const double h = time_transform("tensor-core", WHT_F16, k, batch, b.x);
      const double bf = time_transform("tensor-core", WHT_BF16, k, batch, b.x);
      const double ha = time_transform("tensor-core-f16acc", WHT_F16, k, batch, b.x);
      printf("| 2^%u | %.4f | %.4f | %.3f | %.4f | %.3f | %.4f | %.3f |\n", k, base, h, h / base, bf, bf / base,
             ha, ha / base);
      fflush(stdout);
    }
    CHECK(cudaFree(b.x));
  }
  if (single || runs) { /* one f16 vector of 2^S elements and a copy's target */
    const uint64_t N = (uint64_t)1 << S;
    buf_ctx b = { NULL, NULL, N };
    CHECK(cudaMalloc(&b.x, N * 2));
    CHECK(cudaMalloc(&b.y, N * 2));
    fill<<<4096, 256>>>((uint16_t *)b.x, N);
    if (single) {
      const double mc = time_ms(op_memcpy, &b);
      const double h = time_transform("tensor-core", WHT_F16, S, 1, b.x);
      printf("\n| single f16 n | passes | memcpy ms | tensor-core ms | ratio |\n|---|---|---|---|---|\n"
             "| 2^%u | %u | %.3f | %.3f | %.3f |\n", S, wht__tc_pass_count(S, 1), mc, h, h / mc);
    }
    if (runs) {
      printf("\n| f16 2^%u, runs 2^%u apart: run bytes | runs a tile | tile KB | memcpy ms | add-one ms | runs ms | / memcpy | / add-one |\n"
             "|---|---|---|---|---|---|---|---|\n", S, D);
      for (unsigned c = 0; c < sizeof runs_cases / sizeof runs_cases[0]; c++) {
        const unsigned run = runs_cases[c].run, nv = runs_cases[c].nv, tile_runs = 2048 * nv / run;
        if (((uint64_t)tile_runs << D) > N) continue; /* a tile's runs would pass the end */
        const double mc = time_ms(op_memcpy, &b), ad = time_ms(op_add_one, &b);
        runs_ctx q = { (uint16_t *)b.x, N, D, c };
        const double t = time_ms(op_runs, &q);
        printf("| %u | %u | %u | %.4f | %.4f | %.4f | %.3f | %.3f |\n", 2 * run, tile_runs, 4 * nv, mc, ad, t,
               t / mc, t / ad);
        fflush(stdout);
      }
    }
    CHECK(cudaFree(b.x));
    CHECK(cudaFree(b.y));
  }
  return 0;
}
