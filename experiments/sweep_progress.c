/* sweep_progress.c - the in-place progress line (only on a terminal, at
 * most 5 redraws a second) and duration formatting. */
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include "sweep_progress.h"

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double wht_cell_work(unsigned log2n) { return (double)((uint64_t)1 << log2n) * (log2n + 1); }

void wht_format_duration(double s, char *buf, size_t len)
{
  if (s < 60)
    snprintf(buf, len, "%.1fs", s);
  else if (s < 3600)
    snprintf(buf, len, "%dm%02ds", (int)(s / 60), (int)s % 60);
  else
    snprintf(buf, len, "%dh%02dm", (int)(s / 3600), (int)(s / 60) % 60);
}

void wht_progress_start(wht_progress *p, uint64_t cells, double work)
{
  p->tty = isatty(STDERR_FILENO);
  p->t0 = p->last_draw = now();
  p->cells_total = cells;
  p->cells_done = 0;
  p->work_total = work;
  p->work_done = 0;
}

double wht_progress_elapsed(const wht_progress *p) { return now() - p->t0; }

void wht_progress_step(wht_progress *p, uint64_t cells, double work)
{
  p->cells_done += cells;
  p->work_done += work;
  double t = now();
  if (!p->tty || t - p->last_draw < 0.2) return;
  p->last_draw = t;
  double frac = p->work_total > 0 ? p->work_done / p->work_total : 1;
  char eta[32] = "?";
  if (frac > 0) wht_format_duration((t - p->t0) * (1 - frac) / frac, eta, sizeof eta);
  int w = snprintf(NULL, 0, "%llu", (unsigned long long)p->cells_total);
  fprintf(stderr, "\r[%*llu/%llu] %5.1f%% of the work, ETA %s\033[K", w, (unsigned long long)p->cells_done,
          (unsigned long long)p->cells_total, 100 * frac, eta);
  fflush(stderr);
}

void wht_progress_end(wht_progress *p)
{
  if (p->tty) fputs("\r\033[K", stderr);
}
