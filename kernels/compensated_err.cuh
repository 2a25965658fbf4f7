/* compensated_err.cuh - the error recoveries of kahan and neumaier (eA',
 * eB' before "+ Es" / "+ Ed") for compensated.cuh's butterfly, shared by
 * kahan.cu, neumaier.cu and kahan_block.cu. */
#ifndef WHT_KERNELS_COMPENSATED_ERR_CUH
#define WHT_KERNELS_COMPENSATED_ERR_CUH
#include <type_traits> /* std::is_same */
#include "fmt_ops.cuh"

/* Kahan's fixed order, as lib/kahan.c:
 * eA' = ((A' - A) - B) + Es, eB' = ((B' - A) + B) + Ed. */
struct wht__kahan_err {
  /* blocks per SM by element size: 4 (64 registers) in f16 and bf16, 3
   * (80) else; on an H100 four gained 3-7 % in f16 at every size and were
   * mixed in f32 (docs/PERFORMANCE.md, "The compensated kernels' blocks") */
  static constexpr int min_blocks(unsigned esz) { return esz == 2 ? 4 : 3; }
  /* rows in a block's registers (rows_comp.cuh), bit M-1 for rows of
   * 2^(LV+8+M): on an H100 faster than the tiles for f32 rows of
   * 2^11..2^14 and f64 rows of 2^10, 2^11, 2^13; on an H200 for f16 and
   * bf16 rows of 2^12..2^15 (0.76-0.91x the tiles' time;
   * docs/PERFORMANCE.md) */
  static constexpr unsigned rows_blk_mask(wht_format f) { return f == WHT_F64 ? 0xbu : 0xfu; }
  /* rows in a warp's registers, bit k - LV - 5: every size (f16 and bf16
   * rows of 2^8..2^11 on lane pairs took 0.61-0.73x the tiles' time on an
   * H200, docs/PERFORMANCE.md) */
  static constexpr unsigned rows_warp_mask(wht_format) { return 0xfu; }
  /* the warp rows' form (rows_comp.cuh), two bits a size from bit
   * 2 (k - LV - 5): 0 the lane form, 1 the transposed one, 2 that one
   * persistent. On an H200 (docs/PERFORMANCE.md) f32 rows of 2^7..2^10
   * took 1.09-1.48x the add-one kernel persistent, 1.25-1.55x transposed,
   * 1.40-1.71x in the lane form; f16 and bf16 rows of 2^8..2^11
   * 1.39-2.01x transposed, 1.52-3.09x persistent, 1.76-2.34x in lanes.
   * kahan-block the same (f32 1.10-1.46x, 2-byte 1.41-2.13x). Since the
   * warp's whole tiles go without a bound check, kahan's f32 rows of 2^10
   * persistent took 0.987x their time transposed (1.29x the add-one
   * kernel; before, 1.47x against 1.43x), so every f32 size is
   * persistent, as kahan-block's; with the copy's two addresses and its
   * whole tiles unchecked (rows_reg.cuh's wht__rows_fetch) 1.27x
   * folklore at 2^10, 1.14x at 2^9. */
  static constexpr unsigned rows_forms(wht_format f) { return f == WHT_F32 ? 0xaau : f == WHT_F64 ? 0u : 0x55u; }
  static constexpr unsigned blocked_rows_forms(wht_format f) { return f == WHT_F32 ? 0xaau : f == WHT_F64 ? 0u : 0x55u; }
  /* the plain transposed form's padded slots (rows_comp.cuh's
   * wht__rows_comp_xp_pad), a bit a size as rows_warp_mask: on an H200
   * kahan's f16 and bf16 rows of 2^8..2^11 0.95-0.96x the time with the
   * XOR, kahan-block's of 2^9..2^11 0.95-0.96x but of 2^8 1.04x
   * (docs/PERFORMANCE.md); f32 runs the persistent form, which keeps the
   * XOR (padded it needs 54 KiB a block: 0.99-1.03x) */
  static constexpr unsigned rows_xp_pad(wht_format f) { return f == WHT_F16 || f == WHT_BF16 ? 0xfu : 0u; }
  static constexpr unsigned blocked_rows_xp_pad(wht_format f) { return f == WHT_F16 || f == WHT_BF16 ? 0xeu : 0u; }
  /* the 2-byte transposed rows at five blocks a multiprocessor, x's and
   * e's transposes in turn (rows_comp.cuh's wht__rows_comp_xp5_kernel),
   * a bit a size as rows_warp_mask: on an H200 kahan-block's f16 and bf16
   * rows of 2^10 0.97x the time (2^28, whose first pass they are, 0.99x)
   * and of 2^8 0.99x, but of 2^9 and 2^11 1.01x; kahan's rows of
   * 2^8..2^10 1.03-1.04x, of 2^11 1.01x (docs/PERFORMANCE.md) */
  static constexpr unsigned rows_xp_five(wht_format) { return 0u; }
  static constexpr unsigned blocked_rows_xp_five(wht_format f) { return f == WHT_F16 || f == WHT_BF16 ? 0x5u : 0u; }
  /* the lane form's warp rows (bit k - LV - 5) that run capped at 80
   * registers (rows_comp.cuh's wht__rows_comp_capped_bit): those whose
   * kernel under ptxas's own choice needs more (CUDA 13.0, sm_90:
   * kahan's f64 rows 48-80 registers, kahan-block's f64 rows of 2^8
   * 78: none) */
  static constexpr unsigned rows_capped(wht_format) { return 0u; }
  static constexpr unsigned blocked_rows_capped(wht_format) { return 0u; }
  static constexpr unsigned rows_two(wht_format) { return 0u; } /* as neumaier's below: none */
  static constexpr unsigned blocked_rows_two(wht_format) { return 0u; }
  static const bool BLOCKED = false; /* true in rows_comp.cuh's wht__blocked_err */
  /* long rows in register passes (single_comp.cuh), by element size:
   * bit 0 the two plain passes (k = LV+16..LV+19, where they make at
   * least 128 rows of the first pass), bit 1 the L2-blocked pair and a
   * pass (LV+23..LV+26). On an H200 the pair took 0.77-0.78x the tiles'
   * time at f32 2^28, 0.83-0.86x at f16 and bf16 2^28, 0.88-0.89x at f64
   * 2^27, and with the transposed first pass 0.95x and 0.97-0.98x of
   * that; the two passes with it 0.68-0.75x for f32 rows of 2^18..2^21
   * over 2^28 elements and 0.71x for a single 2^21, 0.78-0.82x for f16
   * and bf16 rows of 2^19..2^22 and a single 2^22, but 1.15-1.22x where
   * 16-32 rows of the first pass leave most multiprocessors idle (f64:
   * the lane form, 1.04x at 2^19; docs/PERFORMANCE.md) */
  static constexpr unsigned single_ranges(unsigned esz) { return esz == 8 ? 2u : 3u; }
  /* the same for kahan-block (rows_comp.cuh's wht__blocked_err): faster
   * than the tiles on an H100 for f32 rows of 2^7..2^13, f64 rows of 2^8
   * and 2^11, and on an H200 for f16 and bf16 rows of 2^8..2^11 (0.64-0.71x
   * the tiles' time), and in a block for f16 and bf16 rows of
   * 2^12..2^15 (0.84-0.96x; docs/PERFORMANCE.md) */
  static constexpr unsigned blocked_rows_warp_mask(wht_format f) { return f == WHT_F64 ? 0x4u : 0xfu; }
  static constexpr unsigned blocked_rows_blk_mask(wht_format f) { return f == WHT_F32 ? 0x7u : f == WHT_F64 ? 0x2u : 0xfu; }
  /* the fewest rows of the block's sizes (8, 16, 32, 64 KB: k - LV - 9)
   * the block kernel takes where the small tiles are on; fewer go there
   * (rows_comp.cuh). On an H200 (docs/PERFORMANCE.md, "The small
   * transforms' tiles", "The compensated block kernels' few rows by
   * bytes"): rows of 8 KB and 64 KB, one to four, 0.33-0.90x the block's
   * time on the tiles, of 16 and 32 KB up to 1.68x, but kahan's 2-byte
   * rows of 8 KB up to 256 of them 0.77-0.93x (512: 1.04x) and of 16 KB
   * up to 128 0.90-0.93x (256: 1.08x), kahan-block's 2-byte rows of 8 KB
   * up to 64 0.79-0.85x (128: 2.2x) and its f32 rows of 16 KB up to 32
   * 0.85-0.88x (64: 1.67x); kahan's f64 as its 2-byte rows (8 KB up to
   * 64 of them 0.82-0.84x, 128-256 0.96-0.98x, 512: 1.12x; 16 KB up to
   * 128 0.93-0.97x, 256: 1.10x) */
  static constexpr unsigned few_rows_blk_min(wht_format f, unsigned i)
  {
    constexpr unsigned f32[4] = { 8, 0, 0, 8 }, other[4] = { 512, 256, 0, 8 };
    return (f == WHT_F32 ? f32 : other)[i];
  }
  static constexpr unsigned blocked_few_rows_blk_min(wht_format f, unsigned i)
  {
    constexpr unsigned two[4] = { 128, 0, 0, 8 }, f32[4] = { 8, 64, 0, 8 }, other[4] = { 8, 0, 0, 8 };
    return (f == WHT_F16 || f == WHT_BF16 ? two : f == WHT_F32 ? f32 : other)[i];
  }
  static const bool PAIRS = true;  /* only F::add and F::sub */
  /* (the fourth operand, S = A + B or D = A - B, is neumaier's) */
  template <class F>
  static WHT__HD typename F::T a(typename F::T Ap, typename F::T A, typename F::T B, typename F::T)
  { return F::sub(F::sub(Ap, A), B); }
  template <class F>
  static WHT__HD typename F::T b(typename F::T Bp, typename F::T A, typename F::T B, typename F::T)
  { return F::add(F::sub(Bp, A), B); }
  /* where eA = eB = +0 (compensated.cuh's Z: A' = S, B' = D): the same */
  template <class F>
  static WHT__HD typename F::T az(typename F::T S, typename F::T A, typename F::T B)
  { return a<F>(S, A, B, S); }
  template <class F>
  static WHT__HD typename F::T bz(typename F::T D, typename F::T A, typename F::T B)
  { return b<F>(D, A, B, D); }
};

