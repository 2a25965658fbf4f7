/* sweep_finish.h - the end of a sweep run, serial or MPI: the run's line
 * in the `oracle` attribute, the final publish and close, and the summary
 * lines on stderr. */
#ifndef WHT_SWEEP_FINISH_H
#define WHT_SWEEP_FINISH_H

#include "h5store.h"
#include "sweep_keys.h"
#include "sweep_run.h"

/* appends line to the string attribute name (one line per run); 0 ok */
int wht_sweep_attr_add_line(wht_h5 *h, const char *name, const char *line);
/* Notes, publishes and closes h, frees done, prints the summary; returns
 * the exit status (rc, or 1 when saving failed). */
int wht_sweep_finish(const wht_sweep_config *c, wht_h5 *h, wht_keyset *done, const wht_sweep_summary *s, int rc);
#endif
