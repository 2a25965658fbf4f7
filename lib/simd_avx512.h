/* simd_avx512.h - what the two vector files (groups_avx512.c, the stage
 * groups; widened_avx512.c, widened's blocks) share: the format ids that
 * simd_formats_avx512.h switches on, the name pasting of their bodies,
 * the small-m gather indices and the lane bookkeeping around them (which
 * lanes a chunk fills, which columns met a NaN and go back to the scalar
 * group). Not installed. */
#ifndef WHT_SIMD_AVX512_H
#define WHT_SIMD_AVX512_H

#include <stdint.h>
#include "wht_internal.h"

#define WHT__CAT3_(a, b, c) a##b##c
#define WHT__CAT3(a, b, c) WHT__CAT3_(a, b, c)
#define WHT__F64V 0
#define WHT__F32V 1
#define WHT__F16V 2
#define WHT__BF16V 3

/* the gather indices of `lanes` columns of stride m < lanes in groups of
 * 2^c rows (groups_avx512.c): gin[t lanes + l] is lane l of row t in the
 * chunk's memory order, gout[i] the (row, lane) slot of element i */
void wht__simd_gather_index(int32_t *gin, int32_t *gout, unsigned lanes, unsigned m, unsigned c);

/* the lanes of register p of a chunk's memory order that hold one of its
 * first `rest` elements */
static inline uint32_t wht__simd_part(uint64_t rest, unsigned p, unsigned lanes)
{
  const uint64_t at = (uint64_t)p * lanes;
  return rest >= at + lanes ? (uint32_t)((1ull << lanes) - 1u) : rest > at ? (uint32_t)((1u << (rest - at)) - 1u) : 0u;
}

/* mask k of memory-order register p less the elements of the NaN lanes
 * (gout[i] mod lanes is element i's lane) */
static inline uint32_t wht__simd_drop(uint32_t k, uint32_t nan, const int32_t *gout, unsigned p, unsigned lanes)
{
  if (nan)
    for (unsigned l = 0; l < lanes; l++)
      if ((nan >> (gout[p * lanes + l] % lanes)) & 1) k &= ~(1u << l);
  return k;
}

/* the NaN lanes' columns to the scalar group (s, c): lane l is column
 * `at` + l (whole columns) or, in a chunk of m < lanes columns from
 * element `at` (span = m 2^c, `rest` elements left), column l mod m of
 * super-block l / m */
static inline void wht__simd_hand_back(const wht__cpu_ctx *ctx, wht__cpu_group_fn scalar, uint32_t nan,
                                       unsigned lanes, uint64_t at, uint64_t m, uint64_t span, uint64_t rest,
                                       unsigned s, unsigned c)
{
  for (unsigned l = 0; nan && l < lanes; l++)
    if (((nan >> l) & 1) && (l / m) * span < rest) scalar(ctx, at + (l / m) * span + l % m, 1, s, c, 1);
}
#endif
