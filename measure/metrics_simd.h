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

/* A tile of v's part of the first pass, made once for all the outputs
 * of a batch: hi and lo apart, and per element ulp_exp (ue) and the
 * multiplier 2^-ue (1 where v = 0); per block of eight, the lanes where v
 * = 0 and whether the block takes the common path as far as v goes. */
#define WHT__FIRST_TILE 512
typedef struct {
  double hi[WHT__FIRST_TILE], lo[WHT__FIRST_TILE], mult[WHT__FIRST_TILE];
  int ue[WHT__FIRST_TILE];
  unsigned char zero[WHT__FIRST_TILE / 8], ok[WHT__FIRST_TILE / 8];
} wht__first_v;

/* 1 where the CPU has AVX-512F and no test turned it off */
int wht__metrics_simd(void);
/* For tests: nonzero runs the scalar code only. */
void wht__metrics_force_scalar(int on);

/* The first pass (metrics.c: counts and maxima) of a tile of n elements
 * in two parts, each eight elements at a time from element i0 of the tile
 * (a multiple of 8) on: v's part (v the tile's start) into t's entries and
 * a's n_zero, n_rel and max_v, as long as every block has |hi| below
 * 2^1022 and, where v != 0, a normal leading double and 2^-ulp_exp a
 * normal double (t->ok = 1; the entries of a block not done are not
 * touched); then one output's part (y the tile's start) against t, its
 * zero_miss and maxima into a, as long as the blocks are ok and |y| is
 * below 2^1022. The maxima are taken by the scalar code's > (a's must be
 * >= +0 and not NaN). Each returns how many elements it did (a multiple of
 * 8): the next block, if any, is the scalar code's. */
uint64_t wht__metrics_first_v_run(const wht_dd *v, uint64_t i0, uint64_t n, int p, int emin, wht__first_v *t,
                                  wht__first_part *a);
uint64_t wht__metrics_first_y_run(const double *y, const wht__first_v *t, uint64_t i0, uint64_t n,
                                  wht__first_part *a);
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
