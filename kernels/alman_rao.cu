/* alman_rao.cu - GPU Alman-Rao radix-8 FWHT, operation for operation that
 * of lib/alman_rao_body.h: the head round (k mod 3 folklore stages, then
 * x_i *= 2^(nonzero 3-bit digits of (i mod n) >> (k mod 3)), fused with the
 * first radix-8 group) and radix-8 groups sharing the half-sum tot, one
 * per round (wht__limits below). The pass plan keeps every radix-8 group
 * inside one pass (boundaries at s = k mod 3 + 3t). */
#include "pass_run.cuh"
#include "gpu_util.h"
extern "C" {
#include "algorithms.h"
}

struct wht__alman_rao_alg {
  static const bool COMPENSATED = false, RADIX8_GROUPS = true;
  static const bool PAIRS = true; /* radix-8 rounds on lane pairs (tile_packed.cuh) */
  /* the register kernels (rows_ar.cuh, single_ar.cuh): a head of folklore
   * stages and the scale, and groups that are radix8 below */
  static const bool HEAD_SCALE = true;
  /* single_ar.cuh's defaults, from an H200 (wht__sar_plan_of): block
   * rows first beyond 2^(K1+9) too, however few (single vectors of
   * 2^21, 2^22 in 64 blocks: 0.77-0.97x the time), the least that leave
   * one strided pass, 2^(k-9) (f32 rows of 2^21 over 2^28 elements 0.96x
   * the time of 2^15's, single 2^21 0.86x; f16 and bf16 rows of 2^22
   * 0.92x and single 0.89x those of 2^16; 2-byte 2^21 within 1 %); the
   * pair's first pass block rows of 2^(K1+3) wherever that saves a pass
   * (2^30..2^32: 0.75-0.85x the time of three passes) and in 2-byte
   * formats at k mod 3 = 1 where 9 stages would follow (f16 and bf16
   * 2^28: 0.98x; f32 2^27..2^29 and 2-byte 2^27, 2^29 1.03-1.11x, the
   * first pass's extra group and shared-memory round costing more in the
   * pair than the last pass's longer runs save, and chunks of 16 and 32
   * MiB missing L2) */
  static constexpr wht__sar_policy SAR = { true, true, 16, 16, true, false, 0xf, 0x1f, 1, 3, 0xfd0, 0 };
  /* round cap and blocks per multiprocessor by format: wht__limits below */

  /* a..h = v[o], v[o+m], ..., v[o+7m]; outputs in DESIGN.md's order,
   * evaluated left to right */
  template <class F>
  static WHT__HD void radix8(typename F::T *v, unsigned o, unsigned m)
  {
    typedef typename F::T T;
    const T a = v[o], b = v[o + m], c = v[o + 2 * m], d = v[o + 3 * m];
    const T e = v[o + 4 * m], f = v[o + 5 * m], g = v[o + 6 * m], h = v[o + 7 * m];
    const T B1 = F::add(b, c), B2 = F::add(d, h), B3 = F::add(f, g);
    const T tot = F::mul(F::add(F::add(F::add(B1, B2), B3), e), F::half());
    const T diff = F::sub(a, tot);
    const T D = F::add(diff, d), E = F::add(diff, e), H = F::add(diff, h);
    v[o] = F::add(a, tot);
    v[o + m] = F::add(F::add(E, c), g);
    v[o + 2 * m] = F::add(F::add(E, b), f);
    v[o + 3 * m] = F::add(E, B2);
    v[o + 4 * m] = F::add(D, B1);
    v[o + 5 * m] = F::add(F::add(H, c), f);
    v[o + 6 * m] = F::add(F::add(H, b), g);
    v[o + 7 * m] = F::add(D, B3);
  }

  template <class F>
  static WHT__HD void group(typename F::T *v, unsigned o, unsigned m) { radix8<F>(v, o, m); }

  /* The C/3 radix-8 groups of a round, on bit triples 0-2, 3-5 in turn. */
  template <class F, unsigned C>
  static WHT__HD void radix8_rounds(typename F::T *v)
  {
WHT__UNROLL
    for (unsigned s = 0; s < C; s += 3)
WHT__UNROLL
      for (unsigned o = 0; o < (1u << C); o++)
        if (((o >> s) & 7u) == 0) radix8<F>(v, o, 1u << s);
  }

  /* Head round of C = f + 3g stages (f = k mod 3, g = 0 or 1): folklore
   * stages 0..f-1, then x_i *= 2^(nonzero octal digits of (i mod n) >> f),
   * where the group shares nz_hi digits and element j adds its lowest digit
   * j >> f; then (g = 1) the radix-8 group on bits f..f+2. */
  template <class F, unsigned C>
  static WHT__HD void head(typename F::T *v, unsigned nz_hi)
  {
    constexpr unsigned f = C % 3;
WHT__UNROLL
    for (unsigned h = 1; h < (1u << f); h <<= 1)
WHT__UNROLL
      for (unsigned t = 0; t < (1u << C); t++)
        if (!(t & h)) {
          const typename F::T a = v[t], b = v[t + h];
          v[t] = F::add(a, b);
          v[t + h] = F::sub(a, b);
        }
WHT__UNROLL
    for (unsigned t = 0; t < (1u << C); t++) v[t] = F::mul(v[t], F::pow2(nz_hi + ((t >> f) != 0)));
    if constexpr (C >= 3) {
WHT__UNROLL
      for (unsigned o = 0; o < (1u << f); o++) radix8<F>(v, o, 1u << f);
    }
  }
};

/* Rounds of one radix-8 group and three blocks per multiprocessor (80
 * registers) in f32, f16 and bf16, where the schedule's rounds hold up to
 * two groups at two blocks (128 registers); f64 keeps the schedule's
 * rounds (one group each), at three blocks too. On an H100 every size got
 * faster, rows of 2^15 f32 1.81x -> 1.22x folklore (docs/PERFORMANCE.md,
 * "Alman-Rao in rounds of one group"); f64 at three blocks gained 6 % at
 * 2^27 and lost 2-3 % on rows, and now that its rows of up to 2^14 and
 * the first pass of longer ones run in registers (rows_ar64.cuh) and the
 * tiles take only its strided passes, three blocks took 0.88-0.95x the
 * time of two on an H200 (f64 2^28, rows of 2^15..2^24; ptxas spills
 * 184-212 bytes at 80 registers). The radix-8 groups are the same, so the
 * result is too. */
template <class F>
struct wht__limits<wht__alman_rao_alg, F> {
  static const bool wide = sizeof(typename F::U) == 8;
  static const unsigned round_cap = wide ? 0 : 3;
  static const int min_blocks = 3;
};

/* f32 rows of 2^7..2^11 in a warp's registers (rows_ar.cuh) */
#include "rows_ar.cuh"
template <>
struct wht__rows_compensated<wht__alman_rao_alg> : wht__rows_ar_trait<wht__alman_rao_alg> {};

/* f32, f16 and bf16 single vectors in register passes (single_ar.cuh) */
#include "single_ar.cuh"
template <>
struct wht__single_own<wht__alman_rao_alg> : wht__single_ar_trait<wht__alman_rao_alg> {};

/* wht-bench's pass count where its single vectors run there (gpu_runtime.cu) */
WHT__SAR_COUNT(wht__alman_rao_single_passes, wht__alman_rao_alg)

WHT__GPU_TABLES(wht__alman_rao, wht__alman_rao_alg)
