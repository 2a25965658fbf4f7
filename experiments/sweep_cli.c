/* sweep_cli.c - parse wht-sweep's options (one table: names, arguments,
 * handlers and help text) and validate each value as it comes; every
 * usage error is one line naming the value and what is accepted, and no
 * file has been touched yet when it is reported. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sweep_cli.h"
#include "sweep_knobs.h"
#include "sweep_names.h"
#include "sweep_rows.h" /* WHT_ROWS_MAX_WORKERS */
#include "log2n_list.h"
#include "h5store.h"

int wht_sweep_usage_error(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("wht-sweep: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return 2;
}

/* ---- value parsers ------------------------------------------------------ */

/* all digits (decimal) or 0x + hex digits; no sign, no space, no overflow */
static int parse_u64(const char *s, uint64_t *v)
{
  int hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  const char *d = hex ? s + 2 : s;
  if (!*d) return -1;
  for (const char *p = d; *p; p++)
    if (!(hex ? (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f') || (*p >= 'A' && *p <= 'F')
              : (*p >= '0' && *p <= '9')))
      return -1;
  errno = 0;
  unsigned long long x = strtoull(d, NULL, hex ? 16 : 10);
  if (errno == ERANGE) return -1;
  *v = (uint64_t)x;
  return 0;
}

static int parse_uint(const char *s, unsigned max, unsigned *v)
{
  uint64_t x;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) return -1;
  if (parse_u64(s, &x) < 0 || x > max) return -1;
  *v = (unsigned)x;
  return 0;
}

/* "a, b, c, all" */
static const char *accepted(const wht_name_set *ns, char *buf, size_t len)
{
  size_t off = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < ns->count(); i++)
    off += (size_t)snprintf(buf + off, off < len ? len - off : 0, "%s, ", ns->name(i));
  snprintf(buf + (off < len ? off : len - 1), off < len ? len - off : 1, "all");
  return buf;
}

/* comma list of names or `all` into flags */
static int parse_list(const char *opt, const char *arg, const wht_name_set *ns, unsigned char *sel, int *named)
{
  char acc[512], *copy = strdup(arg), *save = NULL;
  int all = 0, rc = 0;
  size_t n = ns->count();
  if (!copy) return wht_sweep_usage_error("out of memory");
  memset(sel, 0, n);
  if (!*arg) rc = wht_sweep_usage_error("--%s '': empty list (accepted: %s)", opt, accepted(ns, acc, sizeof acc));
  /* strtok would skip empty items: walk by hand */
  for (char *tok = copy; rc == 0 && tok; tok = save) {
    char *comma = strchr(tok, ',');
    save = comma ? comma + 1 : NULL;
    if (comma) *comma = '\0';
    size_t i;
    if (!*tok)
      rc = wht_sweep_usage_error("--%s %s: empty name in the list (accepted: %s)", opt, arg,
                                 accepted(ns, acc, sizeof acc));
    else if (strcmp(tok, "all") == 0)
      all = 1;
    else if (ns->find(tok, &i) == 0)
      sel[i] = 1;
    else
      rc = wht_sweep_usage_error("--%s %s: unknown %s '%s' (accepted: %s)", opt, arg, ns->what, tok,
                                 accepted(ns, acc, sizeof acc));
  }
  if (rc == 0 && all) memset(sel, 1, n);
  *named = !all;
  free(copy);
  return rc;
}

/* ---- option handlers ------------------------------------------------------ */

typedef int (*handler)(wht_sweep_config *c, const char *opt, const char *arg);

static int set_algo(wht_sweep_config *c, const char *o, const char *a)
{
  return parse_list(o, a, &wht_algorithm_names, c->algo, &c->algo_named);
}
static int set_format(wht_sweep_config *c, const char *o, const char *a)
{
  return parse_list(o, a, &wht_format_names, c->fmt, &c->fmt_named);
}
static int set_dist(wht_sweep_config *c, const char *o, const char *a)
{
  int named;
  return parse_list(o, a, &wht_dist_names, c->dist, &named);
}
static int set_op(wht_sweep_config *c, const char *o, const char *a)
{
  int named;
  return parse_list(o, a, &wht_op_names, c->op, &named);
}

