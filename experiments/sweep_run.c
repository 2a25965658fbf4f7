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
 * result, the algorithms in groups (up to WHT_GROUP_MAX) whose outputs go
 * together to the rows stage (sweep_rows.h: metrics, rows in this order).
 * Cells already in the file are skipped; an input set none of whose cells
 * is missing is not even drawn. --shard I/N keeps the input sets whose
 * index in this order is I-1 mod N. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "wht_ops.h"
#include "sweep_cli.h"
#include "sweep_progress.h"
#include "sweep_buffers.h"
#include "sweep_rows.h"
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

/* adds the time since *mark to *acc, moves the mark to now; returns the lap */
static double lap(double *acc, double *mark)
{
  const double t = wht_sweep_now(), d = t - *mark;
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

typedef struct {
  const wht_sweep_config *c;
  const wht_sweep_grid *g;
  wht_h5 *h;
  const wht_keyset *done;
  wht_sweep_summary *s;
  wht_progress prog;
  wht_sweep_buffers b;
  unsigned vslot, yslot; /* the buffer slots the next oracle run and group fill */
  wht_rows rows;
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
  int o = snprintf(out, len, "time split%s:", s->overlapped ? " (metrics and file on a thread of their own, beside the rest)" : "");
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
  wht_sweep_buffers *b = &L->b;
  double *phase = L->s->phase_s, mark = wht_sweep_now();
  /* the other slot than the last oracle's: the metrics of its last group
   * may still be reading it (sweep_rows.h) */
  const unsigned vs = L->vslot;
  L->vslot = (L->vslot + 1) % b->slots;
  for (unsigned i = 0; i < inputs; i++) {
    wht_store_doubles(f, b->fmt[i], b->draw[i], n);
    wht_load_doubles(f, b->exact[i], b->fmt[i], n);
  }
  lap(&phase[WHT_PHASE_ROUND], &mark);
  /* ops.c thresholds at tau rounded to the format: the oracle must too */
  wht_oracle_status os = wht_oracle_run_on(L->oracle, op, k, b->exact[0], inputs > 1 ? b->exact[1] : NULL,
                                           wht_round_to_format(tau, f), b->v[vs], &info, msg, sizeof msg);
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
   * output, then the group goes to the rows stage (its metrics computed
   * together, its rows appended in the algorithms' order) */
  for (size_t j0 = 0; j0 < np; j0 += b->group) {
    wht_rows_group G = { .f = f, .k = k, .v = b->v[vs], .exact_nonfinite = os == WHT_ORACLE_NONFINITE };
    double *const *y = b->y[L->yslot];
    for (size_t j = j0; j < np && G.ng < b->group; j++) {
      const wht_sweep_algo *a = &L->g->algo[idx[j]];
      wht_result_row *r = &G.r[G.ng];
      wht_sweep_cell_key(r, L->c, a, f, d, op, k, t, tau);
      for (unsigned i = 0; i < inputs; i++) memcpy(b->work[i], b->fmt[i], bytes);
      mark = wht_sweep_now();
      wht_status st = wht_op_execute(op, a->info->name, f, a->backend, k, tau, b->work[0],
                                     inputs > 1 ? b->work[1] : NULL, &G.nonfinite[G.ng]);
      r->run_s = lap(&phase[WHT_PHASE_RUN], &mark);
      if (st != WHT_OK) {
        wht_row_key_text(r, key, sizeof key);
        fprintf(stderr, "wht-sweep: cell %s failed: %s\n", key, wht_strerror(st));
        return 1;
      }
      r->oracle_prec = (int32_t)info.prec;
      r->oracle_s = info.seconds;
      wht_load_doubles(f, y[G.ng], b->work[0], n);
      lap(&phase[WHT_PHASE_ROUND], &mark);
      G.y[G.ng] = y[G.ng];
      G.ng++;
      if (stop_requested) break; /* finish this cell: its row is saved */
    }
    if (wht_rows_submit(&L->rows, &G) != 0) return 1;
    L->yslot = (L->yslot + 1) % b->slots;
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
        double mark = wht_sweep_now();
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

/* 1 when the input set with index `set` in the run order (the selected
 * (log2n, dist, op, trial) in the loops' order, whatever the file holds)
 * belongs to this run's --shard */
static int in_shard(const wht_sweep_config *c, uint64_t set) { return set % c->shards == c->shard; }

/* cells of the grid (of this shard), those to run, and their work (a
 * signal stops the count: a huge --trials takes a while) */
static void count_cells(const loop *L, uint64_t *total, uint64_t *todo, double *work)
{
  size_t idx[WHT_SWEEP_MAX_ALGOS];
  uint64_t set = 0;
  *total = *todo = 0;
  *work = 0;
  for (unsigned k = L->c->kmin; k <= L->c->kmax && !stop_requested; k++)
    for (int d = 0; d < WHT_NDISTS && (L->c->log2n >> k & 1); d++)
      for (int op = 0; op < WHT_NOPS; op++)
        for (unsigned t = 0; t < L->c->trials && !stop_requested; t++) {
          if (!L->c->dist[d] || !L->c->op[op] || !in_shard(L->c, set++)) continue;
          for (unsigned it = 0; it < op_taus(L->c, (wht_op)op); it++)
            for (int f = 0; f < WHT_NFORMATS; f++) {
              if (!L->c->fmt[f]) continue;
              for (size_t i = 0; i < L->g->nalgo; i++) *total += (L->g->algo[i].formats >> f) & 1u;
              size_t np = pending(L, (wht_format)f, (wht_dist)d, (wht_op)op, k, t, L->c->taus[it], idx);
              *todo += np;
              *work += (double)np * wht_cell_work(k);
            }
        }
}

/* Whether the rows stage gets a thread of its own (sweep_rows.h). It
 * pays only where the host has cycles to spare while the GPU works: two
 * OpenMP teams (the metrics' and the loop's) whose idle threads spin take
 * each other's cores. Measured on a 16-core H100 host, thesis grid k =
 * 3..25 (docs/PERFORMANCE.md): spinning (libgomp's default) 190 s in
 * place, 217 s overlapped; OMP_WAIT_POLICY=passive (the sweep scripts'
 * setting) 259 s in place, 185 s overlapped. So the default is to overlap
 * in a sweep that uses the GPU when the wait policy is passive;
 * WHT_SWEEP_OVERLAP=0 or 1 decides instead (the tests use it to run the
 * thread without a GPU). */
static int overlap_wanted(int gpu_used)
{
  const char *e = getenv("WHT_SWEEP_OVERLAP"), *w = getenv("OMP_WAIT_POLICY");
  if (e && (!strcmp(e, "0") || !strcmp(e, "1"))) return *e == '1';
  return gpu_used && w && !strcasecmp(w, "passive");
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
  /* a sweep that uses the GPU pins its buffers; overlapped, it computes
   * the metrics of a group on a thread of its own while the GPU runs the
   * next (two buffer slots) */
  int gpu_used = L.oracle == WHT_ORACLE_ON_GPU;
  for (size_t i = 0; i < g->nalgo; i++) gpu_used |= g->algo[i].backend == WHT_BACKEND_GPU;
  const unsigned slots = overlap_wanted(gpu_used) ? 2 : 1;
  if (todo > 0 && wht_sweep_buffers_alloc(&L.b, c->kmax, c->op[WHT_OP_XOR_CONV] ? 2 : 1, gpu_used,
                                          wht_sweep_group_size(g, c->kmax, slots), slots) != 0) {
    wht_sweep_buffers_free(&L.b);
    fprintf(stderr, "wht-sweep: out of memory for cells of size 2^%u\n", c->kmax);
    return 1;
  }
  wht_progress_start(&L.prog, todo, work);
  wht_rows_start(&L.rows, h, &L.prog, s, slots == 2); /* a thread that cannot start: in place */
  s->overlapped = L.rows.threaded;
  uint64_t set = 0; /* the input sets' index in the run order, for --shard */
  for (unsigned k = c->kmin; k <= c->kmax && rc == 0 && !stop_requested && todo; k++)
    for (int d = 0; d < WHT_NDISTS && rc == 0 && !stop_requested; d++)
      for (int op = 0; op < WHT_NOPS && rc == 0 && !stop_requested; op++)
        for (unsigned t = 0; t < c->trials && rc == 0 && !stop_requested; t++)
          if (c->dist[d] && c->op[op] && (c->log2n >> k & 1) && in_shard(c, set++))
            rc = run_input_set(&L, (wht_dist)d, (wht_op)op, k, t);
  if (wht_rows_stop(&L.rows) != 0) rc = 1;
  wht_progress_end(&L.prog);
  s->seconds = wht_progress_elapsed(&L.prog);
  if (rc == 0 && stop_requested) {
    s->interrupted = 1;
    rc = 1;
  }
  wht_sweep_buffers_free(&L.b);
  return rc;
}
