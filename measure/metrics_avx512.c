/* metrics_avx512.c - metrics.c's per-element work eight elements at a time
 * (metrics_simd.h). Each lane does the scalar code's operations on its
 * element, in the same order, each correctly rounded as in scalar code
 * (subtractions, absolute values, products, quotients; no FMA): so every
 * term and every per-element value is the scalar one, and counts and
 * maxima do not depend on the order: the maxima are kept lane by lane
 * across a run of blocks (MAXPD with the scalar code's > and start, +0;
 * lanes of v = 0 masked out where the scalar code skips them) and reduced
 * once at the run's end. A block's terms are stored element by element
 * (a 4 x 8 transpose), the order in which the chains take them; the
 * chains of two outputs are one vector, each lane csum2_add's operations,
 * so each chain adds the same terms in the same order.
 * The scalar code's rare branches (|y| or |hi| at 2^1022 and above,
 * non-finite values, a subnormal leading double, a spacing beyond the
 * normal range) are not done here: a run stops before such a block and
 * the caller's scalar code runs it. */
#include <math.h>
#include "metrics_simd.h"

static int forced_scalar;
void wht__metrics_force_scalar(int on) { forced_scalar = on; }

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define AVX512 __attribute__((target("avx512f")))

int wht__metrics_simd(void) { return !forced_scalar && __builtin_cpu_supports("avx512f"); }

/* hi and lo of v[0..7] (pairs in memory) as two registers */
static AVX512 inline void load_v(const wht_dd *v, __m512d *hi, __m512d *lo)
{
  const __m512d a = _mm512_loadu_pd((const double *)v), b = _mm512_loadu_pd((const double *)v + 8);
  const __m512i even = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0), odd = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
  *hi = _mm512_permutex2var_pd(a, even, b);
  *lo = _mm512_permutex2var_pd(a, odd, b);
}

static AVX512 inline __m512d vabs(__m512d x)
{
  return _mm512_castsi512_pd(_mm512_and_si512(_mm512_castpd_si512(x), _mm512_set1_epi64(INT64_MAX)));
}

/* lanes with |y| and |hi| below 2^1022 (false for inf and NaN) */
static AVX512 inline __mmask8 common(__m512d y, __m512d hi)
{
  const __m512d top = _mm512_set1_pd(0x1p1022);
  return _mm512_cmp_pd_mask(vabs(y), top, _CMP_LT_OQ) & _mm512_cmp_pd_mask(vabs(hi), top, _CMP_LT_OQ);
}

/* |(y - hi) - lo|: metrics.c's abs_err */
static AVX512 inline __m512d abs_err(__m512d y, __m512d hi, __m512d lo)
{
  return vabs(_mm512_sub_pd(_mm512_sub_pd(y, hi), lo));
}

/* the scalar code's running maximum, lane by lane: x where x > acc, else
 * acc (MAXPD returns its second operand unless the first is greater, so
 * a NaN never enters and a -0 never replaces a +0); m: the lanes to take */
static AVX512 inline __m512d run_max(__m512d acc, __mmask8 m, __m512d x) { return _mm512_mask_max_pd(acc, m, x, acc); }

/* a lane-wise maximum (every lane >= +0, never NaN: they start at +0 and
 * only grow) into the scalar one by the same > */
static AVX512 inline void max_into(double *acc, __m512d x)
{
  const double r = _mm512_reduce_max_pd(x);
  if (r > *acc) *acc = r;
}