static int set_log2n(wht_sweep_config *c, const char *o, const char *a)
{
  char why[160];
  if (wht_log2n_parse(a, WHT_SWEEP_KMIN, WHT_SWEEP_KMAX, &c->log2n, why, sizeof why) != 0)
    return wht_sweep_usage_error("--%s '%s': %s (accepted: %s, integers %u <= K <= %u)", o, a, why, WHT_LOG2N_FORMS,
                                 WHT_SWEEP_KMIN, WHT_SWEEP_KMAX);
  c->kmin = wht_log2n_min(c->log2n);
  c->kmax = wht_log2n_max(c->log2n);
  c->log2n_text = a;
  return 0;
}

static int set_trials(wht_sweep_config *c, const char *o, const char *a)
{
  if (parse_uint(a, 1000000, &c->trials) < 0 || c->trials == 0)
    return wht_sweep_usage_error("--%s %s: not a trial count (accepted: an integer from 1 to 1000000)", o, a);
  return 0;
}

static int set_seed(wht_sweep_config *c, const char *o, const char *a)
{
  if (parse_u64(a, &c->seed) < 0)
    return wht_sweep_usage_error("--%s %s: not a seed (accepted: an unsigned 64-bit integer, decimal or 0x hex, "
                                 "0 to 18446744073709551615)", o, a);
  return 0;
}

/* a comma list of thresholds, each a finite number >= 0; a repeat is
 * dropped (one cell, one key) */
static int set_tau(wht_sweep_config *c, const char *o, const char *a)
{
  const char *p = a;
  c->ntau = 0;
  for (;;) {
    char *end = NULL;
    const char *comma = strchr(p, ',');
    double t = strtod(p, &end);
    /* ERANGE: overflow (inf, refused below) or underflow to a subnormal or
     * 0, which is a finite number >= 0 all the same */
    if (!*p || p == comma || isspace((unsigned char)*p) || end != (comma ? comma : p + strlen(p)) || !isfinite(t) ||
        t < 0)
      return wht_sweep_usage_error("--%s '%s': not a threshold (accepted: a finite number >= 0, or a comma list of "
                                   "them such as 0.5,1,2)", o, a);
    t += 0.0; /* -0 is 0 */
    int seen = 0;
    for (unsigned i = 0; i < c->ntau; i++) seen |= c->taus[i] == t;
    if (!seen && c->ntau == WHT_SWEEP_MAX_TAUS)
      return wht_sweep_usage_error("--%s '%s': more than %d thresholds (accepted: at most %d)", o, a,
                                   WHT_SWEEP_MAX_TAUS, WHT_SWEEP_MAX_TAUS);
    if (!seen) c->taus[c->ntau++] = t;
    if (!comma) break;
    p = comma + 1;
  }
  c->tau = c->taus[0];
  c->tau_text = a;
  return 0;
}

static int set_backend(wht_sweep_config *c, const char *o, const char *a)
{
  static const char *const names[] = { [WHT_SWEEP_CPU] = "cpu", [WHT_SWEEP_GPU] = "gpu", [WHT_SWEEP_AUTO] = "auto" };
  for (int i = 0; i < 3; i++)
    if (strcmp(a, names[i]) == 0) {
      c->backend = (wht_sweep_backend)i;
      return 0;
    }
  return wht_sweep_usage_error("--%s %s: unknown backend (accepted: cpu, gpu, auto)", o, a);
}

static int set_oracle(wht_sweep_config *c, const char *o, const char *a)
{
  static const char *const names[] = { [WHT_ORACLE_ON_CPU] = "cpu", [WHT_ORACLE_ON_GPU] = "gpu",
                                       [WHT_ORACLE_ON_AUTO] = "auto" };
  for (int i = 0; i < 3; i++)
    if (strcmp(a, names[i]) == 0) {
      c->oracle = (wht_oracle_device)i;
      return 0;
    }
  return wht_sweep_usage_error("--%s %s: unknown oracle device (accepted: cpu, gpu, auto)", o, a);
}

