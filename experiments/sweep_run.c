/* sweep_run.c - the serial sweep, in a fixed order:
 *
 *   log2n (ascending) > dist > op > trial > tau > format > algorithm (registry order)
 *
 * the input sets (sweep_sets.h) in the run order, each run by one worker
 * (sweep_worker.h: tau > format > algorithm) whose rows go to the file.
 * Non-smoothed operations count as done when the file holds them under
 * any tau of the list. Cells already in the file are skipped; an input
 * set none of whose cells is missing is not even drawn. --shard I/N keeps
 * the input sets whose index in this order is I-1 mod N. */
#include <stdio.h>
#include <string.h>
#include "sweep_progress.h"
#include "sweep_run.h"
#include "sweep_stop.h"
#include "sweep_worker.h"

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
  int o = s->metrics_workers > 1
            ? snprintf(out, len, "time split (metrics and file on %u threads of their own, beside the rest):",
                       s->metrics_workers)
            : snprintf(out, len, "time split%s:",
                       s->overlapped ? " (metrics and file on a thread of their own, beside the rest)" : "");
  for (int i = 0; i < WHT_SWEEP_NPHASES && o > 0 && (size_t)o < len; i++)
    o += snprintf(out + o, len - (size_t)o, "%s %s %.2fs", i ? "," : "", names[i], s->phase_s[i]);
}

/* the serial sweep's sink: the file */
static int append_row(void *h, const wht_result_row *r)
{
  if (wht_h5_append_result(h, r) == 0) return 0;
  fprintf(stderr, "wht-sweep: %s\n", wht_h5_error(h));
  return 1;
}

/* the next set after *s with a cell to run (0: none left) */
static int next_to_run(const wht_sweep_config *c, const wht_sweep_grid *g, const wht_keyset *done, int *started,
                       wht_sweep_set *s)
{
  while (wht_sweep_set_next(c, 0, started, s))
    if (wht_sweep_set_fill(c, g, done, s, NULL) > 0) return 1;
  return 0;
}

int wht_sweep_run(const wht_sweep_config *c, const wht_sweep_grid *g, wht_h5 *h, const wht_keyset *done,
                  wht_sweep_summary *s)
{
  uint64_t todo, total;
  double work;
  wht_progress prog;
  wht_sweep_set set, next;
  int rc = 0, started = 0;
  wht_sweep_catch_signals();
  wht_sweep_worker *W = wht_sweep_worker_new(c, g, wht_sweep_oracle_device(c), append_row, h, &prog, s);
  if (!W) {
    memset(s, 0, sizeof *s);
    fprintf(stderr, "wht-sweep: out of memory\n");
    return 1;
  }
  wht_sweep_sets_count(c, g, done, &total, &todo, &work);
  s->cells_total = total;
  s->cells_skipped = total - todo;
  wht_progress_start(&prog, todo, work);
  wht_progress_log(&prog, c->log);
  /* one set looked up ahead, so that the worker may draw it while it runs
   * the current one */
  int have = todo && next_to_run(c, g, done, &started, &set);
  while (rc == 0 && have && !wht_sweep_stop_requested()) {
    next = set; /* wht_sweep_set_next goes on from the set it is given */
    const int have_next = next_to_run(c, g, done, &started, &next);
    wht_sweep_worker_ahead(W, have_next ? &next : NULL);
    if ((rc = wht_sweep_worker_run(W, &set)) != 0 && *wht_sweep_worker_error(W))
      fprintf(stderr, "wht-sweep: %s\n", wht_sweep_worker_error(W));
    set = next, have = have_next;
  }
  if (wht_sweep_worker_free(W) != 0) rc = 1;
  wht_progress_end(&prog);
  s->seconds = wht_progress_elapsed(&prog);
  if (rc == 0 && wht_sweep_stop_requested()) {
    s->interrupted = 1;
    rc = 1;
  }
  return rc;
}
