/* sweep_log.c - wht-sweep's log file (sweep_log.h) */
#include <stdio.h>
#include <string.h>
#include "h5store.h" /* wht_h5_build_revision */
#include "output_path.h"
#include "run_log.h"
#include "sweep_log.h"

const char *wht_sweep_log_path(wht_sweep_config *c)
{
  if (c->log_path) return c->log_path;
  snprintf(c->log_beside, sizeof c->log_beside, "%s.log", c->output);
  return c->log_beside;
}

int wht_sweep_log_check(wht_sweep_config *c)
{
  char why[4200];
  /* the output's own problem is said by its check, in its words */
  if (wht_output_path_problem(c->output, why, sizeof why)) return 0;
  const char *path = wht_sweep_log_path(c);
  int rc = wht_output_path_problem(path, why, sizeof why);
  if (!rc && wht_run_log_is_output(path, c->output))
    snprintf(why, sizeof why, "is the results file -o %s or one of its own (FILE.tmp, FILE.lock) (accepted: "
             "another file)", c->output), rc = 2;
  if (rc)
    fprintf(stderr, "wht-sweep: log '%s': %s%s\n", path, why,
            c->log_path ? "" : "; it is the log beside -o FILE, --log LOGFILE puts it elsewhere");
  return rc;
}

void wht_sweep_log_open(wht_sweep_config *c)
{
  char why[4400];
  const char *path = wht_sweep_log_path(c);
  c->log = wht_run_log_open_cmd(path, "wht-sweep", c->command_line, wht_h5_build_revision(), why, sizeof why);
  if (!c->log) fprintf(stderr, "wht-sweep: log %s; the sweep goes on without it\n", why);
}

void wht_sweep_log_close(wht_sweep_config *c)
{
  if (wht_run_log_close(c->log)) fprintf(stderr, "wht-sweep: log %s: incomplete (a write failed)\n", wht_sweep_log_path(c));
  c->log = NULL;
}
