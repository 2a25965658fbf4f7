/* sweep_run.h - the sweep loop: every cell of the grid that `done` lacks
 * runs once and appends its row. */
#ifndef WHT_SWEEP_RUN_H
#define WHT_SWEEP_RUN_H

#include <stdint.h>
#include "h5store.h"
#include "sweep_grid.h"
#include "sweep_keys.h"

typedef struct {
  uint64_t cells_total;   /* cells of the grid */
  uint64_t cells_skipped; /* already in the file (--resume) */
  uint64_t cells_run, overflow;
  double seconds;
  int interrupted;        /* stopped by SIGINT/SIGTERM between cells */
  /* oracle runs (one per input set and format) on the GPU and on the CPU,
   * and the first distinct reasons a GPU run fell back to the CPU */
  uint64_t oracle_gpu, oracle_cpu;
  char oracle_why[3][160];
  unsigned oracle_nwhy;
  int threads; /* host threads of libwht in this run (wht_get_threads) */
} wht_sweep_summary;

/* One line for the root attribute `oracle` (data/README.md): where the
 * oracle ran in this run, why a GPU run fell back, and the host threads. */
void wht_sweep_oracle_note(const wht_sweep_config *c, const wht_sweep_summary *s, char *out, size_t len);

/* 0 ok; 1 a failed run (reported on stderr: oracle failure, a cell that
 * could not run, a write error, an interruption). done may be NULL. */
int wht_sweep_run(const wht_sweep_config *c, const wht_sweep_grid *g, wht_h5 *h, const wht_keyset *done,
                  wht_sweep_summary *s);
/* The key fields of a cell's row (everything else zero). */
void wht_sweep_cell_key(wht_result_row *r, const wht_sweep_config *c, const wht_sweep_algo *a, wht_format f,
                        wht_dist d, wht_op op, unsigned k, unsigned trial, double tau);
#endif
