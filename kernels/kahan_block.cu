/* kahan_block.cu - GPU kahan-block and neumaier-block (lib/compensated_body.h
 * with BLOCKED): in each block of stages (blocks.cuh) the butterflies of
 * kahan / neumaier (compensated.cuh) with e = +0 at the start, and
 * x = x - e at the end; e lives in registers for one block. */
#include "pass_run.cuh"
#include "blocks.cuh"
#include "compensated.cuh"
#include "compensated_err.cuh"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
}

template <class ERR, unsigned CAP>
struct wht__comp_block {
  static const int MIN_BLOCKS = 2; /* two radix-8 groups of x (64 values) and a block's e: 128 registers */
  static const unsigned ROUND_CAP = CAP;
  template <class F, unsigned S>
  static WHT__HD void run(typename F::T *x)
  {
    typename F::T e[1u << S];
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) e[j] = F::from_bits(0);
    wht__compensated_alg<ERR>::template butterflies<F, S>(x, e);
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) x[j] = F::sub(x[j], e[j]);
  }
};

/* neumaier-block in rounds of one group: with two (64 values) its f16
 * kernels spilled 720-910 bytes under 128 registers and ran f16 2^28 at
 * 7.4x folklore on an H100 (docs/PERFORMANCE.md) */
typedef wht__block_alg<wht__comp_block<wht__kahan_err, 0> > wht__kahan_block_alg;
typedef wht__block_alg<wht__comp_block<wht__neumaier_err, 3> > wht__neumaier_block_alg;
WHT__GPU_TABLES(wht__kahan_block, wht__kahan_block_alg)
WHT__GPU_TABLES(wht__neumaier_block, wht__neumaier_block_alg)
