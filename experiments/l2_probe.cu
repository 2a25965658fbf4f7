/* l2_probe.cu - the measurement issue 15 asks for before L2 blocking is
 * built: how fast is a second in-place pass over a chunk that the first
 * pass left in L2, against a pass over DRAM, timed in the same run.
 *
 * Model of a pass: the add-one kernel of wht-bench (one 16-byte load and
 * store per thread, f32). For a buffer of 2^BUF f32 (default 2^29, 2 GiB)
 * and chunks of W bytes, each variant runs P passes over chunk 0, then P
 * over chunk 1, ...:
 *   launches  P kernel launches per chunk, captured in one CUDA graph;
 *   coop      one cooperative kernel, grid-wide sync between passes;
 *   strided   as launches, but passes 2..P read the chunk in runs of RUN
 *             bytes across 256 rows (the strided tiles of stages 14-21).
 * P = 1 is the DRAM pass; (t_P - t_1) / (P - 1) is what one pass served
 * from L2 costs, printed as a ratio to t_1 and as bandwidth (bytes read +
 * written). Medians of REPS timed runs with CUDA events, the buffer refilled
 * with random values once (no zeros), L2 flushed before each run by a
 * memset of 2 x the L2 size. Not a test: a benchmark, run on the GPU host
 * (experiments/bench_gpu_host.sh STEPS=l2); results in docs/PERFORMANCE.md. */
#include <cooperative_groups.h>
#define PROBE_NAME "l2-probe"
#include "probe_common.cuh"

namespace cg = cooperative_groups;

/* the chunk as 256 rows; block b takes columns [b*run, (b+1)*run) of every
 * row (run in float4), so each access is a run of 16*run bytes */
static __global__ void add_one_strided(float4 *x, uint64_t nvec, unsigned run)
{
  const uint64_t row_len = nvec / 256, col0 = (uint64_t)blockIdx.x * run;
  for (unsigned t = threadIdx.x; t < 256u * run; t += blockDim.x) {
    const uint64_t i = (uint64_t)(t / run) * row_len + col0 + t % run;
    x[i] = probe_plus_one(x[i]);
  }
}

static __global__ void coop_passes(float4 *x, uint64_t chunk_vec, uint64_t nchunks, int passes)
{
  cg::grid_group g = cg::this_grid();
  const uint64_t stride = (uint64_t)gridDim.x * blockDim.x;
  for (uint64_t c = 0; c < nchunks; c++) {
    float4 *y = x + c * chunk_vec;
    for (int p = 0; p < passes; p++) {
      for (uint64_t w = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; w < chunk_vec; w += stride)
        y[w] = probe_plus_one(y[w]);
      g.sync();
    }
  }
}

typedef struct {
  float4 *x;
  uint64_t nvec, chunk_vec;
  int passes, variant; /* 0 launches, 1 coop, 2 strided */
  unsigned run;
  int coop_blocks;
} probe;

static void enqueue(const probe *p, cudaStream_t s)
{
  const uint64_t nchunks = p->nvec / p->chunk_vec;
  if (p->variant == 1) {
    uint64_t cv = p->chunk_vec, nc = nchunks;
    float4 *x = p->x;
    int passes = p->passes;
    void *args[] = { &x, &cv, &nc, &passes };
    CHECK(cudaLaunchCooperativeKernel((void *)coop_passes, p->coop_blocks, 256, args, 0, s));
    return;
  }
  const unsigned blocks = (unsigned)((p->chunk_vec + 255) / 256);
  for (uint64_t c = 0; c < nchunks; c++)
    for (int q = 0; q < p->passes; q++) {
      if (p->variant == 2 && q > 0)
        add_one_strided<<<(unsigned)(p->chunk_vec / 256 / p->run), 256, 0, s>>>(p->x + c * p->chunk_vec,
                                                                              p->chunk_vec, p->run);
      else
        probe_add_one<<<blocks, 256, 0, s>>>(p->x + c * p->chunk_vec, p->chunk_vec);
    }
  CHECK(cudaGetLastError());
}

