/* wht-bench - GPU speed of every algorithm x format x size x batch, in
 * place and out of place, as ratios to references measured in the same run
 * on the same bytes (bench.h). Prints one table row per measurement and,
 * with -o FILE, appends it to /timings (data/README.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cuda_runtime_api.h>
#include "bench.h"
#include "h5store.h"
#include "gpu_util.h"
#include "sweep_progress.h"
#include "run_log.h"
#include "wht_build_info.h" /* WHT_GIT_REVISION */

typedef struct {
  wht_plan *plan;
  const void *src;
  void *dst;
} run_ctx;

static int run_in_place(void *arg)
{
  run_ctx *c = arg;
  return wht_execute(c->plan, c->dst) != WHT_OK;
}

static int run_out_of_place(void *arg)
{
  run_ctx *c = arg;
  return wht__gpu_execute_out_of_place(c->plan, c->src, c->dst) != WHT_OK;
}

typedef struct {
  void *dst;
  const void *src; /* NULL: refill dst with random values instead */
  size_t bytes;
  wht_format f;
  uint64_t N, seed;
  double scale;
} restore_ctx;

/* Fresh input for an in-place run: the pristine data copied back, or
 * (when two copies do not fit on the device) new random values. */
static int restore_input(void *arg)
{
  restore_ctx *c = arg;
  if (!c->src) return bench_fill(c->dst, c->f, c->N, c->seed, c->scale);
  return cudaMemcpyAsync(c->dst, c->src, c->bytes, cudaMemcpyDeviceToDevice, 0) != cudaSuccess;
}

static double ms_or_nan(bench_timing t) { return t.ok ? t.median_ms : NAN; }

/* the batch of a size: given, or the rows of 2^k that make 2^total_log2 */
static uint64_t batch_of(const bench_config *c, unsigned k, int bi)
{
  if (c->total_log2 < 0) return c->batches[bi];
  return (unsigned)c->total_log2 > k ? (uint64_t)1 << (c->total_log2 - k) : 1;
}

/* A size group's (format, size, batch) share of the run for the progress
 * line and its ETA: its bytes times the timings it makes (three
 * references, then each algorithm of the format in each place) */
static double group_work(const bench_config *c, wht_format f, unsigned k, uint64_t batch)
{
  int timings = 3;
  for (int ai = 0; ai < c->nalgos; ai++)
    if (wht_algorithm_find(c->algos[ai])->formats & (1u << f)) timings += c->in_place + c->out_of_place;
  return (double)wht_format_size(f) * (double)((uint64_t)1 << k) * (double)batch * timings;
}

static void print_header(void)
{
  printf("%-10s %-4s %5s %9s %-3s %6s %10s %10s %8s %10s %10s %10s %8s %8s %8s\n", "algorithm", "fmt",
         "log2n", "batch", "pl", "passes", "median_ms", "min_ms", "GB/s", "memcpy_ms", "addone_ms",
         "cufft_ms", "x_memcpy", "x_addone", "x_cufft");
}

