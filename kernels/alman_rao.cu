/* alman_rao.cu - GPU Alman-Rao radix-8 FWHT, operation for operation that
 * of lib/alman_rao_body.h: the head round (k mod 3 folklore stages, then
 * x_i *= 2^(nonzero 3-bit digits of (i mod n) >> (k mod 3))) and radix-8
 * groups sharing the half-sum tot. The pass plan keeps every radix-8 group
 * inside one pass (boundaries at s = k mod 3 + 3t). */
#include "pass_run.cuh"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
}

struct wht__alman_rao_alg {
  static const bool COMPENSATED = false, ALMAN_RAO = true;
  template <class F, unsigned C>
  static WHT__HD void head(typename F::T *v, typename F::T scale)
  {
WHT__UNROLL
    for (unsigned h = 1; h < (1u << C); h <<= 1)
WHT__UNROLL
      for (unsigned t = 0; t < (1u << C); t++)
        if (!(t & h)) {
          const typename F::T a = v[t], b = v[t + h];
          v[t] = F::add(a, b);
          v[t + h] = F::sub(a, b);
        }
WHT__UNROLL
    for (unsigned t = 0; t < (1u << C); t++) v[t] = F::mul(v[t], scale);
  }
  /* a..h = v[0..7], outputs in DESIGN.md's order, evaluated left to right */
  template <class F>
  static WHT__HD void radix8(typename F::T *v)
  {
    typedef typename F::T T;
    const T a = v[0], b = v[1], c = v[2], d = v[3], e = v[4], f = v[5], g = v[6], h = v[7];
    const T B1 = F::add(b, c), B2 = F::add(d, h), B3 = F::add(f, g);
    const T tot = F::mul(F::add(F::add(F::add(B1, B2), B3), e), F::half());
    const T diff = F::sub(a, tot);
    const T D = F::add(diff, d), E = F::add(diff, e), H = F::add(diff, h);
    v[0] = F::add(a, tot);
    v[1] = F::add(F::add(E, c), g);
    v[2] = F::add(F::add(E, b), f);
    v[3] = F::add(E, B2);
    v[4] = F::add(D, B1);
    v[5] = F::add(F::add(H, c), f);
    v[6] = F::add(F::add(H, b), g);
    v[7] = F::add(D, B3);
  }
};

WHT__GPU_TABLES(wht__alman_rao, wht__alman_rao_alg)
