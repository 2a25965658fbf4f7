/* oracle_speed.c - times the oracle on the case issue 3 sets a bound for:
 * one-way, N(0,1) f64 data, n = 2^25 (default), on --threads N host
 * threads (default: libwht's, every core or OMP_NUM_THREADS). Prints, for
 * the first call (fresh output array, so its page faults count) and for
 * the best of three more calls on the same array, the wall time that
 * wht_oracle_run reports and the process CPU time, with the path, the
 * width and the thread count. Not a test: speed is reported, never
 * asserted (DESIGN.md 13).
 * "gpu" runs it on the GPU engine (wht_oracle_run_on; the path printed
 * says where it ran, and why it fell back to the CPU if it did); the
 * GPU's time includes the copies of the inputs and of hi + lo, from
 * page-locked host memory (wht_host_alloc) as in a sweep. "resident"
 * runs it on data already in device memory (wht_oracle_run_resident: the
 * inputs copied there once before the calls, hi + lo left there), which is
 * what the oracle costs where the data live on the GPU.
 * Usage: oracle-speed [--threads N] [log2n [op [mpfr|gpu|resident]]]   e.g. oracle-speed 28 one-way gpu */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "wht_oracle.h"
#include "testdata.h"

static double cpu_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* exit 2 after one line naming the bad value and the accepted ones */
static int usage_error(const char *what, const char *val, const char *accepted)
{
  fprintf(stderr, "oracle-speed: %s '%s': not accepted (accepted: %s)\n", what, val, accepted);
  return 2;
}

int main(int argc, char **argv)
{
  unsigned k = 25;
  wht_op op = WHT_OP_ONE_WAY;
  if (argc > 1 && !strcmp(argv[1], "--help")) {
    puts("usage: oracle-speed [--threads N] [LOG2N [OP [mpfr|gpu|resident]]]   LOG2N 0..30 [25], OP one-way, two-way, smoothed,\n"
         "       xor-conv; N host threads, 1..1024 [all cores, or OMP_NUM_THREADS]\n"
         "Exit status: 0 ok; 2 the command cannot run as given (a bad option or value); 1 the run failed.");
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "--threads")) {
    char *end = NULL;
    if (argc < 3) {
      fprintf(stderr, "oracle-speed: --threads: missing value (accepted: --threads N, N an integer 1..1024)\n");
      return 2;
    }
    unsigned long t = strtoul(argv[2], &end, 10);
    if (argv[2][0] < '0' || argv[2][0] > '9' || *end || t < 1 || t > WHT_MAX_THREADS)
      return usage_error("--threads", argv[2], "an integer 1..1024");
    wht_set_threads((int)t);
    argv += 2;
    argc -= 2;
  }
  if (argc > 4) return usage_error("argument", argv[4], "at most LOG2N OP mpfr|gpu|resident");
  if (argc > 1) {
    char *end = NULL;
    unsigned long v = strtoul(argv[1], &end, 10);
    if (argv[1][0] < '0' || argv[1][0] > '9' || *end || v > 30) return usage_error("log2n", argv[1], "an integer 0..30");
    k = (unsigned)v;
  }
  if (argc > 2 && wht_op_from_name(argv[2], &op))
    return usage_error("operation", argv[2], "one-way, two-way, smoothed, xor-conv");
  wht_oracle_device where = WHT_ORACLE_ON_CPU;
  int resident = 0;
  if (argc > 3) {
    if (!strcmp(argv[3], "gpu") || !strcmp(argv[3], "resident"))
      where = WHT_ORACLE_ON_GPU, resident = argv[3][0] == 'r';
    else if (!strcmp(argv[3], "mpfr"))
      wht_oracle_force_mpfr(-1);
    else
      return usage_error("path", argv[3], "mpfr, gpu, resident, or nothing for the automatic CPU path");
  }
  size_t n = (size_t)1 << k;
  double *a = wht_host_alloc(n * sizeof *a), *b = wht_host_alloc(n * sizeof *b);
  wht_dd *out = wht_host_alloc(n * sizeof *out);
  if (!a || !b || !out) {
    fprintf(stderr, "oracle-speed: out of memory\n");
    return 1;
  }
  td_rng r;
  td_seed(&r, 20260101);
  td_fill(&r, TD_NORM, WHT_F64, a, n);
  td_fill(&r, TD_NORM, WHT_F64, b, n);
  void *da = NULL, *db = NULL, *dout = NULL; /* resident: the device's copies */
  if (resident) {
    wht_status ds = wht_device_alloc(&da, n * sizeof *a);
    if (!ds) ds = wht_device_alloc(&db, n * sizeof *b);
    if (!ds) ds = wht_device_alloc(&dout, n * sizeof *out);
    if (!ds) ds = wht_device_put(da, a, n * sizeof *a);
    if (!ds) ds = wht_device_put(db, b, n * sizeof *b);
    if (ds) {
      fprintf(stderr, "oracle-speed: resident data: %s\n", wht_strerror(ds));
      return 1;
    }
  }
  double best_wall = 0, best_cpu = 0;
  for (int rep = 0; rep < 4; rep++) {
    wht_oracle_info info;
    char msg[256];
    double c0 = cpu_now();
    wht_oracle_status st = resident ? wht_oracle_run_resident(where, op, k, da, db, 1.0, dout, &info, msg, sizeof msg)
                                    : wht_oracle_run_on(where, op, k, a, b, 1.0, out, &info, msg, sizeof msg);
    double cpu = cpu_now() - c0;
    if (st != WHT_ORACLE_OK) {
      fprintf(stderr, "oracle-speed: %s\n", msg);
      return 1;
    }
    if (rep == 0) {
      printf("op=%s format=f64 dist=norm log2n=%u path=%s%s%s%s%s width=%ld threads=%d\n", wht_op_name(op), k,
             resident ? "resident " : "", info.on_gpu ? "gpu " : "", info.fast_path ? "fixed" : "mpfr", info.fallback[0] ? " fell back: " : "",
             info.fallback, info.prec, wht_get_threads());
      printf("first call (fresh output array): wall %.4f s, cpu %.3f s\n", info.seconds, cpu);
    } else if (rep == 1 || info.seconds < best_wall) {
      best_wall = info.seconds;
      best_cpu = cpu;
    }
  }
  printf("best of 3 more calls:             wall %.4f s, cpu %.3f s\n", best_wall, best_cpu);
  wht_device_free(da);
  wht_device_free(db);
  wht_device_free(dout);
  wht_host_free(a);
  wht_host_free(b);
  wht_host_free(out);
  return 0;
}