/* Neumaier: as Kahan, but each recovery
 * subtracts the term of smallest magnitude last. The result is bit for bit
 * DESIGN.md section 4's (lib/neumaier.c), computed in a form with fewer
 * instructions: all three orders of the sum (the third as A' - S), then
 * two selects.
 *
 * DESIGN.md's eA' (before "+ Es"), terms A', A, B, first branch that holds:
 *   D1: |B| <= |A'| and |B| <= |A|   ->  r1 = (A' - A) - B
 *   D2: |A| <= |A'| and |A| <= |B|   ->  r2 = (A' - B) - A
 *   else                             ->  r3 = (-A - B) + A'
 * This file: r = c2 ? r1 : (c1 ? r2 : r3) with c2 = D1's test and
 * c1 = |A| <= |A'|. Each r_i is the same expression as DESIGN.md's branch
 * (the same correctly rounded operations on the same operands in the same
 * order), so r equals DESIGN.md's result whenever it picks the same branch.
 * Proof, branch by branch:
 *   - Some term NaN (A', A or B): every r_i adds all three terms, and an
 *     IEEE sum with a NaN operand is NaN, so both forms give NaN whatever
 *     the comparisons say (payloads unspecified, as everywhere on the GPU).
 *   - Otherwise the magnitudes are ordered (+inf included):
 *     c2 true: DESIGN.md takes D1 too (the same test): r1 = r1.
 *     c2 false, c1 true: D1 failed; D2 holds, since |A| <= |A'| is c1 and
 *       |A| <= |B| follows: D1 failing means |B| > |A| (done) or
 *       |B| > |A'| >= |A|. DESIGN.md takes r2, as here.
 *     c2 false, c1 false: D1 failed and D2 fails (its |A| <= |A'| is c1),
 *       so DESIGN.md takes r3, as here.
 *   Ties: the comparisons are DESIGN.md's own (<=, the same operands), so
 *   equal magnitudes go where DESIGN.md sends them; signed zeros: |+0| =
 *   |-0| compare equal in both, and the sums are the same operations, so
 *   the zero's sign comes out the same. Nothing else differs: x - y is
 *   x + (-y) in IEEE arithmetic, negation is exact, and the r_i are not
 *   rewritten (e.g. -A - B is not -(A + B), which differs for A = +0,
 *   B = -0).
 * eB' (before "+ Ed"), terms B', A, B: DESIGN.md's
 *   D1: |B| <= |B'| and |B| <= |A|   ->  r1 = (B' - A) + B
 *   D2: |A| <= |B'| and |A| <= |B|   ->  r2 = (B' + B) - A
 *   else                             ->  r3 = (-A + B) + B'
 * is the same with A' replaced by B', and the same proof holds word for
 * word (c1 = |A| <= |B'|).
 * r3 in one operation: the butterfly has S = A + B (D = A - B) already,
 * and (-A - B) + A' = A' - S bit for bit wherever A' = S - Es (B' = D -
 * Ed), as in every butterfly. Proof: rounding to nearest is symmetric, so
 * -A - B = -(A + B) = -S (an infinity or NaN included) except for the
 * sign of an exact zero: where A + B = 0 and A, B are not two zeros of
 * one sign, -A - B is +0 and -S is -0 (S = +0). Then A' = S - Es = +0 - Es is never -0 (+0 - (+0) =
 * +0 - (-0) = +0, and a nonzero Es gives a nonzero A'), and y + A' = A' for
 * y = +0 and y = -0 whenever A' is not -0, so both give A'. The same with
 * -A + B = -D and B' = D - Ed for r3 of eB'. The precondition matters:
 * for a free triple with A' = -0 and S = +0 the two differ (+0 against
 * -0), which is why tests/test_neumaier_form draws A' = -0 only beside
 * S = -0. Saves one addition a recovery, two a butterfly of about 23.
 * The choice by the smaller magnitude (pick below; f32, f16, bf16): with
 * p = |B| <= |A| and m = p ? |B| : |A| (= min(|A|, |B|)), r = m <= |A'| ?
 * (p ? r1 : r2) : r3, and the same with B'. p and m are shared by eA'
 * and eB', so a butterfly takes four comparisons and selects where c2, c1
 * take five. The same branch as DESIGN.md's, case by case (no NaN, so
 * the magnitudes are ordered):
 *   p, |B| <= |A'|:   D1 holds: r1, as here.
 *   p, |B| > |A'|:    D1 fails; D2 would need |A| <= |A'| < |B| <= |A|:
 *                     fails; r3, as here (m = |B| > |A'|).
 *   not p (|A| < |B|), |A| <= |A'|: D1 fails (|B| > |A|); D2 holds: r2,
 *                     as here (m = |A|).
 *   not p, |A| > |A'|: D1 and D2 fail: r3, as here.
 * A NaN among A', A, B makes every r_i NaN (r3 = A' - S, and S carries a
 * NaN of A or B), so the choice does not matter there.
 *
 * Cost per recovery: three comparisons (|B| <= |A| is shared by both),
 * two selects and five adds whose negations fold into the add, instead of
 * four comparisons, five selects of negated operands and two adds: the
 * selects and comparisons run on the half-rate integer pipe, the adds on
 * the full-rate FP pipe. Issue 15's suggested form (c1 = |A| <= |A'|,
 * u = c1 ? -A : A', v the other, then |B| <= |u| ? (v + u) - B :
 * (v - B) + u: two compares, four selects, two sums) is this one with the
 * selects moved from the sums' results to their operands (v + u is A' - A
 * either way); it gives the same bits (tested exhaustively in f16) but
 * put its selects on the half-rate pipe: on an H200 1.20x the time for f32
 * rows of 2^9..2^11 and f32 2^28, f64 rows 1.08-1.27x, f16 rows 1.18-1.82x
 * (a spill under the 80-register cap), bf16 0.98-1.01x (3afed74,
 * docs/PERFORMANCE.md). tests/test_neumaier_form checks this form against
 * DESIGN.md's on every pair of f16 values (make check-long; a structured
 * subset in make check) and random triples in every format. */
