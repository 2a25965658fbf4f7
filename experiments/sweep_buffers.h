/* sweep_buffers.h - the buffers of a sweep, for its largest cell,
 * allocated once and reused by every cell. The groups' outputs live in one
 * arena, each group taking the bytes its format needs (an f16 group a
 * quarter of an f64 one), and the exact results in slots; so the metrics
 * of earlier groups (sweep_rows.h, on threads of their own) read theirs
 * while the next group fills its own (the rows stage hands both out). */
#ifndef WHT_SWEEP_BUFFERS_H
#define WHT_SWEEP_BUFFERS_H

#include "wht_oracle.h"
#include "sweep_grid.h"

/* outputs whose metrics are computed together (wht_metrics_compute_many:
 * their serial sums run side by side), at most */
#define WHT_GROUP_MAX 8
/* groups in the arena at most, and exact-result slots at most */
#define WHT_SWEEP_MAX_SLOTS 9

typedef struct {
  double *exact[2];             /* per input: the f64 draw (sweep_draws.h) rounded to the format and back */
  void *fmt[2], *work[2];       /* per input: in the format; work[1]: the second input's work buffer */
  wht_dd *v[WHT_SWEEP_MAX_SLOTS + 1]; /* per slot: an exact result */
  void *arena;                        /* the groups' outputs, in their format (as the metrics read them) */
  unsigned group;                     /* outputs per group (1 .. WHT_GROUP_MAX) */
} wht_sweep_buffers;

/* outputs per group: the most algorithms the grid has for one format,
 * with at most a quarter of the physical memory in `slots` groups of f64
 * outputs of 2^k */
unsigned wht_sweep_group_size(const wht_sweep_grid *g, unsigned k, unsigned slots);
/* groups of f64 outputs (`group` of 2^k each) the arena holds: want, or
 * fewer where they would pass a quarter of the physical memory, at least
 * one; and exact-result slots: want, or fewer (at least three) where they
 * would pass an eighth */
unsigned wht_sweep_arena_groups(unsigned k, unsigned group, unsigned want);
unsigned wht_sweep_vslots(unsigned k, unsigned want);

/* 0 ok, -1 out of memory (free what was allocated with wht_sweep_buffers_free).
 * pinned: the buffers a GPU reads or writes (the inputs in the format, the
 * operation's work buffers and outputs, the oracle's input and output) are
 * page-locked (wht_host_alloc), which
 * makes the copies of a GPU cell several times faster than from pageable
 * memory; a CPU-only sweep pins nothing. */
int wht_sweep_buffers_alloc(wht_sweep_buffers *b, unsigned k, unsigned inputs, int pinned, unsigned group,
                            size_t arena_bytes, unsigned vslots);
void wht_sweep_buffers_free(wht_sweep_buffers *b);
#endif
