/* sweep_finish.h - the end of a sweep run, serial or MPI: the run's line
 * in the `oracle` attribute, the final publish and close, and the summary
 * lines on stderr. */
#ifndef WHT_SWEEP_FINISH_H
#define WHT_SWEEP_FINISH_H

#include "h5store.h"
#include "sweep_keys.h"
#include "sweep_run.h"

/* log (a string attribute's lines) cut to what an attribute holds: its
 * first line, one line "(N earlier lines left out: ...)" and its latest
 * lines (the count of an earlier cut carried on); a single line too long
 * stays, for the store to refuse */
void wht_sweep_log_fit(char *log);
/* appends line to the string attribute name (one line per run); 0 ok */
int wht_sweep_attr_add_line(wht_h5 *h, const char *name, const char *line);
/* Notes, publishes and closes h, frees done, prints the summary; returns
 * the exit status (rc, or 1 when saving failed). */
int wht_sweep_finish(const wht_sweep_config *c, wht_h5 *h, wht_keyset *done, const wht_sweep_summary *s, int rc);
#endif
