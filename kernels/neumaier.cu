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

struct wht__neumaier_err {
  /* eA' before "+ Es", terms A', A, B */
  template <class F>
  static WHT__HD typename F::T a(typename F::T Ap, typename F::T A, typename F::T B)
  {
    const auto mAp = F::mag(Ap), mA = F::mag(A), mB = F::mag(B);
    if (mB <= mAp && mB <= mA) return F::sub(F::sub(Ap, A), B);
    if (mA <= mAp && mA <= mB) return F::sub(F::sub(Ap, B), A);
    return F::add(F::sub(F::neg(A), B), Ap);
  }
  /* eB' before "+ Ed", terms B', A, B */
  template <class F>
  static WHT__HD typename F::T b(typename F::T Bp, typename F::T A, typename F::T B)
  {
    const auto mBp = F::mag(Bp), mA = F::mag(A), mB = F::mag(B);
    if (mB <= mBp && mB <= mA) return F::add(F::sub(Bp, A), B);
    if (mA <= mBp && mA <= mB) return F::sub(F::add(Bp, B), A);
    return F::add(F::add(F::neg(A), B), Bp);
  }
};

WHT__GPU_TABLES(wht__neumaier, wht__compensated_alg<wht__neumaier_err>)
