/* neumaier.cu - GPU Neumaier-compensated FWHT: as Kahan, but each recovery
 * subtracts the term of smallest magnitude last, in the form of
 * compensated_err.cuh (there: why it is bit for bit DESIGN.md section 4's);
 * and that form on the host for tests/test_neumaier_form. */
#include "pass_run.cuh"
#include "compensated.cuh"
#include "compensated_err.cuh"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
#include "arith.h"
}

WHT__GPU_TABLES(wht__neumaier, wht__compensated_alg<wht__neumaier_err>)

/* f16 (BF = 0) or bf16 (BF = 1) held in float, each operation rounded
 * once to the format (lib/arith.h): the same correctly rounded arithmetic
 * as wht__f16_ops / wht__bf16_ops, ten times faster on the host than
 * cuda_fp16's host paths, so that tests/test_neumaier_form can run the
 * form above on all 2^32 f16 pairs. Host only. */
template <int BF>
struct wht__half_in_float_ops {
  typedef float T;
  typedef unsigned short U;
  static T from_bits(U u) { return BF ? wht__bf16_bits_to_float(u) : wht__f16_bits_to_float(u); }
  static U to_bits(T x) { return BF ? wht__float_to_bf16_bits(x) : wht__float_to_f16_bits(x); }
  static T round(float x) { return BF ? wht__bf16_round(x) : wht__f16_round(x); }
  static T add(T a, T b) { return round(a + b); }
  static T sub(T a, T b) { return round(a - b); }
  static T neg(T a) { return -a; }
  static float mag(T a) { return fabsf(a); }
};

/* The recoveries above on the host, for tests/test_neumaier_form: for
 * i < n, ea[i] = a(Ap[i], A[i], B[i], A[i] + B[i]) and eb[i] = b(Bp[i], A[i],
 * B[i], A[i] - B[i]) on bit patterns of format f, or (Z) the first stage's
 * az(A[i] + B[i], A[i], B[i]) and bz(A[i] - B[i], A[i], B[i]) (gpu_util.h). */
template <class F, bool Z>
static void wht__neumaier_err_host_fmt(size_t n, const void *Ap, const void *Bp, const void *A,
                                       const void *B, void *ea, void *eb)
{
  typedef typename F::U U;
  const U *ap = (const U *)Ap, *bp = (const U *)Bp, *a = (const U *)A, *b = (const U *)B;
  U *oa = (U *)ea, *ob = (U *)eb;
  for (size_t i = 0; i < n; i++) {
    const typename F::T x = F::from_bits(a[i]), y = F::from_bits(b[i]);
    const typename F::T S = F::add(x, y), D = F::sub(x, y);
    oa[i] = F::to_bits(Z ? wht__neumaier_err::az<F>(S, x, y) : wht__neumaier_err::a<F>(F::from_bits(ap[i]), x, y, S));
    ob[i] = F::to_bits(Z ? wht__neumaier_err::bz<F>(D, x, y) : wht__neumaier_err::b<F>(F::from_bits(bp[i]), x, y, D));
  }
}

/* The same on lane pairs (elements 2j and 2j + 1 packed, the kernels'
 * f16/bf16 form, tile_packed.cuh), an odd last element alone. */
template <class F, bool Z>
static void wht__neumaier_err_host_pairs(size_t n, const void *Ap, const void *Bp, const void *A,
                                         const void *B, void *ea, void *eb)
{
  typedef wht__pair_fmt<F> F2;
  typedef typename F::U U;
  const U *ap = (const U *)Ap, *bp = (const U *)Bp, *a = (const U *)A, *b = (const U *)B;
  U *oa = (U *)ea, *ob = (U *)eb;
  const auto word = [](const U *v, size_t i) { return F2::from_bits((unsigned)v[i] | (unsigned)v[i + 1] << 16); };
  size_t i = 0;
  for (; i + 1 < n; i += 2) {
    const auto x = word(a, i), y = word(b, i);
    const auto S = F2::add(x, y), D = F2::sub(x, y);
    const unsigned ra = F2::to_bits(Z ? wht__neumaier_err::az<F2>(S, x, y) : wht__neumaier_err::a<F2>(word(ap, i), x, y, S));
    const unsigned rb = F2::to_bits(Z ? wht__neumaier_err::bz<F2>(D, x, y) : wht__neumaier_err::b<F2>(word(bp, i), x, y, D));
    oa[i] = (U)ra, oa[i + 1] = (U)(ra >> 16), ob[i] = (U)rb, ob[i + 1] = (U)(rb >> 16);
  }
  if (i < n) wht__neumaier_err_host_fmt<F, Z>(n - i, ap + i, bp + i, a + i, b + i, oa + i, ob + i);
}

template <bool Z>
static void wht__neumaier_err_host_z(wht_format f, int in_float, size_t n, const void *Ap, const void *Bp,
                                     const void *A, const void *B, void *ea, void *eb)
{
  switch (f) {
  case WHT_F64: wht__neumaier_err_host_fmt<wht__f64_ops, Z>(n, Ap, Bp, A, B, ea, eb); break;
  case WHT_F32: wht__neumaier_err_host_fmt<wht__f32_ops, Z>(n, Ap, Bp, A, B, ea, eb); break;
  case WHT_F16:
    if (in_float == 1) wht__neumaier_err_host_fmt<wht__half_in_float_ops<0>, Z>(n, Ap, Bp, A, B, ea, eb);
    else if (in_float == 2) wht__neumaier_err_host_pairs<wht__f16_ops, Z>(n, Ap, Bp, A, B, ea, eb);
    else wht__neumaier_err_host_fmt<wht__f16_ops, Z>(n, Ap, Bp, A, B, ea, eb);
    break;
  default:
    if (in_float == 1) wht__neumaier_err_host_fmt<wht__half_in_float_ops<1>, Z>(n, Ap, Bp, A, B, ea, eb);
    else if (in_float == 2) wht__neumaier_err_host_pairs<wht__bf16_ops, Z>(n, Ap, Bp, A, B, ea, eb);
    else wht__neumaier_err_host_fmt<wht__bf16_ops, Z>(n, Ap, Bp, A, B, ea, eb);
    break;
  }
}

extern "C" void wht__neumaier_err_host(wht_format f, int in_float, int first, size_t n, const void *Ap,
                                       const void *Bp, const void *A, const void *B, void *ea, void *eb)
{
  if (first) wht__neumaier_err_host_z<true>(f, in_float, n, Ap, Bp, A, B, ea, eb);
  else wht__neumaier_err_host_z<false>(f, in_float, n, Ap, Bp, A, B, ea, eb);
}

/* wht-bench's pass count of neumaier's long rows (single_comp.cuh) */
extern "C" unsigned wht__neumaier_single_passes(wht_format f, unsigned k, uint64_t N)
{
  return wht__single_comp_count<wht__neumaier_err>(f, k, N);
}