static int set_threads(wht_sweep_config *c, const char *o, const char *a)
{
  unsigned t;
  if (parse_uint(a, WHT_MAX_THREADS, &t) < 0 || t == 0)
    return wht_sweep_usage_error("--%s '%s': not a thread count (accepted: an integer from 1 to %d)", o, a,
                                 WHT_MAX_THREADS);
  c->threads = (int)t;
  return 0;
}

/* "I/N": the I-th of N shards, 1 <= I <= N */
static int set_shard(wht_sweep_config *c, const char *o, const char *a)
{
  char buf[64];
  const char *slash = strchr(a, '/');
  unsigned i, n;
  if (slash && (size_t)(slash - a) < sizeof buf) {
    memcpy(buf, a, (size_t)(slash - a));
    buf[slash - a] = 0;
  }
  if (!slash || (size_t)(slash - a) >= sizeof buf || parse_uint(buf, WHT_SWEEP_MAX_SHARDS, &i) < 0 ||
      parse_uint(slash + 1, WHT_SWEEP_MAX_SHARDS, &n) < 0 || i < 1 || n < 1 || i > n)
    return wht_sweep_usage_error("--%s '%s': not a shard (accepted: I/N, integers 1 <= I <= N <= %u)", o, a,
                                 WHT_SWEEP_MAX_SHARDS);
  c->shard = i - 1, c->shards = n;
  return 0;
}

/* The environment's knobs of a run: a value the run would not take is
 * refused here rather than silently replaced by its default there. The
 * sweep's own (sweep_knobs.h) below, lo..hi the integers a UINT knob takes
 * (said in the message); libwht's (WHT_METRICS_CHUNK, WHT_TC_SHORT12_MIN,
 * the kernels' WHT_GPU_*, WHT_TC_*, ...) by the library's own table and
 * check (wht_check_environment, lib/environment.c). */
enum { FLAG, UINT, SECONDS };
static const struct {
  const char *name, *accepted;
  int kind;
  unsigned lo, hi;
} knobs[] = {
  { "WHT_SWEEP_OVERLAP", "0 or 1", FLAG, 0, 0 },
  { "WHT_SWEEP_DRAW_AHEAD", "0 or 1", FLAG, 0, 0 },
  { "WHT_SWEEP_INPUT_COPY", "0 or 1", FLAG, 0, 0 },
  { "WHT_SWEEP_METRICS_WORKERS", "an integer", UINT, 1, WHT_ROWS_MAX_WORKERS },
  { "WHT_SWEEP_ARENA_GROUPS", "an integer", UINT, 1, WHT_KNOB_ARENA_GROUPS_MAX },
  { "WHT_SWEEP_FAIL_LOG2N", "log2 of a size, an integer", UINT, WHT_SWEEP_KMIN, WHT_SWEEP_KMAX },
  { "WHT_PROGRESS_INTERVAL", "seconds, a number > 0 and < 1e6", SECONDS, 0, 0 },
};

static int check_env(void)
{
  for (size_t i = 0; i < sizeof knobs / sizeof knobs[0]; i++) {
    int on;
    unsigned u;
    double sec;
    char acc[96];
    const int rc = knobs[i].kind == FLAG   ? wht_knob_flag(knobs[i].name, &on)
                   : knobs[i].kind == UINT ? wht_knob_uint(knobs[i].name, knobs[i].lo, knobs[i].hi, &u)
                                           : wht_knob_seconds(knobs[i].name, &sec);
    if (rc >= 0) continue;
    if (knobs[i].kind == UINT)
      snprintf(acc, sizeof acc, "%s %u..%u", knobs[i].accepted, knobs[i].lo, knobs[i].hi);
    else
      snprintf(acc, sizeof acc, "%s", knobs[i].accepted);
    return wht_sweep_usage_error("environment %s='%s': not accepted (accepted: %s, or unset)", knobs[i].name,
                                 getenv(knobs[i].name), acc);
  }
  char why[512];
  if (wht_check_environment(why, sizeof why) != WHT_OK) return wht_sweep_usage_error("%s", why);
  return 0;
}

