/* ops_steps.h - the element-wise steps of the operations (DESIGN.md
 * section 6) on host storage of a format, each result correctly rounded to
 * the format. Internal to libwht (wht__ prefix, not installed); tests use it to
 * check each step against scalar references. */
#ifndef WHT_OPS_STEPS_H
#define WHT_OPS_STEPS_H

#include <stdint.h>
#include "wht.h"

/* x_i = fl(x_i * 2^-k): the division by n = 2^k of two-way, smoothed and
 * xor-conv, rounded once even where 2^-k is not a value of the format. */
void wht__ops_scale(wht_format f, void *x, uint64_t n, unsigned k);

/* x_i = phi(x_i) with threshold tau_f (a value of the format): x - tau_f if
 * x > tau_f, 0 if |x| <= tau_f, x + tau_f if x < -tau_f; NaN stays NaN. */
void wht__ops_soft_threshold(wht_format f, void *x, uint64_t n, double tau_f);

/* a_i = fl(a_i * b_i). */
void wht__ops_mul(wht_format f, void *a, const void *b, uint64_t n);

/* 1 when some x_i is inf or NaN. */
int wht__ops_any_nonfinite(wht_format f, const void *x, uint64_t n);
#endif