/* The pairs' terms chosen before the sums (an experiment of issue 15,
 * off unless CPPFLAGS has -DWHT_NM_PAIR_OPERANDS=MASK: bit 0 f16 pairs,
 * bit 1 bf16 pairs). r1 and r2 differ only in which of A and B goes in
 * first: with p = |B| <= |A| (the mask pick uses), L = p ? A : B and
 * M = p ? B : A,
 *   eA': p ? r1 : r2 = (A' - L) - M   ((A' - A) - B, or (A' - B) - A);
 *   eB': p ? r1 : r2 = (B' + Lb) + Mb with Lb = p ? -A : B, Mb = p ? B : -A
 *        ((B' + -A) + B = (B' - A) + B, or (B' + B) + -A = (B' + B) - A),
 * the same correctly rounded operations on the same operands in the same
 * order (x - y is x + (-y) in IEEE arithmetic, negation exact), so every
 * result is pick's bit for bit, ties, zeros, infinities and NaNs (where
 * p is false: every r_i is NaN, above) included. Lb and Mb are L and M
 * with the sign flipped where p (Lb) or not p (Mb): one bitwise operation
 * each, on the pair's mask. The smaller magnitude min(|A|, |B|) is the
 * packed minimum (it differs from p ? |B| : |A| only where A or B is a
 * NaN, where the choice does not matter). A butterfly's two recoveries
 * then take six sums and six bitwise operations (L, M, the two sign flips,
 * two selects) where pick takes ten sums and four selects (ptxas,
 * CUDA 13.0, sm_90: neumaier's f16 transposed rows of 2^10 5008 -> 4456
 * instructions, neumaier-block's 4384 -> 4024 and 103 -> 80 registers;
 * bf16 rows of 2^10, 2^11 135 -> 175 registers). The first stage's form
 * (az, bz) likewise: (S - L) - M and (D + Lb) + Mb. Bit 2: pick's
 * smaller magnitude as the packed minimum alone (f16 rows of 2^10 5008 ->
 * 4720 instructions). */
