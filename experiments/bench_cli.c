/* bench_cli.c - wht-bench's command line. A bad argument gets one line
 * naming the bad value and the accepted ones (exit 2); nothing is created. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench.h"
#include "h5store.h"
#include "log2n_list.h"
#include "output_path.h"
#include "cli_util.h"

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
          "  --log FILE         append the progress lines (with the ETA) and the run's first\n"
          "                     and last lines to FILE, each with the UTC time (default:\n"
          "                     FILE.log beside -o FILE, none without -o)\n"
          "  --help             this text\n"
          "Environment: libwht's knobs (WHT_GPU_*, WHT_TC_*, ...; lib/environment.c) and\n"
          "WHT_PROGRESS_INTERVAL are checked at start: a value their reader would not take\n"
          "is refused.\n"
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

/* one item of a comma list into c: 0 taken, -1 refused */
typedef int (*list_item)(const char *item, bench_config *c);

/* Each item of val to take, split by hand (strtok_r would skip the empty
 * items of ',f32' and '1,,1'): -1 for an empty or a refused item, with
 * "; here an empty item" in why for the first. */
static int each_item(const char *val, bench_config *c, list_item take, char *why, size_t len)
{
  char *buf = strdup(val);
  int rc = buf ? 0 : -1;
  why[0] = 0;
  for (char *t = buf, *comma; rc == 0 && t; t = comma ? comma + 1 : NULL) {
    if ((comma = strchr(t, ','))) *comma = 0;
    if (!*t) snprintf(why, len, "; here an empty item");
    rc = *t ? take(t, c) : -1;
  }
  free(buf);
  return rc;
}

/* A repeat is dropped, as wht-sweep drops it: timed twice, a case would
 * give /timings two rows of one key with other times, which the analysis
 * refuses as conflicting duplicates. */
static int take_algo(const char *t, bench_config *c)
{
  const wht_algorithm_info *a = wht_algorithm_find(t);
  if (!a || !(a->backends & (1u << WHT_BACKEND_GPU))) return -1;
  for (int i = 0; i < c->nalgos; i++)
    if (!strcmp(c->algos[i], a->name)) return 0;
  if (c->nalgos == BENCH_MAX_LIST) return -1;
  c->algos[c->nalgos++] = a->name;
  return 0;
}

static int take_format(const char *t, bench_config *c)
{
  wht_format f;
  if (wht_format_from_name(t, &f)) return -1;
  for (int i = 0; i < c->nformats; i++)
    if (c->formats[i] == f) return 0;
  c->formats[c->nformats++] = f; /* at most WHT_NFORMATS distinct */
  return 0;
}

static int take_batch(const char *t, bench_config *c)
{
  unsigned long long b;
  if (wht_cli_uint(t, 1, 1ull << 40, &b)) return -1;
  for (int i = 0; i < c->nbatches; i++)
    if (c->batches[i] == b) return 0;
  if (c->nbatches == BENCH_MAX_LIST) return -1;
  c->batches[c->nbatches++] = b;
  return 0;
}

static void all_algos(bench_config *c)
{
  c->nalgos = 0;
  for (size_t i = 0; i < wht_algorithm_count() && c->nalgos < BENCH_MAX_LIST; i++) {
    const wht_algorithm_info *a = wht_algorithm_at(i);
    if (a->backends & (1u << WHT_BACKEND_GPU)) c->algos[c->nalgos++] = a->name;
  }
}

