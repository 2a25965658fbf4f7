/* bench_cli.c - wht-bench's command line. A bad argument gets one line
 * naming the bad value and the accepted ones (exit 2); nothing is created. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "h5store.h"
#include "log2n_list.h"

static void usage(FILE *o)
{
  fprintf(o,
          "usage: wht-bench [options]\n"
          "GPU speed of the FWHT algorithms against a device memcpy, an in-place add-one\n"
          "kernel (16-byte accesses) and cuFFT R2C/D2Z of the same bytes, measured in the\n"
          "same run (CUDA events, median of --reps runs after --warmup, L2 flushed before\n"
          "each run, fresh input for every in-place run).\n"
          "  --algo LIST        algorithms, comma list or 'all' (default all with a GPU path)\n"
          "  --format LIST      f64,f32,f16,bf16 or 'all' (default all)\n"
          "  --log2n LIST       row lengths 2^K: " WHT_LOG2N_FORMS " (default 28)\n"
          "  --batch LIST       rows per call, comma list (default 1)\n"
          "  --total-log2 T     instead of --batch: 2^(T-K) rows (at least 1) for each K\n"
          "  --place LIST       in, out or both (default both)\n"
          "  --reps R           timed runs per measurement, 1..10000 (default 30)\n"
          "  --warmup W         untimed runs first, 0..1000 (default 3)\n"
          "  -o FILE            append the rows to /timings of FILE (created if missing)\n"
          "  --help             this text\n"
          "Example: wht-bench --algo folklore --format f32 --log2n 10 --total-log2 28\n");
}

static int bad(const char *opt, const char *val, const char *accepted)
{
  fprintf(stderr, "wht-bench: %s '%s': expected %s\n", opt, val, accepted);
  return 2;
}

/* Every (format, size, batch) at most 2^BENCH_MAX_BYTES_LOG2 bytes: far
 * beyond any device, and n x batch x esz then never wraps 64 bits. */
enum { BENCH_MAX_BYTES_LOG2 = 48 };

static unsigned ceil_log2(unsigned long long v)
{
  unsigned l = 0;
  while (l < 64 && (1ull << l) < v) l++;
  return l;
}

static int check_sizes(const bench_config *c)
{
  if (c->total_log2 >= 0) return 0; /* 2^max(T, K) elements, T, K <= 40 */
  for (int fi = 0; fi < c->nformats; fi++)
    for (int ki = 0; ki < c->nlog2n; ki++)
      for (int bi = 0; bi < c->nbatches; bi++) {
        const unsigned bytes_log2 = c->log2n[ki] + ceil_log2(c->batches[bi]) +
                                    ceil_log2(wht_format_size(c->formats[fi]));
        if (bytes_log2 > BENCH_MAX_BYTES_LOG2) {
          char val[64], acc[160];
          snprintf(val, sizeof val, "%llu", (unsigned long long)c->batches[bi]);
          snprintf(acc, sizeof acc, "rows of 2^%u %s elements in at most 2^%d bytes (batch <= 2^%d)",
                   c->log2n[ki], wht_format_name(c->formats[fi]), BENCH_MAX_BYTES_LOG2,
                   (int)BENCH_MAX_BYTES_LOG2 - (int)c->log2n[ki] - (int)ceil_log2(wht_format_size(c->formats[fi])));
          return bad("--batch", val, acc);
        }
      }
  return 0;
}

static int parse_uint(const char *s, unsigned long long max, unsigned long long *v)
{
  char *end;
  if (!*s || *s == '-') return -1;
  *v = strtoull(s, &end, 10);
  return *end || *v > max ? -1 : 0;
}

static int algo_list(const char *val, bench_config *c)
{
  c->nalgos = 0;
  if (!strcmp(val, "all")) {
    for (size_t i = 0; i < wht_algorithm_count() && c->nalgos < BENCH_MAX_LIST; i++) {
      const wht_algorithm_info *a = wht_algorithm_at(i);
      if (a->backends & (1u << WHT_BACKEND_GPU)) c->algos[c->nalgos++] = a->name;
    }
    return 0;
  }
  char buf[512];
  snprintf(buf, sizeof buf, "%s", val);
  for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    const wht_algorithm_info *a = wht_algorithm_find(t);
    if (!a || !(a->backends & (1u << WHT_BACKEND_GPU)) || c->nalgos == BENCH_MAX_LIST) return -1;
    c->algos[c->nalgos++] = a->name;
  }
  return c->nalgos ? 0 : -1;
}

static void accepted_algos(char *out, size_t len)
{
  size_t o = 0;
  out[0] = 0;
  for (size_t i = 0; i < wht_algorithm_count(); i++) {
    const wht_algorithm_info *a = wht_algorithm_at(i);
    if (a->backends & (1u << WHT_BACKEND_GPU))
      o += (size_t)snprintf(out + o, o < len ? len - o : 0, "%s%s", o ? "," : "", a->name);
  }
  if (o < len) snprintf(out + o, len - o, "%s", o ? " or all" : "all (no algorithm has a GPU path in this build)");
}

