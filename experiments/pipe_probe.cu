/* pipe_probe.cu - how many of the additions the compensated kernels are
 * made of an H200 issues per cycle and scheduler, by instruction form, so
 * that a kernel's "math pipe throttle" stall can be read against the
 * pipes' own peak (issue 14's kahan-block f16/bf16 at 1.34x folklore:
 * 80 % of its warp instructions are packed additions, docs/PERFORMANCE.md).
 *
 * Each variant is one kernel: every thread runs ITERS rounds of C
 * independent additions (C = 16 or 4 registers, no chain waiting on
 * another) in one instruction form, written in PTX so that the form is
 * the one asked:
 *   f16x2    add.rn.f16x2          (kahan's packed additions)
 *   f16x2fma fma.rn.f16x2 a*1+b    (the form ptxas also emits for them)
 *   f16x2mix the two alternately
 *   bf16x2   add.rn.bf16x2
 *   f32      add.rn.f32
 *   f32f16   add.rn.f32 and add.rn.f16x2 alternately
 * at 64, 24 (kahan-block's passes) and 16 warps a multiprocessor, values
 * of about 1 and a small normal step (no subnormals, no overflow).
 * Cycles come from clock64() at each block's ends (per multiprocessor the
 * first start to the last end, over the blocks it ran: the median
 * multiprocessor's rate; the cycles column is the nominal shape's), the
 * warp instructions from the loop's count (the SASS is listed by
 * `cuobjdump -sass` of this program): it prints warp instructions a cycle
 * and scheduler (4 a multiprocessor), 1.0 being one a cycle. Not a test:
 * a benchmark for the GPU host (experiments/bench_gpu_host.sh STEPS=pipes). */
#define PROBE_NAME "pipe-probe"
#include "probe_common.cuh"

/* the form of variant V's register i: 0 add.f16x2, 1 fma.f16x2, 3
 * add.bf16x2, 4 add.f32 (V = 2: 0 and 1 alternately; V = 5: f32 on even
 * registers, f16x2 on odd) */
template <int V>
static __device__ __forceinline__ int pipe_form(int i)
{
  return V == 2 ? (i & 1) : V == 5 ? ((i & 1) ? 0 : 4) : V;
}

/* one round of C additions of variant V on r[] */
template <int V, int C>
static __device__ __forceinline__ void pipe_round(unsigned *r, unsigned d, unsigned df)
{
#pragma unroll
  for (int i = 0; i < C; i++) {
    const int form = pipe_form<V>(i);
    if (form == 0) asm volatile("add.rn.f16x2 %0, %0, %1;" : "+r"(r[i]) : "r"(d));
    else if (form == 1) asm volatile("fma.rn.f16x2 %0, %0, %2, %1;" : "+r"(r[i]) : "r"(d), "r"(0x3c003c00u));
    else if (form == 3) asm volatile("add.rn.bf16x2 %0, %0, %1;" : "+r"(r[i]) : "r"(d));
    else asm volatile("add.rn.f32 %0, %0, %1;" : "+r"(r[i]) : "r"(df));
  }
}

/* C values a thread: f16x2 / bf16x2 pairs of about 1, or f32 */
template <int V, int C>
static __global__ void __launch_bounds__(1024) pipe_kernel(unsigned *out, long long *clocks, int iters, unsigned d,
                                                           unsigned df)
{
  unsigned r[C];
#pragma unroll
  for (int i = 0; i < C; i++) {
    const int form = pipe_form<V>(i);
    r[i] = form == 4   ? 0x3f800000u + threadIdx.x + i
           : form == 3 ? 0x3f803f80u + i
                       : 0x3c003c00u + (threadIdx.x & 7) + i;
  }
  __syncthreads();
  const long long t0 = clock64();
  for (int it = 0; it < iters; it++) pipe_round<V, C>(r, d, df);
  __syncthreads();
  const long long t1 = clock64();
  unsigned s = 0;
#pragma unroll
  for (int i = 0; i < C; i++) s ^= r[i];
  out[blockIdx.x * (uint64_t)blockDim.x + threadIdx.x] = s;
  if (threadIdx.x == 0) { /* the block's multiprocessor and its clock there at both ends */
    unsigned sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    clocks[3 * blockIdx.x] = sm, clocks[3 * blockIdx.x + 1] = t0, clocks[3 * blockIdx.x + 2] = t1;
  }
}

typedef void (*pipe_fn)(unsigned *, long long *, int, unsigned, unsigned);
/* the forms, each with 16 independent additions a thread, and with 4 */
static const struct {
  const char *name;
  int chains;
  pipe_fn f;
} pipe_variants[] = {
  { "f16x2", 16, pipe_kernel<0, 16> },  { "f16x2fma", 16, pipe_kernel<1, 16> }, { "f16x2mix", 16, pipe_kernel<2, 16> },
  { "bf16x2", 16, pipe_kernel<3, 16> }, { "f32", 16, pipe_kernel<4, 16> },      { "f32f16", 16, pipe_kernel<5, 16> },
  { "f16x2", 4, pipe_kernel<0, 4> },    { "bf16x2", 4, pipe_kernel<3, 4> },     { "f32", 4, pipe_kernel<4, 4> },
};
/* warps a multiprocessor and blocks: 64 (the most), 24 (kahan-block's
 * passes: six blocks of four warps), 16 */
