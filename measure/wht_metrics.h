/* wht_metrics.h - the error metrics of DESIGN.md section 9, computed from the
 * output y (format values, exact as doubles) and the exact v = hi + lo. */
#ifndef WHT_METRICS_H
#define WHT_METRICS_H

#include <stdint.h>
#include "wht.h"
#include "wht_oracle.h"

typedef enum { WHT_RUN_OK = 0, WHT_RUN_OVERFLOW, WHT_RUN_UNSUPPORTED, WHT_NRUNSTATUS } wht_run_status;
const char *wht_run_status_name(wht_run_status s); /* "ok", "overflow", "unsupported" */

typedef struct {
  double max_abs, mean_abs, mean_rel, max_rel, norm_rel, max_ulp;
  int64_t n_zero, zero_miss, n_nonfinite;
  wht_run_status status;
} wht_metrics;

/* nonfinite_seen: an intermediate was inf/NaN (from wht_op_execute).
 * Overflow (any non-finite intermediate or output) gives status overflow
 * and NaN in every real-valued metric, never a number averaged with NaN.
 * n = 0 or f outside wht_format: status unsupported, every real-valued
 * metric NaN, the counts 0 (no metric of nothing). */
void wht_metrics_compute(wht_format f, const double *y, const wht_dd *v, uint64_t n,
                         int nonfinite_seen, wht_metrics *m);
/* The same for count outputs y[j] of one exact v (the algorithms of one
 * cell's input), m[j] bit for bit what wht_metrics_compute gives for y[j]
 * alone, in less time: the compensated sums are serial chains, and those
 * of several outputs run side by side on the threads. nonfinite_seen may
 * be NULL (none seen). */
void wht_metrics_compute_many(wht_format f, const double *const *y, const wht_dd *v, uint64_t n,
                              const int *nonfinite_seen, wht_metrics *m, size_t count);
/* The same from outputs in the format's storage (wht_store_doubles's
 * layout: binary64, binary32, or the bits of binary16 or bfloat16),
 * converted to doubles a block at a time inside the metrics' passes: no
 * array of doubles per output, and half (f32) or a quarter (f16, bf16) of
 * the bytes to read. The same bits as the forms above given the outputs
 * converted by wht_load_doubles. */
void wht_metrics_compute_stored(wht_format f, const void *y, const wht_dd *v, uint64_t n, int nonfinite_seen,
                                wht_metrics *m);
void wht_metrics_compute_many_stored(wht_format f, const void *const *y, const wht_dd *v, uint64_t n,
                                     const int *nonfinite_seen, wht_metrics *m, size_t count);
#endif
