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

/* Rounds and registers, measured on an H100 (docs/PERFORMANCE.md): 4- and
 * 8-byte formats in rounds of one group at 3 blocks per SM (kahan-block f32
 * 2^28 3.21 -> 3.00 ms, rows of 2^10 1.045 -> 0.998 ms, against two groups at
 * 2), f16/bf16 in Alman-Rao's rounds of two groups at 2 (rows of 2^10
 * 0.844 ms against 0.918); NEUMAIER always in rounds of one group: with two
 * its f16 kernels spilled 720-910 bytes and took 7.4x folklore at 2^28. */
template <class ERR, bool NEUMAIER>
struct wht__comp_block {
  static constexpr unsigned round_cap(unsigned esz) { return NEUMAIER || esz >= 4 ? 3 : 0; }
  static constexpr int min_blocks(unsigned esz) { return !NEUMAIER && esz >= 4 ? 3 : 2; }
  /* f16 and bf16 kahan-block: two blocks at a time in the packed
   * instructions (Kahan's recovery has no comparison to pack) */
  template <class F>
  __host__ __device__ static constexpr bool paired() { return !NEUMAIER && sizeof(typename F::U) == 2; }
  /* rounds of one group on the tile's lane pairs (blocks.cuh): run below
   * on wht__pair_fmt<F>, both recoveries lane by lane (compensated_err.cuh) */
  static const bool PAIRS = true;
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
  /* the same on two blocks packed in pairs (blocks.cuh, block_pair) */
  template <class F, unsigned S>
  static WHT__HD void run2(typename wht__pair_ops<F>::T *x)
  {
    typedef wht__pair_ops<F> P;
    typename P::T e[1u << S];
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) e[j] = P::zero();
    wht__compensated_alg<ERR>::template butterflies<P, S>(x, e);
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) x[j] = P::sub(x[j], e[j]);
  }
};

typedef wht__block_alg<wht__comp_block<wht__kahan_err, false> > wht__kahan_block_alg;
typedef wht__block_alg<wht__comp_block<wht__neumaier_err, true> > wht__neumaier_block_alg;
WHT__GPU_TABLES(wht__kahan_block, wht__kahan_block_alg)
WHT__GPU_TABLES(wht__neumaier_block, wht__neumaier_block_alg)
