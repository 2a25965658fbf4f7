/* groups_simd.h - the vector path of the stage groups (folklore, kahan,
 * neumaier and the block forms, Alman-Rao's radix-8 groups;
 * groups_avx512.c), which folklore_body.h, compensated_body.h and
 * alman_rao_body.h try before their scalar loops; and of widened's
 * blocks (widened_avx512.c), which widened_body.h tries.
 * Not installed. */
#ifndef WHT_GROUPS_SIMD_H
#define WHT_GROUPS_SIMD_H

#include "wht_internal.h"

/* the group: folklore's butterflies (a + b, a - b), the compensated ones
 * with Kahan's or Neumaier's recoveries (compensated_body.h), or
 * Alman-Rao's radix-8 group (alman_rao_body.h's ar_radix8, c = 3 only) */
enum { WHT__SIMD_FOLKLORE, WHT__SIMD_KAHAN, WHT__SIMD_NEUMAIER, WHT__SIMD_ALMAN_RAO };

/* the group function of that kind in format f (blocked: the -block form
 * of a compensated one): 1 when it ran the group, 0 when the CPU lacks
 * AVX-512F/BW/VL or a test turned the vector path off, and then the
 * caller's scalar code runs it. `scalar` is that scalar group function: it
 * runs the columns that meet a NaN (one column a call), whose bits depend
 * on the compiler's order of operands. */
int wht__groups_simd(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c, uint64_t cols,
                     wht_format f, int kind, int blocked, wht__cpu_group_fn scalar);
/* widened's and widened-pass's group (widened_body.h) in format f, as
 * above: first, the block starts here and x is widened exactly, else the
 * wide values come from the workspace ctx->e; last, the block ends here
 * and they are rounded into x, else they go to the workspace. */
int wht__widened_simd(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c, uint64_t cols,
                      wht_format f, int first, int last, wht__cpu_group_fn scalar);
/* 1 where the vector path runs */
int wht__groups_simd_available(void);
/* For tests: nonzero runs the scalar code only (both paths). */
void wht__groups_force_scalar(int on);
#endif
