/* sweep_finish.c - the end of a sweep run (sweep_finish.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sweep_finish.h"
#include "sweep_output.h"
#include "sweep_progress.h"

/* An attribute holds WHT_H5_ATTR_MAX bytes (h5store.h): a longer log
 * cannot be written, and a run or resume that tried would fail. So a log
 * keeps its first line and its latest ones. */
enum { LOG_MAX = WHT_H5_ATTR_MAX - 1, LOG_READ = 1 << 20 };
static const char dropped_fmt[] = "(%llu earlier lines left out: an attribute holds 64000 bytes)";

/* log (its first line, then the rest) cut to LOG_MAX bytes: the oldest
 * lines after the first make way for one line that counts them */
void wht_sweep_log_fit(char *log)
{
  size_t len = strlen(log);
  char *rest = strchr(log, '\n'), mark[96];
  unsigned long long left_out = 0;
  if (len <= LOG_MAX || !rest) return;
  rest++;
  char *from = rest;
  /* the count of an earlier cut is carried on */
  if (sscanf(from, "(%llu earlier lines left out", &left_out) == 1 && strchr(from, '\n')) from = strchr(from, '\n') + 1;
  for (;;) {
    const int m = snprintf(mark, sizeof mark, dropped_fmt, left_out);
    char *nl = strchr(from, '\n');
    if ((size_t)(rest - log) + (size_t)m + 1 + strlen(from) <= LOG_MAX || !nl) break;
    from = nl + 1;
    left_out++;
  }
  const size_t tail = strlen(from), m = strlen(mark);
  /* in place, never longer than it was (a caller's buffer may hold just
   * the log): a first or last line too long to cut stays, for the store
   * to refuse */
  if ((size_t)(rest - log) + m + 1 + tail > len) return;
  memmove(rest + m + 1, from, tail + 1);
  memcpy(rest, mark, m);
  rest[m] = '\n';
}

int wht_sweep_attr_add_line(wht_h5 *h, const char *name, const char *line)
{
  /* read whole: a log read cut short and written back would lose lines */
  char *log = malloc(LOG_READ + strlen(line) + 2 + sizeof dropped_fmt + 24);
  if (!log) return -1;
  if (wht_h5_get_attr(h, name, log, LOG_READ) != 0) log[0] = '\0';
  if (log[0]) strcat(log, "\n");
  strcat(log, line);
  wht_sweep_log_fit(log);
  const int rc = wht_h5_set_attr(h, name, log);
  free(log);
  return rc;
}

int wht_sweep_finish(const wht_sweep_config *c, wht_h5 *h, wht_keyset *done, const wht_sweep_summary *s, int rc)
{
  char took[32];
  /* where the oracle ran: one line per run (resumes add theirs) */
  if (s->oracle_gpu + s->oracle_cpu > 0) {
    char note[1024];
    wht_sweep_oracle_note(c, s, note, sizeof note);
    if (wht_sweep_attr_add_line(h, "oracle", note) != 0 && rc == 0) {
      fprintf(stderr, "wht-sweep: %s\n", wht_h5_error(h));
      rc = 1;
    }
  }
  /* the file says whether this run's cells are all there: the note of
   * wht_sweep_open_output goes when they are, and says how far the run
   * came when not (a kill leaves that note as it was) */
  char why[256] = "";
  if (rc != 0)
    snprintf(why, sizeof why, "its last run %s after %llu of its %llu cells: --resume runs the others",
             s->interrupted ? "was interrupted" : "failed", (unsigned long long)(s->cells_run + s->cells_skipped),
             (unsigned long long)s->cells_total);
  if ((why[0] ? wht_h5_set_attr(h, WHT_SWEEP_UNFINISHED, why) : wht_h5_delete_attr(h, WHT_SWEEP_UNFINISHED)) != 0 &&
      rc == 0) {
    fprintf(stderr, "wht-sweep: %s\n", wht_h5_error(h));
    rc = 1;
  }
  /* save what ran; a failed run has said why already (once is enough) */
  if (wht_h5_flush(h) != 0) {
    if (rc == 0) fprintf(stderr, "wht-sweep: %s\n", wht_h5_error(h));
    rc = 1;
  }
  const unsigned long long in_file = wht_h5_published_results(h);
  if (wht_h5_close(h) != 0) rc = 1;
  wht_keyset_free(done);
  wht_format_duration(s->seconds, took, sizeof took);
  char failed[96] = "; FAILED";
  if (rc) snprintf(failed, sizeof failed, "; FAILED: %s holds %llu rows", c->output, in_file);
  char summary[1400];
  snprintf(summary, sizeof summary, "%s: %llu cells run, %llu already there, %llu of %llu done, %llu overflow, %s%s",
           c->output, (unsigned long long)s->cells_run, (unsigned long long)s->cells_skipped,
           (unsigned long long)(s->cells_run + s->cells_skipped), (unsigned long long)s->cells_total,
           (unsigned long long)s->overflow, took,
           s->interrupted ? "; interrupted: continue with --resume" : rc ? failed : "");
  fprintf(stderr, "wht-sweep: %s\n", summary);
  wht_run_log_printf(c->log, "wht-sweep: %s", summary);
  /* where the time went, for a run long enough to have shown progress
   * (in the log for every run that ran a cell) */
  if (s->cells_run > 0) {
    char split[384];
    wht_sweep_phase_note(s, split, sizeof split);
    if (s->seconds >= wht_progress_plain_interval()) fprintf(stderr, "wht-sweep: %s\n", split);
    wht_run_log_printf(c->log, "wht-sweep: %s", split);
  }
  return rc;
}
