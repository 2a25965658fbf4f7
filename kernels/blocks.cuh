/* blocks.cuh - the block algorithms on the GPU (kahan-block, neumaier-block,
 * widened; DESIGN.md section 4). Their blocks are the CPU scheduler's stage
 * groups, a head of f = k mod 3 stages and then groups of three, which are
 * Alman-Rao's: so they run on its schedule (pass boundaries at f + 3t, the
 * head round fused with the first group, here rounds of one group) and a
 * block never straddles a pass or a round. A block copies its 2^S values
 * out of the round's registers, BLK::run<F, S> transforms them, and they go
 * back: nothing but x leaves the block (no error array, folklore's tiles). */
#ifndef WHT_KERNELS_BLOCKS_CUH
#define WHT_KERNELS_BLOCKS_CUH
#include "tile.cuh"

template <class BLK>
struct wht__block_alg {
  static const bool COMPENSATED = false, RADIX8_GROUPS = true;
  /* f16/bf16 rounds of one radix-8 group on lane pairs (tile_packed.cuh:
   * two groups in one 32-bit word) where BLK::run takes wht__pair_fmt<F>
   * and says BLK::PAIRS: each lane the same operations as BLK::run<F> */
  static const bool PAIRS = wht__pairs_ok<BLK>::value;
  /* the register kernels (rows_ar.cuh, single_ar.cuh): a head block and
   * groups that are blocks of three stages, no scale */
  static const bool HEAD_SCALE = false;
  static constexpr wht__sar_policy SAR = BLK::SAR; /* single_ar.cuh's defaults */

  /* the block of S stages on v[o], v[o + m], ..., v[o + (2^S - 1) m] */
  template <class F, unsigned S>
  static WHT__HD void block(typename F::T *v, unsigned o, unsigned m)
  {
    typename F::T x[1u << S];
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) x[j] = v[o + j * m];
    BLK::template run<F, S>(x);
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) v[o + j * m] = x[j];
  }

  /* a block of three stages on v[o], v[o + m], ..., v[o + 7m] */
  template <class F>
  static WHT__HD void group(typename F::T *v, unsigned o, unsigned m) { block<F, 3>(v, o, m); }

  /* the radix-8 group of a round (C = 3: every round of a block
   * algorithm holds one, wht__limits below) */
  template <class F, unsigned C>
  static WHT__HD void radix8_rounds(typename F::T *v)
  {
    static_assert(C == 3, "a block algorithm's round holds one radix-8 group");
    block<F, 3>(v, 0, 1);
  }

  /* head round of C = f + 3g stages (f = k mod 3, g = 0 or 1): the head
   * block on bits 0..f-1, then (g = 1) the first group's on bits f..f+2;
   * the row's digit count (Alman-Rao's prescaling) is not used */
  template <class F, unsigned C>
  static WHT__HD void head(typename F::T *v, unsigned)
  {
    constexpr unsigned f = C % 3;
    if constexpr (f > 0) {
WHT__UNROLL
      for (unsigned o = 0; o < (1u << C); o += 1u << f) block<F, f>(v, o, 1);
    }
    if constexpr (C >= 3) {
WHT__UNROLL
      for (unsigned o = 0; o < (1u << f); o++) block<F, 3>(v, o, 1u << f);
    }
  }
};

/* Rounds of one radix-8 group (round cap 3) in every format: measured on
 * an H100 against Alman-Rao's rounds of two (docs/PERFORMANCE.md: f32 and
 * f64 since the first measurement, f16/bf16 since their rounds run on lane
 * pairs); blocks per multiprocessor per element size from BLK::min_blocks. */
template <class BLK, class F>
struct wht__limits<wht__block_alg<BLK>, F> {
  static const unsigned round_cap = 3;
  static const int min_blocks = BLK::min_blocks(sizeof(typename F::U));
};

/* their single vectors in register passes (single_ar.cuh), as Alman-Rao's,
 * where BLK::SAR says so (otherwise not built) */
#include "single_ar.cuh"
template <class BLK>
struct wht__single_own<wht__block_alg<BLK> > : wht__single_ar_trait<wht__block_alg<BLK> > {
  static const bool value = BLK::SAR.on;
};

#endif