AVX512 uint64_t wht__metrics_first_v_run(const wht_dd *v, uint64_t i0, uint64_t n, int p, int emin, wht__first_v *t,
                                         wht__first_part *a)
{
  const __m512d zero = _mm512_setzero_pd(), one = _mm512_set1_pd(1.0), top = _mm512_set1_pd(0x1p1022);
  __m512d mv = zero;
  int64_t n_zero = 0, n_rel = 0;
  uint64_t i = i0;
  for (; i + 8 <= n; i += 8) {
    __m512d hi, lo;
    load_v(v + i, &hi, &lo);
    /* the first pass's conditions on v: |hi| below 2^1022, and where v != 0 a
     * normal leading double whose 2^-ulp_exp is a normal double */
    if (_mm512_cmp_pd_mask(vabs(hi), top, _CMP_LT_OQ) != 0xff) break;
    const __mmask8 hi0 = _mm512_cmp_pd_mask(hi, zero, _CMP_EQ_OQ), lo0 = _mm512_cmp_pd_mask(lo, zero, _CMP_EQ_OQ);
    const __mmask8 vzero = hi0 & lo0, nz = (__mmask8)~vzero;
    const __m512d lead = _mm512_mask_blend_pd(hi0, hi, lo);
    const __m512i lb = _mm512_castpd_si512(lead);
    const __m512i biased = _mm512_and_si512(_mm512_srli_epi64(lb, 52), _mm512_set1_epi64(0x7ff));
    const __mmask8 normal = _mm512_cmpgt_epi64_mask(biased, _mm512_setzero_si512()) &
                            _mm512_cmplt_epi64_mask(biased, _mm512_set1_epi64(0x7ff));
    if ((normal & nz) != nz) break;
    __m512i e = _mm512_sub_epi64(biased, _mm512_set1_epi64(1023));
    const __mmask8 pow2 = _mm512_testn_epi64_mask(lb, _mm512_set1_epi64(INT64_C(0xfffffffffffff)));
    const __mmask8 opposite =
      _mm512_test_epi64_mask(_mm512_xor_si512(_mm512_castpd_si512(lo), lb), _mm512_set1_epi64(INT64_MIN));
    const __mmask8 lower = pow2 & (__mmask8)~hi0 & (__mmask8)~lo0 & opposite;
    e = _mm512_mask_sub_epi64(e, lower, e, _mm512_set1_epi64(1));
    const __m512i ue = _mm512_sub_epi64(_mm512_max_epi64(e, _mm512_set1_epi64(emin)), _mm512_set1_epi64(p - 1));
    const __m512i mue = _mm512_sub_epi64(_mm512_setzero_si512(), ue);
    const __mmask8 in_range = _mm512_cmpge_epi64_mask(mue, _mm512_set1_epi64(-1022)) &
                              _mm512_cmple_epi64_mask(mue, _mm512_set1_epi64(1023));
    if ((in_range & nz) != nz) break;
    const __m512d scale = _mm512_castsi512_pd(_mm512_slli_epi64(_mm512_add_epi64(mue, _mm512_set1_epi64(1023)), 52));
    _mm512_storeu_pd(t->hi + i, hi), _mm512_storeu_pd(t->lo + i, lo);
    _mm512_storeu_pd(t->mult + i, _mm512_mask_blend_pd(vzero, scale, one)); /* zero lanes: 1, masked out later */
    _mm256_storeu_si256((__m256i *)(t->ue + i), _mm512_cvtepi64_epi32(ue));
    t->zero[i / 8] = vzero, t->ok[i / 8] = 1;
    n_zero += __builtin_popcount(vzero), n_rel += __builtin_popcount(nz);
    mv = run_max(mv, nz, vabs(lead));
  }
  a->n_zero += n_zero, a->n_rel += n_rel;
  max_into(&a->max_v, mv);
  return i - i0;
}

AVX512 uint64_t wht__metrics_first_y_run(const double *yp, const wht__first_v *t, uint64_t i0, uint64_t n,
                                         wht__first_part *a)
{
  const __m512d zero = _mm512_setzero_pd(), half = _mm512_set1_pd(0.5), top = _mm512_set1_pd(0x1p1022);
  __m512d mabs = zero, mhalf = zero, mulp = zero;
  int64_t zero_miss = 0;
  uint64_t i = i0;
  for (; i + 8 <= n; i += 8) {
    const uint64_t b = i / 8;
    if (!t->ok[b]) break;
    const __m512d y = _mm512_loadu_pd(yp + i);
    if (_mm512_cmp_pd_mask(vabs(y), top, _CMP_LT_OQ) != 0xff) break;
    const __m512d hi = _mm512_loadu_pd(t->hi + i), lo = _mm512_loadu_pd(t->lo + i);
    const __mmask8 vzero = t->zero[b], nz = (__mmask8)~vzero;
    const __m512d d = abs_err(y, hi, lo), dh = _mm512_mul_pd(d, half);
    const __m512d ulps = _mm512_mul_pd(d, _mm512_loadu_pd(t->mult + i));
    zero_miss += __builtin_popcount(vzero & _mm512_cmp_pd_mask(y, zero, _CMP_NEQ_UQ));
    mabs = run_max(mabs, 0xff, d), mhalf = run_max(mhalf, 0xff, dh);
    mulp = run_max(mulp, nz, ulps);
  }
  a->zero_miss += zero_miss;
  max_into(&a->max_abs, mabs), max_into(&a->max_half, mhalf), max_into(&a->max_ulp, mulp);
  return i - i0;
}

/* the four terms of a block (metrics.c's sum_terms, lane by lane) from y
 * and v's hi, lo; F = 2^sd, FV = 2^sv */
static AVX512 inline void terms_of(__m512d y, __m512d hi, __m512d lo, __m512d F, __m512d FV, __m512d *r, __m512d *D,
                                   __m512d *dsq, __m512d *vsq)
{
  const __m512d zero = _mm512_setzero_pd();
  const __mmask8 hi0 = _mm512_cmp_pd_mask(hi, zero, _CMP_EQ_OQ), lo0 = _mm512_cmp_pd_mask(lo, zero, _CMP_EQ_OQ);
  const __mmask8 vzero = hi0 & lo0;
  const __m512d lead = _mm512_mask_blend_pd(hi0, hi, lo), av = vabs(lead);
  const __m512d e = abs_err(y, hi, lo);
  const __m512d x = _mm512_mul_pd(lead, FV);
  *D = _mm512_mul_pd(e, F);
  /* zero lanes: 0 (metrics.c skips them by adding +0), never e / 0 */
  *r = _mm512_maskz_div_pd((__mmask8)~vzero, e, _mm512_mask_blend_pd(vzero, av, _mm512_set1_pd(1.0)));
  *dsq = _mm512_mul_pd(*D, *D), *vsq = _mm512_mul_pd(x, x);
}

