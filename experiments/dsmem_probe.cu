/* dsmem_probe.cu - what an exchange of a tile between the blocks of a
 * thread-block cluster through distributed shared memory costs, against
 * an in-place add-one pass over the same bytes, timed in the same run
 * (issue 15: two passes over device memory for single vectors beyond what
 * one block holds, without the L2 round trip of the L2-blocked pairs).
 *
 * Model of a cluster tile pass: each block of a cluster of C holds
 * THREADS x V float4 (16 B each) of a contiguous tile in registers, loaded
 * coalesced; E times it stores them to its shared memory, the cluster
 * syncs, and thread t reads its vector v back from block (rank + 1 + v)
 * mod C, slot v THREADS + t (a permutation: every value is read once; of
 * the C blocks' data a block reads (C - 1)/C or so remotely, as a
 * transpose that lets log2 C stages across blocks run locally), then the
 * cluster syncs again (no block overwrites or leaves while peers read);
 * last it adds one and stores in place. E = 0 is the same pass without
 * shared memory; C = 1 the round trip through the block's own shared
 * memory. The cluster tiles are contiguous, or in runs of run_B = 32..512
 * contiguous bytes, tile c's runs 2^log2n / (tile elements) runs apart
 * and consecutive tiles on consecutive runs: the loads and stores of a
 * strided pass (single_reg.cuh's wht__single_tile_base) whose tile holds
 * as many stages as the cluster tile has runs. "exch_x" = (t_E - t_0) / E
 * / t_addone: what one exchange costs as a fraction of a pass over device
 * memory. `--neighbours` runs a second model instead: the tiles of one
 * block (T x V float4 in runs, tile b = blockIdx.x, so a cluster's blocks
 * take neighbouring runs: the cluster only makes them start together),
 * E = 0 or 1 round trips through the block's own shared memory, and
 * A = 1 a cluster sync before the loads; does starting C neighbouring
 * tiles of a strided pass at once turn runs of 64 bytes into DRAM
 * requests of C x 64 (widened-pass's and the tensor cores' last passes)?
 * Medians of REPS runs with
 * CUDA events, L2 flushed before each by a memset of 2 x its size. Not a
 * test: a benchmark for the GPU host (experiments/bench_gpu_host.sh
 * STEPS=dsmem, and STEPS=dsmemnb for --neighbours); results in
 * docs/PERFORMANCE.md. */
#include <cooperative_groups.h>
#define PROBE_NAME "dsmem-probe"
#include "probe_common.cuh"

namespace cg = cooperative_groups;

#define V 8 /* float4 a thread: 128 bytes, as folklore's block rows */

/* float4 p of cluster tile c of S float4 (ntiles of them): contiguous
 * (run 0), or in runs of `run` (a power of two) float4 */
static __device__ __forceinline__ uint64_t at(uint64_t c, uint64_t p, uint64_t S, uint64_t ntiles, unsigned run)
{
  const unsigned lr = __ffs(run) - 1;
  return run ? (((p >> lr) * ntiles + c) << lr) + (p & (run - 1)) : c * S + p;
}

/* one tile part a block of T threads, exchanged E times across its cluster */
template <unsigned T>
static __global__ void __launch_bounds__(T) cluster_pass(float4 *x, unsigned E, unsigned run)
{
  extern __shared__ float4 sm[];
  cg::cluster_group cl = cg::this_cluster();
  const unsigned C = cl.num_blocks(), me = cl.block_rank(), t = threadIdx.x;
  const uint64_t S = (uint64_t)C * T * V, c = blockIdx.x / C, ntiles = gridDim.x / C;
  const uint64_t p0 = (uint64_t)me * T * V + t;
  float4 r[V];
#pragma unroll
  for (unsigned v = 0; v < V; v++) r[v] = x[at(c, p0 + v * T, S, ntiles, run)];
  for (unsigned e = 0; e < E; e++) {
#pragma unroll
    for (unsigned v = 0; v < V; v++) sm[v * T + t] = r[v];
    cl.sync();
#pragma unroll
    for (unsigned v = 0; v < V; v++) r[v] = *cl.map_shared_rank(&sm[v * T + t], (me + 1 + v) % C);
    cl.sync();
  }
#pragma unroll
  for (unsigned v = 0; v < V; v++) x[at(c, p0 + v * T, S, ntiles, run)] = probe_plus_one(r[v]);
}

/* --neighbours: tile blockIdx.x of one block, its runs `ntiles` runs
 * apart; E (0 or 1) round trips through the block's shared memory (each
 * thread then stores its neighbour's vectors at its own places: a
 * permutation of the data); A: the cluster syncs before the loads */