int main(int argc, char **argv)
{
  bench_config c;
  const int pr = bench_parse(argc, argv, &c);
  if (pr) return pr == 1 ? 0 : 2;
  char device[256], err[512];
  /* an existing -o that is no results file, or already holds a row this
   * run writes, is an unusable input: 2, before anything runs */
  const int existing = c.output && access(c.output, F_OK) == 0;
  if (existing && bench_output_clash(&c, err, sizeof err)) {
    fprintf(stderr, "wht-bench: %s\n", err);
    return 2;
  }
  if (!wht_gpu_available()) { /* cannot run as given here: 2 (README) */
    fprintf(stderr, "wht-bench: no GPU (CUDA device) available (accepted: a machine with a CUDA device)\n");
    return 2;
  }
  wht__gpu_device_name(device, sizeof device);
  if (existing && bench_output_device(c.output, device, err, sizeof err)) {
    fprintf(stderr, "wht-bench: %s\n", err);
    return 2;
  }
  /* the log: --log FILE, else FILE.log beside -o FILE; its path checked
   * before the output is touched, opened once every check has passed (a
   * refused run creates none) */
  char *beside = !c.log && c.output ? wht_run_log_beside(c.output) : NULL;
  const char *log_path = c.log ? c.log : beside;
  int lrc = log_path ? wht_run_log_check("wht-bench", log_path, c.output) : 0;
  if (lrc) {
    free(beside);
    return lrc;
  }
  const uint64_t seed = 20250101;
  wht_h5 *h5 = NULL;
  if (c.output) {
    wht_h5_provenance prov = { c.command_line, seed, device };
    const int exists = access(c.output, F_OK) == 0;
    h5 = exists ? wht_h5_open_append(c.output, err, sizeof err) : wht_h5_create(c.output, &prov, 0, err, sizeof err);
    if (!h5) {
      /* err names the file; an existing file we cannot use is a bad input */
      fprintf(stderr, "wht-bench: -o: %s\n", err);
      free(beside);
      return exists ? 2 : 1;
    }
  }
  wht_run_log *log = NULL;
  if (log_path && !(log = wht_run_log_open(log_path, "wht-bench", argc, argv, WHT_GIT_REVISION, err, sizeof err))) {
    /* the path was checked: the writing failed (permissions, a full disk) */
    fprintf(stderr, "wht-bench: --log %s\n", err);
    if (h5) wht_h5_close(h5);
    if (h5 && !existing) unlink(c.output); /* the file this run created, empty: a failed run leaves none */
    free(beside);
    return 1;
  }
  if (bench_timer_init()) {
    fprintf(stderr, "wht-bench: CUDA events or the L2-flush buffer could not be set up\n");
    wht_run_log_printf(log, "wht-bench: failed: CUDA events or the L2-flush buffer could not be set up");
    wht_run_log_close(log);
    if (h5) wht_h5_close(h5);
    free(beside);
    return 1;
  }
  printf("# wht-bench on %s; %d timed runs after %d warm-up; GB/s counts one read and one write\n", device,
         c.reps, c.warmup);
  print_header();
  int failed = 0;
  /* progress with an ETA on stderr, a plain line every 15 s
   * (WHT_PROGRESS_INTERVAL): the rows go to stdout meanwhile */
  const int nb = c.total_log2 >= 0 ? 1 : c.nbatches;
  double work = 0;
  for (int fi = 0; fi < c.nformats; fi++)
    for (int ki = 0; ki < c.nlog2n; ki++)
      for (int bi = 0; bi < nb; bi++) work += group_work(&c, c.formats[fi], c.log2n[ki], batch_of(&c, c.log2n[ki], bi));
  wht_progress prog;
  wht_progress_start(&prog, (uint64_t)c.nformats * (uint64_t)c.nlog2n * (uint64_t)nb, work);
  wht_progress_plain(&prog, "wht-bench", "size groups");
  wht_progress_log(&prog, log);
  for (int fi = 0; fi < c.nformats; fi++) {
    const wht_format f = c.formats[fi];
    const size_t esz = wht_format_size(f);
    for (int ki = 0; ki < c.nlog2n; ki++) {
      const unsigned k = c.log2n[ki];
      for (int bi = 0; bi < nb; bi++) {
        const uint64_t n = (uint64_t)1 << k;
        const uint64_t batch = batch_of(&c, k, bi);
        const uint64_t N = n * batch;
        const size_t bytes = (size_t)(N * esz);
        void *pristine = NULL, *buf = NULL;
        if (cudaMalloc(&buf, bytes) != cudaSuccess) {
          cudaGetLastError();
          fprintf(stderr, "wht-bench: %s log2n=%u batch=%llu: %zu bytes do not fit on the device, skipped\n",
                  wht_format_name(f), k, (unsigned long long)batch, bytes);
          failed = 1;
          goto next_group;
        }
        if (cudaMalloc(&pristine, bytes) != cudaSuccess) { /* largest sizes: in place only */
          cudaGetLastError();
          pristine = NULL;
          fprintf(stderr, "wht-bench: %s log2n=%u batch=%llu: one copy of the data fits, not two: in place "
                          "only, refilled before each run, no memcpy or cuFFT reference\n",
                  wht_format_name(f), k, (unsigned long long)batch);
        }
        /* values of magnitude about 1 after the transform */
        const uint64_t dseed = seed ^ k ^ (batch << 8);
        const double scale = ldexp(1.0, -(int)(k / 2));
        if (bench_fill(pristine ? pristine : buf, f, N, dseed, scale) != 0) {
          fprintf(stderr, "wht-bench: %s log2n=%u batch=%llu: filling the input failed, skipped\n",
                  wht_format_name(f), k, (unsigned long long)batch);
          cudaFree(buf);
          if (pristine) cudaFree(pristine);
          failed = 1;
          goto next_group;
        }
        const bench_timing none = { 0, 0, 0, 0 };
        const bench_timing tm = pristine ? bench_time_memcpy(buf, pristine, bytes, c.reps, c.warmup) : none;
        const bench_timing ta = bench_time_add_one(buf, f, N, c.reps, c.warmup);
        const bench_timing tf = pristine ? bench_time_cufft(pristine, f, n, batch, c.reps, c.warmup) : none;
        for (int ai = 0; ai < c.nalgos; ai++) {
          const wht_algorithm_info *info = wht_algorithm_find(c.algos[ai]);
          if (!(info->formats & (1u << f))) continue;
          wht_status st;
          wht_plan *plan = wht_plan_create_batched(n, batch, f, c.algos[ai], WHT_BACKEND_GPU, 0, &st);
          if (!plan) {
            fprintf(stderr, "wht-bench: %s %s log2n=%u batch=%llu: %s, skipped\n", c.algos[ai],
                    wht_format_name(f), k, (unsigned long long)batch, wht_strerror(st));
            failed = 1;
            continue;
          }
          for (int place = 1; place >= 0; place--) {
            if (place ? !c.in_place : !c.out_of_place || !pristine) continue;
            run_ctx rc = { plan, pristine, buf };
            restore_ctx rs = { buf, pristine, bytes, f, N, dseed, scale };
            const bench_timing t = place ? bench_time(run_in_place, &rc, restore_input, &rs, c.reps, c.warmup)
                                         : bench_time(run_out_of_place, &rc, NULL, NULL, c.reps, c.warmup);
            if (!place && !t.ok && wht__gpu_execute_out_of_place(plan, pristine, buf) == WHT_E_BACKEND) {
              cudaGetLastError();
              fprintf(stderr, "wht-bench: %s has no out-of-place GPU path, in place only\n", c.algos[ai]);
              continue;
            }
            if (!t.ok || wht__gpu_sync() != WHT_OK) {
              fprintf(stderr, "wht-bench: %s %s log2n=%u batch=%llu %s: a CUDA call failed\n", c.algos[ai],
                      wht_format_name(f), k, (unsigned long long)batch, place ? "in place" : "out of place");
              failed = 1;
              continue;
            }
            wht_timing_row row;
            memset(&row, 0, sizeof row);
            snprintf(row.algorithm, sizeof row.algorithm, "%s", c.algos[ai]);
            snprintf(row.backend, sizeof row.backend, "gpu");
            snprintf(row.format, sizeof row.format, "%s", wht_format_name(f));
            row.log2n = (int32_t)k;
            row.batch = (int64_t)batch;
            row.in_place = (int8_t)place;
            row.median_ms = t.median_ms;
            row.min_ms = t.min_ms;
            row.reps = t.reps;
            row.gbps = 2.0 * (double)bytes / (t.median_ms * 1e-3) * 1e-9;
            row.memcpy_ms = ms_or_nan(tm);
            row.addone_ms = ms_or_nan(ta);
            row.cufft_ms = ms_or_nan(tf);
            printf("%-10s %-4s %5u %9llu %-3s %6u %10.4f %10.4f %8.1f %10.4f %10.4f %10.4f %8.2f %8.2f %8.2f\n",
                   row.algorithm, row.format, k, (unsigned long long)batch, place ? "in" : "out",
                   wht__gpu_pass_count(c.algos[ai], f, n, batch), row.median_ms, row.min_ms, row.gbps,
                   row.memcpy_ms, row.addone_ms, row.cufft_ms, row.median_ms / row.memcpy_ms,
                   row.median_ms / row.addone_ms, row.median_ms / row.cufft_ms);
            fflush(stdout);
            if (h5 && wht_h5_append_timing(h5, &row)) {
              fprintf(stderr, "wht-bench: %s: %s\n", c.output, wht_h5_error(h5));
              failed = 1;
            }
          }
          wht_plan_destroy(plan);
        }
        cudaFree(pristine);
        cudaFree(buf);
      next_group:
        wht_progress_step(&prog, 1, group_work(&c, f, k, batch));
      }
    }
  }
  wht_progress_end(&prog);
  if (wht_progress_elapsed(&prog) >= wht_progress_plain_interval()) { /* as wht-sweep: a long run's end */
    char took[32];
    wht_format_duration(wht_progress_elapsed(&prog), took, sizeof took);
    fprintf(stderr, "wht-bench: %llu size groups in %s%s\n", (unsigned long long)prog.cells_total, took,
            failed ? ", some skipped or failed (above)" : "");
  }
  bench_timer_free();
  if (h5 && wht_h5_close(h5)) {
    fprintf(stderr, "wht-bench: %s: the final write failed\n", c.output);
    failed = 1;
  }
  char took[32];
  wht_format_duration(wht_progress_elapsed(&prog), took, sizeof took);
  wht_run_log_printf(log, "wht-bench: %s, %llu size groups in %s", failed ? "some skipped or failed (on stderr)" : "done",
                     (unsigned long long)prog.cells_total, took);
  if (wht_run_log_close(log))
    fprintf(stderr, "wht-bench: --log %s: incomplete (a write failed)\n", log_path);
  free(beside);
  return failed;
}
