/* sweep_worker.c - one input set at a time (sweep_worker.h). In a set the
 * order is tau > format > algorithm (registry order): only the smoothed
 * operation uses tau, once per --tau; the other operations run once,
 * their rows carrying the first tau. The f64 input(s) of a set are drawn
 * once from their own streams (dist.c), so every format and algorithm
 * sees the same data and no cell depends on which others run. Per format
 * the inputs are rounded to the format and loaded back exactly, the oracle
 * runs once on those values, and every algorithm of that format is
 * measured against its result, the algorithms in groups (up to
 * WHT_GROUP_MAX) whose outputs go together to the rows stage (metrics,
 * rows in this order). A set none of whose cells is missing is not drawn. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "wht_ops.h"
#include "sweep_progress.h"
#include "sweep_buffers.h"
#include "sweep_draws.h"
#include "sweep_knobs.h"
#include "sweep_names.h" /* WHT_SWEEP_KMIN, WHT_SWEEP_KMAX */
#include "sweep_stop.h"
#include "sweep_worker.h"

struct wht_sweep_worker {
  const wht_sweep_config *c;
  const wht_sweep_grid *g;
  wht_sweep_summary *s;
  wht_sweep_buffers b;
  wht_sweep_draws draws;     /* the f64 draws, the next set's ahead when overlapped */
  double *const *x;          /* the current set's draws, per input */
  wht_sweep_set ahead;       /* the set the caller runs next (wht_sweep_worker_ahead) */
  int have_ahead, draw_ahead;
  int allocated, gpu_used;
  wht_rows rows;
  wht_oracle_device oracle; /* --oracle resolved: CPU or GPU */
  char err[1024];
};

/* adds the time since *mark to *acc, moves the mark to now; returns the lap */
static double lap(double *acc, double *mark)
{
  const double t = wht_sweep_now(), d = t - *mark;
  *acc += d, *mark = t;
  return d;
}

