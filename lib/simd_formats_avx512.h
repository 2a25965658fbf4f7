/* simd_formats_avx512.h - arith.h's per-format operations on a 512-bit
 * register of lanes, for the vector stage groups (groups_avx512.c):
 * f16 and bf16 held in float lanes (16), rounded once after each float
 * operation as arith.h does; f32 in float lanes and f64 in double lanes
 * (8), native. Included once per format with FMT_V set to F16V, BF16V,
 * F32V or F64V, inside a region compiled for AVX-512F/BW/VL; defines VT, MT,
 * L, LOADV, STOREV, VADD, VSUB, VHALF (the product by 1/2), VNEG, VABS, VLE, VNAN, VBLEND, VGATHER, VSET0,
 * VSTA (aligned store to a buffer of the working type WT) and IDX (the
 * gather's index type); simd_formats_end.h undoes them.
 *
 * The roundings give arith.h's bits for every float that is not NaN
 * (checked for all 2^32 floats once, and by tests/test_groups_simd on
 * the transforms): f16 by the conversion to binary16 and back (vcvtps2ph,
 * round to nearest-even, subnormals kept, overflow to inf; vcvtph2ps,
 * exact), bf16 on the bits as wht__bf16_round. A NaN comes back quiet from
 * the f16 conversion, where the scalar code keeps a signalling one; the
 * groups hand every column that meets a NaN to the scalar code anyway
 * (groups_simd_body.h). */
#if FMT_V == WHT__F16V || FMT_V == WHT__BF16V || FMT_V == WHT__F32V
#define VT __m512
#define WT float
#define MT __mmask16
#define L 16
#define IDX __m512i
#define VSET0() _mm512_setzero_ps()
#define VNEG(a) _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(a), _mm512_set1_epi32(INT32_MIN)))
#define VABS(a) _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(a), _mm512_set1_epi32(INT32_MAX)))
#define VLE(a, b) _mm512_cmp_ps_mask((a), (b), _CMP_LE_OQ)
#define VNAN(a) _mm512_cmp_ps_mask((a), (a), _CMP_UNORD_Q)
#define VBLEND(k, a, b) _mm512_mask_blend_ps((k), (a), (b)) /* k ? b : a */
#define VGATHER(idx, buf) _mm512_i32gather_ps((idx), (buf), 4)
#define VSTA(p, v) _mm512_store_ps((p), (v))
#define IDXLOAD(p) _mm512_loadu_si512((const void *)(p))
#else
#define VT __m512d
#define WT double
#define MT __mmask8
#define L 8
#define IDX __m256i
#define VSET0() _mm512_setzero_pd()
#define VNEG(a) _mm512_castsi512_pd(_mm512_xor_si512(_mm512_castpd_si512(a), _mm512_set1_epi64(INT64_MIN)))
#define VABS(a) _mm512_castsi512_pd(_mm512_and_si512(_mm512_castpd_si512(a), _mm512_set1_epi64(INT64_MAX)))
#define VLE(a, b) _mm512_cmp_pd_mask((a), (b), _CMP_LE_OQ)
#define VNAN(a) _mm512_cmp_pd_mask((a), (a), _CMP_UNORD_Q)
#define VBLEND(k, a, b) _mm512_mask_blend_pd((k), (a), (b))
#define VGATHER(idx, buf) _mm512_i32gather_pd((idx), (buf), 8)
#define VSTA(p, v) _mm512_store_pd((p), (v))
#define IDXLOAD(p) _mm256_loadu_si256((const __m256i *)(p))
#endif

#if FMT_V == WHT__F16V
#define T uint16_t
static inline __attribute__((always_inline)) __m512 wht__rnd_f16v(__m512 v)
{
  return _mm512_cvtph_ps(_mm512_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
}
#define RND(v) wht__rnd_f16v(v)
/* masked-off lanes load as 0 and are not stored */
#define LOADV(p, k) _mm512_cvtph_ps(_mm256_maskz_loadu_epi16((k), (p)))
#define STOREV(p, k, v) _mm256_mask_storeu_epi16((p), (k), _mm512_cvtps_ph((v), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC))
#elif FMT_V == WHT__BF16V
#define T uint16_t
/* wht__bf16_round: u + 0x7fff + (bit 16 of u), low half cleared; NaN kept */
static inline __attribute__((always_inline)) __m512 wht__rnd_bf16v(__m512 v)
{
  const __m512i u = _mm512_castps_si512(v);
  const __m512i odd = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
  const __m512i r = _mm512_and_si512(_mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7fff)), odd),
                                     _mm512_set1_epi32((int)0xffff0000u));
  return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(v, v, _CMP_ORD_Q), v, _mm512_castsi512_ps(r));
}
#define RND(v) wht__rnd_bf16v(v)
#define LOADV(p, k) _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_maskz_loadu_epi16((k), (p))), 16))
/* wht__float_to_bf16_bits: rounded, a NaN quiet, the high half */
static inline __attribute__((always_inline)) __m256i wht__bf16_bitsv(__m512 v)
{
  __m512i u = _mm512_castps_si512(wht__rnd_bf16v(v));
  u = _mm512_mask_or_epi32(u, _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q), u, _mm512_set1_epi32(0x00400000));
  return _mm512_cvtepi32_epi16(_mm512_srli_epi32(u, 16));
}
#define STOREV(p, k, v) _mm256_mask_storeu_epi16((p), (k), wht__bf16_bitsv(v))
#elif FMT_V == WHT__F32V
#define T float
#define RND(v) (v)
#define LOADV(p, k) _mm512_maskz_loadu_ps((k), (p))
#define STOREV(p, k, v) _mm512_mask_storeu_ps((p), (k), (v))
#else
#define T double
#define RND(v) (v)
#define LOADV(p, k) _mm512_maskz_loadu_pd((k), (p))
#define STOREV(p, k, v) _mm512_mask_storeu_pd((p), (k), (v))
#endif

#if L == 16
#define VADD(a, b) RND(_mm512_add_ps((a), (b)))
#define VSUB(a, b) RND(_mm512_sub_ps((a), (b)))
#define VHALF(a) RND(_mm512_mul_ps((a), _mm512_set1_ps(0.5f)))
#else
#define VADD(a, b) RND(_mm512_add_pd((a), (b)))
#define VSUB(a, b) RND(_mm512_sub_pd((a), (b)))
#define VHALF(a) RND(_mm512_mul_pd((a), _mm512_set1_pd(0.5)))
#endif
