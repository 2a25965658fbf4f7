/* wht-cpu-speed - time one CPU transform per (algorithm, format) at each
 * n = 2^k of --log2n: median of a few runs of wht_execute on fresh
 * N(0,1)-like data, on --threads N threads (wht_set_threads; the transform
 * and the untimed data conversion between runs). Reports wall seconds and
 * the process's CPU seconds over the transform: the work of all its
 * threads, which a loaded machine does not inflate as it does the wall
 * time (it does count threads that spin while they wait, see
 * OMP_WAIT_POLICY). GPU speed is wht-bench's job. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "wht.h"
#include "log2n_list.h"

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
  fprintf(o, "usage: wht-cpu-speed [--log2n LIST] [--reps R] [--threads N] ALGORITHM:FORMAT...\n"
             "  --log2n LIST  sizes n = 2^k: " WHT_LOG2N_FORMS ", 0 <= K <= 34 [25]\n"
             "  --reps R      timed transforms per ALGORITHM:FORMAT and size, 1..100; the median\n"
             "                is printed [3]\n"
             "  --threads N   libwht's host threads, 1..1024, for the transforms (and the untimed\n"
             "                data conversions) [all cores, or OMP_NUM_THREADS]\n"
             "Options come before the ALGORITHM:FORMAT operands.\n"
             "Prints per ALGORITHM:FORMAT and size the median wall seconds and the median\n"
             "CPU seconds of the process (all threads) over one transform.\n"
             "  e.g. wht-cpu-speed --log2n 20:25:5 folklore:f64 folklore:f16\n"
             "Exit status: 0 ok; 2 the command cannot run as given (a bad option or value);\n"
             "1 the run failed.\n");
}

/* "folklore:f32, kahan:f32, ..." : the CPU algorithms of format f */
static void cpu_pairs(wht_format f, char *out, size_t len)
{
  size_t o = 0;
  out[0] = '\0';
  for (size_t j = 0; j < wht_algorithm_count(); j++) {
    const wht_algorithm_info *ai = wht_algorithm_at(j);
    if ((ai->backends & (1u << WHT_BACKEND_CPU)) && (ai->formats & (1u << f)) && o < len)
      o += (size_t)snprintf(out + o, len - o, "%s%s:%s", o ? ", " : "", ai->name, wht_format_name(f));
  }
}

/* plans for every ALGORITHM:FORMAT at size 2^k; 0, or the exit status
 * after one line on stderr */
static int make_plans(char **args, int count, unsigned k, wht_plan **plans, wht_format *fmts)
{
  for (int a = 0; a < count; a++) {
    const char *arg = args[a];
    char name[64];
    snprintf(name, sizeof name, "%s", arg);
    char *colon = strchr(name, ':');
    if (arg[0] == '-') { /* an option after the operands, or none at all */
      static const char *const known[] = { "--log2n", "--reps", "--threads", "--help" };
      int is_known = 0;
      for (size_t j = 0; j < sizeof known / sizeof known[0]; j++) is_known |= !strcmp(arg, known[j]);
      if (is_known)
        fprintf(stderr, "wht-cpu-speed: '%s' after ALGORITHM:FORMAT: options come first (e.g. wht-cpu-speed %s ... "
                "folklore:f64)\n", arg, arg);
      else
        fprintf(stderr, "wht-cpu-speed: unknown option '%s' (accepted: --log2n, --reps, --threads, --help, before "
                "ALGORITHM:FORMAT)\n", arg);
      return 2;
    }
    if (!colon || wht_format_from_name(colon + 1, &fmts[a])) {
      fprintf(stderr, "wht-cpu-speed: '%s': expected ALGORITHM:FORMAT with FORMAT one of f64, f32, f16, bf16\n", arg);
      return 2;
    }
    *colon = 0;
    wht_status st;
    plans[a] = wht_plan_create((uint64_t)1 << k, fmts[a], name, WHT_BACKEND_CPU, 0, &st);
    if (!plans[a]) {
      if (st == WHT_E_NOMEM) {
        fprintf(stderr, "wht-cpu-speed: %s at 2^%u: %s\n", arg, k, wht_strerror(st));
        return 1;
      }
      char accepted[512];
      cpu_pairs(fmts[a], accepted, sizeof accepted);
      fprintf(stderr, "wht-cpu-speed: '%s': %s (accepted on the CPU: %s)\n", arg, wht_strerror(st), accepted);
      return 2;
    }
  }
  return 0;
}