template <unsigned T>
static __global__ void __launch_bounds__(T) neighbour_pass(float4 *x, unsigned EA, unsigned run)
{
  extern __shared__ float4 sm[];
  const unsigned t = threadIdx.x, E = EA & 1u;
  const uint64_t S = (uint64_t)T * V, c = blockIdx.x, ntiles = gridDim.x;
  if (EA & 2u) cg::this_cluster().sync();
  float4 r[V];
#pragma unroll
  for (unsigned v = 0; v < V; v++) r[v] = x[at(c, t + v * T, S, ntiles, run)];
  if (E) {
#pragma unroll
    for (unsigned v = 0; v < V; v++) sm[v * T + t] = r[v];
    __syncthreads();
#pragma unroll
    for (unsigned v = 0; v < V; v++) r[v] = sm[v * T + (t ^ 1u)];
  }
#pragma unroll
  for (unsigned v = 0; v < V; v++) x[at(c, t + v * T, S, ntiles, run)] = probe_plus_one(r[v]);
}

typedef void (*pass_fn)(float4 *, unsigned, unsigned);
static pass_fn pass_of(unsigned threads)
{
  return threads == 256 ? cluster_pass<256> : threads == 512 ? cluster_pass<512> : cluster_pass<1024>;
}
static pass_fn neighbour_of(unsigned threads)
{
  return threads == 256 ? neighbour_pass<256> : threads == 512 ? neighbour_pass<512> : neighbour_pass<1024>;
}

typedef struct {
  float4 *x;
  uint64_t nvec;
  unsigned threads, C, E, run; /* threads 0: the add-one kernel; run in float4, 0 contiguous */
  int neighbours;               /* neighbour_pass, E's bit 1 its A */
} probe;

static void enqueue(const probe *p, cudaStream_t s)
{
  if (!p->threads) {
    probe_add_one<<<(unsigned)((p->nvec + 255) / 256), 256, 0, s>>>(p->x, p->nvec);
    CHECK(cudaGetLastError());
    return;
  }
  cudaLaunchConfig_t cfg = {};
  cudaLaunchAttribute at[1];
  at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = p->C;
  at[0].val.clusterDim.y = 1;
  at[0].val.clusterDim.z = 1;
  cfg.gridDim = dim3((unsigned)(p->nvec / ((uint64_t)p->threads * V)));
  cfg.blockDim = dim3(p->threads);
  cfg.dynamicSmemBytes = (size_t)p->threads * V * sizeof(float4);
  cfg.stream = s;
  cfg.attrs = at;
  cfg.numAttrs = 1;
  CHECK(cudaLaunchKernelEx(&cfg, (p->neighbours ? neighbour_of : pass_of)(p->threads), p->x, p->E, p->run));
}

static float time_probe(const probe *p, void *flush, size_t flush_bytes, int reps)
{
  cudaStream_t s;
  cudaEvent_t a, b;
  float ms[64];
  CHECK(cudaStreamCreate(&s));
  CHECK(cudaEventCreate(&a));
  CHECK(cudaEventCreate(&b));
  for (int r = -1; r < reps; r++) { /* r = -1: warm-up */
    CHECK(cudaMemsetAsync(flush, r & 0xff, flush_bytes, s));
    CHECK(cudaEventRecord(a, s));
    enqueue(p, s);
    CHECK(cudaEventRecord(b, s));
    CHECK(cudaEventSynchronize(b));
    if (r >= 0) CHECK(cudaEventElapsedTime(&ms[r], a, b));
  }
  CHECK(cudaEventDestroy(a));
  CHECK(cudaEventDestroy(b));
  CHECK(cudaStreamDestroy(s));
  return probe_median(ms, reps);
}

