/* blocks.cuh - the block algorithms on the GPU (kahan-block, neumaier-block,
 * widened; DESIGN.md section 4). Their blocks are the CPU scheduler's stage
 * groups, a head of f = k mod 3 stages and then groups of three, which are
 * Alman-Rao's: so they run on its schedule (pass boundaries at f + 3t, the
 * head round fused with the first group, rounds of one or two groups) and a
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

  /* two blocks of S stages side by side, at o and o2, in the packed pair
   * arithmetic of BLK::run2 (the same operation on each lane: the same
   * bits as two calls of block) */
  template <class F, unsigned S>
  static WHT__HD void block_pair(typename F::T *v, unsigned o, unsigned o2, unsigned m)
  {
    typedef wht__pair_ops<F> P;
    typename P::T x[1u << S];
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) x[j] = P::pack(v[o + j * m], v[o2 + j * m]);
    BLK::template run2<F, S>(x);
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) {
      v[o + j * m] = P::first(x[j]);
      v[o2 + j * m] = P::second(x[j]);
    }
  }

  /* the C/3 groups of a round, on bit triples 0-2, 3-5 in turn; where BLK
   * has a packed path for F and the round holds two groups, the blocks go
   * in pairs that differ in the other triple's lowest bit */
  template <class F, unsigned C>
  static WHT__HD void radix8_rounds(typename F::T *v)
  {
WHT__UNROLL
    for (unsigned s = 0; s < C; s += 3) {
      if constexpr (C == 6 && BLK::template paired<F>()) {
        const unsigned pb = s == 0 ? 8u : 1u;
WHT__UNROLL
        for (unsigned o = 0; o < (1u << C); o++)
          if (((o >> s) & 7u) == 0 && !(o & pb)) block_pair<F, 3>(v, o, o + pb, 1u << s);
      } else {
WHT__UNROLL
        for (unsigned o = 0; o < (1u << C); o++)
          if (((o >> s) & 7u) == 0) block<F, 3>(v, o, 1u << s);
      }
    }
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

/* The round cap (3: rounds of one group; 0: Alman-Rao's one or two) and
 * blocks per multiprocessor of a block algorithm, per element size:
 * BLK::round_cap(esz) and BLK::min_blocks(esz). */
template <class BLK, class F>
struct wht__limits<wht__block_alg<BLK>, F> {
  static const unsigned round_cap = BLK::round_cap(sizeof(typename F::U));
  static const int min_blocks = BLK::min_blocks(sizeof(typename F::U));
};

#endif