static const struct {
  unsigned warps, blocks;
} pipe_shapes[] = { { 64, 2 }, { 24, 6 }, { 16, 4 } };

static int cmp_d(const void *a, const void *b)
{
  const double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
  int iters = 4096, reps = 5;
  if (probe_args(argc, argv, "--iters", 64, 65536, &iters, &reps, NULL, NULL)) return 2;
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const unsigned maxb = 6u * (unsigned)sms;
  unsigned *out;
  long long *cyc, *hc = (long long *)malloc(3 * maxb * sizeof *hc), *lo = (long long *)malloc(sms * sizeof *lo),
                  *hi = (long long *)malloc(sms * sizeof *hi);
  unsigned *nb = (unsigned *)malloc(sms * sizeof *nb);
  double *smr = (double *)malloc(sms * sizeof *smr);
  if (!hc || !lo || !hi || !nb || !smr) return 1;
  CHECK(cudaMalloc(&out, (size_t)2 * sms * 1024 * sizeof *out));
  CHECK(cudaMalloc(&cyc, 3 * maxb * sizeof *cyc));
  /* the step each addition adds, a normal number in every form: f16
   * 2^-14 (0x0400; never inf in 65536 rounds), bf16 2^-20, f32 2^-20 */
  const unsigned d16 = 0x04000400u, dbf = 0x35803580u, df = 0x35800000u;
  printf("# pipe-probe: %d multiprocessors, %d rounds a thread; warp instructions a cycle and scheduler "
         "(median of %d runs; a run's rate: the median over multiprocessors of their blocks' instructions over "
         "the cycles from their first block's start to their last block's end, all resident at once)\n",
         sms, iters, reps);
  printf("variant chains warps_per_sm rate cycles blocks_per_sm_min blocks_per_sm_max\n");
  for (size_t s = 0; s < sizeof pipe_shapes / sizeof pipe_shapes[0]; s++)
    for (size_t v = 0; v < sizeof pipe_variants / sizeof pipe_variants[0]; v++) {
      const unsigned blocks = pipe_shapes[s].blocks * (unsigned)sms,
                     threads = pipe_shapes[s].warps * 32u / pipe_shapes[s].blocks;
      double rates[64], cycles[64];
      unsigned bmin = ~0u, bmax = 0;
      for (int r = 0; r < reps; r++) {
        pipe_variants[v].f<<<blocks, threads>>>(out, cyc, iters, !strcmp(pipe_variants[v].name, "bf16x2") ? dbf : d16,
                                                df);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaMemcpy(hc, cyc, 3 * blocks * sizeof *hc, cudaMemcpyDeviceToHost));
        for (int m = 0; m < sms; m++) lo[m] = LLONG_MAX, hi[m] = LLONG_MIN, nb[m] = 0;
        for (unsigned b = 0; b < blocks; b++) {
          const int m = (int)hc[3 * b];
          if (m < 0 || m >= sms) {
            fprintf(stderr, "pipe-probe: block %u reports multiprocessor %d of %d\n", b, m, sms);
            return 1;
          }
          nb[m]++;
          if (hc[3 * b + 1] < lo[m]) lo[m] = hc[3 * b + 1];
          if (hc[3 * b + 2] > hi[m]) hi[m] = hc[3 * b + 2];
        }
        /* each multiprocessor's own blocks: warps, iters * chains instructions each, on 4 schedulers */
        int used = 0;
        for (int m = 0; m < sms; m++) {
          if (!nb[m]) continue;
          if (nb[m] < bmin) bmin = nb[m];
          if (nb[m] > bmax) bmax = nb[m];
          const double warps = (double)nb[m] * (threads / 32u);
          smr[used++] = warps * iters * pipe_variants[v].chains / (4.0 * (double)(hi[m] - lo[m]));
        }
        qsort(smr, (size_t)used, sizeof smr[0], cmp_d);
        rates[r] = smr[used / 2];
        cycles[r] = (double)pipe_shapes[s].warps * iters * pipe_variants[v].chains / (4.0 * rates[r]);
      }
      qsort(rates, (size_t)reps, sizeof rates[0], cmp_d);
      qsort(cycles, (size_t)reps, sizeof cycles[0], cmp_d);
      printf("%s %d %u %.3f %.0f %u %u\n", pipe_variants[v].name, pipe_variants[v].chains, pipe_shapes[s].warps,
             rates[reps / 2], cycles[reps / 2], bmin, bmax);
    }
  CHECK(cudaFree(out));
  CHECK(cudaFree(cyc));
  free(hc), free(lo), free(hi), free(nb), free(smr);
  return 0;
}