#ifndef WHT_NM_PAIR_OPERANDS
#define WHT_NM_PAIR_OPERANDS 0
#endif

/* Whether F is a lane-pair format (tile_packed.cuh's wht__pair_fmt). */
template <class F, class = void>
struct wht__is_pair {
  static const bool value = false;
};
template <class F>
struct wht__is_pair<F, decltype((void)F::PAIR)> {
  static const bool value = true;
};

struct wht__neumaier_err {
  /* blocks per SM by element size: 4 (64 registers) in f32, where on an
   * H100 they gained 2-5 % at four sizes of five; 3 (80) else, where the
   * f16 and bf16 kernels spill 8-20 bytes (the old form spilled 20-28 and
   * took 2) and four were mixed */
  static constexpr int min_blocks(unsigned esz) { return esz == 4 ? 4 : 3; }
  /* long rows in register passes (single_comp.cuh), as kahan's: f32's two
   * plain passes. On an H200 (128 registers, one block of 16 warps a
   * multiprocessor) with the transposed first pass those took 0.79-0.81x
   * the tiles' time for f32 rows of 2^18..2^21 over 2^28 elements, 0.95x
   * for a single 2^21; the pair 1.00x at f32 2^28 (1.12x before the
   * transposed form), f16 and bf16 0.92-0.95x of 1.08-1.26x, 1.00x at
   * f64 2^27, and the f16 and bf16 two passes 1.05-1.24x
   * (docs/PERFORMANCE.md) */
  static constexpr unsigned single_ranges(unsigned esz) { return esz == 4 ? 1u : 0u; }
  /* rows in a block's registers (rows_comp.cuh), bit M-1 for rows of
   * 2^(LV+8+M): on an H100 faster than the tiles only for f32 rows of
   * 2^13 and 2^14; on an H200 f16 rows of 2^15 (0.95-0.98x the tiles'
   * time), the other 2-byte sizes slower (docs/PERFORMANCE.md) */
  static constexpr unsigned rows_blk_mask(wht_format f) { return f == WHT_F32 ? 0xcu : f == WHT_F16 ? 0x8u : 0u; }
  /* rows in a warp's registers, bit k - LV - 5: every size (on an H200
   * f16 0.79-0.86x the tiles' time; bf16, at two blocks of 256 a
   * multiprocessor, rows_two below, 0.88-0.91x: docs/PERFORMANCE.md) */
  static constexpr unsigned rows_warp_mask(wht_format) { return 0xfu; }
  /* the warp rows' form, as kahan's: f32 transposed (2.33-3.31x the
   * add-one kernel at 2^7..2^10 against 2.69-3.38x in lanes and 2.99-4.31x
   * persistent, its 123-165 registers), f16 in lanes (3.55-4.78x against
   * 3.75-5.16x transposed); neumaier-block's bf16 rows of 2^8 and 2^9
   * transposed (3.93x, 4.13x against 3.98x, 4.61x), its f32 rows of 2^10
   * and f16 rows in lanes (2.90x against 3.11x; 3.56-4.87x against
   * 3.67-5.18x; H200, docs/PERFORMANCE.md); since f32's transposed form
   * copies its tile by cp.async, neumaier-block's f32 rows of 2^10 take
   * it (2.99x against 3.13x in lanes, the same run). Since the
   * recoveries lost 4-20 % of their operations (23fccb0) f16 and bf16
   * rows are transposed too, as ptxas picks (135 registers, three blocks
   * of four warps): on an H200 0.82-0.90x the lane form's time at
   * 2^8..2^11 (rows of 2^10 f16 3.25x a memcpy against 3.64x, bf16 3.52x
   * against 3.93x); capped at 128 registers in blocks of one or four
   * warps 0.97-1.10x the time of that; neumaier-block's f16 rows and
   * bf16 rows of 2^10, 2^11 transposed in the same run 0.79-0.90x their
   * lane form's (docs/PERFORMANCE.md) */
  static constexpr unsigned rows_forms(wht_format f) { return f == WHT_F64 ? 0u : 0x55u; }
  /* padded slots, as kahan's: on an H200 its f32 rows of 2^7..2^10
   * 0.93-0.96x the time with the XOR, neumaier-block's bf16 rows of 2^8
   * and 2^9 0.88x and 0.97x, but its f32 rows of 2^10 1.03x; since the
   * 2-byte rows went transposed, neumaier's f16 and bf16 rows of
   * 2^8..2^11 0.95-0.98x, neumaier-block's f16 rows 0.96-0.98x, but its
   * bf16 rows of 2^10 and 2^11 1.01x (docs/PERFORMANCE.md) */
  static constexpr unsigned rows_xp_pad(wht_format f) { return f == WHT_F64 ? 0u : 0xfu; }
  static constexpr unsigned blocked_rows_xp_pad(wht_format f) { return f == WHT_F16 ? 0xfu : f == WHT_BF16 ? 0x3u : 0u; }
  static constexpr unsigned rows_xp_five(wht_format) { return 0u; } /* as kahan's: none */
  static constexpr unsigned blocked_rows_xp_five(wht_format) { return 0u; }
  static constexpr unsigned blocked_rows_forms(wht_format f)
  { return f == WHT_F16 || f == WHT_BF16 ? 0x55u : f == WHT_F32 ? 0x40u : 0u; }
  /* the lane form capped as kahan's above: f64 rows of 2^7..2^9
   * (100-102 registers uncapped; 2^6 64); neumaier's and neumaier-block's
   * f16 rows took it (92-95 and 89-98) until they went transposed */
  static constexpr unsigned rows_capped(wht_format f) { return f == WHT_F64 ? 0xeu : 0u; }
  static constexpr unsigned blocked_rows_capped(wht_format) { return 0u; }
  /* the lane form at two blocks of 256 a multiprocessor (128 registers,
   * 24-40 bytes of spill), bit k - KMIN: bf16 rows, which spill 0.5-1 KB
   * capped at 80 registers (1.03-1.84x the tiles' time) and take 106-145
   * registers uncapped (one block a multiprocessor at 2^10, 2^11); on an
   * H200 rows of 2^8..2^11 0.88-0.91x the tiles' time (rows of 2^10 5.25x
   * -> 4.62x the add-one kernel), neumaier-block's bf16 rows of 2^10,
   * 2^11 (its lane form) 0.67x; f16 rows there took 0.99-1.02x the capped
   * kernel's time and neumaier's f64 rows of 2^7..2^9 0.97-1.07x (f12ce82),
   * so they keep it (docs/PERFORMANCE.md); neumaier's and neumaier-block's
   * bf16 rows have since gone transposed (rows_forms): none left */
  static constexpr unsigned rows_two(wht_format) { return 0u; }
  static constexpr unsigned blocked_rows_two(wht_format) { return 0u; }
  static const bool BLOCKED = false; /* true in rows_comp.cuh's wht__blocked_err */
  /* neumaier-block: faster than the tiles for f32 rows of 2^10 (2 %, an
   * H100), f16 rows of 2^8..2^11 and bf16 rows of 2^8..2^11 (an H200:
   * 0.64-0.76x the tiles' time in lanes; bf16 2^10, 2^11 at two blocks
   * a multiprocessor 0.67x of the tiles' time, where capped at 80
   * registers they took 1.27-1.36x; all transposed since, rows_forms) */
  static constexpr unsigned blocked_rows_warp_mask(wht_format f)
  { return f == WHT_F32 ? 0x8u : f == WHT_F16 ? 0xfu : f == WHT_BF16 ? 0xfu : 0u; }
  /* and in a block for f16 rows of 2^12 and 2^13 (0.82-0.91x at build
   * b6717c1; 2^14, 2^15 and bf16 slower) */
  static constexpr unsigned blocked_rows_blk_mask(wht_format f) { return f == WHT_F16 ? 0x3u : 0u; }
  /* the fewest rows on the block kernel, as kahan's: 8 of 8 KB and 64 KB;
   * neumaier-block's (on it for f16 rows of 8 and 16 KB) 128 and 64 (an
   * H200: its f16 rows of 8 KB up to 64 of them 0.38-0.48x the block's
   * time on the small tiles, 128: 1.59x; of 16 KB up to 32 0.35-0.57x,
   * 64: 1.61x) */
  static constexpr unsigned few_rows_blk_min(wht_format, unsigned i) { return i == 0 || i == 3 ? 8u : 0u; }
  static constexpr unsigned blocked_few_rows_blk_min(wht_format, unsigned i)
  {
    constexpr unsigned n[4] = { 128, 64, 8, 8 };
    return n[i];
  }
  /* f16/bf16 on lane pairs (tile_packed.cuh): the comparisons on the
   * packed magnitudes give a mask per lane (__hle2_mask, exact, subnormals
   * kept) and the selects are bitwise, lane by lane the same choice; with a
   * NaN among a lane's terms its result is NaN whatever the masks say (the
   * proof above) */
  static const bool PAIRS = true;
  /* whether F's pairs choose their terms first (WHT_NM_PAIR_OPERANDS above) */
  template <class F>
  static constexpr bool operands(void)
  {
    if constexpr (wht__is_pair<F>::value)
      return WHT_NM_PAIR_OPERANDS >> (std::is_same<typename F::T, __half2>::value ? 0 : 1) & 1;
    else
      return false;
  }
  /* ... and their terms: L, M (eA') or Lb, Mb (eB', NEG) */
  template <class F, bool NEG>
  static WHT__HD void terms(typename F::T A, typename F::T B, typename F::T &L, typename F::T &M)
  {
    const unsigned p = F::le(F::mag(B), F::mag(A));
    L = F::select(p, A, B), M = F::select(p, B, A);
    if constexpr (NEG) L = F::from_bits(F::to_bits(L) ^ (p & 0x80008000u)), M = F::from_bits(F::to_bits(M) ^ (~p & 0x80008000u));
  }
  /* DESIGN.md's choice among r1, r2, r3 for the terms X' (A' or B'), A, B:
   * in f64 as its branches read (c2, c1 above), else by the smaller
   * magnitude m = min(|A|, |B|) (below). f64 keeps the first: on an H200
   * its rows of 2^10 took 1.03x the time the other way, f32 0.92x,
   * f16 and bf16 0.95-0.99x (docs/PERFORMANCE.md). (nv_exec_check_disable:
   * the host test's format below is host-only; the kernels' formats are
   * not) */
#pragma nv_exec_check_disable
  template <class F>
  static WHT__HD typename F::T pick(typename F::T Xp, typename F::T A, typename F::T B, typename F::T r1,
                                    typename F::T r2, typename F::T r3)
  {
    typedef typename F::T T;
    if constexpr (wht__is_pair<F>::value) {
      const T mA = F::mag(A), mB = F::mag(B);
      const unsigned p = F::le(mB, mA);
      const T m = WHT_NM_PAIR_OPERANDS & 4 ? F::min(mA, mB) : F::select(p, mB, mA);
      return F::select(F::le(m, F::mag(Xp)), F::select(p, r1, r2), r3);
    } else if constexpr (sizeof(T) == 8) {
      const auto mXp = F::mag(Xp), mA = F::mag(A), mB = F::mag(B);
      const bool c2 = mB <= mXp && mB <= mA, c1 = mA <= mXp;
      return c2 ? r1 : c1 ? r2 : r3;
    } else {
      const auto mA = F::mag(A), mB = F::mag(B);
      const bool p = mB <= mA;
      return (p ? mB : mA) <= F::mag(Xp) ? (p ? r1 : r2) : r3;
    }
  }
  /* eA' before "+ Es", terms A', A, B, and S = A + B */
#pragma nv_exec_check_disable
  template <class F>
  static WHT__HD typename F::T a(typename F::T Ap, typename F::T A, typename F::T B, typename F::T S)
  {
    typedef typename F::T T;
    if constexpr (operands<F>()) {
      T L, M;
      terms<F, false>(A, B, L, M);
      return F::select(F::le(F::min(F::mag(A), F::mag(B)), F::mag(Ap)), F::sub(F::sub(Ap, L), M), F::sub(Ap, S));
    }
    const T r1 = F::sub(F::sub(Ap, A), B), r2 = F::sub(F::sub(Ap, B), A);
    const T r3 = F::sub(Ap, S); /* = (-A - B) + A' (above) */
    return pick<F>(Ap, A, B, r1, r2, r3);
  }
  /* eB' before "+ Ed", terms B', A, B, and D = A - B */
#pragma nv_exec_check_disable
  template <class F>
  static WHT__HD typename F::T b(typename F::T Bp, typename F::T A, typename F::T B, typename F::T D)
  {
    typedef typename F::T T;
    if constexpr (operands<F>()) {
      T L, M;
      terms<F, true>(A, B, L, M);
      return F::select(F::le(F::min(F::mag(A), F::mag(B)), F::mag(Bp)), F::add(F::add(Bp, L), M), F::sub(Bp, D));
    }
    const T r1 = F::add(F::sub(Bp, A), B), r2 = F::sub(F::add(Bp, B), A);
    const T r3 = F::sub(Bp, D); /* = (-A + B) + B' (above) */
    return pick<F>(Bp, A, B, r1, r2, r3);
  }
  /* The same where eA = eB = +0 (compensated.cuh's Z: A' = S = A + B, B' =
   * D = A - B, the first stage of a transform or a block), in two sums
   * and one comparison shared by both: r = |B| <= |A| ? (S - A) - B :
   * (S - B) - A, Dekker's Fast2Sum with the larger term first, and for eB'
   * the same with -B. Bit for bit DESIGN.md's: with A, B finite and S
   * finite, each of DESIGN.md's branches is the exact error S - A - B
   * (D1: |B| <= |A| is Fast2Sum of (A, B); D2: |A| <= |B| that of (B, A);
   * D3: |S| < |A| and |S| < |B| needs A, B of opposite signs within a
   * factor 2, so A + B is exact (Sterbenz) and r3 = S - S = +0), that
   * error is representable and Fast2Sum gives it exactly; a zero error
   * comes out +0 in both (x - x = +0, +0 - (+-0) = +0; S = -0 only from A =
   * B = -0, where S - A = +0). S = +-inf from finite A, B: D3 cannot hold
   * and every r_i and this form are (inf - A) - B or (inf - B) - A = S.
   * A or B infinite or NaN: every form subtracts an infinity from an
   * infinity or carries the NaN, so NaN. The Z form of kahan (above) is
   * its a() itself. tests/test_neumaier_form checks this against DESIGN.md
   * on every f16 pair under make check-long. */
#pragma nv_exec_check_disable
  template <class F> /* |B| <= |A| ? r1 : r2, lane by lane on pairs */
  static WHT__HD typename F::T larger_first(typename F::T A, typename F::T B, typename F::T r1, typename F::T r2)
  {
    if constexpr (wht__is_pair<F>::value)
      return F::select(F::le(F::mag(B), F::mag(A)), r1, r2);
    else
      return F::mag(B) <= F::mag(A) ? r1 : r2;
  }
#pragma nv_exec_check_disable
  template <class F>
  static WHT__HD typename F::T az(typename F::T S, typename F::T A, typename F::T B)
  {
    if constexpr (operands<F>()) {
      typename F::T L, M;
      terms<F, false>(A, B, L, M);
      return F::sub(F::sub(S, L), M);
    }
    return larger_first<F>(A, B, F::sub(F::sub(S, A), B), F::sub(F::sub(S, B), A));
  }
#pragma nv_exec_check_disable
  template <class F>
  static WHT__HD typename F::T bz(typename F::T D, typename F::T A, typename F::T B)
  {
    if constexpr (operands<F>()) {
      typename F::T L, M;
      terms<F, true>(A, B, L, M);
      return F::add(F::add(D, L), M);
    }
    return larger_first<F>(A, B, F::add(F::sub(D, A), B), F::sub(F::add(D, B), A));
  }
};

#endif
