/* metrics_check.h - comparing two rows of metrics bit for bit, for the
 * metrics tests. */
#ifndef WHT_TESTS_METRICS_CHECK_H
#define WHT_TESTS_METRICS_CHECK_H

#include <string.h>
#include "wht_metrics.h"

static inline int same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* every column, the doubles by their bits */
static inline int same_metrics(const wht_metrics *a, const wht_metrics *b)
{
  return a->status == b->status && a->n_zero == b->n_zero && a->zero_miss == b->zero_miss &&
         a->n_nonfinite == b->n_nonfinite && same_bits(a->max_abs, b->max_abs) &&
         same_bits(a->mean_abs, b->mean_abs) && same_bits(a->mean_rel, b->mean_rel) &&
         same_bits(a->max_rel, b->max_rel) && same_bits(a->norm_rel, b->norm_rel) &&
         same_bits(a->max_ulp, b->max_ulp);
}

#endif