/* An output file's name: not empty, and not an option taken for the name
 * (-o --help, its value forgotten; a file so named is written ./--help) */
static int file_name(const char *o, const char *a, const char *accepted)
{
  if (!*a) return wht_sweep_usage_error("--%s '': empty file name (accepted: %s)", o, accepted);
  if (!a[strspn(a, " \t\n")]) return wht_sweep_usage_error("--%s '%s': a file name of blanks only (accepted: %s)", o, a, accepted);
  if (a[0] == '-')
    return wht_sweep_usage_error("--%s '%s': looks like an option, not a file name (accepted: %s; ./%s for a "
                                 "file of that name)", o, a, accepted, a);
  return 0;
}

static int set_output(wht_sweep_config *c, const char *o, const char *a)
{
  if (file_name(o, a, "a path to an .h5 file")) return 2;
  c->output = a;
  return 0;
}

static int set_log(wht_sweep_config *c, const char *o, const char *a)
{
  if (file_name(o, a, "a path to a log file")) return 2;
  c->log_path = a;
  return 0;
}

static int set_merge(wht_sweep_config *c, const char *o, const char *a)
{
  if (file_name(o, a, "--merge OUT IN...")) return 2;
  c->mode = WHT_MODE_MERGE;
  c->merge_out = a;
  return 0;
}

static int set_resume(wht_sweep_config *c, const char *o, const char *a) { (void)o, (void)a; return c->resume = 1, 0; }
static int set_force(wht_sweep_config *c, const char *o, const char *a) { (void)o, (void)a; return c->force = 1, 0; }
static int set_supersede(wht_sweep_config *c, const char *o, const char *a) { (void)o, (void)a; return c->supersede = 1, 0; }
static int set_list(wht_sweep_config *c, const char *o, const char *a) { (void)o, (void)a; return c->mode = WHT_MODE_LIST, 0; }
static int set_help(wht_sweep_config *c, const char *o, const char *a) { (void)o, (void)a; return c->mode = WHT_MODE_HELP, 0; }

/* grid: options that describe a sweep (refused with --merge) */
static const struct {
  const char *name;
  char short_name;
  const char *arg; /* NULL: a flag */
  handler set;
  int grid;
  const char *help;
} options[] = {
  { "algo", 0, "LIST", set_algo, 1, "algorithms (registry names), comma separated, or all [all]" },
  { "format", 0, "LIST", set_format, 1, "f64, f32, f16, bf16, comma separated, or all [all]" },
  { "dist", 0, "LIST", set_dist, 1, "pmone, norm, relu-norm, pagh-norm, pagh-pmone, or all [all]" },
  { "op", 0, "LIST", set_op, 1, "one-way, two-way, smoothed, xor-conv, or all [all]" },
  { "log2n", 0, "LIST", set_log2n, 1, "sizes n = 2^k: K, A:B, A:B:STEP or a comma list of them [3:16]" },
  { "trials", 0, "N", set_trials, 1, "trials per cell, each with its own data [1]" },
  { "seed", 0, "S", set_seed, 1, "global seed, unsigned 64-bit [1]" },
  { "tau", 0, "LIST", set_tau, 1, "thresholds of the smoothed operation, comma separated (each a cell) [1.0]" },
  { "backend", 0, "B", set_backend, 1, "cpu, gpu, or auto: the GPU where present and the algorithm has a GPU path [auto]" },
  { "oracle", 0, "WHERE", set_oracle, 1, "exact oracle on cpu, gpu, or auto: the GPU's fixed-point engine where a GPU is present and the exact values fit its 256 bits, else the CPU [auto]" },
  { "threads", 0, "N", set_threads, 1, "host threads of the oracle, conversions and metrics; no row depends on it [all cores, or OMP_NUM_THREADS]" },
  { "shard", 0, "I/N", set_shard, 1, "run only the I-th of N shards of the grid's inputs (every N-th, from the I-th, in the run order): N commands, then --merge of all N (one missing: the merge is marked unfinished) [1/1]" },
  { "output", 'o', "FILE", set_output, 1, "results file [" WHT_SWEEP_DEFAULT_OUTPUT "]" },
  { "log", 0, "LOGFILE", set_log, 1, "append the progress lines (with the ETA) and the run's first and last lines to LOGFILE, each with the UTC time [FILE.log]" },
  { "resume", 0, NULL, set_resume, 1, "continue FILE: run only the cells it lacks (same seed, a tau of the file)" },
  { "force", 0, NULL, set_force, 0, "overwrite an existing FILE (or merge OUT); a results file only, never another file" },
  { "list", 0, NULL, set_list, 0, "list algorithms (formats, backends), formats, distributions, operations" },
  { "merge", 0, "OUT", set_merge, 0, "merge result files: wht-sweep --merge OUT IN... [--force] [--supersede]" },
  { "supersede", 0, NULL, set_supersede, 0, "with --merge: a cell (or a timed case) in several inputs takes the last input's row (regenerated rows replace stale ones; counted in merged_from)" },
  { "help", 'h', NULL, set_help, 0, "this help" },
};
#define NOPTIONS (sizeof options / sizeof options[0])

