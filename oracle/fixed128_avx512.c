/* fixed128_avx512.c - the __int128 engine's radix-8 and radix-4 groups
 * (fixed128.c) four at a time on AVX-512: a 512-bit register holds four
 * consecutive values (low and high 64-bit halves alternating, as in
 * memory), so the groups at p + j .. p + j + 3 of a pass with m >= 4 load
 * as one register per row; stages 0 and 1 run inside registers (lane
 * swaps). A 128-bit sum is the four lane sums, plus one
 * in the high lanes whose low lane wrapped (s_lo < a_lo); a difference
 * subtracts one where a_lo < b_lo. Integers, exact: the same values as
 * the scalar groups, in any order, so the result does not depend on which
 * ran (tests/test_oracle_threads compares them). The conversion to hi + lo
 * runs eight values at a time too (below). Chosen at run time: the CPU
 * must have AVX-512F and CD, and wht__oracle_force_scalar can turn it off. */
#include "oracle_internal.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define AVX512 __attribute__((target("avx512f")))

int wht__i128x4_available(void)
{
  return !wht__oracle_forced_scalar() && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd");
}

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
/* ---- the conversion to hi + lo, eight values at a time --------------- *
 * fixed_gpu_ops.h's wht__fx_store lane by lane, for values whose leading
 * bit lies in its common range: |x| = H 2^64 + L normalised into `top`
 * (leading bit at 63) and the 64 bits below it, `low`; hi's significand
 * is top's upper 53 bits rounded to nearest even on the 11 below and low;
 * the remainder is those 75 bits, or 2^75 minus them when hi rounded up,
 * normalised and rounded the same way for lo. The same integers decide
 * the same roundings as wht__fx_store's 128-bit shifts (test_oracle_threads
 * compares the two engines; test_oracle_fast_vs_mpfr checks against MPFR). */

/* the upper 53 of the 64 bits of t (bit 63 set), rounded to nearest even
 * on the 11 below and the sticky `more`; *up: rounded up */
static AVX512 inline __m512i round53(__m512i t, __m512i more, __mmask8 *up)
{
  const __m512i sig = _mm512_srli_epi64(t, 11), below = _mm512_and_si512(t, _mm512_set1_epi64(0x7ff));
  const __m512i half = _mm512_set1_epi64(0x400);
  const __mmask8 tie = _mm512_cmpeq_epi64_mask(below, half);
  const __mmask8 odd_or_more = _mm512_test_epi64_mask(sig, _mm512_set1_epi64(1)) |
                               _mm512_test_epi64_mask(more, more);
  *up = _mm512_cmpgt_epu64_mask(below, half) | (tie & odd_or_more);
  return _mm512_mask_add_epi64(sig, *up, sig, _mm512_set1_epi64(1));
}

/* (h, l) normalised to its leading bit: top 64 bits, the 64 below, and the
 * bit length; h = 0 lanes take l alone */
static __attribute__((target("avx512f,avx512cd"))) inline void normalise(__m512i h, __m512i l, __m512i *top, __m512i *low, __m512i *len)
{
  const __mmask8 hz = _mm512_test_epi64_mask(h, h);
  const __m512i ch = _mm512_lzcnt_epi64(h), cl = _mm512_lzcnt_epi64(l);
  const __m512i c64 = _mm512_set1_epi64(64);
  /* l >> (64 - ch): 0 where ch = 0 (a count of 64 gives 0) */
  const __m512i th = _mm512_or_si512(_mm512_sllv_epi64(h, ch), _mm512_srlv_epi64(l, _mm512_sub_epi64(c64, ch)));
  *top = _mm512_mask_blend_epi64(hz, _mm512_sllv_epi64(l, cl), th);
  *low = _mm512_maskz_sllv_epi64(hz, l, ch);
  *len = _mm512_mask_blend_epi64(hz, _mm512_sub_epi64(c64, cl), _mm512_sub_epi64(_mm512_set1_epi64(128), ch));
}

