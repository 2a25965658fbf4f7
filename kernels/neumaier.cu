/* neumaier.cu - GPU Neumaier-compensated FWHT: as Kahan, but each recovery
 * subtracts the term of smallest magnitude last, with lib/neumaier.c's
 * branch order (ties to the first branch that holds; a NaN makes every
 * comparison false, so NaN operands take the last branch). */
#include "pass_run.cuh"
#include "compensated.cuh"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
}

/* Each branch is (P + Q) + R with operands chosen by the comparisons
 * (x - y is x + (-y) exactly, negation is exact, + commutes), so lanes
 * never diverge: the selection picks the operands, two adds do the work. */
struct wht__neumaier_err {
  static const int MIN_BLOCKS = 2; /* caps registers at 128: f16's selections need more than 80 */
  /* eA' before "+ Es", terms A', A, B:
   *   ((A' - A) - B), ((A' - B) - A) or ((-A - B) + A') */
  template <class F>
  static WHT__HD typename F::T a(typename F::T Ap, typename F::T A, typename F::T B)
  {
    typedef typename F::T T;
    const auto mAp = F::mag(Ap), mA = F::mag(A), mB = F::mag(B);
    const bool b1 = mB <= mAp && mB <= mA, b2 = !b1 && mA <= mAp && mA <= mB;
    const T nA = F::neg(A), nB = F::neg(B);
    const T P = b1 || b2 ? Ap : nA, Q = b1 ? nA : nB, R = b1 ? nB : b2 ? nA : Ap;
    return F::add(F::add(P, Q), R);
  }
  /* eB' before "+ Ed", terms B', A, B:
   *   ((B' - A) + B), ((B' + B) - A) or ((-A + B) + B') */
  template <class F>
  static WHT__HD typename F::T b(typename F::T Bp, typename F::T A, typename F::T B)
  {
    typedef typename F::T T;
    const auto mBp = F::mag(Bp), mA = F::mag(A), mB = F::mag(B);
    const bool b1 = mB <= mBp && mB <= mA, b2 = !b1 && mA <= mBp && mA <= mB;
    const T nA = F::neg(A);
    const T P = b1 || b2 ? Bp : nA, Q = b1 ? nA : B, R = b1 ? B : b2 ? nA : Bp;
    return F::add(F::add(P, Q), R);
  }
};

WHT__GPU_TABLES(wht__neumaier, wht__compensated_alg<wht__neumaier_err>)
