/* sweep_progress.c - the in-place progress line on a terminal (at most 5
 * redraws a second), a plain line every 15 s otherwise (a log file or a
 * pipe: no \r, no escape codes), and duration formatting. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "sweep_progress.h"
#include "sweep_knobs.h"

double wht_sweep_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double wht_cell_work(unsigned log2n) { return (double)((uint64_t)1 << log2n) * (log2n + 1); }

void wht_format_duration(double s, char *buf, size_t len)
{
  /* an ETA from the first small cells of a grid whose work lies in its
   * last ones can exceed any int: say so rather than wrap */
  if (!(s >= 0))
    snprintf(buf, len, "?");
  else if (s >= 3600.0 * 9999)
    snprintf(buf, len, "over 9999h");
  else if (s < 60)
    snprintf(buf, len, "%.1fs", s);
  else if (s < 3600)
    snprintf(buf, len, "%dm%02ds", (int)(s / 60), (int)s % 60);
  else
    snprintf(buf, len, "%dh%02dm", (int)(s / 3600), (int)(s / 60) % 60);
}

/* seconds between plain lines: WHT_PROGRESS_INTERVAL when a number > 0
 * (the tests shorten it), else 15 */
double wht_progress_plain_interval(void)
{
  double v;
  return wht_knob_seconds("WHT_PROGRESS_INTERVAL", &v) == 1 ? v : 15.0;
}

void wht_progress_start(wht_progress *p, uint64_t cells, double work)
{
  p->prog = "wht-sweep", p->unit = "cells";
  p->tty = isatty(STDERR_FILENO);
  p->interval = p->tty ? 0.2 : wht_progress_plain_interval();
  p->t0 = p->last_draw = wht_sweep_now();
  p->cells_total = cells;
  p->cells_done = 0;
  p->work_total = work;
  p->work_done = 0;
  p->log = NULL;
  p->log_last = p->t0;
}

void wht_progress_plain(wht_progress *p, const char *prog, const char *unit)
{
  p->prog = prog, p->unit = unit;
  p->tty = 0;
  p->interval = wht_progress_plain_interval();
}

double wht_progress_elapsed(const wht_progress *p) { return wht_sweep_now() - p->t0; }

void wht_progress_log(wht_progress *p, wht_run_log *log) { p->log = log; }

/* "PROG: [3/8 UNIT] 12.5% of the work after 1m02s, ETA 7m14s" */
static void plain_line(const wht_progress *p, double t, const char *eta, double frac, char *buf, size_t len)
{
  char elapsed[32];
  wht_format_duration(t - p->t0, elapsed, sizeof elapsed);
  snprintf(buf, len, "%s: [%llu/%llu %s] %.1f%% of the work after %s, ETA %s", p->prog,
           (unsigned long long)p->cells_done, (unsigned long long)p->cells_total, p->unit, 100 * frac, elapsed, eta);
}

void wht_progress_step(wht_progress *p, uint64_t cells, double work)
{
  p->cells_done += cells;
  p->work_done += work;
  double t = wht_sweep_now();
  const int to_err = t - p->last_draw >= p->interval;
  const int to_log = p->log && t - p->log_last >= wht_progress_plain_interval();
  if (!to_err && !to_log) return;
  double frac = p->work_total > 0 ? p->work_done / p->work_total : 1;
  char eta[32] = "?", line[256];
  if (frac > 0) wht_format_duration((t - p->t0) * (1 - frac) / frac, eta, sizeof eta);
  if (to_log) {
    p->log_last = t;
    plain_line(p, t, eta, frac, line, sizeof line);
    wht_run_log_printf(p->log, "%s", line);
  }
  if (!to_err) return;
  p->last_draw = t;
  int w = snprintf(NULL, 0, "%llu", (unsigned long long)p->cells_total);
  if (p->tty)
    fprintf(stderr, "\r[%*llu/%llu] %5.1f%% of the work, ETA %s\033[K", w, (unsigned long long)p->cells_done,
            (unsigned long long)p->cells_total, 100 * frac, eta);
  else {
    plain_line(p, t, eta, frac, line, sizeof line);
    fprintf(stderr, "%s\n", line);
  }
  fflush(stderr);
}

void wht_progress_end(wht_progress *p)
{
  if (p->tty) fputs("\r\033[K", stderr);
}