void wht_sweep_usage(FILE *f)
{
  fprintf(f, "Usage: wht-sweep [OPTION]...\n"
             "       wht-sweep --merge OUT IN... [--force] [--supersede]\n"
             "Accuracy sweep: every cell (algorithm, backend, format, dist, op, log2n, trial)\n"
             "runs once against the exact oracle and appends one row to FILE (data/README.md).\n\n");
  for (size_t i = 0; i < NOPTIONS; i++) {
    char lhs[40], sh[8] = "    ";
    if (options[i].short_name) snprintf(sh, sizeof sh, "-%c, ", options[i].short_name);
    snprintf(lhs, sizeof lhs, "%s--%s%s%s", sh, options[i].name, options[i].arg ? " " : "",
             options[i].arg ? options[i].arg : "");
    fprintf(f, "  %-22s %s\n", lhs, options[i].help);
  }
  fprintf(f, "\nAn existing FILE is refused unless --resume or --force.\n"
             "Exit status: 0 ok; 2 the command cannot run as given (a bad option or value, an\n"
             "unusable input; nothing written); 1 the run failed or FILE could not be written.\n");
}

int wht_sweep_parse(int argc, char **argv, wht_sweep_config *c)
{
  struct option lo[NOPTIONS + 1];
  char shorts[2 * NOPTIONS + 2] = ":";
  int given[NOPTIONS] = { 0 };
  memset(c, 0, sizeof *c);
  memset(c->algo, 1, sizeof c->algo);
  memset(c->fmt, 1, sizeof c->fmt);
  memset(c->dist, 1, sizeof c->dist);
  memset(c->op, 1, sizeof c->op);
  c->kmin = 3, c->kmax = 16, c->trials = 1, c->seed = 1, c->tau = 1.0;
  c->log2n = ((uint64_t)1 << 17) - ((uint64_t)1 << 3), c->log2n_text = "3:16";
  c->taus[0] = 1.0, c->ntau = 1, c->tau_text = "1";
  c->backend = WHT_SWEEP_AUTO;
  c->oracle = WHT_ORACLE_ON_AUTO;
  c->shard = 0, c->shards = 1;
  c->output = WHT_SWEEP_DEFAULT_OUTPUT;
  wht_h5_command_line(c->command_line, sizeof c->command_line, "wht-sweep", argc, argv);

  for (size_t i = 0; i < NOPTIONS; i++) {
    lo[i] = (struct option){ options[i].name, options[i].arg ? required_argument : no_argument, NULL, 256 + (int)i };
    if (options[i].short_name) {
      size_t l = strlen(shorts);
      shorts[l] = options[i].short_name;
      shorts[l + 1] = options[i].arg ? ':' : '\0';
      shorts[l + 2] = '\0';
    }
  }
  lo[NOPTIONS] = (struct option){ 0, 0, 0, 0 };
  opterr = 0;
  optind = 1;
  for (;;) {
    int ch = getopt_long(argc, argv, shorts, lo, NULL), idx = -1;
    if (ch == -1) break;
    if (ch == '?' || ch == ':') {
      const char *bad = argv[optind - 1];
      char acc[512];
      size_t off = 0;
      for (size_t i = 0; i < NOPTIONS; i++)
        off += (size_t)snprintf(acc + off, sizeof acc - off, "%s--%s", i ? ", " : "", options[i].name);
      if (ch == ':') {
        const char *argname = "a value";
        for (size_t i = 0; i < NOPTIONS; i++)
          if (optopt == 256 + (int)i || (optopt && optopt == options[i].short_name)) argname = options[i].arg;
        return wht_sweep_usage_error("%s: missing argument (accepted: %s %s)", bad, bad, argname);
      }
      /* a short option may sit in a cluster such as -xo: name just it */
      char shortname[3] = { '-', (char)optopt, 0 };
      return wht_sweep_usage_error("%s: unknown option (accepted: %s)", optopt > 0 && optopt < 256 ? shortname : bad,
                                   acc);
    }
    if (ch >= 256)
      idx = ch - 256;
    else
      for (size_t i = 0; i < NOPTIONS; i++)
        if (options[i].short_name == ch) idx = (int)i;
    if (idx < 0) return wht_sweep_usage_error("internal error: option %d", ch);
    /* a second output file would silently replace the first (--merge A x
     * --merge B y merged both into B) */
    if (given[idx] && options[idx].set == set_merge)
      return wht_sweep_usage_error("--%s given twice (accepted: one --merge OUT IN...)", options[idx].name);
    if (given[idx] && options[idx].set == set_output)
      return wht_sweep_usage_error("--%s given twice (accepted: one output file)", options[idx].name);
    if (given[idx] && options[idx].set == set_log)
      return wht_sweep_usage_error("--%s given twice (accepted: one log file)", options[idx].name);
    /* the modes exclude each other (--help excepted, which shows the help) */
    if ((options[idx].set == set_merge && c->mode == WHT_MODE_LIST) ||
        (options[idx].set == set_list && c->mode == WHT_MODE_MERGE))
      return wht_sweep_usage_error("--list and --merge: choose one (accepted: --list alone, or --merge OUT IN...)");
    given[idx] = 1;
    if (options[idx].set(c, options[idx].name, optarg) != 0) return 2;
  }
  if (c->mode == WHT_MODE_HELP) return 0;
  if (c->mode == WHT_MODE_LIST) { /* it lists the registry: nothing else applies */
    for (size_t i = 0; i < NOPTIONS; i++)
      if (given[i] && options[i].set != set_list)
        return wht_sweep_usage_error("--%s with --list: --list takes no other option (accepted: --list alone)",
                                     options[i].name);
    if (optind < argc)
      return wht_sweep_usage_error("%s: unexpected argument (accepted: --list alone)", argv[optind]);
    return 0;
  }
  if (c->mode == WHT_MODE_MERGE) {
    for (size_t i = 0; i < NOPTIONS; i++)
      if (given[i] && options[i].grid)
        return wht_sweep_usage_error("--%s: not an option of --merge (accepted: --merge OUT IN... [--force] [--supersede])",
                                     options[i].name);
    if (optind >= argc)
      return wht_sweep_usage_error("--merge %s: no input files (accepted: --merge OUT IN... [--force] [--supersede])", c->merge_out);
    c->merge_in = argv + optind;
    c->nmerge_in = argc - optind;
    return 0;
  }
  if (c->supersede)
    return wht_sweep_usage_error("--supersede: only with --merge (accepted: --merge OUT IN... --supersede)");
  if (optind < argc)
    return wht_sweep_usage_error("%s: unexpected argument (accepted: options only; see --help)", argv[optind]);
  if (c->resume && c->force)
    return wht_sweep_usage_error("--resume with --force: choose one (accepted: --resume to continue %s, --force to "
                                 "overwrite it)", c->output);
  return check_env();
}