/* clusters of C blocks of `threads` the device holds at once (0: none) */
static int active_clusters(unsigned threads, unsigned C, int neighbours)
{
  cudaLaunchConfig_t cfg = {};
  cudaLaunchAttribute at[1];
  int n = 0;
  at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = C;
  at[0].val.clusterDim.y = 1;
  at[0].val.clusterDim.z = 1;
  cfg.gridDim = dim3(C * 64);
  cfg.blockDim = dim3(threads);
  cfg.dynamicSmemBytes = (size_t)threads * V * sizeof(float4);
  cfg.attrs = at;
  cfg.numAttrs = 1;
  if (cudaOccupancyMaxActiveClusters(&n, (neighbours ? neighbour_of : pass_of)(threads), &cfg) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return n;
}

int main(int argc, char **argv)
{
  int log2n = 28, reps = 15, neighbours = 0;
  if (probe_args(argc, argv, "--log2n", 22, 31, &log2n, &reps, "--neighbours", &neighbours)) return 2;
  cudaDeviceProp prop;
  float4 *x;
  void *flush;
  size_t flush_bytes;
  probe_setup(log2n, &prop, &x, &flush, &flush_bytes);
  static const unsigned threads_of[] = { 256, 512, 1024 }, c_of[] = { 1, 2, 4, 8, 16 }, run_of[] = { 0, 2, 4, 8, 16, 32 };
  for (unsigned ti = 0; ti < 3; ti++)
    for (int nb = 0; nb < 2; nb++) {
      const pass_fn f = (nb ? neighbour_of : pass_of)(threads_of[ti]);
      CHECK(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, threads_of[ti] * V * 16));
      CHECK(cudaFuncSetAttribute(f, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    }
  const uint64_t n = (uint64_t)1 << log2n, nvec = n / 4;
  printf("# dsmem-probe on %s: %d SMs, L2 %d MiB, 2^%d f32 (%zu MiB) in place, %d float4 a thread, median of %d\n",
         prop.name, prop.multiProcessorCount, prop.l2CacheSize >> 20, log2n, (size_t)(n * 4) >> 20, V, reps);
  const probe ref = { x, nvec, 0, 1, 0, 0, 0 };
  const float t_add = time_probe(&ref, flush, flush_bytes, reps);
  printf("# add-one pass: %.4f ms, %.0f GB/s (read + write)\n", t_add, 2.0 * n * 4 / (t_add * 1e-3) * 1e-9);
  if (neighbours) {
    printf("# neighbours: tile = block, a cluster's blocks on neighbouring runs; E: a round trip through the "
           "block's shared memory, A: a cluster sync before the loads\n");
    printf("%5s %7s %3s %2s %2s %9s %8s %9s\n", "run_B", "threads", "C", "E", "A", "ms", "x_addone", "clusters");
    static const unsigned nrun_of[] = { 2, 4, 8, 16, 32 }, nc_of[] = { 1, 2, 4, 8, 16 };
    for (unsigned ri = 0; ri < sizeof nrun_of / sizeof nrun_of[0]; ri++)
      for (unsigned ti = 0; ti < 2; ti++)
        for (unsigned ci = 0; ci < sizeof nc_of / sizeof nc_of[0]; ci++) {
          const unsigned T = threads_of[ti], C = nc_of[ci], run = nrun_of[ri];
          const int nc = active_clusters(T, C, 1);
          if (!nc) {
            printf("%5u %7u %3u  - (no cluster of this shape fits)\n", run * 16, T, C);
            continue;
          }
          for (unsigned E = 0; E <= 1; E++)
            for (unsigned A = 0; A <= (C > 1); A++) {
              const probe p = { x, nvec, T, C, E | A << 1, run, 1 };
              const float t = time_probe(&p, flush, flush_bytes, reps);
              printf("%5u %7u %3u %2u %2u %9.4f %8.3f %9d\n", run * 16, T, C, E, A, t, t / t_add, nc);
              fflush(stdout);
            }
        }
    CHECK(cudaFree(x));
    CHECK(cudaFree(flush));
    return 0;
  }
  printf("%5s %7s %6s %3s %2s %9s %8s %7s %9s\n", "run_B", "threads", "KB_blk", "C", "E", "ms", "x_addone",
         "exch_x", "clusters");
  for (unsigned ri = 0; ri < sizeof run_of / sizeof run_of[0]; ri++)
    for (unsigned ti = 0; ti < 3; ti++)
      for (unsigned ci = 0; ci < 5; ci++) {
        const unsigned T = threads_of[ti], C = c_of[ci], run = run_of[ri];
        const int nc = active_clusters(T, C, 0);
        if (!nc) {
          printf("%5u %7u %6u %3u  - (no cluster of this shape fits)\n", run * 16, T, T * V * 16 / 1024, C);
          continue;
        }
        float t0 = 0;
        for (unsigned E = 0; E <= 2; E++) {
          const probe p = { x, nvec, T, C, E, run, 0 };
          const float t = time_probe(&p, flush, flush_bytes, reps);
          if (E == 0) t0 = t;
          printf("%5u %7u %6u %3u %2u %9.4f %8.3f %7.3f %9d\n", run * 16, T, T * V * 16 / 1024, C, E, t,
                 t / t_add, E ? (t - t0) / E / t_add : 0.0, nc);
          fflush(stdout);
        }
      }
  CHECK(cudaFree(x));
  CHECK(cudaFree(flush));
  return 0;
}