static int format_list(const char *val, bench_config *c)
{
  c->nformats = 0;
  if (!strcmp(val, "all")) {
    for (int f = 0; f < WHT_NFORMATS; f++) c->formats[c->nformats++] = (wht_format)f;
    return 0;
  }
  char buf[128];
  snprintf(buf, sizeof buf, "%s", val);
  for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    wht_format f;
    if (wht_format_from_name(t, &f) || c->nformats == WHT_NFORMATS) return -1;
    c->formats[c->nformats++] = f;
  }
  return c->nformats ? 0 : -1;
}

/* the shared --log2n syntax (log2n_list.h), sizes ascending */
static int log2n_list(const char *val, bench_config *c, char *why, size_t len)
{
  uint64_t set;
  if (wht_log2n_parse(val, 0, 40, &set, why, len) != 0) return -1;
  c->nlog2n = 0;
  for (unsigned k = 0; k <= 40; k++)
    if (set >> k & 1) c->log2n[c->nlog2n++] = k;
  return 0;
}

static int batch_list(const char *val, bench_config *c)
{
  char buf[256];
  c->nbatches = 0;
  snprintf(buf, sizeof buf, "%s", val);
  for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
    unsigned long long b;
    if (parse_uint(t, 1ull << 40, &b) || b == 0 || c->nbatches == BENCH_MAX_LIST) return -1;
    c->batches[c->nbatches++] = b;
  }
  return c->nbatches ? 0 : -1;
}

int bench_parse(int argc, char **argv, bench_config *c)
{
  memset(c, 0, sizeof *c);
  algo_list("all", c);
  format_list("all", c);
  c->log2n[0] = 28;
  c->nlog2n = 1;
  c->batches[0] = 1;
  c->nbatches = 1;
  c->total_log2 = -1;
  c->in_place = c->out_of_place = 1;
  c->reps = 30;
  c->warmup = 3;
  wht_h5_command_line(c->command_line, sizeof c->command_line, "wht-bench", argc, argv);

  for (int i = 1; i < argc; i++) {
    const char *opt = argv[i];
    if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
      usage(stdout);
      return 1;
    }
    static const char *const with_value[] = { "--algo", "--format", "--log2n", "--batch", "--total-log2",
                                              "--place", "--reps", "--warmup", "-o" };
    int known = 0;
    for (size_t j = 0; j < sizeof with_value / sizeof with_value[0]; j++) known |= !strcmp(opt, with_value[j]);
    if (!known)
      return bad("option", opt, "--algo, --format, --log2n, --batch, --total-log2, --place, --reps, --warmup, -o or --help");
    if (i + 1 == argc) return bad(opt, "", "a value after it");
    const char *val = argv[++i];
    unsigned long long v;
    if (!strcmp(opt, "--algo")) {
      if (algo_list(val, c)) {
        char acc[256];
        accepted_algos(acc, sizeof acc);
        return bad(opt, val, acc);
      }
    } else if (!strcmp(opt, "--format")) {
      if (format_list(val, c)) return bad(opt, val, "f64, f32, f16, bf16 (comma list) or all");
    } else if (!strcmp(opt, "--log2n")) {
      char why[160], acc[256];
      if (log2n_list(val, c, why, sizeof why)) {
        snprintf(acc, sizeof acc, "%s, integers 0 <= K <= 40; here %s", WHT_LOG2N_FORMS, why);
        return bad(opt, val, acc);
      }
    } else if (!strcmp(opt, "--batch")) {
      if (batch_list(val, c)) return bad(opt, val, "a comma list of integers 1..2^40");
      c->total_log2 = -1;
    } else if (!strcmp(opt, "--total-log2")) {
      if (parse_uint(val, 40, &v)) return bad(opt, val, "an integer 0..40");
      c->total_log2 = (int)v;
    } else if (!strcmp(opt, "--place")) {
      c->in_place = !strcmp(val, "in") || !strcmp(val, "both");
      c->out_of_place = !strcmp(val, "out") || !strcmp(val, "both");
      if (!c->in_place && !c->out_of_place) return bad(opt, val, "in, out or both");
    } else if (!strcmp(opt, "--reps")) {
      if (parse_uint(val, 10000, &v) || v < 1) return bad(opt, val, "an integer 1..10000");
      c->reps = (int)v;
    } else if (!strcmp(opt, "--warmup")) {
      if (parse_uint(val, 1000, &v)) return bad(opt, val, "an integer 0..1000");
      c->warmup = (int)v;
    } else {
      if (!*val) return bad(opt, val, "a file name");
      if (val[0] == '-') return bad(opt, val, "a file name, not an option (./NAME for a file named so)");
      c->output = val;
    }
  }
  return check_sizes(c);
}
