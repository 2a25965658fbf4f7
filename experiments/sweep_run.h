/* sweep_run.h - the sweep loop: every cell of the grid that `done` lacks
 * runs once and appends its row. */
#ifndef WHT_SWEEP_RUN_H
#define WHT_SWEEP_RUN_H

#include <stdint.h>
#include "h5store.h"
#include "sweep_grid.h"
#include "sweep_keys.h"

/* the phases of the loop whose wall time the summary splits */
enum wht_sweep_phase {
  WHT_PHASE_DRAW,      /* drawing the f64 inputs (serial: one stream per input) */
  WHT_PHASE_ROUND,     /* rounding them to the format and back; the outputs to doubles */
  WHT_PHASE_ORACLE,    /* the exact result */
  WHT_PHASE_RUN,       /* the operation (copies to and from a GPU included) */
  WHT_PHASE_METRICS,   /* the error metrics */
  WHT_PHASE_FILE,      /* appending rows and the periodic saves */
  WHT_SWEEP_NPHASES
};

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
  /* wall seconds of each phase of the loop (enum wht_sweep_phase), so a
   * slow sweep says where its time went */
  double phase_s[WHT_SWEEP_NPHASES];
  int overlapped; /* metrics and file ran on their own thread: the phases overlap */
  unsigned metrics_workers; /* the rows stage's threads (sweep_rows.h), 0 in place */
} wht_sweep_summary;

/* One line for the root attribute `oracle` (data/README.md): where the
 * oracle ran in this run, why a GPU run fell back, and the host threads. */
void wht_sweep_oracle_note(const wht_sweep_config *c, const wht_sweep_summary *s, char *out, size_t len);

/* "draw 1.2s, rounding 0.3s, ..." : the phase split of s, for the summary */
void wht_sweep_phase_note(const wht_sweep_summary *s, char *out, size_t len);

/* 0 ok; 1 a failed run (reported on stderr: oracle failure, a cell that
 * could not run, a write error, an interruption). done may be NULL. */
int wht_sweep_run(const wht_sweep_config *c, const wht_sweep_grid *g, wht_h5 *h, const wht_keyset *done,
                  wht_sweep_summary *s);
/* The key fields of a cell's row (everything else zero). */
void wht_sweep_cell_key(wht_result_row *r, const wht_sweep_config *c, const wht_sweep_algo *a, wht_format f,
                        wht_dist d, wht_op op, unsigned k, unsigned trial, double tau);
#endif
