/* simd_wide_avx512.h - widened_arith.h's wide arithmetic on 512-bit
 * registers, for widened's vector blocks (widened_avx512.c): f16 and bf16
 * in float lanes (16), f32 in double lanes (8), f64 in double-double (8
 * lanes, a register of hi and one of lo). Included once per format after
 * simd_formats_avx512.h (whose LOADV/STOREV load f16, bf16 and f64 and
 * round f16 and bf16), inside a region compiled for AVX-512F/BW/VL;
 * defines WV (widened_arith.h's wide type, the workspace's element), WL
 * (lanes), WM (their mask), WVT (a wide register), WBUF (a
 * gather buffer of 8 registers), WLD/WST (format elements in, widened
 * exactly / rounded once out), WLDW/WSTW (the workspace's wide values),
 * WADDV/WSUBV, WNAN (lanes with a NaN), WBST/WBGATH (the buffer);
 * simd_wide_end.h undoes them. Every operation is the scalar one per lane,
 * so the bits are widened_arith.h's wherever no NaN comes up: the
 * conversions f32 <-> f64 round as the scalar casts (nearest-even,
 * subnormals kept, overflow to inf) and the double-double sums are its
 * error-free additions in its order, without FMA. */
#if FMT_V == WHT__F16V || FMT_V == WHT__BF16V
#define WV float
#define WL 16
#define WM __mmask16
#define WVT __m512
#define WBUF struct { float v[8 * 16]; }
#define WLD(p, k) LOADV((p), (k))
#define WST(p, k, a) STOREV((p), (k), (a))
#define WLDW(p, k) _mm512_maskz_loadu_ps((k), (const float *)(p))
#define WSTW(p, k, a) _mm512_mask_storeu_ps((float *)(p), (k), (a))
#define WADDV(a, b) _mm512_add_ps((a), (b))
#define WSUBV(a, b) _mm512_sub_ps((a), (b))
#define WNAN(a) _mm512_cmp_ps_mask((a), (a), _CMP_UNORD_Q)
#define WBST(b, i, a) _mm512_store_ps((b)->v + (i), (a))
#define WBGATH(b, idx) _mm512_i32gather_ps(_mm512_loadu_si512((const void *)(idx)), (b)->v, 4)
#elif FMT_V == WHT__F32V
#define WV double
#define WL 8
#define WM __mmask8
#define WVT __m512d
#define WBUF struct { double v[8 * 8]; }
#define WLD(p, k) _mm512_cvtps_pd(_mm256_maskz_loadu_ps((k), (p)))
#define WST(p, k, a) _mm256_mask_storeu_ps((p), (k), _mm512_cvtpd_ps(a))
#define WLDW(p, k) _mm512_maskz_loadu_pd((k), (const double *)(p))
#define WSTW(p, k, a) _mm512_mask_storeu_pd((double *)(p), (k), (a))
#define WADDV(a, b) _mm512_add_pd((a), (b))
#define WSUBV(a, b) _mm512_sub_pd((a), (b))
#define WNAN(a) _mm512_cmp_pd_mask((a), (a), _CMP_UNORD_Q)
#define WBST(b, i, a) _mm512_store_pd((b)->v + (i), (a))
#define WBGATH(b, idx) _mm512_i32gather_pd(_mm256_loadu_si256((const __m256i *)(idx)), (b)->v, 8)
#else
#define WV wht__dd
#define WL 8
#define WM __mmask8
typedef struct { __m512d hi, lo; } wht__ddv;
#define WVT wht__ddv
#define WBUF struct { double hi[8 * 8], lo[8 * 8]; }
#define AI_ static inline __attribute__((always_inline))