__attribute__((target("avx512f,avx512cd"))) int wht__i128x8_store(void *a, void *b, int e)
{
  const __m512i va = _mm512_loadu_si512(a), vb = _mm512_loadu_si512(b);
  const __m512i even = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), odd = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
  const __m512i L0 = _mm512_permutex2var_epi64(va, even, vb), H0 = _mm512_permutex2var_epi64(va, odd, vb);
  /* |x|: (x ^ s) - s with s all ones for negative x, the borrow across */
  const __m512i sgn = _mm512_srai_epi64(H0, 63);
  const __mmask8 neg = _mm512_test_epi64_mask(sgn, sgn);
  const __m512i Lx = _mm512_xor_si512(L0, sgn), Hx = _mm512_xor_si512(H0, sgn);
  const __m512i L = _mm512_sub_epi64(Lx, sgn);
  const __mmask8 carry = neg & _mm512_testn_epi64_mask(L, L);
  const __m512i H = _mm512_mask_add_epi64(Hx, carry, Hx, _mm512_set1_epi64(1));
  const __mmask8 nz = _mm512_test_epi64_mask(_mm512_or_si512(H, L), _mm512_or_si512(H, L));
  __m512i top, low, b128;
  normalise(H, L, &top, &low, &b128);
  const __m512i lead = _mm512_add_epi64(b128, _mm512_set1_epi64((int64_t)e - 1));
  const __mmask8 in_range = _mm512_cmple_epi64_mask(lead, _mm512_set1_epi64(1023)) &
                            _mm512_cmpge_epi64_mask(lead, _mm512_set1_epi64(-842));
  if ((in_range & nz) != nz) return 0;
  __mmask8 up;
  const __m512i sig = round53(top, low, &up);
  const __m512i hb = _mm512_add_epi64(_mm512_slli_epi64(_mm512_add_epi64(lead, _mm512_set1_epi64(1022)), 52), sig);
  if (_mm512_mask_cmpge_epu64_mask(nz, hb, _mm512_set1_epi64(INT64_C(0x7ff0000000000000)))) return 0; /* overflow */
  const __m512i signbit = _mm512_set1_epi64(INT64_MIN);
  const __m512i hi = _mm512_maskz_or_epi64(nz, hb, _mm512_maskz_mov_epi64(neg, signbit));
  /* the remainder r = rh 2^64 + rl: the 75 bits below, or 2^75 minus them */
  const __m512i below = _mm512_and_si512(top, _mm512_set1_epi64(0x7ff));
  const __mmask8 lownz = _mm512_test_epi64_mask(low, low);
  const __m512i rl = _mm512_mask_sub_epi64(low, up, _mm512_setzero_si512(), low);
  const __m512i rh_up = _mm512_mask_sub_epi64(_mm512_sub_epi64(_mm512_set1_epi64(0x800), below), lownz,
                                              _mm512_sub_epi64(_mm512_set1_epi64(0x800), below), _mm512_set1_epi64(1));
  const __m512i rh = _mm512_mask_blend_epi64(up, below, rh_up);
  const __mmask8 rnz = nz & _mm512_test_epi64_mask(_mm512_or_si512(rh, rl), _mm512_or_si512(rh, rl));
  __m512i t, more, br;
  normalise(rh, rl, &t, &more, &br);
  __mmask8 up2;
  const __m512i sig2 = round53(t, more, &up2);
  const __m512i lb = _mm512_add_epi64(
      _mm512_slli_epi64(_mm512_add_epi64(_mm512_add_epi64(lead, br), _mm512_set1_epi64(894)), 52), sig2);
  const __m512i lo = _mm512_maskz_or_epi64(rnz, lb, _mm512_maskz_mov_epi64(neg ^ up, signbit));
  /* hi, lo back into (hi, lo) pairs, over the integers */
  const __m512i pa = _mm512_set_epi64(11, 3, 10, 2, 9, 1, 8, 0), pb = _mm512_set_epi64(15, 7, 14, 6, 13, 5, 12, 4);
  _mm512_storeu_si512(a, _mm512_permutex2var_epi64(hi, pa, lo));
  _mm512_storeu_si512(b, _mm512_permutex2var_epi64(hi, pb, lo));
  return 1;
}
#else
int wht__i128x4_available(void) { return 0; }
int wht__i128x8_store(void *a, void *b, int e)
{
  (void)a, (void)b, (void)e;
  return 0;
}
void wht__i128x4_stages01(void *p, size_t len) { (void)p, (void)len; }
void wht__i128x4_radix8(void *p, size_t m) { (void)p, (void)m; }
void wht__i128x4_radix4(void *p, size_t m) { (void)p, (void)m; }
#endif