static void all_formats(bench_config *c)
{
  c->nformats = 0;
  for (int f = 0; f < WHT_NFORMATS; f++) c->formats[c->nformats++] = (wht_format)f;
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

/* ---- option handlers: 0, or 2 with the one line printed ---- */
typedef int (*setter)(bench_config *c, const char *opt, const char *val);

static int set_algo(bench_config *c, const char *opt, const char *val)
{
  char why[64], acc[320];
  if (!strcmp(val, "all")) return all_algos(c), 0;
  c->nalgos = 0;
  if (!each_item(val, c, take_algo, why, sizeof why)) return 0;
  accepted_algos(acc, sizeof acc - sizeof why);
  return bad(opt, val, strcat(acc, why));
}

static int set_format(bench_config *c, const char *opt, const char *val)
{
  char why[64], acc[128] = "f64, f32, f16, bf16 (comma list) or all";
  if (!strcmp(val, "all")) return all_formats(c), 0;
  c->nformats = 0;
  return each_item(val, c, take_format, why, sizeof why) ? bad(opt, val, strcat(acc, why)) : 0;
}

/* the shared --log2n syntax (log2n_list.h), sizes ascending */
static int set_log2n(bench_config *c, const char *opt, const char *val)
{
  uint64_t set;
  char why[160], acc[256];
  if (wht_log2n_parse(val, 0, 40, &set, why, sizeof why) != 0) {
    snprintf(acc, sizeof acc, "%s, integers 0 <= K <= 40; here %s", WHT_LOG2N_FORMS, why);
    return bad(opt, val, acc);
  }
  c->nlog2n = 0;
  for (unsigned k = 0; k <= 40; k++)
    if (set >> k & 1) c->log2n[c->nlog2n++] = k;
  return 0;
}

static int set_batch(bench_config *c, const char *opt, const char *val)
{
  char why[64], acc[128] = "a comma list of integers 1..2^40";
  c->nbatches = 0;
  return each_item(val, c, take_batch, why, sizeof why) ? bad(opt, val, strcat(acc, why)) : 0;
}

static int set_total_log2(bench_config *c, const char *opt, const char *val)
{
  unsigned long long v;
  if (wht_cli_uint(val, 0, 40, &v)) return bad(opt, val, "an integer 0..40");
  c->total_log2 = (int)v;
  return 0;
}

static int set_place(bench_config *c, const char *opt, const char *val)
{
  c->in_place = !strcmp(val, "in") || !strcmp(val, "both");
  c->out_of_place = !strcmp(val, "out") || !strcmp(val, "both");
  return c->in_place || c->out_of_place ? 0 : bad(opt, val, "in, out or both");
}

static int set_reps(bench_config *c, const char *opt, const char *val)
{
  unsigned long long v;
  if (wht_cli_uint(val, 1, 10000, &v)) return bad(opt, val, "an integer 1..10000");
  c->reps = (int)v;
  return 0;
}

static int set_warmup(bench_config *c, const char *opt, const char *val)
{
  unsigned long long v;
  if (wht_cli_uint(val, 0, 1000, &v)) return bad(opt, val, "an integer 0..1000");
  c->warmup = (int)v;
  return 0;
}

static int set_output(bench_config *c, const char *opt, const char *val)
{
  if (!*val) return bad(opt, val, "a file name");
  if (val[0] == '-') return bad(opt, val, "a file name, not an option (./NAME for a file named so)");
  c->output = val;
  return 0;
}

static int set_log(bench_config *c, const char *opt, const char *val)
{
  if (!*val) return bad(opt, val, "a file name");
  if (val[0] == '-') return bad(opt, val, "a file name, not an option (./NAME for a file named so)");
  c->log = val;
  return 0;
}

static const struct {
  const char *name;
  setter set;
} options[] = {
  { "--algo", set_algo },   { "--format", set_format },         { "--log2n", set_log2n },
  { "--batch", set_batch }, { "--total-log2", set_total_log2 }, { "--place", set_place },
  { "--reps", set_reps },   { "--warmup", set_warmup },         { "-o", set_output },
  { "--log", set_log },
};
#define NOPTIONS (sizeof options / sizeof options[0])

static size_t option_of(setter set)
{
  size_t j = 0;
  while (options[j].set != set) j++;
  return j;
}

/* A missing folder, a directory or a FIFO as -o is a bad value (2), found
 * here by wht-sweep's check; an unwritable folder is left to the create,
 * whose failure is a failed run (1, README). */
static int check_output(const char *path)
{
  char why[4200];
  if (!path || wht_output_path_problem(path, why, sizeof why) != 2) return 0;
  fprintf(stderr, "wht-bench: -o '%s': %s\n", path, why);
  return 2;
}

int bench_parse(int argc, char **argv, bench_config *c)
{
  int given[NOPTIONS] = { 0 };
  memset(c, 0, sizeof *c);
  all_algos(c);
  all_formats(c);
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
    size_t j = 0;
    while (j < NOPTIONS && strcmp(opt, options[j].name)) j++;
    if (j == NOPTIONS)
      return bad("option", opt, "--algo, --format, --log2n, --batch, --total-log2, --place, --reps, --warmup, -o, --log or --help");
    if (i + 1 == argc) return bad(opt, "", "a value after it");
    const char *val = argv[++i];
    /* every option takes one value (a list is one): a second would
     * silently replace the first, as would --batch and --total-log2 */
    if (given[j]) {
      fprintf(stderr, "wht-bench: %s '%s': %s given twice; expected %s once\n", opt, val, opt, opt);
      return 2;
    }
    given[j] = 1;
    if (given[option_of(set_batch)] && given[option_of(set_total_log2)])
      return bad(opt, val, "--batch LIST or --total-log2 T, not both");
    if (options[j].set(c, opt, val)) return 2;
  }
  if (check_sizes(c) || check_output(c->output)) return 2;
  /* libwht's knobs (the kernels' WHT_GPU_*, WHT_TC_*) and
   * WHT_PROGRESS_INTERVAL: a value a reader would replace by its default
   * is refused, before the GPU is looked for */
  return wht_cli_check_environment("wht-bench");
}
