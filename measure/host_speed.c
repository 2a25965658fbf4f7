/* host_speed.c - times the host side of one wht-sweep cell, step by step,
 * on --threads N host threads (default: libwht's, every core or
 * OMP_NUM_THREADS): the draws (GSL, serial by design: the per-cell streams
 * are sequential), rounding them to the format and back, the exact oracle,
 * the operation's element-wise steps (scale, soft threshold, product, the
 * inf/NaN scan), the conversion of the output and the metrics. Each step
 * runs four times on the same buffers (allocated once, as a sweep does);
 * printed are the first run and the best of the other three, wall and
 * process CPU seconds. The transform itself is not timed here
 * (wht-cpu-speed does that); the metrics compare the rounded inputs with
 * their exact transform, since the values do not change the work. Not a test: speed is reported, never
 * asserted (DESIGN.md 13).
 * Usage: host-speed [--threads N] [LOG2N [FORMAT]]   e.g. host-speed 25 f32 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "wht_dist.h"
#include "wht_metrics.h"
#include "wht_oracle.h"
#include "ops_steps.h"

static double now(clockid_t c)
{
  struct timespec t;
  clock_gettime(c, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int usage_error(const char *what, const char *val, const char *accepted)
{
  fprintf(stderr, "host-speed: %s '%s': not accepted (accepted: %s)\n", what, val, accepted);
  return 2;
}

/* the buffers of one cell and what a step needs */
typedef struct {
  unsigned k;
  uint64_t n;
  wht_format f;
  double *draw, *exact, *y;
  void *fmt, *other;
  wht_dd *v;
  wht_metrics m;
  int bad;
} cell;

static void step_draw(cell *c) { wht_dist_fill(WHT_DIST_NORM, wht_cell_stream(1, WHT_DIST_NORM, WHT_OP_ONE_WAY, c->k, 0, 0), c->draw, c->n); }
static void step_round(cell *c)
{
  wht_store_doubles(c->f, c->fmt, c->draw, c->n);
  wht_load_doubles(c->f, c->exact, c->fmt, c->n);
}
static void step_oracle(cell *c)
{
  char msg[256];
  if (wht_oracle_run(WHT_OP_ONE_WAY, c->k, c->exact, NULL, 0, c->v, NULL, msg, sizeof msg) != WHT_ORACLE_OK)
    fprintf(stderr, "host-speed: %s\n", msg), exit(1);
}
static void step_scale(cell *c) { wht__ops_scale(c->f, c->fmt, c->n, 0); } /* 2^-0: the data stay as they are */
static void step_threshold(cell *c) { wht__ops_soft_threshold(c->f, c->fmt, c->n, 0.0); }
static void step_mul(cell *c) { wht__ops_mul(c->f, c->other, c->fmt, c->n); }
static void step_scan(cell *c) { c->bad = wht__ops_any_nonfinite(c->f, c->fmt, c->n); }
static void step_load_y(cell *c) { wht_load_doubles(c->f, c->y, c->fmt, c->n); }
static void step_metrics(cell *c) { wht_metrics_compute(c->f, c->y, c->v, c->n, 0, &c->m); }
/* a group of four outputs (a sweep's algorithms of one input), here the
 * same output four times: one call each, then one call for the four */
static void step_metrics4_single(cell *c)
{
  for (int j = 0; j < 4; j++) wht_metrics_compute(c->f, c->y, c->v, c->n, 0, &c->m);
}
static void step_metrics4_many(cell *c)
{
  const double *ys[4] = { c->y, c->y, c->y, c->y };
  wht_metrics m[4];
  wht_metrics_compute_many(c->f, ys, c->v, c->n, NULL, m, 4);
  c->m = m[3];
}
/* a sweep's group of eight outputs (here the same one eight times), as
 * doubles and, as wht-sweep now passes them, in the format */
static void step_metrics8_many(cell *c)
{
  const double *ys[8] = { c->y, c->y, c->y, c->y, c->y, c->y, c->y, c->y };
  wht_metrics m[8];
  wht_metrics_compute_many(c->f, ys, c->v, c->n, NULL, m, 8);
  c->m = m[7];
}
static void step_metrics8_stored(cell *c)
{
  const void *ys[8] = { c->fmt, c->fmt, c->fmt, c->fmt, c->fmt, c->fmt, c->fmt, c->fmt };
  wht_metrics m[8];
  wht_metrics_compute_many_stored(c->f, ys, c->v, c->n, NULL, m, 8);
  c->m = m[7];
}

