/* oracle_speed.c - times the oracle on the case issue 3 sets a bound for:
 * one-way, N(0,1) f64 data, n = 2^25 (default), on one core. Prints, for
 * the first call (fresh output array, so its page faults count) and for
 * the best of three more calls on the same array, the wall time that
 * wht_oracle_run reports and the process CPU time, with the path and the
 * width. Not a test: speed is reported, never asserted (DESIGN.md 13).
 * Usage: oracle-speed [log2n [op [mpfr]]]   e.g. oracle-speed 25 one-way */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "oracle.h"
#include "testdata.h"

static double cpu_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
  unsigned k = argc > 1 ? (unsigned)atoi(argv[1]) : 25;
  wht_op op = WHT_OP_ONE_WAY;
  if (argc > 2 && wht_op_from_name(argv[2], &op)) {
    fprintf(stderr, "oracle-speed: unknown operation '%s' (one-way, two-way, smoothed, xor-conv)\n", argv[2]);
    return 2;
  }
  if (argc > 3 && strcmp(argv[3], "mpfr") == 0) wht_oracle_force_mpfr(-1);
  if (k > 30) {
    fprintf(stderr, "oracle-speed: log2n %u too large (at most 30)\n", k);
    return 2;
  }
  size_t n = (size_t)1 << k;
  double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
  wht_dd *out = malloc(n * sizeof *out);
  if (!a || !b || !out) {
    fprintf(stderr, "oracle-speed: out of memory\n");
    return 1;
  }
  td_rng r;
  td_seed(&r, 20260101);
  td_fill(&r, TD_NORM, WHT_F64, a, n);
  td_fill(&r, TD_NORM, WHT_F64, b, n);
  double best_wall = 0, best_cpu = 0;
  for (int rep = 0; rep < 4; rep++) {
    wht_oracle_info info;
    char msg[256];
    double c0 = cpu_now();
    wht_oracle_status st = wht_oracle_run(op, k, a, b, 1.0, out, &info, msg, sizeof msg);
    double cpu = cpu_now() - c0;
    if (st != WHT_ORACLE_OK) {
      fprintf(stderr, "oracle-speed: %s\n", msg);
      return 1;
    }
    if (rep == 0) {
      printf("op=%s format=f64 dist=norm log2n=%u path=%s width=%ld\n", wht_op_name(op), k,
             info.fast_path ? "fixed" : "mpfr", info.prec);
      printf("first call (fresh output array): wall %.3f s, cpu %.3f s\n", info.seconds, cpu);
    } else if (rep == 1 || info.seconds < best_wall) {
      best_wall = info.seconds;
      best_cpu = cpu;
    }
  }
  printf("best of 3 more calls:             wall %.3f s, cpu %.3f s\n", best_wall, best_cpu);
  free(a);
  free(b);
  free(out);
  return 0;
}
