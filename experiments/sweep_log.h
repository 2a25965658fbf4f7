/* sweep_log.h - wht-sweep's log file (run_log.h): --log FILE, else
 * FILE.log beside -o FILE. Checked before the output is touched, opened
 * once the output is open and locked (so a refused run, and a second
 * writer, add nothing to it); then the progress lines with the ETA and
 * the summary lines go there as well as to stderr. */
#ifndef WHT_SWEEP_LOG_H
#define WHT_SWEEP_LOG_H
#include "sweep_config.h"

/* the log's path: --log FILE, else FILE.log (into c) */
const char *wht_sweep_log_path(wht_sweep_config *c);
/* before the output is opened: 0, or the exit status (2 a path that cannot
 * be a log or that is the output or its FILE.tmp or FILE.lock, 1 a folder
 * that is not writable, as -o's) after one line. A
 * problem of the output's own path is left to its check, which names it */
int wht_sweep_log_check(wht_sweep_config *c);
/* after the output is open: c->log, or NULL after one line on stderr (the
 * run goes on: its results do not depend on the log) */
void wht_sweep_log_open(wht_sweep_config *c);
void wht_sweep_log_close(wht_sweep_config *c);
#endif
