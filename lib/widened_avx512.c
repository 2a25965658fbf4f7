/* widened_avx512.c - the groups of widened and widened-pass
 * (widened_body.h) in every format on AVX-512: f16 and bf16 sixteen
 * columns at a time in float lanes, f32 eight in double lanes, f64 eight
 * in double-double (simd_wide_avx512.h), bit for bit the scalar code's
 * (widened_simd_body.h: a column that meets a NaN is handed back to the
 * scalar group; tests/test_groups_simd compares the two on special values
 * and random data). The scalar code rounds f16 and bf16 in software with
 * branches and runs the double-double's twenty dependent operations one
 * element at a time. Chosen at run time as the stage groups' path
 * (groups_avx512.c): AVX-512F, BW and VL, and wht__groups_force_scalar
 * turns both off. */
#include <stdint.h>
#include "groups_simd.h"
#include "simd_avx512.h"
#include "widened_arith.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512vl")
#define WHT__SIMD_BODY "widened_simd_body.h"
#include "simd_each_format.h"
#pragma GCC pop_options

typedef void (*wht__wide_group)(const wht__cpu_ctx *, uint64_t, uint64_t, unsigned, unsigned, uint64_t, int, int,
                                wht__cpu_group_fn);
static const wht__wide_group widened_v[WHT_NFORMATS] = { widened_vf64, widened_vf32, widened_vf16, widened_vbf16 };

int wht__widened_simd(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c, uint64_t cols,
                      wht_format f, int first, int last, wht__cpu_group_fn scalar)
{
  if (c < 1 || c > 3 || (unsigned)f >= WHT_NFORMATS || !wht__groups_simd_available()) return 0;
  widened_v[f](ctx, base, count, s, c, cols, first, last, scalar);
  return 1;
}
#else
int wht__widened_simd(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c, uint64_t cols,
                      wht_format f, int first, int last, wht__cpu_group_fn scalar)
{
  (void)ctx, (void)base, (void)count, (void)s, (void)c, (void)cols, (void)f, (void)first, (void)last, (void)scalar;
  return 0;
}
#endif
