/* fixed128_avx512.c - the __int128 engine's radix-8 and radix-4 groups
 * (fixed128.c) four at a time on AVX-512: a 512-bit register holds four
 * consecutive values (low and high 64-bit halves alternating, as in
 * memory), so the groups at p + j .. p + j + 3 of a pass with m >= 4 load
 * as one register per row; stages 0 and 1 run inside registers (lane
 * swaps). A 128-bit sum is the four lane sums, plus one
 * in the high lanes whose low lane wrapped (s_lo < a_lo); a difference
 * subtracts one where a_lo < b_lo. Integers, exact: the same values as
 * the scalar groups, in any order, so the result does not depend on which
 * ran (tests/test_oracle_threads compares them). Chosen at run time: the
 * CPU must have AVX-512F, and wht__oracle_force_scalar can turn it off. */
#include "oracle_internal.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define AVX512 __attribute__((target("avx512f")))

int wht__i128x4_available(void) { return !wht__oracle_forced_scalar() && __builtin_cpu_supports("avx512f"); }

static AVX512 inline __m512i add128(__m512i a, __m512i b)
{
  const __m512i s = _mm512_add_epi64(a, b);
  const __mmask8 c = _mm512_mask_cmplt_epu64_mask(0x55, s, a); /* carries out of the low halves */
  return _mm512_mask_sub_epi64(s, (__mmask8)(c << 1), s, _mm512_set1_epi64(-1));
}

static AVX512 inline __m512i sub128(__m512i a, __m512i b)
{
  const __m512i d = _mm512_sub_epi64(a, b);
  const __mmask8 c = _mm512_mask_cmplt_epu64_mask(0x55, a, b); /* borrows of the low halves */
  return _mm512_mask_add_epi64(d, (__mmask8)(c << 1), d, _mm512_set1_epi64(-1));
}

#define BF(a, b)                                                                                     \
  do {                                                                                               \
    const __m512i t_ = (a);                                                                          \
    (a) = add128(t_, (b));                                                                           \
    (b) = sub128(t_, (b));                                                                           \
  } while (0)
#define LD(r) _mm512_loadu_si512((const void *)((char *)p + (r) * m * 16))
#define ST(r, v) _mm512_storeu_si512((void *)((char *)p + (r) * m * 16), (v))

AVX512 void wht__i128x4_radix8(void *p, size_t m)
{
  __m512i v0 = LD(0), v1 = LD(1), v2 = LD(2), v3 = LD(3), v4 = LD(4), v5 = LD(5), v6 = LD(6), v7 = LD(7);
  BF(v0, v1); BF(v2, v3); BF(v4, v5); BF(v6, v7);
  BF(v0, v2); BF(v1, v3); BF(v4, v6); BF(v5, v7);
  BF(v0, v4); BF(v1, v5); BF(v2, v6); BF(v3, v7);
  ST(0, v0); ST(1, v1); ST(2, v2); ST(3, v3); ST(4, v4); ST(5, v5); ST(6, v6); ST(7, v7);
}

AVX512 void wht__i128x4_radix4(void *p, size_t m)
{
  __m512i v0 = LD(0), v1 = LD(1), v2 = LD(2), v3 = LD(3);
  BF(v0, v1); BF(v2, v3);
  BF(v0, v2); BF(v1, v3);
  ST(0, v0); ST(1, v1); ST(2, v2); ST(3, v3);
}
/* Stages 0 and 1 on len values (a multiple of 4) at p: each register's
 * four values are one group; stage 0 pairs lanes 0-1 and 2-3, stage 1
 * lanes 0-2 and 1-3, each by a lane swap, the sum and the difference, and
 * a blend (the first of a pair takes the sum, the second t - a, where t is
 * the swapped register: the first's value minus its own). */
AVX512 void wht__i128x4_stages01(void *p, size_t len)
{
  for (size_t i = 0; i < len; i += 4) {
    void *q = (char *)p + i * 16;
    __m512i a = _mm512_loadu_si512(q);
    __m512i t = _mm512_shuffle_i64x2(a, a, 0xB1); /* lanes 1 0 3 2 */
    a = _mm512_mask_blend_epi64(0xCC, add128(a, t), sub128(t, a));
    t = _mm512_shuffle_i64x2(a, a, 0x4E); /* lanes 2 3 0 1 */
    a = _mm512_mask_blend_epi64(0xF0, add128(a, t), sub128(t, a));
    _mm512_storeu_si512(q, a);
  }
}
#else
int wht__i128x4_available(void) { return 0; }
void wht__i128x4_stages01(void *p, size_t len) { (void)p, (void)len; }
void wht__i128x4_radix8(void *p, size_t m) { (void)p, (void)m; }
void wht__i128x4_radix4(void *p, size_t m) { (void)p, (void)m; }
#endif
