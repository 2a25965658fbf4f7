/* neumaier.cu - GPU Neumaier-compensated FWHT: as Kahan, but each recovery
 * subtracts the term of smallest magnitude last. The result is bit for bit
 * DESIGN.md section 4's (lib/neumaier.c), computed in a form with fewer
 * instructions: all three orders of the sum, then two selects.
 *
 * DESIGN.md's eA' (before "+ Es"), terms A', A, B, first branch that holds:
 *   D1: |B| <= |A'| and |B| <= |A|   ->  r1 = (A' - A) - B
 *   D2: |A| <= |A'| and |A| <= |B|   ->  r2 = (A' - B) - A
 *   else                             ->  r3 = (-A - B) + A'
 * This file: r = c2 ? r1 : (c1 ? r2 : r3) with c2 = D1's test and
 * c1 = |A| <= |A'|. Each r_i is the same expression as DESIGN.md's branch
 * (the same correctly rounded operations on the same operands in the same
 * order), so r equals DESIGN.md's result whenever it picks the same branch.
 * Proof, branch by branch:
 *   - Some term NaN (A', A or B): every r_i adds all three terms, and an
 *     IEEE sum with a NaN operand is NaN, so both forms give NaN whatever
 *     the comparisons say (payloads unspecified, as everywhere on the GPU).
 *   - Otherwise the magnitudes are ordered (+inf included):
 *     c2 true: DESIGN.md takes D1 too (the same test): r1 = r1.
 *     c2 false, c1 true: D1 failed; D2 holds, since |A| <= |A'| is c1 and
 *       |A| <= |B| follows: D1 failing means |B| > |A| (done) or
 *       |B| > |A'| >= |A|. DESIGN.md takes r2, as here.
 *     c2 false, c1 false: D1 failed and D2 fails (its |A| <= |A'| is c1),
 *       so DESIGN.md takes r3, as here.
 *   Ties: the comparisons are DESIGN.md's own (<=, the same operands), so
 *   equal magnitudes go where DESIGN.md sends them; signed zeros: |+0| =
 *   |-0| compare equal in both, and the sums are the same operations, so
 *   the zero's sign comes out the same. Nothing else differs: x - y is
 *   x + (-y) in IEEE arithmetic, negation is exact, and the r_i are not
 *   rewritten (e.g. -A - B is not -(A + B), which differs for A = +0,
 *   B = -0).
 * eB' (before "+ Ed"), terms B', A, B: DESIGN.md's
 *   D1: |B| <= |B'| and |B| <= |A|   ->  r1 = (B' - A) + B
 *   D2: |A| <= |B'| and |A| <= |B|   ->  r2 = (B' + B) - A
 *   else                             ->  r3 = (-A + B) + B'
 * is the same with A' replaced by B', and the same proof holds word for
 * word (c1 = |A| <= |B'|).
 *
 * Cost per recovery: three comparisons (|B| <= |A| is shared by both),
 * two selects and six adds whose negations fold into the add, instead of
 * four comparisons, five selects of negated operands and two adds: the
 * selects and comparisons run on the half-rate integer pipe, the adds on
 * the full-rate FP pipe. tests/test_neumaier_form checks this form against
 * DESIGN.md's on every pair of f16 values (make check-long; a structured
 * subset in make check) and random triples in every format. */
#include "pass_run.cuh"
#include "compensated.cuh"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
#include "arith.h"
}

struct wht__neumaier_err {
  /* caps registers at 80 (3 blocks per SM); the f16 and bf16 kernels
   * spill 8-20 bytes, the old form spilled 20-28 and took 2 */
  static const int MIN_BLOCKS = 3;
  /* eA' before "+ Es", terms A', A, B. (nv_exec_check_disable: the host
   * test's format below is host-only; the kernels' formats are not) */
#pragma nv_exec_check_disable
  template <class F>
  static WHT__HD typename F::T a(typename F::T Ap, typename F::T A, typename F::T B)
  {
    typedef typename F::T T;
    const auto mAp = F::mag(Ap), mA = F::mag(A), mB = F::mag(B);
    const bool c2 = mB <= mAp && mB <= mA, c1 = mA <= mAp;
    const T r1 = F::sub(F::sub(Ap, A), B), r2 = F::sub(F::sub(Ap, B), A);
    const T r3 = F::add(F::sub(F::neg(A), B), Ap);
    return c2 ? r1 : c1 ? r2 : r3;
  }
  /* eB' before "+ Ed", terms B', A, B */
#pragma nv_exec_check_disable
  template <class F>
  static WHT__HD typename F::T b(typename F::T Bp, typename F::T A, typename F::T B)
  {
    typedef typename F::T T;
    const auto mBp = F::mag(Bp), mA = F::mag(A), mB = F::mag(B);
    const bool c2 = mB <= mBp && mB <= mA, c1 = mA <= mBp;
    const T r1 = F::add(F::sub(Bp, A), B), r2 = F::sub(F::add(Bp, B), A);
    const T r3 = F::add(F::add(F::neg(A), B), Bp);
    return c2 ? r1 : c1 ? r2 : r3;
  }
};

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
 * i < n, ea[i] = a(Ap[i], A[i], B[i]) and eb[i] = b(Bp[i], A[i], B[i]) on
 * bit patterns of format f (gpu_util.h). */
template <class F>
static void wht__neumaier_err_host_fmt(size_t n, const void *Ap, const void *Bp, const void *A,
                                       const void *B, void *ea, void *eb)
{
  typedef typename F::U U;
  const U *ap = (const U *)Ap, *bp = (const U *)Bp, *a = (const U *)A, *b = (const U *)B;
  U *oa = (U *)ea, *ob = (U *)eb;
  for (size_t i = 0; i < n; i++) {
    const typename F::T x = F::from_bits(a[i]), y = F::from_bits(b[i]);
    oa[i] = F::to_bits(wht__neumaier_err::a<F>(F::from_bits(ap[i]), x, y));
    ob[i] = F::to_bits(wht__neumaier_err::b<F>(F::from_bits(bp[i]), x, y));
  }
}

extern "C" void wht__neumaier_err_host(wht_format f, int in_float, size_t n, const void *Ap, const void *Bp,
                                       const void *A, const void *B, void *ea, void *eb)
{
  switch (f) {
  case WHT_F64: wht__neumaier_err_host_fmt<wht__f64_ops>(n, Ap, Bp, A, B, ea, eb); break;
  case WHT_F32: wht__neumaier_err_host_fmt<wht__f32_ops>(n, Ap, Bp, A, B, ea, eb); break;
  case WHT_F16:
    if (in_float) wht__neumaier_err_host_fmt<wht__half_in_float_ops<0> >(n, Ap, Bp, A, B, ea, eb);
    else wht__neumaier_err_host_fmt<wht__f16_ops>(n, Ap, Bp, A, B, ea, eb);
    break;
  default:
    if (in_float) wht__neumaier_err_host_fmt<wht__half_in_float_ops<1> >(n, Ap, Bp, A, B, ea, eb);
    else wht__neumaier_err_host_fmt<wht__bf16_ops>(n, Ap, Bp, A, B, ea, eb);
    break;
  }
}