/* wht__two_sum and wht__fast_two_sum per lane, the same operations */
AI_ wht__ddv wht__two_sumv(__m512d a, __m512d b)
{
  const __m512d s = _mm512_add_pd(a, b), bb = _mm512_sub_pd(s, a);
  return (wht__ddv){ s, _mm512_add_pd(_mm512_sub_pd(a, _mm512_sub_pd(s, bb)), _mm512_sub_pd(b, bb)) };
}
AI_ wht__ddv wht__fast_two_sumv(__m512d a, __m512d b)
{
  const __m512d s = _mm512_add_pd(a, b);
  return (wht__ddv){ s, _mm512_sub_pd(b, _mm512_sub_pd(s, a)) };
}
/* wht__dd_add */
AI_ wht__ddv wht__dd_addv(wht__ddv x, wht__ddv y)
{
  wht__ddv s = wht__two_sumv(x.hi, y.hi);
  const wht__ddv t = wht__two_sumv(x.lo, y.lo);
  s = wht__fast_two_sumv(s.hi, _mm512_add_pd(s.lo, t.hi));
  return wht__fast_two_sumv(s.hi, _mm512_add_pd(s.lo, t.lo));
}
/* wht__dd_sub: x + (-y), the negation on the sign bits */
AI_ wht__ddv wht__dd_subv(wht__ddv x, wht__ddv y)
{
  const __m512i sign = _mm512_set1_epi64(INT64_MIN);
  const wht__ddv n = { _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(y.hi), sign)),
                       _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(y.lo), sign)) };
  return wht__dd_addv(x, n);
}
/* the workspace holds wht__dd {hi, lo} pairs: lane mask k over 16 doubles */
AI_ __mmask16 wht__pairs(__mmask8 k)
{
  uint32_t x = k;
  x = (x | x << 4) & 0x0f0fu, x = (x | x << 2) & 0x3333u, x = (x | x << 1) & 0x5555u;
  return (__mmask16)(x | x << 1);
}
AI_ wht__ddv wht__dd_loadv(const wht__dd *p, __mmask8 k)
{
  const __mmask16 m = wht__pairs(k);
  const __m512d a = _mm512_maskz_loadu_pd((__mmask8)m, (const double *)p),
                b = _mm512_maskz_loadu_pd((__mmask8)(m >> 8), (const double *)p + 8);
  return (wht__ddv){ _mm512_permutex2var_pd(a, _mm512_setr_epi64(0, 2, 4, 6, 8, 10, 12, 14), b),
                     _mm512_permutex2var_pd(a, _mm512_setr_epi64(1, 3, 5, 7, 9, 11, 13, 15), b) };
}
AI_ void wht__dd_storev(wht__dd *p, __mmask8 k, wht__ddv v)
{
  const __mmask16 m = wht__pairs(k);
  _mm512_mask_storeu_pd((double *)p, (__mmask8)m,
                        _mm512_permutex2var_pd(v.hi, _mm512_setr_epi64(0, 8, 1, 9, 2, 10, 3, 11), v.lo));
  _mm512_mask_storeu_pd((double *)p + 8, (__mmask8)(m >> 8),
                        _mm512_permutex2var_pd(v.hi, _mm512_setr_epi64(4, 12, 5, 13, 6, 14, 7, 15), v.lo));
}
#undef AI_
/* wht__dd_from: lo = +0; wht__dd_round: hi + lo */
#define WLD(p, k) ((wht__ddv){ LOADV((p), (k)), _mm512_setzero_pd() })
#define WST(p, k, a) STOREV((p), (k), _mm512_add_pd((a).hi, (a).lo))
#define WLDW(p, k) wht__dd_loadv((p), (k))
#define WSTW(p, k, a) wht__dd_storev((p), (k), (a))
#define WADDV(a, b) wht__dd_addv((a), (b))
#define WSUBV(a, b) wht__dd_subv((a), (b))
#define WNAN(a) (__mmask8)(_mm512_cmp_pd_mask((a).hi, (a).hi, _CMP_UNORD_Q) | _mm512_cmp_pd_mask((a).lo, (a).lo, _CMP_UNORD_Q))
#define WBST(b, i, a) (_mm512_store_pd((b)->hi + (i), (a).hi), _mm512_store_pd((b)->lo + (i), (a).lo))
#define WBGATH(b, idx)                                                                              \
  ((wht__ddv){ _mm512_i32gather_pd(_mm256_loadu_si256((const __m256i *)(idx)), (b)->hi, 8),           \
               _mm512_i32gather_pd(_mm256_loadu_si256((const __m256i *)(idx)), (b)->lo, 8) })
#endif
