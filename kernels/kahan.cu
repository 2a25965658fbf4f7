/* kahan.cu - GPU Kahan-compensated FWHT: the recovery in Kahan's fixed
 * order, as lib/kahan.c: eA' = ((A' - A) - B) + Es, eB' = ((B' - A) + B) + Ed. */
#include "pass_run.cuh"
#include "compensated.cuh"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
}

struct wht__kahan_err {
  static const int MIN_BLOCKS = 3; /* caps registers at 80 */
  template <class F>
  static WHT__HD typename F::T a(typename F::T Ap, typename F::T A, typename F::T B)
  { return F::sub(F::sub(Ap, A), B); }
  template <class F>
  static WHT__HD typename F::T b(typename F::T Bp, typename F::T A, typename F::T B)
  { return F::add(F::sub(Bp, A), B); }
};

WHT__GPU_TABLES(wht__kahan, wht__compensated_alg<wht__kahan_err>)
