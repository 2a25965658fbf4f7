/* compensated.cuh - the error-compensated butterfly of kahan.cu and
 * neumaier.cu, operation for operation that of lib/compensated_body.h
 * (DESIGN.md section 4):
 *   S = A+B; D = A-B; Es = eA+eB; Ed = eA-eB; A' = S-Es; B' = D-Ed;
 *   eA' = ERR::a(A', A, B, S) + Es; eB' = ERR::b(B', A, B, D) + Ed.
 * The error array starts at zero in the first pass and the last pass
 * stores y = x - e (tile.cuh). */
#ifndef WHT_KERNELS_COMPENSATED_CUH
#define WHT_KERNELS_COMPENSATED_CUH
#include "fmt_ops.cuh"
#include "tile.cuh" /* wht__limits */

/* One butterfly on (A, eA), (B, eB), in place. Z: the caller knows eA =
 * eB = +0 (the first stage of a block or of the transform): then Es = Ed
 * = +0, A' = S - (+0) = S and B' = D exactly, and the recoveries are never
 * -0 there (DESIGN.md section 4), so "+ Es" and "+ Ed" change nothing:
 * the same values in 6 operations instead of 10 (and neumaier's
 * recoveries in their own short form there, compensated_err.cuh's az, bz). */
template <class F, class ERR, bool Z = false>
WHT__HD void wht__compensated_butterfly(typename F::T &A, typename F::T &eA, typename F::T &B, typename F::T &eB)
{
  typedef typename F::T T;
  if constexpr (Z) {
    const T S = F::add(A, B), D = F::sub(A, B);
    eA = ERR::template az<F>(S, A, B);
    eB = ERR::template bz<F>(D, A, B);
    A = S;
    B = D;
  } else {
    const T S = F::add(A, B), D = F::sub(A, B), Es = F::add(eA, eB), Ed = F::sub(eA, eB);
    const T Ap = F::sub(S, Es), Bp = F::sub(D, Ed);
    const T ea = ERR::template a<F>(Ap, A, B, S), eb = ERR::template b<F>(Bp, A, B, D);
    A = Ap;
    B = Bp;
    eA = F::add(ea, Es);
    eB = F::add(eb, Ed);
  }
}

template <class ERR>
struct wht__compensated_alg {
  static const bool COMPENSATED = true, RADIX8_GROUPS = false;
  static const bool PAIRS = ERR::PAIRS; /* f16/bf16 rounds on lane pairs (tile_packed.cuh) */
  /* round cap and blocks per multiprocessor by format: wht__limits below */
  template <class F, unsigned C, bool Z0 = false> /* Z0: w all +0 (the first stage's Z) */
  static WHT__HD void butterflies(typename F::T *v, typename F::T *w)
  {
WHT__UNROLL
    for (unsigned t = 0; t + 1 < (1u << C); t += 2)
      wht__compensated_butterfly<F, ERR, Z0>(v[t], w[t], v[t + 1], w[t + 1]);
WHT__UNROLL
    for (unsigned h = 2; h < (1u << C); h <<= 1)
WHT__UNROLL
      for (unsigned t = 0; t < (1u << C); t++)
        if (!(t & h)) wht__compensated_butterfly<F, ERR>(v[t], w[t], v[t + h], w[t + h]);
  }
};

/* the schedule's rounds; blocks per multiprocessor by element size from
 * the recovery (compensated_err.cuh) */
template <class ERR, class F>
struct wht__limits<wht__compensated_alg<ERR>, F> {
  static const unsigned round_cap = 0;
  static const int min_blocks = ERR::min_blocks(sizeof(typename F::U));
};

#include "rows_comp.cuh"

/* kahan's and neumaier's rows in registers (rows_comp.cuh; f16 and bf16 on
 * lane pairs) */
template <class ERR>
struct wht__rows_compensated<wht__compensated_alg<ERR>> : wht__rows_comp_trait<ERR> {};

/* their long rows in register passes, the error terms in the work array */
#include "single_comp.cuh"

#endif
