/* sweep_run.c - the sweep loop, in a fixed order:
 *
 *   log2n (ascending) > dist > op > trial > tau > format > algorithm (registry order)
 *
 * Only the smoothed operation uses tau: it runs once per --tau; the other
 * operations run once, their rows carrying the first tau, and count as
 * done when the file holds them under any tau of the list.
 * The f64 input(s) of a (dist, op, log2n, trial) are drawn once from their
 * own streams (dist.c), so every format and algorithm sees the same data
 * and no cell depends on which others run. Per format the inputs are
 * rounded to the format and loaded back exactly, the oracle runs once on
 * those values, and every algorithm of that format is measured against its
 * result. Cells already in the file are skipped; an input set none of whose
 * cells is missing is not even drawn. */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "wht_metrics.h"
#include "wht_ops.h"
#include "sweep_cli.h"
#include "sweep_progress.h"
#include "sweep_run.h"

static volatile sig_atomic_t stop_requested;
static void on_signal(int sig) { (void)sig; stop_requested = 1; }

/* first SIGINT/SIGTERM: finish the cell, publish, exit 1; a second kills */
static void catch_signals(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* adds the time since *mark to *acc, moves the mark to now; returns the lap */
static double lap(double *acc, double *mark)
{
  const double t = now(), d = t - *mark;
  *acc += d, *mark = t;
  return d;
}

void wht_sweep_cell_key(wht_result_row *r, const wht_sweep_config *c, const wht_sweep_algo *a, wht_format f,
                        wht_dist d, wht_op op, unsigned k, unsigned trial, double tau)
{
  memset(r, 0, sizeof *r);
  snprintf(r->algorithm, sizeof r->algorithm, "%s", a->info->name);
  snprintf(r->backend, sizeof r->backend, "%s", a->backend == WHT_BACKEND_GPU ? "gpu" : "cpu");
  snprintf(r->format, sizeof r->format, "%s", wht_format_name(f));
  snprintf(r->dist, sizeof r->dist, "%s", wht_dist_name(d));
  snprintf(r->op, sizeof r->op, "%s", wht_op_name(op));
  r->log2n = (int32_t)k;
  r->trial = (int32_t)trial;
  r->seed = c->seed;
  r->tau = tau;
}

/* buffers for the largest cell, allocated once per sweep and reused by every cell */
/* outputs whose metrics are computed together (wht_metrics_compute_many:
 * their serial sums run side by side), at most */
#define GROUP_MAX 8

typedef struct {
  double *draw[2], *exact[2], *y[GROUP_MAX];
  void *fmt[2], *work[2];
  wht_dd *v;
  unsigned group; /* the y buffers allocated: 1 .. GROUP_MAX */
} buffers;

static void buffers_free(buffers *b)
{
  for (int i = 0; i < 2; i++)
    wht_host_free(b->draw[i]), wht_host_free(b->exact[i]), wht_host_free(b->fmt[i]), wht_host_free(b->work[i]);
  for (unsigned j = 0; j < GROUP_MAX; j++) free(b->y[j]);
  wht_host_free(b->v);
}

/* pinned: the buffers a GPU reads or writes (the operation's work buffers,
 * the oracle's input and output) are page-locked (wht_host_alloc), which
 * makes the copies of a GPU cell several times faster than from pageable
 * memory; a CPU-only sweep does not pin anything */
/* outputs per group: what the grid's formats need, and no more than a
 * quarter of the physical memory in output buffers */
static unsigned group_size(const wht_sweep_grid *g, unsigned k)
{
  unsigned most = 1;
  for (int f = 0; f < WHT_NFORMATS; f++) {
    unsigned nf = 0;
    for (size_t i = 0; i < g->nalgo; i++) nf += (g->algo[i].formats >> f) & 1u;
    if (nf > most) most = nf;
  }
  const double bytes = ldexp(sizeof(double), (int)k), phys = (double)sysconf(_SC_PHYS_PAGES) * (double)sysconf(_SC_PAGESIZE);
  while (most > 1 && most * bytes > phys / 4) most--;
  return most < GROUP_MAX ? most : GROUP_MAX;
}

static int buffers_alloc(buffers *b, unsigned k, unsigned inputs, int pinned, unsigned group)
{
  size_t n = (size_t)1 << k;
  void *(*alloc_dev)(size_t) = pinned ? wht_host_alloc : malloc;
  memset(b, 0, sizeof *b);
  for (unsigned i = 0; i < inputs; i++) {
    b->draw[i] = malloc(n * sizeof(double));
    b->exact[i] = alloc_dev(n * sizeof(double));
    b->fmt[i] = malloc(n * sizeof(double)); /* the widest format */
    b->work[i] = alloc_dev(n * sizeof(double));
    if (!b->draw[i] || !b->exact[i] || !b->fmt[i] || !b->work[i]) return -1;
  }
  b->group = group;
  for (unsigned j = 0; j < group; j++)
    if (!(b->y[j] = malloc(n * sizeof(double)))) return -1;
  b->v = alloc_dev(n * sizeof(wht_dd));
  if (!b->v) return -1;
  /* touched once here, so that no cell's oracle_s or run_s pays the page
   * faults of the first use (about 0.2 s for the 512 MiB of v at k = 25) */
  for (unsigned i = 0; i < inputs; i++) {
    memset(b->draw[i], 0, n * sizeof(double)), memset(b->exact[i], 0, n * sizeof(double));
    memset(b->fmt[i], 0, n * sizeof(double)), memset(b->work[i], 0, n * sizeof(double));
  }
  for (unsigned j = 0; j < group; j++) memset(b->y[j], 0, n * sizeof(double));
  memset(b->v, 0, n * sizeof(wht_dd));
  return 0;
}

typedef struct {
  const wht_sweep_config *c;
  const wht_sweep_grid *g;
  wht_h5 *h;
  const wht_keyset *done;
  wht_sweep_summary *s;
  wht_progress prog;
  buffers b;
  wht_oracle_device oracle; /* --oracle resolved: CPU or GPU */
} loop;

/* the taus op runs with: all of --tau for smoothed, the first otherwise */
static unsigned op_taus(const wht_sweep_config *c, wht_op op) { return op == WHT_OP_SMOOTHED ? c->ntau : 1; }

/* 1 when the file holds the cell; an operation without tau is done under any tau of the list */
static int cell_done(const loop *L, const wht_sweep_algo *a, wht_format f, wht_dist d, wht_op op, unsigned k,
                     unsigned t, double tau)
{
  wht_result_row key;
  if (!L->done) return 0;
  wht_sweep_cell_key(&key, L->c, a, f, d, op, k, t, tau);
  if (wht_keyset_has(L->done, &key)) return 1;
  for (unsigned j = 0; op != WHT_OP_SMOOTHED && j < L->c->ntau; j++) {
    key.tau = L->c->taus[j];
    if (wht_keyset_has(L->done, &key)) return 1;
  }
  return 0;
}

/* algorithms of format f whose cell (d, op, k, t, tau) is missing; returns count */
static size_t pending(const loop *L, wht_format f, wht_dist d, wht_op op, unsigned k, unsigned t, double tau,
                      size_t *idx)
{
  size_t np = 0;
  for (size_t i = 0; i < L->g->nalgo; i++) {
    const wht_sweep_algo *a = &L->g->algo[i];
    if (!(a->formats & (1u << f))) continue;
    if (!cell_done(L, a, f, d, op, k, t, tau)) idx[np++] = i;
  }
  return np;
}

static void fill_metrics(wht_result_row *r, const wht_metrics *m)
{
  r->max_abs = m->max_abs, r->mean_abs = m->mean_abs, r->mean_rel = m->mean_rel, r->max_rel = m->max_rel;
  r->n_zero = m->n_zero, r->zero_miss = m->zero_miss;
  r->norm_rel = m->norm_rel, r->max_ulp = m->max_ulp;
  r->n_nonfinite = m->n_nonfinite;
  snprintf(r->status, sizeof r->status, "%s", wht_run_status_name(m->status));
}

/* the oracle could not give a finite exact result (an input is not finite
 * in the format): the cell overflowed before the algorithm mattered */
static void overflow_metrics(wht_metrics *m, const double *y, uint64_t n)
{
  memset(m, 0, sizeof *m);
  m->max_abs = m->mean_abs = m->mean_rel = m->max_rel = m->norm_rel = m->max_ulp = NAN;
  for (uint64_t i = 0; i < n; i++) m->n_nonfinite += !(y[i] - y[i] == 0);
  m->status = WHT_RUN_OVERFLOW;
}

/* where the oracle ran, and the first distinct reasons it fell back */
static void note_oracle(wht_sweep_summary *s, const wht_oracle_info *info)
{
  if (info->on_gpu) {
    s->oracle_gpu++;
    return;
  }
  s->oracle_cpu++;
  if (!info->fallback[0]) return;
  for (unsigned i = 0; i < s->oracle_nwhy; i++)
    if (strcmp(s->oracle_why[i], info->fallback) == 0) return;
  if (s->oracle_nwhy < 3) snprintf(s->oracle_why[s->oracle_nwhy++], sizeof s->oracle_why[0], "%s", info->fallback);
}

void wht_sweep_oracle_note(const wht_sweep_config *c, const wht_sweep_summary *s, char *out, size_t len)
{
  static const char *const asked[] = { "cpu", "gpu", "auto" };
  int o = snprintf(out, len, "--oracle %s: %llu runs on the GPU, %llu on the CPU", asked[c->oracle],
                   (unsigned long long)s->oracle_gpu, (unsigned long long)s->oracle_cpu);
  for (unsigned i = 0; i < s->oracle_nwhy && o > 0 && (size_t)o < len; i++)
    o += snprintf(out + o, len - (size_t)o, "%s%s", i ? "; " : " (fell back: ", s->oracle_why[i]);
  if (s->oracle_nwhy && o > 0 && (size_t)o < len) o += snprintf(out + o, len - (size_t)o, ")");
  if (o > 0 && (size_t)o < len) o += snprintf(out + o, len - (size_t)o, "; --threads %d", s->threads);
  if (c->threads > s->threads && o > 0 && (size_t)o < len)
    snprintf(out + o, len - (size_t)o, " (asked for %d: libwht is built without OpenMP)", c->threads);
}

void wht_sweep_phase_note(const wht_sweep_summary *s, char *out, size_t len)
{
  static const char *const names[WHT_SWEEP_NPHASES] = { "draw", "rounding", "oracle", "operation", "metrics",
                                                       "file" };
  int o = snprintf(out, len, "time split:");
  for (int i = 0; i < WHT_SWEEP_NPHASES && o > 0 && (size_t)o < len; i++)
    o += snprintf(out + o, len - (size_t)o, "%s %s %.2fs", i ? "," : "", names[i], s->phase_s[i]);
}

/* one (format, dist, op, k, trial, tau) input set: oracle once, then each algorithm */
static int run_format(loop *L, wht_format f, wht_dist d, wht_op op, unsigned k, unsigned t, double tau,
                      const size_t *idx, size_t np)
{
  const uint64_t n = (uint64_t)1 << k;
  const unsigned inputs = wht_op_inputs(op);
  const size_t bytes = (size_t)n * wht_format_size(f);
  char msg[512], key[200];
  wht_oracle_info info;
  buffers *b = &L->b;
  double *phase = L->s->phase_s, mark = now();
  for (unsigned i = 0; i < inputs; i++) {
    wht_store_doubles(f, b->fmt[i], b->draw[i], n);
    wht_load_doubles(f, b->exact[i], b->fmt[i], n);
  }
  lap(&phase[WHT_PHASE_ROUND], &mark);
  /* ops.c thresholds at tau rounded to the format: the oracle must too */
  wht_oracle_status os = wht_oracle_run_on(L->oracle, op, k, b->exact[0], inputs > 1 ? b->exact[1] : NULL,
                                           wht_round_to_format(tau, f), b->v, &info, msg, sizeof msg);
  lap(&phase[WHT_PHASE_ORACLE], &mark);
  note_oracle(L->s, &info);
  if (os != WHT_ORACLE_OK && os != WHT_ORACLE_OVERFLOW && os != WHT_ORACLE_NONFINITE) {
    wht_result_row r;
    wht_sweep_cell_key(&r, L->c, &L->g->algo[idx[0]], f, d, op, k, t, tau);
    wht_row_key_text(&r, key, sizeof key);
    fprintf(stderr, "wht-sweep: oracle failed for %s, %s: %s\n", key, wht_oracle_status_name(os), msg);
    return 1;
  }
  /* the algorithms in groups of up to b->group: each runs and keeps its
   * output, then the group's metrics are computed together and its rows
   * appended in the algorithms' order */
  for (size_t j0 = 0; j0 < np; j0 += b->group) {
    wht_result_row r[GROUP_MAX];
    wht_metrics m[GROUP_MAX];
    int nonfinite[GROUP_MAX];
    size_t ng = 0;
    for (size_t j = j0; j < np && ng < b->group; j++, ng++) {
      const wht_sweep_algo *a = &L->g->algo[idx[j]];
      wht_sweep_cell_key(&r[ng], L->c, a, f, d, op, k, t, tau);
      for (unsigned i = 0; i < inputs; i++) memcpy(b->work[i], b->fmt[i], bytes);
      mark = now();
      wht_status st = wht_op_execute(op, a->info->name, f, a->backend, k, tau, b->work[0],
                                     inputs > 1 ? b->work[1] : NULL, &nonfinite[ng]);
      r[ng].run_s = lap(&phase[WHT_PHASE_RUN], &mark);
      if (st != WHT_OK) {
        wht_row_key_text(&r[ng], key, sizeof key);
        fprintf(stderr, "wht-sweep: cell %s failed: %s\n", key, wht_strerror(st));
        return 1;
      }
      wht_load_doubles(f, b->y[ng], b->work[0], n);
      lap(&phase[WHT_PHASE_METRICS], &mark);
      if (stop_requested) { /* finish this cell: its row is saved */
        ng++;
        break;
      }
    }
    if (os == WHT_ORACLE_NONFINITE)
      for (size_t j = 0; j < ng; j++) overflow_metrics(&m[j], b->y[j], n);
    else
      wht_metrics_compute_many(f, (const double *const *)b->y, b->v, n, nonfinite, m, ng);
    lap(&phase[WHT_PHASE_METRICS], &mark);
    for (size_t j = 0; j < ng; j++) {
      fill_metrics(&r[j], &m[j]);
      r[j].oracle_prec = (int32_t)info.prec;
      r[j].oracle_s = info.seconds;
      const int wrote = wht_h5_append_result(L->h, &r[j]);
      if (wrote != 0) {
        fprintf(stderr, "wht-sweep: %s\n", wht_h5_error(L->h));
        return 1;
      }
      L->s->cells_run++;
      L->s->overflow += m[j].status == WHT_RUN_OVERFLOW;
      wht_progress_step(&L->prog, 1, wht_cell_work(k));
    }
    lap(&phase[WHT_PHASE_FILE], &mark);
    if (stop_requested) break;
  }
  return 0;
}

static int run_input_set(loop *L, wht_dist d, wht_op op, unsigned k, unsigned t)
{
  const uint64_t n = (uint64_t)1 << k;
  size_t idx[WHT_SWEEP_MAX_ALGOS];
  int drawn = 0;
  for (unsigned it = 0; it < op_taus(L->c, op); it++) {
    const double tau = L->c->taus[it];
    for (int f = 0; f < WHT_NFORMATS; f++) {
      if (!L->c->fmt[f]) continue;
      size_t np = pending(L, (wht_format)f, d, op, k, t, tau, idx);
      if (np == 0) continue;
      if (!drawn) {
        double mark = now();
        for (unsigned i = 0; i < wht_op_inputs(op); i++)
          if (wht_dist_fill(d, wht_cell_stream(L->c->seed, d, op, k, t, i), L->b.draw[i], n) != 0) {
            fprintf(stderr, "wht-sweep: out of memory drawing %s inputs of size 2^%u\n", wht_dist_name(d), k);
            return 1;
          }
        drawn = 1;
        lap(&L->s->phase_s[WHT_PHASE_DRAW], &mark);
      }
      if (run_format(L, (wht_format)f, d, op, k, t, tau, idx, np) != 0) return 1;
      if (stop_requested) return 0;
    }
  }
  return 0;
}

/* cells of the grid, those to run, and their work (a signal stops the
 * count: a huge --trials takes a while) */
static void count_cells(const loop *L, uint64_t *total, uint64_t *todo, double *work)
{
  size_t idx[WHT_SWEEP_MAX_ALGOS];
  *total = *todo = 0;
  *work = 0;
  for (unsigned k = L->c->kmin; k <= L->c->kmax && !stop_requested; k++)
    for (int d = 0; d < WHT_NDISTS && (L->c->log2n >> k & 1); d++)
      for (int op = 0; op < WHT_NOPS; op++)
        for (unsigned t = 0; t < L->c->trials && !stop_requested; t++)
          for (unsigned it = 0; it < op_taus(L->c, (wht_op)op); it++)
          for (int f = 0; f < WHT_NFORMATS; f++) {
            if (!L->c->dist[d] || !L->c->op[op] || !L->c->fmt[f]) continue;
            for (size_t i = 0; i < L->g->nalgo; i++) *total += (L->g->algo[i].formats >> f) & 1u;
            size_t np = pending(L, (wht_format)f, (wht_dist)d, (wht_op)op, k, t, L->c->taus[it], idx);
            *todo += np;
            *work += (double)np * wht_cell_work(k);
          }
}

int wht_sweep_run(const wht_sweep_config *c, const wht_sweep_grid *g, wht_h5 *h, const wht_keyset *done,
                  wht_sweep_summary *s)
{
  loop L = { .c = c, .g = g, .h = h, .done = done, .s = s };
  L.oracle = c->oracle == WHT_ORACLE_ON_AUTO ? (wht_gpu_available() ? WHT_ORACLE_ON_GPU : WHT_ORACLE_ON_CPU)
                                             : c->oracle;
  uint64_t todo;
  double work;
  int rc = 0;
  memset(s, 0, sizeof *s);
  s->threads = wht_get_threads();
  catch_signals();
  count_cells(&L, &s->cells_total, &todo, &work);
  s->cells_skipped = s->cells_total - todo;
  int gpu_used = L.oracle == WHT_ORACLE_ON_GPU;
  for (size_t i = 0; i < g->nalgo; i++) gpu_used |= g->algo[i].backend == WHT_BACKEND_GPU;
  if (todo > 0 && buffers_alloc(&L.b, c->kmax, c->op[WHT_OP_XOR_CONV] ? 2 : 1, gpu_used, group_size(g, c->kmax)) != 0) {
    buffers_free(&L.b);
    fprintf(stderr, "wht-sweep: out of memory for cells of size 2^%u\n", c->kmax);
    return 1;
  }
  wht_progress_start(&L.prog, todo, work);
  for (unsigned k = c->kmin; k <= c->kmax && rc == 0 && !stop_requested && todo; k++)
    for (int d = 0; d < WHT_NDISTS && rc == 0 && !stop_requested; d++)
      for (int op = 0; op < WHT_NOPS && rc == 0 && !stop_requested; op++)
        for (unsigned t = 0; t < c->trials && rc == 0 && !stop_requested; t++)
          if (c->dist[d] && c->op[op] && (c->log2n >> k & 1)) rc = run_input_set(&L, (wht_dist)d, (wht_op)op, k, t);
  wht_progress_end(&L.prog);
  s->seconds = wht_progress_elapsed(&L.prog);
  if (rc == 0 && stop_requested) {
    s->interrupted = 1;
    rc = 1;
  }
  buffers_free(&L.b);
  return rc;
}