/* time every plan at size 2^k; 0, or 1 after one line on stderr */
static int time_size(char **args, int count, unsigned k, unsigned reps, wht_plan **plans, const wht_format *fmts)
{
  const uint64_t n = (uint64_t)1 << k;
  double *src = malloc(n * sizeof *src), t[100], c[100];
  if (!src) {
    fprintf(stderr, "wht-cpu-speed: out of memory for 2^%u doubles\n", k);
    return 1;
  }
  uint64_t s = 12345;
  for (uint64_t j = 0; j < n; j++) { /* cheap, sign-varied data of moderate range */
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    src[j] = ((double)(s >> 11) / 9007199254740992.0 - 0.5) * 4;
  }
  for (int a = 0; a < count; a++) {
    const wht_format f = fmts[a];
    void *buf = malloc(n * wht_format_size(f));
    if (!buf) {
      fprintf(stderr, "wht-cpu-speed: %s at 2^%u: out of memory\n", args[a], k);
      free(src);
      return 1;
    }
    for (unsigned r = 0; r < reps; r++) {
      wht_store_doubles(f, buf, src, n);
      double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
      wht_execute(plans[a], buf);
      t[r] = now(CLOCK_MONOTONIC) - w0;
      c[r] = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
    }
    qsort(t, reps, sizeof *t, cmp);
    qsort(c, reps, sizeof *c, cmp);
    const char *colon = strchr(args[a], ':');
    printf("%-12.*s %-5s %6u %12.3f %12.3f\n", (int)(colon - args[a]), args[a], wht_format_name(f), k, t[reps / 2],
           c[reps / 2]);
    free(buf);
  }
  free(src);
  return 0;
}

int main(int argc, char **argv)
{
  uint64_t sizes = (uint64_t)1 << 25;
  unsigned reps = 3;
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    if (!strcmp(argv[i], "--help")) { usage(stdout); return 0; }
    char *end, why[160];
    if ((!strcmp(argv[i], "--log2n") || !strcmp(argv[i], "--reps") || !strcmp(argv[i], "--threads")) &&
        i + 1 == argc) {
      fprintf(stderr, "wht-cpu-speed: %s: missing value (accepted: %s)\n", argv[i],
              argv[i][2] == 'l' ? "--log2n LIST" : argv[i][2] == 'r' ? "--reps R" : "--threads N");
      return 2;
    }
    if (!strcmp(argv[i], "--log2n")) {
      if (wht_log2n_parse(argv[++i], 0, 34, &sizes, why, sizeof why)) {
        fprintf(stderr, "wht-cpu-speed: --log2n '%s': %s (accepted: %s, integers 0 <= K <= 34)\n", argv[i], why,
                WHT_LOG2N_FORMS);
        return 2;
      }
    } else if (!strcmp(argv[i], "--reps")) {
      unsigned long v = strtoul(argv[++i], &end, 10);
      if (*end || v < 1 || v > 100) { fprintf(stderr, "wht-cpu-speed: --reps '%s': expected an integer 1..100\n", argv[i]); return 2; }
      reps = (unsigned)v;
    } else if (!strcmp(argv[i], "--threads")) {
      unsigned long v = strtoul(argv[++i], &end, 10);
      if (argv[i][0] < '0' || argv[i][0] > '9' || *end || v < 1 || v > WHT_MAX_THREADS) {
        fprintf(stderr, "wht-cpu-speed: --threads '%s': not a thread count (accepted: an integer from 1 to %d)\n",
                argv[i], WHT_MAX_THREADS);
        return 2;
      }
      wht_set_threads((int)v);
    } else {
      fprintf(stderr, "wht-cpu-speed: unknown option '%s' (accepted: --log2n, --reps, --threads, --help)\n", argv[i]);
      return 2;
    }
  }
  if (i == argc) {
    fprintf(stderr, "wht-cpu-speed: no ALGORITHM:FORMAT given, e.g. folklore:f64 (see --help)\n");
    return 2;
  }
  const int count = argc - i;
  char **args = argv + i;
  wht_plan **plans = calloc((size_t)count, sizeof *plans);
  wht_format *fmts = calloc((size_t)count, sizeof *fmts);
  if (!plans || !fmts) {
    fprintf(stderr, "wht-cpu-speed: out of memory\n");
    return release(plans, fmts, 0, 1);
  }
  /* every ALGORITHM:FORMAT is checked (at the smallest size) before
   * anything is printed or timed */
  int rc = make_plans(args, count, wht_log2n_min(sizes), plans, fmts);
  if (rc) return release(plans, fmts, count, rc);
  printf("%-12s %-5s %6s %12s %12s\n", "algorithm", "fmt", "log2n", "wall_s", "cpu_s");
  for (unsigned k = wht_log2n_min(sizes); rc == 0 && k <= wht_log2n_max(sizes); k++) {
    if (!(sizes >> k & 1)) continue;
    if (k > wht_log2n_min(sizes)) {
      for (int a = 0; a < count; a++) wht_plan_destroy(plans[a]), plans[a] = NULL;
      rc = make_plans(args, count, k, plans, fmts);
    }
    if (rc == 0) rc = time_size(args, count, k, reps, plans, fmts);
    fflush(stdout);
  }
  return release(plans, fmts, count, rc);
}
