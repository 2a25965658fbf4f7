/* bench.h - wht-bench (DESIGN.md section 11): GPU speed of every algorithm
 * x format x size x batch, in place and out of place, against references
 * measured in the same run on the same bytes: a device memcpy, an in-place
 * add-one kernel with 16-byte accesses, and cuFFT R2C (f32) / D2Z (f64). */
#ifndef WHT_BENCH_H
#define WHT_BENCH_H

#include <stdint.h>
#include <stddef.h>
#include "wht.h"

#define BENCH_MAX_LIST 64

typedef struct {
  const char *algos[BENCH_MAX_LIST];
  int nalgos;
  wht_format formats[WHT_NFORMATS];
  int nformats;
  unsigned log2n[BENCH_MAX_LIST];
  int nlog2n;
  uint64_t batches[BENCH_MAX_LIST]; /* used unless total_log2 is set */
  int nbatches;
  int total_log2;                   /* >= 0: batch = 2^(total_log2 - k), at least 1 */
  int in_place, out_of_place;
  int reps, warmup;
  const char *output;               /* -o FILE or NULL */
  const char *log;                  /* --log FILE or NULL (then FILE.log beside -o FILE) */
  char command_line[1024];
} bench_config;

/* Parse argv. 0: run; 1: --help printed (exit 0); 2: usage error printed
 * as one line on stderr (exit 2). Touches no file. */
int bench_parse(int argc, char **argv, bench_config *c);

/* ---- checks of an existing -o FILE (bench_output.c): 1 and a one-line
 * message in msg when it cannot take this run's rows (exit 2) ---- */
/* not a results file, or its /timings already holds a row this run writes */
int bench_output_clash(const bench_config *c, char *msg, size_t len);
/* its device attribute is not this run's device */
int bench_output_device(const char *path, const char *device, char *msg, size_t len);

/* ---- device helpers (bench_kernels.cu) ---- */
/* Fill N elements of format f with values uniform in [-scale, scale). */
int bench_fill(void *d, wht_format f, uint64_t N, uint64_t seed, double scale);
/* x += 1 for each of N elements, in place, 16-byte accesses. */
int bench_add_one(void *d, wht_format f, uint64_t N);

/* ---- timing (bench_time.c) ---- */
typedef int (*bench_op)(void *ctx);   /* enqueue one run on the default stream; 0 ok */

typedef struct {
  double median_ms, min_ms;
  int reps;
  int ok;
} bench_timing;

int bench_timer_init(void);           /* events and the L2-flush buffer; 0 ok */
void bench_timer_free(void);
/* warmup + reps runs of op; before each: prep (if any, untimed), then an
 * L2 flush (untimed); each run timed alone with CUDA events. */
bench_timing bench_time(bench_op op, void *ctx, bench_op prep, void *prep_ctx, int reps, int warmup);

/* References on `bytes` bytes at device buffers src, dst (reps, warmup as above). */
bench_timing bench_time_memcpy(void *dst, const void *src, size_t bytes, int reps, int warmup);
bench_timing bench_time_add_one(void *d, wht_format f, uint64_t N, int reps, int warmup);
/* cuFFT R2C (f32) / D2Z (f64) of batch rows of n from src; ok = 0 where
 * cuFFT has no such transform (f16, bf16) or could not plan it. */
bench_timing bench_time_cufft(const void *src, wht_format f, uint64_t n, uint64_t batch, int reps,
                              int warmup);

#endif