wht_oracle_device wht_sweep_oracle_device(const wht_sweep_config *c)
{
  if (c->oracle != WHT_ORACLE_ON_AUTO) return c->oracle;
  return wht_gpu_available() ? WHT_ORACLE_ON_GPU : WHT_ORACLE_ON_CPU;
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

/* WHT_SWEEP_FAIL_LOG2N=K: every cell of size 2^K fails, as a cell whose
 * device fails does; the tests' way to make one rank of a job fail */
static int failure_injected(unsigned k)
{
  unsigned v;
  return wht_knob_uint("WHT_SWEEP_FAIL_LOG2N", WHT_SWEEP_KMIN, WHT_SWEEP_KMAX, &v) == 1 && v == k;
}

/* algorithms of format f whose cell (tau index it) is missing; returns count */
static size_t pending(const wht_sweep_worker *W, const wht_sweep_set *set, unsigned it, wht_format f, size_t *idx)
{
  size_t np = 0;
  for (size_t i = 0; i < W->g->nalgo; i++)
    if ((W->g->algo[i].formats >> f & 1u) && !wht_sweep_set_has(set, wht_sweep_cell_bit(it, f, i))) idx[np++] = i;
  return np;
}

/* WHT_SWEEP_INPUT_COPY=1: each cell's inputs memcpy'd and run in place,
 * the path before wht_op_execute_into (for the timings in
 * docs/PERFORMANCE.md; no row depends on it) */
static int input_copy(void)
{
  static int v = -1;
  int on;
  if (v < 0) v = wht_knob_flag("WHT_SWEEP_INPUT_COPY", &on) == 1 && on;
  return v;
}

/* one (format, set, tau) input: oracle once into exact-result slot vs,
 * then each algorithm */
static int format_cells(wht_sweep_worker *W, wht_format f, const wht_sweep_set *set, double tau, const size_t *idx,
                        size_t np, unsigned vs)
{
  const wht_dist d = (wht_dist)set->d;
  const wht_op op = (wht_op)set->op;
  const unsigned k = set->k, t = set->t;
  const uint64_t n = (uint64_t)1 << k;
  const unsigned inputs = wht_op_inputs(op);
  char msg[512], key[200];
  wht_oracle_info info;
  wht_sweep_buffers *b = &W->b;
  double *phase = W->s->phase_s, mark = wht_sweep_now();
  for (unsigned i = 0; i < inputs; i++) {
    wht_store_doubles(f, b->fmt[i], W->x[i], n);
    wht_load_doubles(f, b->exact[i], b->fmt[i], n);
  }
  lap(&phase[WHT_PHASE_ROUND], &mark);
  /* ops.c thresholds at tau rounded to the format: the oracle must too */
  wht_oracle_status os = wht_oracle_run_on(W->oracle, op, k, b->exact[0], inputs > 1 ? b->exact[1] : NULL,
                                           wht_round_to_format(tau, f), b->v[vs], &info, msg, sizeof msg);
  lap(&phase[WHT_PHASE_ORACLE], &mark);
  note_oracle(W->s, &info);
  if (os != WHT_ORACLE_OK && os != WHT_ORACLE_OVERFLOW && os != WHT_ORACLE_NONFINITE) {
    wht_result_row r;
    wht_sweep_cell_key(&r, W->c, &W->g->algo[idx[0]], f, d, op, k, t, tau);
    wht_row_key_text(&r, key, sizeof key);
    snprintf(W->err, sizeof W->err, "oracle failed for %s, %s: %s", key, wht_oracle_status_name(os), msg);
    return 1;
  }
  /* the algorithms in groups of up to b->group: each runs and keeps its
   * output, then the group goes to the rows stage (its metrics computed
   * together, its rows appended in the algorithms' order) */
  for (size_t j0 = 0; j0 < np; j0 += b->group) {
    wht_rows_group G = { .f = f, .k = k, .v = b->v[vs], .exact_nonfinite = os == WHT_ORACLE_NONFINITE };
    /* room for the group's outputs in the arena (the rows stage's workers
     * may still be reading earlier groups'), the bytes of its format */
    const size_t cells = np - j0 < b->group ? np - j0 : b->group, one = (size_t)n * wht_format_size(f);
    G.ybytes = cells * one, G.vslot = vs;
    G.yoff = wht_rows_take_y(&W->rows, G.ybytes);
    void *y[WHT_GROUP_MAX];
    for (size_t j = 0; j < cells; j++) y[j] = (char *)b->arena + G.yoff + j * one;
    for (size_t j = j0; j < np && G.ng < b->group; j++) {
      const wht_sweep_algo *a = &W->g->algo[idx[j]];
      wht_result_row *r = &G.r[G.ng];
      wht_sweep_cell_key(r, W->c, a, f, d, op, k, t, tau);
      /* the inputs stay in b->fmt for the next algorithm: the result goes
       * to the group's output buffer in the format, which the metrics read
       * as it is (on the GPU backend the inputs go straight from b->fmt to
       * the device and the result straight back; WHT_SWEEP_INPUT_COPY=1:
       * the inputs copied to the output and b->work first and run in place,
       * as before wht_op_execute_into, for comparison) */
      mark = wht_sweep_now();
      wht_status st;
      if (input_copy()) {
        memcpy(y[G.ng], b->fmt[0], (size_t)n * wht_format_size(f));
        if (inputs > 1) memcpy(b->work[1], b->fmt[1], (size_t)n * wht_format_size(f));
        st = wht_op_execute(op, a->info->name, f, a->backend, k, tau, y[G.ng], inputs > 1 ? b->work[1] : NULL,
                            &G.nonfinite[G.ng]);
      } else {
        st = wht_op_execute_into(op, a->info->name, f, a->backend, k, tau, b->fmt[0], inputs > 1 ? b->fmt[1] : NULL,
                                 y[G.ng], inputs > 1 ? b->work[1] : NULL, &G.nonfinite[G.ng]);
      }
      r->run_s = lap(&phase[WHT_PHASE_RUN], &mark);
      if (st != WHT_OK || failure_injected(k)) {
        wht_row_key_text(r, key, sizeof key);
        snprintf(W->err, sizeof W->err, "cell %s failed: %s", key,
                 st != WHT_OK ? wht_strerror(st) : "WHT_SWEEP_FAIL_LOG2N (a failure the tests inject)");
        wht_rows_give_y(&W->rows, G.yoff);
        return 1;
      }
      r->oracle_prec = (int32_t)info.prec;
      r->oracle_s = info.seconds;
      G.y[G.ng] = y[G.ng];
      G.ng++;
      if (wht_sweep_stop_requested()) break; /* finish this cell: its row is saved */
    }
    if (wht_rows_submit(&W->rows, &G) != 0) return 1;
    if (wht_sweep_stop_requested()) break;
  }
  return 0;
}

/* format_cells with an exact-result slot no queued group still reads,
 * held until its groups are submitted (each then holds it until its
 * metrics are done) */
static int run_format(wht_sweep_worker *W, wht_format f, const wht_sweep_set *set, double tau, const size_t *idx,
                      size_t np)
{
  const unsigned vs = wht_rows_take_v(&W->rows);
  const int rc = format_cells(W, f, set, tau, idx, np, vs);
  wht_rows_drop_v(&W->rows, vs);
  return rc;
}

/* the buffers, at the first set: a rank that gets no set allocates nothing */
static int allocate(wht_sweep_worker *W)
{
  const wht_sweep_config *c = W->c;
  if (W->allocated) return 0;
  const unsigned inputs = c->op[WHT_OP_XOR_CONV] ? 2 : 1;
  /* the groups keep the size two groups of f64 outputs allow (one in
   * place); the arena holds a group per worker and one more where memory
   * allows, the exact results a slot per worker and two more */
  const unsigned workers = W->rows.started, group = wht_sweep_group_size(W->g, c->kmax, workers ? 2 : 1);
  /* WHT_SWEEP_ARENA_GROUPS=N (1..9): an arena of N groups of f64 outputs
   * instead, for the tests (a small one makes the ring wrap and wait) */
  unsigned forced;
  const unsigned ngroups = wht_knob_uint("WHT_SWEEP_ARENA_GROUPS", 1, WHT_KNOB_ARENA_GROUPS_MAX, &forced) == 1
                             ? forced
                             : wht_sweep_arena_groups(c->kmax, group, workers + 1);
  const unsigned vslots = workers ? wht_sweep_vslots(c->kmax, workers + 2) : 1;
  const size_t arena = (size_t)ngroups * group * ((size_t)sizeof(double) << c->kmax);
  if (wht_sweep_buffers_alloc(&W->b, c->kmax, inputs, W->gpu_used, group, arena, vslots) != 0 ||
      wht_sweep_draws_init(&W->draws, c->seed, c->kmax, inputs, W->draw_ahead) != 0) {
    wht_sweep_buffers_free(&W->b);
    wht_sweep_draws_free(&W->draws);
    memset(&W->b, 0, sizeof W->b);
    snprintf(W->err, sizeof W->err, "out of memory for cells of size 2^%u", c->kmax);
    return 1;
  }
  wht_rows_buffers(&W->rows, arena, vslots);
  W->allocated = 1;
  return 0;
}

int wht_sweep_worker_run(wht_sweep_worker *W, const wht_sweep_set *set)
{
  const wht_op op = (wht_op)set->op;
  size_t idx[WHT_SWEEP_MAX_ALGOS];
  int drawn = 0;
  W->err[0] = '\0';
  for (unsigned it = 0; it < wht_sweep_op_taus(W->c, op); it++) {
    const double tau = W->c->taus[it];
    for (int f = 0; f < WHT_NFORMATS; f++) {
      if (!W->c->fmt[f]) continue;
      size_t np = pending(W, set, it, (wht_format)f, idx);
      if (np == 0) continue;
      if (!drawn) {
        if (allocate(W) != 0) return 1;
        double mark = wht_sweep_now();
        if (wht_sweep_draws_get(&W->draws, set, &W->x) != 0) {
          snprintf(W->err, sizeof W->err, "out of memory drawing %s inputs of size 2^%u",
                   wht_dist_name((wht_dist)set->d), set->k);
          return 1;
        }
        /* the next set's draws begin on their thread while this one runs */
        if (W->have_ahead) wht_sweep_draws_ahead(&W->draws, &W->ahead);
        drawn = 1;
        lap(&W->s->phase_s[WHT_PHASE_DRAW], &mark);
      }
      if (run_format(W, (wht_format)f, set, tau, idx, np) != 0) return 1;
      if (wht_sweep_stop_requested()) return 0;
    }
  }
  return 0;
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
  const char *w = getenv("OMP_WAIT_POLICY");
  int on;
  if (wht_knob_flag("WHT_SWEEP_OVERLAP", &on) == 1) return on;
  return gpu_used && w && !strcasecmp(w, "passive");
}

/* The rows stage's workers in an overlapped sweep: groups whose metrics
 * run side by side, each on its share of the cores (a group's metrics
 * scale to about four threads: docs/PERFORMANCE.md), so a quarter of the
 * threads, 1 to 4 (the arena, sized by memory, decides how many groups
 * are in it at once: sweep_buffers.h); WHT_SWEEP_METRICS_WORKERS=N (1..8)
 * decides instead. No row depends on it. */
static unsigned metrics_workers(void)
{
  unsigned v;
  if (wht_knob_uint("WHT_SWEEP_METRICS_WORKERS", 1, WHT_ROWS_MAX_WORKERS, &v) == 1) return v;
  const int t = wht_get_threads();
  return t >= 16 ? 4 : t >= 4 ? (unsigned)t / 4 : 1;
}

/* Whether the next set is drawn ahead on a thread of its own
 * (sweep_draws.h): where the stages overlap (the draws are one serial
 * stream per set, and on a host with cores to spare they need not wait
 * for the rest); WHT_SWEEP_DRAW_AHEAD=0 or 1 decides instead. No row
 * depends on it. */
static int draw_ahead_wanted(int overlapped)
{
  int on;
  if (wht_knob_flag("WHT_SWEEP_DRAW_AHEAD", &on) == 1) return on;
  return overlapped;
}

wht_sweep_worker *wht_sweep_worker_new(const wht_sweep_config *c, const wht_sweep_grid *g,
                                       wht_oracle_device oracle, wht_rows_sink sink, void *ctx, wht_progress *prog,
                                       wht_sweep_summary *s)
{
  wht_sweep_worker *W = calloc(1, sizeof *W);
  if (!W) return NULL;
  W->c = c, W->g = g, W->s = s, W->oracle = oracle;
  memset(s, 0, sizeof *s);
  s->threads = wht_get_threads();
  /* a sweep that uses the GPU pins its buffers; overlapped, it computes
   * the metrics of earlier groups on threads of their own while the GPU
   * runs the next (sweep_rows.h: a buffer slot per worker and one more) */
  W->gpu_used = oracle == WHT_ORACLE_ON_GPU;
  for (size_t i = 0; i < g->nalgo; i++) W->gpu_used |= g->algo[i].backend == WHT_BACKEND_GPU;
  const unsigned want = overlap_wanted(W->gpu_used) ? metrics_workers() : 0;
  s->metrics_workers = wht_rows_start(&W->rows, sink, ctx, prog, s, want); /* threads that cannot start: fewer, or in place */
  s->overlapped = s->metrics_workers > 0;
  W->draw_ahead = draw_ahead_wanted(s->overlapped);
  return W;
}

void wht_sweep_worker_ahead(wht_sweep_worker *W, const wht_sweep_set *next)
{
  W->have_ahead = next != NULL;
  if (next) W->ahead = *next;
}

int wht_sweep_worker_wait(wht_sweep_worker *W) { return wht_rows_wait(&W->rows); }

const char *wht_sweep_worker_error(const wht_sweep_worker *W) { return W->err; }

int wht_sweep_worker_free(wht_sweep_worker *W)
{
  if (!W) return 0;
  const int rc = wht_rows_stop(&W->rows);
  if (W->allocated) wht_sweep_buffers_free(&W->b), wht_sweep_draws_free(&W->draws);
  free(W);
  return rc;
}
