/* groups_avx512.c - the stage groups of folklore (folklore_body.h), of the
 * compensated algorithms (compensated_body.h) and Alman-Rao's radix-8 ones
 * (alman_rao_body.h) in every format on AVX-512: sixteen columns at a time in float lanes
 * (f16, bf16 with arith.h's one rounding after each operation, done on the
 * register; f32), eight in double lanes (f64), bit for bit the scalar
 * code's (groups_simd_body.h says how: the columns that meet a NaN are
 * handed back to the scalar code; tests/test_groups_simd compares the two
 * on special values and random data). The scalar f16
 * and bf16 code pays a software rounding with branches per operation and
 * Neumaier's a mispredicted branch per recovery; here both are a few
 * instructions on sixteen lanes. Chosen at run time: the CPU must have
 * AVX-512F, BW and VL, and wht__groups_force_scalar can turn it off. */
#include <stdint.h>
#include "groups_simd.h"
#include "simd_avx512.h"

static int forced_scalar;
void wht__groups_force_scalar(int on) { forced_scalar = on; }

/* the small-m gather indices: lane l of row t is element (l / m) span +
 * t m + l mod m of the chunk (span = m 2^c); element i of memory order
 * comes from lane (i / span) m + i mod m of row (i mod span) / m */
void wht__simd_gather_index(int32_t *gin, int32_t *gout, unsigned lanes, unsigned m, unsigned c)
{
  const unsigned r = 1u << c, span = m << c;
  for (unsigned t = 0; t < r; t++)
    for (unsigned l = 0; l < lanes; l++) gin[t * lanes + l] = (int32_t)((l / m) * span + t * m + l % m);
  for (unsigned i = 0; i < r * lanes; i++)
    gout[i] = (int32_t)(((i % span) / m) * lanes + (i / span) * m + i % m);
}

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

int wht__groups_simd_available(void)
{
  return !forced_scalar && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl");
}

#pragma GCC push_options
#pragma GCC target("avx512f,avx512bw,avx512vl")
#define WHT__SIMD_BODY "groups_simd_body.h"
#include "simd_each_format.h"
#pragma GCC pop_options

typedef void (*wht__simd_group)(const wht__cpu_ctx *, uint64_t, uint64_t, unsigned, unsigned, uint64_t, int,
                                wht__cpu_group_fn);
static const wht__simd_group groups_v[4][WHT_NFORMATS] = {
  { folklore_vf64, folklore_vf32, folklore_vf16, folklore_vbf16 },
  { kahan_vf64, kahan_vf32, kahan_vf16, kahan_vbf16 },
  { neumaier_vf64, neumaier_vf32, neumaier_vf16, neumaier_vbf16 },
  { alman_rao_vf64, alman_rao_vf32, alman_rao_vf16, alman_rao_vbf16 },
};

int wht__groups_simd(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c, uint64_t cols,
                     wht_format f, int kind, int blocked, wht__cpu_group_fn scalar)
{
  if (c < 1 || c > 3 || (unsigned)f >= WHT_NFORMATS || kind < 0 || kind > WHT__SIMD_ALMAN_RAO ||
      (kind == WHT__SIMD_ALMAN_RAO && c != 3) || !wht__groups_simd_available())
    return 0;
  groups_v[kind][f](ctx, base, count, s, c, cols, blocked, scalar);
  return 1;
}
#else
int wht__groups_simd_available(void) { return 0; }
int wht__groups_simd(const wht__cpu_ctx *ctx, uint64_t base, uint64_t count, unsigned s, unsigned c, uint64_t cols,
                     wht_format f, int kind, int blocked, wht__cpu_group_fn scalar)
{
  (void)ctx, (void)base, (void)count, (void)s, (void)c, (void)cols, (void)f, (void)kind, (void)blocked;
  (void)scalar;
  return 0;
}
#endif
