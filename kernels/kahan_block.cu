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

/* Blocks per SM, measured on an H100 (docs/PERFORMANCE.md, "The block
 * algorithms on lane pairs"): 3 (80 registers), but 2 for neumaier-block
 * in f16, bf16 and f64 (f16/bf16 2^28 4.38x folklore against 4.64x at 3;
 * f64 not measured at 3). Every round holds one radix-8 group (blocks.cuh);
 * in f16 and bf16 two groups share the tile's 32-bit words on lane pairs. */
template <class ERR, bool NEUMAIER, bool SHORT = true>
struct wht__comp_block {
  static constexpr int min_blocks(unsigned esz) { return NEUMAIER && esz != 4 ? 2 : 3; }
  /* single_ar.cuh's register passes, measured on an H200 against the tiles
   * (docs/PERFORMANCE.md): kahan-block's without the pair (its spills:
   * f32 2^28 1.66x folklore apart, 1.99x as the pair, 2.26x the tiles),
   * from rows of 2^15 in f32 (2.54x against 2.97x) and 2^16 in f16 and
   * bf16; neumaier-block's not at all (its groups spill in the strided
   * tiles and the pair: 1.3-3x the tiles' time); no rows in a block
   * (rows_ar_blk.cuh: 0.95-1.27x the rows' time it replaces, f32 2^14,
   * 2^15 and f16, bf16 2^16; the others take rows_comp.cuh's), but those
   * blocks as the first pass of rows beyond 2^(K1+9) from 128 blocks
   * (rows of 2^21..2^25 over 2^28 elements 0.76-0.91x the passes' time,
   * single vectors of 2^22..2^25 0.92-0.96x; 2^21, 2^22 in 64 blocks
   * 1.16-1.41x), in f16 and bf16 the least that leave one strided pass
   * (rows of 2^22 over 2^28 0.95x the time of 2^16's, the rest within 2 %;
   * f32 rows of 2^21 1.04x, single 1.10x); no pair of block rows first
   * either (2^27, 2^28 1.12-1.47x the three passes' time, 2^30
   * 1.02-1.09x the four's) */
  static constexpr wht__sar_policy SAR = { !NEUMAIER, false, 15, 16, false, false, 0, 0, NEUMAIER ? 0u : 128u, 2, 0, NEUMAIER ? 0u : 24u };
  /* run below on wht__pair_fmt<F> too: both recoveries lane by lane
   * (compensated_err.cuh) */
  static const bool PAIRS = true;
  template <class F, unsigned S>
  static WHT__HD void run(typename F::T *x)
  {
    typename F::T e[1u << S];
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) e[j] = F::from_bits(0);
    /* e = +0: the first stage's short form (compensated.cuh's Z) unless
     * SHORT is false (the same bits) */
    wht__compensated_alg<ERR>::template butterflies<F, S, SHORT>(x, e);
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) x[j] = F::sub(x[j], e[j]);
  }
};

/* rows in registers (rows_comp.cuh: kahan's and neumaier's kernels with
 * the folds at each block's end), at the sizes wht__blocked_err's masks
 * name */
template <class ERR, bool NEUMAIER>
struct wht__rows_compensated<wht__block_alg<wht__comp_block<ERR, NEUMAIER> > >
    : wht__rows_comp_trait<wht__blocked_err<ERR> > {};

/* kahan-block's 2-byte strided passes of 9 stages (single_ar.cuh) over
 * 2^25 elements and more with the long first stage: with the short one
 * ptxas spilled 188 bytes of their 128 registers (CUDA 13.0, sm_90; none
 * with the long one). On an H200 f16 and bf16 single vectors of
 * 2^25..2^30 took 0.89-0.97x the time so and rows of 2^18..2^25 over
 * 2^28 elements 0.91-0.95x, but single vectors of 2^18..2^23 1.03-1.09x
 * (2^24 0.995-1.002; docs/PERFORMANCE.md). Since the rolled kernel
 * (sar_rolled.cuh) takes every such pass from 2^24 elements, this form
 * runs only with WHT_GPU_SAR_ROLLED=0. */
template <class ERR, bool NEUMAIER, class F>
struct wht__sar_strided_form<wht__block_alg<wht__comp_block<ERR, NEUMAIER> >, F, 9> {
  typedef wht__block_alg<wht__comp_block<ERR, NEUMAIER, sizeof(typename F::U) != 2> > type;
  static constexpr uint64_t MIN_N = (uint64_t)1 << 25;
};

typedef wht__block_alg<wht__comp_block<wht__kahan_err, false> > wht__kahan_block_alg;
typedef wht__block_alg<wht__comp_block<wht__neumaier_err, true> > wht__neumaier_block_alg;
/* wht-bench's pass count where their single vectors run in register
 * passes (single_ar.cuh; neumaier-block's none: 0) */
WHT__SAR_COUNT(wht__kahan_block_single_passes, wht__kahan_block_alg)
WHT__SAR_COUNT(wht__neumaier_block_single_passes, wht__neumaier_block_alg)
WHT__GPU_TABLES(wht__kahan_block, wht__kahan_block_alg)
WHT__GPU_TABLES(wht__neumaier_block, wht__neumaier_block_alg)
