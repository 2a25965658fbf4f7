/* sweep_main.c - wht-sweep, the accuracy sweep driver (DESIGN.md sections
 * 10-11): parse and validate everything, then open the output, run the
 * missing cells, and print one summary line. Exit 0 ok, 1 failed run,
 * 2 usage error (nothing written). */
#include <stdio.h>
#include <string.h>
#include "sweep_cli.h"
#include "sweep_grid.h"
#include "sweep_list.h"
#include "sweep_merge.h"
#include "sweep_output.h"
#include "sweep_progress.h"
#include "sweep_run.h"

static int run(const wht_sweep_config *c)
{
  wht_sweep_grid g;
  wht_keyset *done = NULL;
  wht_sweep_summary s;
  char took[32];
  /* the library's threads for this process; no row depends on them */
  if (c->threads) wht_set_threads(c->threads);
  int rc = wht_sweep_grid_build(c, wht_gpu_available(), &g);
  if (rc != 0) return rc;
  wht_h5 *h = wht_sweep_open_output(c, &g, &done, &rc);
  if (!h) return rc;
  rc = wht_sweep_run(c, &g, h, done, &s);
  /* where the oracle ran: one line per run (resumes add theirs) */
  if (s.oracle_gpu + s.oracle_cpu > 0) {
    char note[1024], old[8192];
    wht_sweep_oracle_note(c, &s, note, sizeof note);
    if (wht_h5_get_attr(h, "oracle", old, sizeof old) == 0 && strlen(old) + strlen(note) + 2 < sizeof old) {
      strcat(old, "\n");
      strcat(old, note);
    } else
      snprintf(old, sizeof old, "%s", note);
    if (wht_h5_set_attr(h, "oracle", old) != 0 && rc == 0) {
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
  wht_format_duration(s.seconds, took, sizeof took);
  char failed[96] = "; FAILED";
  if (rc) snprintf(failed, sizeof failed, "; FAILED: %s holds %llu rows", c->output, in_file);
  fprintf(stderr, "wht-sweep: %s: %llu cells run, %llu already there, %llu of %llu done, %llu overflow, %s%s\n",
          c->output, (unsigned long long)s.cells_run, (unsigned long long)s.cells_skipped,
          (unsigned long long)(s.cells_run + s.cells_skipped), (unsigned long long)s.cells_total,
          (unsigned long long)s.overflow, took,
          s.interrupted ? "; interrupted: continue with --resume" : rc ? failed : "");
  /* where the time went, for a run long enough to have shown progress */
  if (s.cells_run > 0 && s.seconds >= wht_progress_plain_interval()) {
    char split[384];
    wht_sweep_phase_note(&s, split, sizeof split);
    fprintf(stderr, "wht-sweep: %s\n", split);
  }
  return rc;
}

int main(int argc, char **argv)
{
  wht_sweep_config c;
  int rc = wht_sweep_parse(argc, argv, &c);
  if (rc != 0) return rc;
  switch (c.mode) {
  case WHT_MODE_HELP: wht_sweep_usage(stdout); return 0;
  case WHT_MODE_LIST: wht_sweep_list(stdout); return 0;
  case WHT_MODE_MERGE: return wht_sweep_merge(&c);
  case WHT_MODE_RUN: break;
  }
  return run(&c);
}
