/* metrics_simd.h - the metrics' per-element work (metrics.c's first pass
 * and the sums' terms) eight elements at a time on AVX-512
 * (metrics_avx512.c), in runs of blocks whose every lane takes the common
 * path; the caller runs its scalar code for any other block, so the
 * columns are the scalar code's bits; and the chains of two outputs as one
 * vector. Not installed. */
#ifndef WHT_METRICS_SIMD_H
#define WHT_METRICS_SIMD_H

#include <stdint.h>
#include "wht_oracle.h"

/* the first pass's counts and maxima of a run of elements */
typedef struct {
  int64_t n_zero, zero_miss, n_rel;
  double max_abs, max_half, max_ulp, max_v;
} wht__first_part;

/* 1 where the CPU has AVX-512F and no test turned it off */
int wht__metrics_simd(void);
/* For tests: nonzero runs the scalar code only. */
void wht__metrics_force_scalar(int on);

/* Elements y[0..n-1], v[0..n-1] of a format of precision p and minimum
 * exponent emin, eight at a time from the start, as long as every lane of
 * a block of eight is finite with |y| and |hi| below 2^1022 and, where
 * v != 0, has a normal leading double and 2^-ulp_exp a normal one: their
 * counts added to *a's and their maxima taken into *a's (by the scalar
 * code's >, so *a's must be >= +0 and not NaN); returns how many elements
 * it did (a multiple of 8: the next block, if any, is the scalar code's). */
uint64_t wht__metrics_first_run(const double *y, const wht_dd *v, uint64_t n, int p, int emin, wht__first_part *a);
/* The four terms of the sums (f = 2^sd and fv = 2^sv, both nonzero) of
 * elements y[0..n-1], v[0..n-1], eight at a time from the start as long
 * as every lane of a block has |y| and |hi| below 2^1022: element i's in
 * t[4 i .. 4 i + 3], the largest relative term taken into *max_rel (by
 * the scalar code's >, *max_rel >= +0 and not NaN); returns how many
 * elements it did (a multiple of 8). */
uint64_t wht__metrics_terms_run(const double *y, const wht_dd *v, uint64_t n, double f, double fv, double *t,
                                double *max_rel);
/* The four Neumaier chains of two outputs, their states s[q], c[q] (sum
 * q of the first output) and s[4 + q], c[4 + q] (of the second), over m
 * elements' terms t0 and t1 (element i's four at 4 i), in index order,
 * each lane metrics.c's csum2_add. Only where wht__metrics_simd(). */
void wht__metrics_chains(double *s, double *c, const double *t0, const double *t1, uint64_t m);
#endif
