/* compensated.cuh - the error-compensated butterfly of kahan.cu and
 * neumaier.cu, operation for operation that of lib/compensated_body.h
 * (DESIGN.md section 4):
 *   S = A+B; D = A-B; Es = eA+eB; Ed = eA-eB; A' = S-Es; B' = D-Ed;
 *   eA' = ERR::a(A', A, B) + Es; eB' = ERR::b(B', A, B) + Ed.
 * The error array starts at zero in the first pass and the last pass
 * stores y = x - e (tile.cuh). */
#ifndef WHT_KERNELS_COMPENSATED_CUH
#define WHT_KERNELS_COMPENSATED_CUH
#include "fmt_ops.cuh"
#include "tile.cuh" /* wht__limits */

template <class ERR>
struct wht__compensated_alg {
  static const bool COMPENSATED = true, RADIX8_GROUPS = false;
  static const bool PAIRS = ERR::PAIRS; /* f16/bf16 rounds on lane pairs (tile_packed.cuh) */
  /* round cap and blocks per multiprocessor by format: wht__limits below */
  template <class F, unsigned C>
  static WHT__HD void butterflies(typename F::T *v, typename F::T *w)
  {
    typedef typename F::T T;
WHT__UNROLL
    for (unsigned h = 1; h < (1u << C); h <<= 1)
WHT__UNROLL
      for (unsigned t = 0; t < (1u << C); t++)
        if (!(t & h)) {
          const T A = v[t], B = v[t + h], eA = w[t], eB = w[t + h];
          const T S = F::add(A, B), D = F::sub(A, B), Es = F::add(eA, eB), Ed = F::sub(eA, eB);
          const T Ap = F::sub(S, Es), Bp = F::sub(D, Ed);
          const T ea = ERR::template a<F>(Ap, A, B), eb = ERR::template b<F>(Bp, A, B);
          v[t] = Ap;
          v[t + h] = Bp;
          w[t] = F::add(ea, Es);
          w[t + h] = F::add(eb, Ed);
        }
  }
};

/* the schedule's rounds; blocks per multiprocessor by element size from
 * the recovery (compensated_err.cuh) */
template <class ERR, class F>
struct wht__limits<wht__compensated_alg<ERR>, F> {
  static const unsigned round_cap = 0;
  static const int min_blocks = ERR::min_blocks(sizeof(typename F::U));
};

#endif
