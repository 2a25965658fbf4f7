/* sweep_keys.h - a set of result-row keys (the 7 cell fields, seed and
 * tau) for --resume (which cells a file already holds) and --merge (which
 * rows are duplicates), and of timing-row keys (algorithm, backend,
 * format, log2n, batch, in_place) for --merge; each key remembers the
 * index of its first row. A set holds keys of one kind. */
#ifndef WHT_SWEEP_KEYS_H
#define WHT_SWEEP_KEYS_H

#include <stdint.h>
#include "h5store.h"

typedef struct wht_keyset wht_keyset;

wht_keyset *wht_keyset_new(void);
void wht_keyset_free(wht_keyset *s);
/* Insert r's key with value idx. Returns 1 when added, 0 when the key was
 * present (*old = its value), -1 out of memory. */
int wht_keyset_add(wht_keyset *s, const wht_result_row *r, uint64_t idx, uint64_t *old);
int wht_keyset_has(const wht_keyset *s, const wht_result_row *r);
/* "(folklore, cpu, f32, norm, one-way, k=10, trial 0)" */
void wht_row_key_text(const wht_result_row *r, char *buf, size_t len);
/* 1 when the rows agree on every column but the timings oracle_s, run_s
 * (NaN equal to NaN bit for bit). */
int wht_rows_same_values(const wht_result_row *a, const wht_result_row *b);
/* the same for /timings rows */
int wht_keyset_add_timing(wht_keyset *s, const wht_timing_row *r, uint64_t idx, uint64_t *old);
/* "(folklore, gpu, f32, k=10, batch 1, in place)" */
void wht_timing_key_text(const wht_timing_row *r, char *buf, size_t len);
/* 1 when the rows agree on every column (NaN equal to NaN bit for bit) */
int wht_timings_same_values(const wht_timing_row *a, const wht_timing_row *b);
#endif