/* median ms of reps runs; graphs for the launch variants */
static float time_probe(const probe *p, void *flush, size_t flush_bytes, int reps)
{
  cudaStream_t s;
  cudaGraph_t graph = NULL;
  cudaGraphExec_t exec = NULL;
  cudaEvent_t a, b;
  float ms[64];
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  if (p->variant != 1) {
    CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    enqueue(p, s);
    CHECK(cudaStreamEndCapture(s, &graph));
    CHECK(cudaGraphInstantiate(&exec, graph, 0));
  }
  for (int r = -1; r < reps; r++) { /* r = -1: warm-up */
    CHECK(cudaMemsetAsync(flush, r & 0xff, flush_bytes, s));
    CHECK(cudaEventRecord(a, s));
    if (exec)
      CHECK(cudaGraphLaunch(exec, s));
    else
      enqueue(p, s);
    CHECK(cudaEventRecord(b, s));
    CHECK(cudaEventSynchronize(b));
    if (r >= 0) CHECK(cudaEventElapsedTime(&ms[r], a, b));
  }
  if (exec) CHECK(cudaGraphExecDestroy(exec));
  if (graph) CHECK(cudaGraphDestroy(graph));
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  CHECK(cudaStreamDestroy(s));
  return probe_median(ms, reps);
}

int main(int argc, char **argv)
{
  int buf_log2 = 29, reps = 15, coop_per_sm = 0;
  if (probe_args(argc, argv, "--buf-log2", 20, 32, &buf_log2, &reps, NULL, NULL)) return 2;
  cudaDeviceProp prop;
  float4 *x;
  void *flush;
  size_t flush_bytes;
  probe_setup(buf_log2, &prop, &x, &flush, &flush_bytes);
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&coop_per_sm, coop_passes, 256, 0));
  const uint64_t n = (uint64_t)1 << buf_log2, nvec = n / 4;
  printf("# l2-probe on %s: %d SMs, L2 %d MiB, buffer 2^%d f32 (%zu MiB), median of %d\n", prop.name,
         prop.multiProcessorCount, prop.l2CacheSize >> 20, buf_log2, (size_t)(n * 4) >> 20, reps);
  probe whole = { x, nvec, nvec, 1, 0, 0, 0 };
  const float t_whole = time_probe(&whole, flush, flush_bytes, reps);
  printf("# one add-one pass over the buffer: %.4f ms, %.0f GB/s (read + write)\n", t_whole,
         2.0 * n * 4 / (t_whole * 1e-3) * 1e-9);
  printf("%-8s %5s %4s %6s %10s %9s %12s %10s\n", "variant", "W_MiB", "run", "passes", "ms", "x_whole",
         "L2_pass_x", "L2_GB/s");
  static const char *const names[] = { "launches", "coop", "strided" };
  static const unsigned chunk_mib[] = { 4, 8, 16, 24, 32, 48, 64 };
  for (int variant = 0; variant < 3; variant++)
    for (unsigned ci = 0; ci < sizeof chunk_mib / sizeof chunk_mib[0]; ci++) {
      const uint64_t chunk_vec = (uint64_t)chunk_mib[ci] << 20 >> 4;
      if (chunk_vec > nvec) continue;
      const unsigned runs[] = { 4, 16, 64 };
      for (unsigned ri = 0; ri < (variant == 2 ? 3u : 1u); ri++) {
        float t1 = 0;
        for (int passes = 1; passes <= 3; passes++) {
          probe p = { x, nvec, chunk_vec, passes, variant, variant == 2 ? runs[ri] : 0,
                      coop_per_sm * prop.multiProcessorCount };
          if (variant == 2 && chunk_vec / 256 / runs[ri] == 0) continue;
          const float t = time_probe(&p, flush, flush_bytes, reps);
          if (passes == 1) t1 = t;
          const double l2 = passes > 1 ? (t - t1) / (passes - 1) : 0;
          printf("%-8s %5u %4u %6d %10.4f %9.3f %12.3f %10.0f\n", names[variant], chunk_mib[ci],
                 variant == 2 ? runs[ri] * 16 : 0, passes, t, t / t_whole, passes > 1 ? l2 / t1 : 0.0,
                 passes > 1 && l2 > 0 ? 2.0 * n * 4 / (l2 * 1e-3) * 1e-9 : 0.0);
          fflush(stdout);
        }
      }
    }
  CHECK(cudaFree(x));
  CHECK(cudaFree(flush));
  return 0;
}
