/* compensated_simd.h - the vector path of the compensated stage groups
 * (kahan, neumaier and their block forms; compensated_avx512.c), which
 * compensated_body.h tries before its scalar loop. Not installed. */
#ifndef WHT_COMPENSATED_SIMD_H
#define WHT_COMPENSATED_SIMD_H

#include "wht_internal.h"

/* compensated_body.h's group function in format f (neumaier: Neumaier's
 * recoveries, else Kahan's; blocked: the -block form): 1 when it ran the
 * group, 0 when the CPU lacks AVX-512F/BW/VL or a test turned the vector
 * path off, and then the caller's scalar code runs it. `scalar` is that
 * scalar group function: it runs the columns that meet a NaN (one column
 * a call), whose bits depend on the compiler's order of operands. */
int wht__compensated_simd(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c,
                          uint64_t cols, wht_format f, int neumaier, int blocked, wht__cpu_group_fn scalar);
/* 1 where the vector path runs */
int wht__compensated_simd_available(void);
/* For tests: nonzero runs the scalar code only. */
void wht__compensated_force_scalar(int on);
#endif
