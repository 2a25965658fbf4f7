/* sweep_mpi_deal.c - rank 0's dealer (sweep_mpi_proto.h). The sets of the
 * run go out one at a time to whichever worker asks, largest log2n first
 * (the long sets start early, the short ones fill the end), each with the
 * bitmap of its cells the file holds. Rows are appended to the file as
 * they arrive, so the file's periodic saves (h5store.h) keep what the job
 * has done whenever it is killed; at the end this run's rows are put in
 * the serial order (by set index; a set's rows are in order already) in
 * the file before the last save, so a finished run's file is the serial
 * program's. The first failed set stops the dealing: its rank and cell
 * are said once, the sets running elsewhere finish and are kept. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sweep_mpi_proto.h"
#include "sweep_progress.h"
#include "sweep_stop.h"

typedef struct {
  uint64_t index, first, n, seq; /* a set's rows in the run's rows */
} placed;

typedef struct {
  MPI_Comm up, down;
  const wht_sweep_config *c;
  const wht_sweep_grid *g;
  wht_h5 *h;
  const wht_keyset *done;
  wht_sweep_summary *s;
  wht_progress prog;
  int started, failed, stopping, file_bad;
  wht_sweep_set cursor;
  wht_result_row *rows; /* this run's rows, in arrival order */
  size_t nrows, cap;
  placed *sets;
  size_t nsets, setcap;
} dealer;

/* the next set with cells to run, largest first; 0 when none is left */
static int next_set(dealer *D, wht_sweep_set *s)
{
  while (wht_sweep_set_next(D->c, 1, &D->started, &D->cursor))
    if (wht_sweep_set_fill(D->c, D->g, D->done, &D->cursor, NULL) > 0) {
      *s = D->cursor;
      return 1;
    }
  return 0;
}

static void reply(dealer *D, int w)
{
  wht_sweep_set s;
  if (!D->failed && !D->stopping && next_set(D, &s))
    MPI_Send(&s, (int)sizeof s, MPI_BYTE, w, WHT_MPI_WORK, D->down);
  else
    MPI_Send(NULL, 0, MPI_BYTE, w, WHT_MPI_STOP, D->down);
}

static void fail(dealer *D, const char *what, const char *why)
{
  if (!D->failed) fprintf(stderr, "wht-sweep: %s%s\n", what, why);
  D->failed = 1;
}

/* keeps a copy of the rows for the serial order at the end; 0 ok */
static int keep(dealer *D, const wht_mpi_rows_head *hd, const wht_result_row *r)
{
  if (D->nrows + hd->nrows > D->cap) {
    size_t cap = 2 * D->cap + hd->nrows;
    wht_result_row *p = realloc(D->rows, cap * sizeof *p);
    if (!p) return -1;
    D->rows = p, D->cap = cap;
  }
  if (D->nsets == D->setcap) {
    size_t cap = 2 * D->setcap + 16;
    placed *p = realloc(D->sets, cap * sizeof *p);
    if (!p) return -1;
    D->sets = p, D->setcap = cap;
  }
  memcpy(D->rows + D->nrows, r, hd->nrows * sizeof *r);
  D->sets[D->nsets] = (placed){ hd->index, D->nrows, hd->nrows, D->nsets };
  D->nsets++, D->nrows += hd->nrows;
  return 0;
}

static void take_rows(dealer *D, const unsigned char *buf, size_t len, int w)
{
  wht_mpi_rows_head hd;
  char who[64];
  snprintf(who, sizeof who, "rank %d: ", w);
  memcpy(&hd, buf, sizeof hd < len ? sizeof hd : len);
  if (len < sizeof hd || (len - sizeof hd) / sizeof(wht_result_row) != hd.nrows ||
      (len - sizeof hd) % sizeof(wht_result_row)) {
    fail(D, who, "a message of rows of the wrong size (every rank must run the same wht-sweep)");
    return;
  }
  if (hd.interrupted) D->stopping = D->s->interrupted = 1;
  const wht_result_row *r = (const void *)(buf + sizeof hd);
  if (D->file_bad) return; /* said once; the rows saved so far stay */
  for (uint64_t i = 0; i < hd.nrows; i++) {
    if (wht_h5_append_result(D->h, &r[i]) != 0) {
      fail(D, "", wht_h5_error(D->h));
      D->file_bad = 1;
      return;
    }
    D->s->cells_run++;
    D->s->overflow += strcmp(r[i].status, "overflow") == 0;
    wht_progress_step(&D->prog, 1, wht_cell_work(hd.k));
  }
  if (keep(D, &hd, r) != 0) {
    fail(D, "", "out of memory keeping the rows for their order");
    D->file_bad = 1; /* rows the order could not place: leave them as they came */
  }
}