/* one step of eight chains: metrics.c's csum2_add, lane by lane (TwoSum,
 * the correction zeroed where the sum is not finite) */
static AVX512 inline void chain_step(__m512d *S, __m512d *C, __m512d x)
{
  const __m512d T = _mm512_add_pd(*S, x), z = _mm512_sub_pd(T, *S);
  const __mmask8 finite = _mm512_cmp_pd_mask(vabs(T), _mm512_set1_pd(INFINITY), _CMP_LT_OQ);
  const __m512d err = _mm512_maskz_add_pd(finite, _mm512_sub_pd(*S, _mm512_sub_pd(T, z)), _mm512_sub_pd(x, z));
  *C = _mm512_add_pd(*C, err);
  *S = T;
}

AVX512 uint64_t wht__metrics_terms_run(const double *yp, const wht_dd *v, uint64_t n, double f, double fv, double *t,
                                       double *max_rel)
{
  const __m512d zero = _mm512_setzero_pd(), F = _mm512_set1_pd(f), FV = _mm512_set1_pd(fv);
  /* the 4 x 8 transpose: (r, d) and (dsq, vsq) interleaved per element,
   * then two elements' four terms per vector */
  const __m512i ilo = _mm512_set_epi64(11, 3, 10, 2, 9, 1, 8, 0), ihi = _mm512_set_epi64(15, 7, 14, 6, 13, 5, 12, 4);
  const __m512i plo = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0), phi = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
  __m512d mrel = zero;
  uint64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m512d hi, lo;
    load_v(v + i, &hi, &lo);
    const __m512d y = _mm512_loadu_pd(yp + i);
    if (common(y, hi) != 0xff) break;
    __m512d r, D, dsq, vsq;
    terms_of(y, hi, lo, F, FV, &r, &D, &dsq, &vsq);
    mrel = run_max(mrel, 0xff, r); /* the zero lanes' +0 never wins */
    const __m512d rd_lo = _mm512_permutex2var_pd(r, ilo, D), rd_hi = _mm512_permutex2var_pd(r, ihi, D);
    const __m512d qv_lo = _mm512_permutex2var_pd(dsq, ilo, vsq), qv_hi = _mm512_permutex2var_pd(dsq, ihi, vsq);
    _mm512_storeu_pd(t + 4 * i, _mm512_permutex2var_pd(rd_lo, plo, qv_lo));
    _mm512_storeu_pd(t + 4 * i + 8, _mm512_permutex2var_pd(rd_lo, phi, qv_lo));
    _mm512_storeu_pd(t + 4 * i + 16, _mm512_permutex2var_pd(rd_hi, plo, qv_hi));
    _mm512_storeu_pd(t + 4 * i + 24, _mm512_permutex2var_pd(rd_hi, phi, qv_hi));
  }
  max_into(max_rel, mrel);
  return i;
}

AVX512 void wht__metrics_chains(double *s, double *c, const double *t0, const double *t1, uint64_t m)
{
  __m512d S = _mm512_loadu_pd(s), C = _mm512_loadu_pd(c);
  for (uint64_t i = 0; i < m; i++)
    chain_step(&S, &C, _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_loadu_pd(t0 + 4 * i)), _mm256_loadu_pd(t1 + 4 * i), 1));
  _mm512_storeu_pd(s, S), _mm512_storeu_pd(c, C);
}
#else
int wht__metrics_simd(void) { return 0; }
uint64_t wht__metrics_terms_run(const double *y, const wht_dd *v, uint64_t n, double f, double fv, double *t,
                                double *max_rel)
{
  (void)y, (void)v, (void)n, (void)f, (void)fv, (void)t, (void)max_rel;
  return 0;
}
uint64_t wht__metrics_first_v_run(const wht_dd *v, uint64_t i0, uint64_t n, int p, int emin, wht__first_v *t,
                                  wht__first_part *a)
{
  (void)v, (void)i0, (void)n, (void)p, (void)emin, (void)t, (void)a;
  return 0;
}
uint64_t wht__metrics_first_y_run(const double *y, const wht__first_v *t, uint64_t i0, uint64_t n,
                                  wht__first_part *a)
{
  (void)y, (void)t, (void)i0, (void)n, (void)a;
  return 0;
}
void wht__metrics_chains(double *s, double *c, const double *t0, const double *t1, uint64_t m)
{
  (void)s, (void)c, (void)t0, (void)t1, (void)m;
}
#endif
