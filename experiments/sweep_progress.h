/* sweep_progress.h - progress of a sweep on stderr: an in-place line with
 * the cell count, the share of the work done and an ETA while stderr is a
 * terminal, else the same as a plain line every 15 s (the environment
 * variable WHT_PROGRESS_INTERVAL, in seconds, changes that); the caller
 * prints one summary line at the end. Work is counted as
 * n log2 n per cell, so the ETA holds when large cells come last. */
#ifndef WHT_SWEEP_PROGRESS_H
#define WHT_SWEEP_PROGRESS_H

#include <stdint.h>
#include "run_log.h"

typedef struct {
  const char *prog, *unit; /* the plain line's "wht-sweep: [3/8 cells]" */
  int tty;
  double t0, last_draw, interval;
  uint64_t cells_total, cells_done;
  double work_total, work_done;
  wht_run_log *log; /* the plain line there too, every plain interval */
  double log_last;
} wht_progress;

/* CLOCK_MONOTONIC in seconds: the sweep's one clock */
double wht_sweep_now(void);
double wht_cell_work(unsigned log2n);
/* seconds between plain progress lines (15, or WHT_PROGRESS_INTERVAL) */
double wht_progress_plain_interval(void);
void wht_progress_start(wht_progress *p, uint64_t cells, double work);
/* after start: another program's name and unit for the plain line, and
 * plain lines on a terminal too (a program that prints rows to stdout
 * meanwhile: an in-place line would be torn by them) */
void wht_progress_plain(wht_progress *p, const char *prog, const char *unit);
/* after start: the plain line also to LOG (run_log.h) every plain
 * interval, whatever stderr is */
void wht_progress_log(wht_progress *p, wht_run_log *log);
void wht_progress_step(wht_progress *p, uint64_t cells, double work);
/* clears the in-place line; the caller prints the summary */
void wht_progress_end(wht_progress *p);
double wht_progress_elapsed(const wht_progress *p);
/* "1h02m", "3m05s", "12.3s" */
void wht_format_duration(double s, char *buf, size_t len);
#endif
