/* sweep_worker.h - what runs input sets (sweep_sets.h) into rows: the
 * buffers for the grid's largest cell, the oracle, the operations and the
 * rows stage (sweep_rows.h). The serial sweep (sweep_run.c) runs one with
 * the file as its sink; the MPI driver runs one per rank, its rows going
 * to rank 0. */
#ifndef WHT_SWEEP_WORKER_H
#define WHT_SWEEP_WORKER_H

#include "sweep_rows.h"
#include "sweep_sets.h"

typedef struct wht_sweep_worker wht_sweep_worker;

/* Rows go to sink (in the run order), progress to prog (may be NULL), the
 * counts and phase times to s (zeroed here). NULL: out of memory. */
wht_sweep_worker *wht_sweep_worker_new(const wht_sweep_config *c, const wht_sweep_grid *g,
                                       wht_oracle_device oracle, wht_rows_sink sink, void *ctx, wht_progress *prog,
                                       wht_sweep_summary *s);
/* The cells of set its done bitmap lacks. 0 ok (also when a signal
 * stopped it after a cell: wht_sweep_stop_requested); 1 failed: the
 * reason, naming the cell, in wht_sweep_worker_error (empty when the sink
 * failed: the sink said why). */
int wht_sweep_worker_run(wht_sweep_worker *W, const wht_sweep_set *set);
/* The set the caller will run next (NULL: none known): where the worker
 * draws ahead (sweep_draws.h), its draws begin while the current set runs.
 * Only a hint: whatever set comes next runs the same. */
void wht_sweep_worker_ahead(wht_sweep_worker *W, const wht_sweep_set *next);
/* waits until the sink has every row of the sets run; nonzero: it failed */
int wht_sweep_worker_wait(wht_sweep_worker *W);
const char *wht_sweep_worker_error(const wht_sweep_worker *W);
/* stops the rows stage and frees; nonzero when the sink failed */
int wht_sweep_worker_free(wht_sweep_worker *W);
/* --oracle resolved on this process: CPU or GPU */
wht_oracle_device wht_sweep_oracle_device(const wht_sweep_config *c);
#endif