static const struct {
  const char *name;
  void (*run)(cell *c);
} steps[] = {
  { "draw (GSL, serial)", step_draw },
  { "round to format and back", step_round },
  { "oracle one-way", step_oracle },
  { "scale by 2^-k", step_scale },
  { "soft threshold", step_threshold },
  { "product", step_mul },
  { "inf/NaN scan", step_scan },
  { "output to double", step_load_y },
  { "metrics", step_metrics },
  { "metrics of 4 outputs, 4 calls", step_metrics4_single },
  { "metrics of 4 outputs, 1 call", step_metrics4_many },
  { "metrics of 8 outputs, 1 call, as doubles", step_metrics8_many },
  { "metrics of 8 outputs, 1 call, in the format", step_metrics8_stored },
};

int main(int argc, char **argv)
{
  cell c = { .k = 25, .f = WHT_F64 };
  if (argc > 1 && !strcmp(argv[1], "--help")) {
    puts("usage: host-speed [--threads N] [LOG2N [FORMAT]]   LOG2N 0..30 [25], FORMAT f64, f32, f16, bf16 [f64];\n"
         "       N host threads, 1..1024 [all cores, or OMP_NUM_THREADS]\n"
         "Exit status: 0 ok; 2 the command cannot run as given (a bad option or value); 1 the run failed.");
    return 0;
  }
  if (argc > 1 && !strcmp(argv[1], "--threads")) {
    char *end = NULL;
    unsigned long t = argc > 2 ? strtoul(argv[2], &end, 10) : 0;
    if (argc < 3 || argv[2][0] < '0' || argv[2][0] > '9' || *end || t < 1 || t > WHT_MAX_THREADS)
      return usage_error("--threads", argc > 2 ? argv[2] : "", "an integer 1..1024");
    wht_set_threads((int)t);
    argv += 2;
    argc -= 2;
  }
  if (argc > 3) return usage_error("argument", argv[3], "at most LOG2N FORMAT");
  if (argc > 1) {
    char *end = NULL;
    unsigned long v = strtoul(argv[1], &end, 10);
    if (argv[1][0] < '0' || argv[1][0] > '9' || *end || v > 30) return usage_error("log2n", argv[1], "an integer 0..30");
    c.k = (unsigned)v;
  }
  if (argc > 2 && wht_format_from_name(argv[2], &c.f)) return usage_error("format", argv[2], "f64, f32, f16, bf16");
  c.n = (uint64_t)1 << c.k;
  c.draw = malloc(c.n * sizeof *c.draw), c.exact = malloc(c.n * sizeof *c.exact), c.y = malloc(c.n * sizeof *c.y);
  c.fmt = malloc(c.n * sizeof(double)), c.other = malloc(c.n * sizeof(double));
  c.v = malloc(c.n * sizeof *c.v);
  if (!c.draw || !c.exact || !c.y || !c.fmt || !c.other || !c.v) {
    fprintf(stderr, "host-speed: out of memory for 2^%u elements\n", c.k);
    return 1;
  }
  printf("format=%s dist=norm op=one-way log2n=%u threads=%d\n", wht_format_name(c.f), c.k, wht_get_threads());
  printf("%-30s %10s %10s %10s %10s\n", "step", "first_s", "first_cpu", "best_s", "best_cpu");
  for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
    double first = 0, first_cpu = 0, best = 0, best_cpu = 0;
    if (steps[s].run == step_mul) memcpy(c.other, c.fmt, c.n * wht_format_size(c.f));
    for (int rep = 0; rep < 4; rep++) {
      const double w0 = now(CLOCK_MONOTONIC), c0 = now(CLOCK_PROCESS_CPUTIME_ID);
      steps[s].run(&c);
      const double w = now(CLOCK_MONOTONIC) - w0, cpu = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
      if (rep == 0) first = w, first_cpu = cpu;
      else if (rep == 1 || w < best) best = w, best_cpu = cpu;
    }
    printf("%-30s %10.3f %10.3f %10.3f %10.3f\n", steps[s].name, first, first_cpu, best, best_cpu);
  }
  free(c.draw), free(c.exact), free(c.y), free(c.fmt), free(c.other), free(c.v);
  return c.m.status == WHT_RUN_OK && !c.bad ? 0 : 1;
}
