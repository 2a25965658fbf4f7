/* wht-cpu-speed - time one CPU transform per (algorithm, format) at n = 2^k
 * on one core: median of a few runs of wht_execute on fresh N(0,1)-like
 * data. Reports wall and process CPU seconds (CPU time is what a loaded
 * machine does not distort). GPU speed is wht-bench's job. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "wht.h"

static double now(clockid_t c)
{
  struct timespec t;
  clock_gettime(c, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Destroy the plans made so far and free the arrays; returns status. */
static int release(wht_plan **plans, wht_format *fmts, int count, int status)
{
  for (int a = 0; plans && a < count; a++) wht_plan_destroy(plans[a]);
  free(plans);
  free(fmts);
  return status;
}

static void usage(FILE *o) /* --help */
{
  fprintf(o, "usage: wht-cpu-speed [--log2n K] [--reps R] ALGORITHM:FORMAT...\n"
             "  e.g. wht-cpu-speed --log2n 25 folklore:f64 folklore:f16\n");
}

int main(int argc, char **argv)
{
  unsigned k = 25, reps = 3;
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (!strcmp(argv[i], "--help")) { usage(stdout); return 0; }
    char *end;
    if (!strcmp(argv[i], "--log2n") && i + 1 < argc) {
      unsigned long v = strtoul(argv[++i], &end, 10);
      if (*end || v > 34) { fprintf(stderr, "wht-cpu-speed: --log2n '%s': expected an integer 0..34\n", argv[i]); return 2; }
      k = (unsigned)v;
    } else if (!strcmp(argv[i], "--reps") && i + 1 < argc) {
      unsigned long v = strtoul(argv[++i], &end, 10);
      if (*end || v < 1 || v > 100) { fprintf(stderr, "wht-cpu-speed: --reps '%s': expected an integer 1..100\n", argv[i]); return 2; }
      reps = (unsigned)v;
    } else {
      fprintf(stderr, "wht-cpu-speed: unknown option '%s' (accepted: --log2n, --reps, --help)\n", argv[i]);
      return 2;
    }
  }
  if (i == argc) {
    fprintf(stderr, "wht-cpu-speed: no ALGORITHM:FORMAT given, e.g. folklore:f64 (see --help)\n");
    return 2;
  }
  /* every ALGORITHM:FORMAT is checked before anything is printed or timed */
  const int first = i, count = argc - i;
  wht_plan **plans = calloc((size_t)count, sizeof *plans);
  wht_format *fmts = calloc((size_t)count, sizeof *fmts);
  if (!plans || !fmts) {
    fprintf(stderr, "wht-cpu-speed: out of memory\n");
    return release(plans, fmts, 0, 1);
  }
  const uint64_t n = (uint64_t)1 << k;
  for (int a = 0; a < count; a++) {
    const char *arg = argv[first + a];
    char name[64];
    snprintf(name, sizeof name, "%s", arg);
    char *colon = strchr(name, ':');
    if (!colon || wht_format_from_name(colon + 1, &fmts[a])) {
      fprintf(stderr, "wht-cpu-speed: '%s': expected ALGORITHM:FORMAT with FORMAT one of f64, f32, f16, bf16\n", arg);
      return release(plans, fmts, count, 2);
    }
    *colon = 0;
    wht_status st;
    plans[a] = wht_plan_create(n, fmts[a], name, WHT_BACKEND_CPU, 0, &st);
    if (!plans[a]) {
      if (st == WHT_E_NOMEM) {
        fprintf(stderr, "wht-cpu-speed: %s: %s\n", arg, wht_strerror(st));
        return release(plans, fmts, count, 1);
      }
      char accepted[512] = "";
      size_t len = 0;
      for (size_t j = 0; j < wht_algorithm_count(); j++) {
        const wht_algorithm_info *ai = wht_algorithm_at(j);
        if ((ai->backends & (1u << WHT_BACKEND_CPU)) && (ai->formats & (1u << fmts[a])) && len < sizeof accepted)
          len += (size_t)snprintf(accepted + len, sizeof accepted - len, "%s%s:%s", len ? ", " : "",
                                  ai->name, wht_format_name(fmts[a]));
      }
      fprintf(stderr, "wht-cpu-speed: '%s': %s (accepted on the CPU: %s)\n", arg, wht_strerror(st), accepted);
      return release(plans, fmts, count, 2);
    }
  }
  double *src = malloc(n * sizeof *src), t[100];
  if (!src) {
    fprintf(stderr, "wht-cpu-speed: out of memory for 2^%u doubles\n", k);
    return release(plans, fmts, count, 1);
  }
  uint64_t s = 12345;
  for (uint64_t j = 0; j < n; j++) { /* cheap, sign-varied data of moderate range */
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    src[j] = ((double)(s >> 11) / 9007199254740992.0 - 0.5) * 4;
  }
  printf("%-12s %-5s %6s %12s %12s\n", "algorithm", "fmt", "log2n", "wall_s", "cpu_s");
  for (int a = 0; a < count; a++) {
    const wht_format f = fmts[a];
    void *buf = malloc(n * wht_format_size(f));
    if (!buf) {
      fprintf(stderr, "wht-cpu-speed: %s: out of memory\n", argv[first + a]);
      free(src);
      return release(plans, fmts, count, 1);
    }
    double c[100];
    for (unsigned r = 0; r < reps; r++) {
      wht_store_doubles(f, buf, src, n);
      double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
      wht_execute(plans[a], buf);
      t[r] = now(CLOCK_MONOTONIC) - w0;
      c[r] = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
    }
    qsort(t, reps, sizeof *t, cmp);
    qsort(c, reps, sizeof *c, cmp);
    const char *colon = strchr(argv[first + a], ':');
    printf("%-12.*s %-5s %6u %12.3f %12.3f\n", (int)(colon - argv[first + a]), argv[first + a],
           wht_format_name(f), k, t[reps / 2], c[reps / 2]);
    free(buf);
  }
  free(src);
  return release(plans, fmts, count, 0);
}
