/* sweep_sets.h - the input sets of a sweep: (log2n, dist, op, trial), one
 * draw shared by every tau, format and algorithm of the set. A set's
 * index is its place among the grid's selected sets in the run order
 * (log2n ascending > dist > op > trial), whatever the file holds; --shard
 * and the MPI driver's row order (serial order) use it. A set carries the
 * bitmap of its cells the file already holds, so whoever runs it needs
 * neither the file nor its keys. */
#ifndef WHT_SWEEP_SETS_H
#define WHT_SWEEP_SETS_H

#include <stdint.h>
#include "sweep_grid.h"
#include "sweep_keys.h"

/* cells of a set, at most: tau x format x algorithm */
#define WHT_SWEEP_SET_CELLS (WHT_SWEEP_MAX_TAUS * WHT_NFORMATS * WHT_SWEEP_MAX_ALGOS)

typedef struct {
  uint32_t k, d, op, t;
  uint64_t index;
  unsigned char done[WHT_SWEEP_SET_CELLS / 8]; /* bit wht_sweep_cell_bit: the file holds the cell */
} wht_sweep_set;

/* the taus op runs with: all of --tau for smoothed, the first otherwise */
unsigned wht_sweep_op_taus(const wht_sweep_config *c, wht_op op);
/* the bit of (tau index, format, algorithm index in the grid) in done */
static inline unsigned wht_sweep_cell_bit(unsigned it, unsigned f, size_t i)
{
  return (it * WHT_NFORMATS + f) * WHT_SWEEP_MAX_ALGOS + (unsigned)i;
}
static inline int wht_sweep_set_has(const wht_sweep_set *s, unsigned bit) { return s->done[bit / 8] >> (bit % 8) & 1; }

/* The next set of this run (selected, in --shard) after *s, in the run
 * order or, largest_first, log2n descending (else the same order); first
 * with started = 0. 0 when there is none. Fills k, d, op, t and index. */
int wht_sweep_set_next(const wht_sweep_config *c, int largest_first, int *started, wht_sweep_set *s);
/* Fills s->done from done (may be NULL: nothing done) and returns the
 * cells of the set to run; *cells (may be NULL) gets all its cells. */
size_t wht_sweep_set_fill(const wht_sweep_config *c, const wht_sweep_grid *g, const wht_keyset *done,
                          wht_sweep_set *s, uint64_t *cells);
/* cells of the run (all and to run) and the work of those to run; stopped
 * by a signal (wht_sweep_stop_requested) */
void wht_sweep_sets_count(const wht_sweep_config *c, const wht_sweep_grid *g, const wht_keyset *done,
                          uint64_t *total, uint64_t *todo, double *work);

/* The root attribute `shard` of a --shard I/N run's file (N > 1;
 * data/README.md): "I/N of the input sets of --log2n L --dist D --op O
 * --trials T", the options a set's index depends on (not the algorithms,
 * formats, taus or seed), so that --merge can tell whether all N shards of
 * one grid came. One text per grid: names in registry order, the sizes
 * from their set (a list --log2n takes back). */
#define WHT_SWEEP_SHARD "shard"
void wht_sweep_shard_text(const wht_sweep_config *c, char *out, size_t len);
/* the parts of such a text: 0 with *i (1-based), *n and *grid (the text
 * after "of the input sets of ", inside text); -1 when it is none */
int wht_sweep_shard_parse(const char *text, unsigned *i, unsigned *n, const char **grid);
#endif
