/* folklore.cu - GPU folklore FWHT: butterflies (a, b) -> (a + b, a - b),
 * the same operations on the same operands as lib/folklore_body.h, so the
 * result is bit-identical to the CPU whatever the tiling. */
#include "pass_run.cuh"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
}

struct wht__folklore_alg {
  static const bool COMPENSATED = false, RADIX8_GROUPS = false;
  static const bool PAIRS = true; /* only F::add and F::sub: tile_packed.cuh */
  static const unsigned ROUND_CAP = 0; /* the schedule's own round sizes */
  static const int MIN_BLOCKS = 3; /* blocks per SM: caps registers at 80 */
  template <class F, unsigned C>
  static WHT__HD void butterflies(typename F::T *v, typename F::T *)
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
  }
};

/* batched rows of 2^7..2^11 f32 (2^8..2^11 f16/bf16, 2^6..2^9 f64) in a
 * warp's registers, no shared memory, and f32 rows of 2^12..2^15 in a
 * block's, one exchange through shared memory (rows_reg.cuh) */
template <>
struct wht__rows_in_registers<wht__folklore_alg> {
  static const bool value = true;
};

WHT__GPU_TABLES(wht__folklore, wht__folklore_alg)
