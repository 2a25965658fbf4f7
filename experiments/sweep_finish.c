/* sweep_finish.c - the end of a sweep run (sweep_finish.h). */
#include <stdio.h>
#include <string.h>
#include "sweep_finish.h"
#include "sweep_progress.h"

int wht_sweep_attr_add_line(wht_h5 *h, const char *name, const char *line)
{
  char old[8192];
  if (wht_h5_get_attr(h, name, old, sizeof old) == 0 && strlen(old) + strlen(line) + 2 < sizeof old) {
    strcat(old, "\n");
    strcat(old, line);
  } else
    snprintf(old, sizeof old, "%s", line);
  return wht_h5_set_attr(h, name, old);
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
  fprintf(stderr, "wht-sweep: %s: %llu cells run, %llu already there, %llu of %llu done, %llu overflow, %s%s\n",
          c->output, (unsigned long long)s->cells_run, (unsigned long long)s->cells_skipped,
          (unsigned long long)(s->cells_run + s->cells_skipped), (unsigned long long)s->cells_total,
          (unsigned long long)s->overflow, took,
          s->interrupted ? "; interrupted: continue with --resume" : rc ? failed : "");
  /* where the time went, for a run long enough to have shown progress */
  if (s->cells_run > 0 && s->seconds >= wht_progress_plain_interval()) {
    char split[384];
    wht_sweep_phase_note(s, split, sizeof split);
    fprintf(stderr, "wht-sweep: %s\n", split);
  }
  return rc;
}
