/* simd_avx512.h - what the two vector files (groups_avx512.c, the stage
 * groups; widened_avx512.c, widened's blocks) share: the format ids that
 * simd_formats_avx512.h switches on, the name pasting of their bodies and
 * the small-m gather indices. Not installed. */
#ifndef WHT_SIMD_AVX512_H
#define WHT_SIMD_AVX512_H

#include <stdint.h>

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
#endif