/* the workers' counts of the oracle's runs and phase times into the job's */
static void merge_summary(wht_sweep_summary *s, const wht_sweep_summary *w)
{
  s->oracle_gpu += w->oracle_gpu, s->oracle_cpu += w->oracle_cpu;
  for (unsigned i = 0; i < w->oracle_nwhy; i++) {
    int known = 0;
    for (unsigned j = 0; j < s->oracle_nwhy; j++) known |= !strcmp(s->oracle_why[j], w->oracle_why[i]);
    if (!known && s->oracle_nwhy < 3) memcpy(s->oracle_why[s->oracle_nwhy++], w->oracle_why[i], sizeof s->oracle_why[0]);
  }
  for (int i = 0; i < WHT_SWEEP_NPHASES; i++) s->phase_s[i] += w->phase_s[i];
  s->overlapped |= w->overlapped;
  if (w->metrics_workers > s->metrics_workers) s->metrics_workers = w->metrics_workers;
  if (w->threads > s->threads) s->threads = w->threads;
}

static int by_index(const void *a, const void *b)
{
  const placed *x = a, *y = b;
  if (x->index != y->index) return x->index < y->index ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* this run's rows, the last of the file, into the serial order */
static int serial_order(dealer *D)
{
  if (D->nrows == 0 || D->file_bad) return 0;
  wht_result_row *sorted = malloc(D->nrows * sizeof *sorted);
  if (!sorted) {
    fail(D, "", "out of memory putting the rows in order");
    return 1;
  }
  qsort(D->sets, D->nsets, sizeof *D->sets, by_index);
  size_t at = 0;
  for (size_t i = 0; i < D->nsets; i++) {
    memcpy(sorted + at, D->rows + D->sets[i].first, D->sets[i].n * sizeof *sorted);
    at += D->sets[i].n;
  }
  const int rc = wht_h5_rewrite_last_results(D->h, sorted, D->nrows);
  if (rc != 0) fail(D, "", wht_h5_error(D->h));
  free(sorted);
  return rc != 0;
}

int wht_sweep_mpi_deal(MPI_Comm up, MPI_Comm down, int nworkers, const wht_sweep_config *c,
                       const wht_sweep_grid *g, wht_h5 *h, const wht_keyset *done, wht_sweep_summary *s)
{
  dealer D = { .up = up, .down = down, .c = c, .g = g, .h = h, .done = done, .s = s };
  uint64_t total, todo;
  double work;
  unsigned char *buf = NULL;
  size_t cap = 0;
  int signalled = 0;
  double stopped_at = 0;
  memset(s, 0, sizeof *s);
  wht_sweep_sets_count(c, g, done, &total, &todo, &work);
  s->cells_total = total, s->cells_skipped = total - todo;
  wht_progress_start(&D.prog, todo, work);
  wht_progress_log(&D.prog, c->log);
  for (int live = nworkers; live > 0;) {
    /* a signal: save what is there now, deal no more */
    if (wht_sweep_stop_requested() && !signalled) {
      D.stopping = s->interrupted = signalled = 1;
      stopped_at = wht_sweep_now();
      if (wht_h5_flush(h) != 0) fail(&D, "", wht_h5_error(h));
    }
    /* a rank that died does not answer: once the rest have had time to
     * finish their cell, end the job with the file as just saved */
    if (signalled && wht_sweep_now() - stopped_at > 30) {
      fprintf(stderr, "wht-sweep: %d ranks still silent 30 s after the stop; %s is saved with %llu rows: "
                      "continue with --resume\n", live, c->output, wht_h5_published_results(h));
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Status st;
    int flag = 0, len = 0;
    MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, up, &flag, &st);
    if (!flag) { /* poll gently: this thread shares rank 0's cores with its worker */
      nanosleep(&(struct timespec){ 0, 200000 }, NULL);
      wht_progress_step(&D.prog, 0, 0); /* the line on time while long sets run */
      continue;
    }
    MPI_Get_count(&st, MPI_BYTE, &len);
    if ((size_t)len + 1 > cap) {
      unsigned char *p = realloc(buf, (size_t)len + 1);
      if (!p) {
        fprintf(stderr, "wht-sweep: out of memory receiving %d bytes from rank %d\n", len, st.MPI_SOURCE);
        MPI_Abort(MPI_COMM_WORLD, 1);
      }
      buf = p, cap = (size_t)len + 1;
    }
    MPI_Recv(buf, len, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, up, MPI_STATUS_IGNORE);
    const int w = st.MPI_SOURCE;
    char who[64];
    switch (st.MPI_TAG) {
    case WHT_MPI_ROWS: /* and the next set */
      take_rows(&D, buf, (size_t)len, w);
      reply(&D, w);
      break;
    case WHT_MPI_READY: reply(&D, w); break;
    case WHT_MPI_FAIL:
      buf[len] = '\0';
      snprintf(who, sizeof who, "rank %d: ", w);
      fail(&D, who, (const char *)buf);
      reply(&D, w);
      break;
    case WHT_MPI_DONE:
      if ((size_t)len == sizeof *s) merge_summary(s, (const wht_sweep_summary *)(const void *)buf);
      live--;
      break;
    }
  }
  wht_progress_end(&D.prog);
  s->seconds = wht_progress_elapsed(&D.prog);
  int rc = D.failed || s->interrupted;
  if (serial_order(&D) != 0) rc = 1;
  free(buf), free(D.rows), free(D.sets);
  return rc;
}
