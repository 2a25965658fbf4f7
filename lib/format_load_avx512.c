/* format_load_avx512.c - stored f32, f16 and bf16 values to doubles
 * sixteen at a time on AVX-512F (format_arrays.c's load_block uses it
 * where the CPU has it). Every conversion is exact: binary16 and bfloat16
 * values are floats (VCVTPH2PS; bfloat16's bits are a float's upper half),
 * and floats are doubles (VCVTPS2PD). A NaN comes out as the scalar path's
 * NaN: both paths go through a float, and the float-to-double conversion
 * (the scalar path's too) sets the quiet bit and keeps the payload; VCVTPH2PS
 * keeps binary16's payload in the same bits and sets the same quiet bit.
 * tests/test_format_load compares the two on every binary16 and bfloat16
 * pattern and on float specials. */
#include <stdint.h>
#include "wht_internal.h"

static int forced_scalar;
void wht__format_load_force_scalar(int on) { forced_scalar = on; }

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define AVX512 __attribute__((target("avx512f")))

int wht__format_load_simd(void) { return !forced_scalar && __builtin_cpu_supports("avx512f"); }

/* sixteen floats to two blocks of eight doubles */
static AVX512 inline void put16(double *dst, __m512 x)
{
  _mm512_storeu_pd(dst, _mm512_cvtps_pd(_mm512_castps512_ps256(x)));
  _mm512_storeu_pd(dst + 8, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(x), 1))));
}

AVX512 size_t wht__format_load_avx512(wht_format f, double *dst, const void *src, size_t n)
{
  size_t i = 0;
  switch (f) {
  case WHT_F32:
    for (; i + 16 <= n; i += 16) put16(dst + i, _mm512_loadu_ps((const float *)src + i));
    break;
  case WHT_F16:
    for (; i + 16 <= n; i += 16)
      put16(dst + i, _mm512_cvtph_ps(_mm256_loadu_si256((const __m256i *)((const uint16_t *)src + i))));
    break;
  case WHT_BF16:
    for (; i + 16 <= n; i += 16) {
      const __m512i h = _mm512_cvtepu16_epi32(_mm256_loadu_si256((const __m256i *)((const uint16_t *)src + i)));
      put16(dst + i, _mm512_castsi512_ps(_mm512_slli_epi32(h, 16)));
    }
    break;
  default:
    break;
  }
  return i;
}
#else
int wht__format_load_simd(void) { return 0; }
size_t wht__format_load_avx512(wht_format f, double *dst, const void *src, size_t n)
{
  (void)f, (void)dst, (void)src, (void)n;
  return 0;
}
#endif
