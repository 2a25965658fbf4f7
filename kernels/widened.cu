/* widened.cu - GPU widened FWHT (lib/widened.c, DESIGN.md section 4): each
 * block of stages (blocks.cuh) in the next wider format, rounded to the
 * format once at its end. wht__wide<F> (widened_arith.cuh) is
 * lib/widened_arith.h's arithmetic. */
#include "pass_run.cuh"
#include "blocks.cuh"
#include "widened_arith.cuh"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
}

/* widened on the tile's lane pairs (blocks.cuh, tile_packed.cuh): a pair
 * of f16 or bf16 held as two floats, each lane widened, added and rounded
 * as wht__wide<F> does it (wht__wide_pair_cvt, widened_arith.cuh) */
struct wht__f32x2_ops {
  struct T { float x, y; };
  static WHT__HD T add(T a, T b) { return T{ wht__f32_ops::add(a.x, b.x), wht__f32_ops::add(a.y, b.y) }; }
  static WHT__HD T sub(T a, T b) { return T{ wht__f32_ops::sub(a.x, b.x), wht__f32_ops::sub(a.y, b.y) }; }
};
template <class F>
struct wht__wide<wht__pair_fmt<F> > {
  typedef wht__f32x2_ops W;
  typedef typename wht__pair_fmt<F>::T T2;
  static WHT__HD W::T up(T2 a)
  {
    const float2 f = wht__wide_pair_cvt<F>::up(a);
    return W::T{ f.x, f.y };
  }
  static WHT__HD T2 down(W::T v) { return wht__wide_pair_cvt<F>::down(make_float2(v.x, v.y)); }
};

/* 3 blocks per SM in every format, as kahan-block (kahan_block.cu); in
 * f16 and bf16 on an H100 1.02-1.52x folklore against 1.15-1.58x in
 * Alman-Rao's rounds of two groups at 2 (docs/PERFORMANCE.md). */
struct wht__widened_block {
  /* run below on the tile's lane pairs too (wht__wide of a pair, above) */
  static const bool PAIRS = true;
  static constexpr int min_blocks(unsigned) { return 3; }
  /* single_ar.cuh's register passes, measured on an H200 against the tiles
   * (docs/PERFORMANCE.md): without the pair (f32 2^28 1.35x folklore
   * apart, 1.52x as the pair, 1.79x the tiles; f16 and bf16 within 3 %),
   * from rows of 2^15 in f32 (1.99x against 2.41x) and 2^16 in f16 and
   * bf16; rows of 2^(K1+12) from 1024 tiles on the tiles (rows of 2^21
   * over 2^28: 1.53-1.65x folklore there, 1.64-1.80x apart); rows of
   * 2^12..2^15 in f32 and 2^15, 2^16 in f16 and bf16 in a block
   * (rows_ar_blk.cuh: 0.81-0.98x the tiles' or passes' time there; f16
   * and bf16 2^13, 2^14 1.11-1.12x), and such blocks as the first pass of
   * rows beyond 2^(K1+9) from 128 blocks (rows of 2^21..2^25 over 2^28
   * elements 0.79-0.96x the tiles' or passes' time, single vectors of
   * 2^22..2^25 0.81-0.89x; f32 2^21 in 64 blocks 1.12x), in f32 the
   * least that leave one strided pass (rows of 2^21 over 2^28 0.83x the
   * time of 2^15's, single 2^21 0.89x the passes'; f16 rows of 2^21 1.09x);
   * the pair with block rows of 2^(K1+3) first where that saves a pass,
   * f32 2^30 and 2^32, f16 and bf16 2^30, 2^31 (0.77-0.93x the time of
   * four passes; f32 2^31 1.13x, 2-byte 2^32 0.95-1.02x), and where 9
   * stages follow in 2-byte formats at k mod 3 = 1 (f16 and bf16 2^28:
   * 0.89-0.98x the three passes'; f32 2^27, 2^28 1.19-1.41x) */
  static constexpr wht__sar_policy SAR = { true, false, 15, 16, true, true, 0xf, 0x18, 128, 1, 0x750, 24 };
  template <class F, unsigned S>
  static WHT__HD void run(typename F::T *x)
  {
    typedef wht__wide<F> Wd;
    typedef typename Wd::W W;
    typename W::T w[1u << S];
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) w[j] = Wd::up(x[j]);
WHT__UNROLL
    for (unsigned h = 1; h < (1u << S); h <<= 1)
WHT__UNROLL
      for (unsigned t = 0; t < (1u << S); t++)
        if (!(t & h)) {
          const typename W::T a = w[t], b = w[t + h];
          w[t] = W::add(a, b);
          w[t + h] = W::sub(a, b);
        }
WHT__UNROLL
    for (unsigned j = 0; j < (1u << S); j++) x[j] = Wd::down(w[j]);
  }
};

/* wht-bench's pass count where its single vectors run in register passes
 * (single_ar.cuh) */
WHT__SAR_COUNT(wht__widened_single_passes, wht__block_alg<wht__widened_block>)
WHT__GPU_TABLES(wht__widened, wht__block_alg<wht__widened_block>)
