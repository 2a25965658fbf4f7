/* test_single_ar_plan - which long rows of Alman-Rao and the block
 * algorithms the GPU runs in register passes (kernels/single_ar.cuh,
 * DESIGN.md section 5) at the default settings (each algorithm's SAR
 * policy), and that wht-bench's pass count says so. With f = k mod 3 and
 * K1 = 9 + f: rows of 2^K1, then strided passes of 9 stages (the last one
 * 3, 6 or 9); beyond k = K1 + 9, where block rows of 2^kb (kb = f + 3t, at
 * most 15 in f32 and 16 in f16 and bf16) leave at most 9 stages, those
 * block rows and one strided pass (f32 2^21..2^24, f16 and bf16
 * 2^21..2^25; Alman-Rao's however few the blocks and the least such
 * rows, 2^(k-9), kahan-block's and widened's from 128 of them, the least
 * for kahan-block's f16 and bf16 and widened's f32, else the largest: not
 * kahan-block's single f32 vectors of 2^21 nor widened's f16 and bf16 of
 * 2^21 and 2^22); else Alman-Rao's
 * first two as one L2-blocked pair from k = K1 + 12 where the data make
 * 1024 tiles or more and the pair's chunks of 2^(K1+9) elements number at
 * most 8192, rows of 2^16 and longer, the pair's first pass block rows of
 * 2^(K1+3) where that saves a pass (2^30..2^32: two where three were) and
 * in f16 and bf16 2^28; kahan-block and widened without the
 * pair, but widened with the pair of block rows first where it saves a
 * pass (f32 2^30 and 2^32, f16 and bf16 2^30 and 2^31: two passes where
 * four were) and at f16 and bf16 2^28 (two, not three), from rows of
 * 2^15 in f32 and 2^16 in f16 and bf16; from 8 rows,
 * Alman-Rao's rows of 2^12..2^15
 * (f32) and 2^12..2^16 (f16, bf16) and widened's of 2^12..2^15 (f32) and
 * 2^15, 2^16 (f16, bf16) in one pass, a block a row (rows_ar_blk.cuh);
 * Alman-Rao's f64 rows from 2^15 as rows of 2^K1 (K1 = 12, 13, 11 for k
 * mod 3 = 0, 1, 2; 14 for k = 23, 26, ..) a block each, then the tiles'
 * strided passes of up to 9 stages (single_ar64.cuh); neumaier-block and the block algorithms'
 * f64 never. The expected counts
 * are written out by hand below (a digit per k), so a change of the plan
 * shows up here. Host code: no device needed; skips without CUDA. */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in"); }
#else
#include "wht_internal.h"
#include "gpu_util.h"

typedef unsigned (*count_fn)(wht_format, unsigned, uint64_t);

static const struct {
  const char *algo;
  count_fn count;
  wht_format f;
  const char *single; /* passes of a single vector of 2^k, k = 8..32 (0: not here) */
  const char *rows;   /* ... of rows of 2^k over 2^28 elements, k = 12..23 */
  unsigned rows1024, rows1025; /* ... of 1024 and 1025 rows of 2^21 (8192, 8200 chunks of 2^18) */
} cases[] = {
  { "alman-rao", wht__alman_rao_single_passes, WHT_F64, "0000000222222222333333333", "000222222222", 2, 2 },
  { "alman-rao", wht__alman_rao_single_passes, WHT_F32, "0000000022222222222222222", "111122222222", 2, 2 },
  { "alman-rao", wht__alman_rao_single_passes, WHT_F16, "0000000022222222222222222", "111112222222", 2, 2 },
  { "alman-rao", wht__alman_rao_single_passes, WHT_BF16, "0000000022222222222222222", "111112222222", 2, 2 },
  { "kahan-block", wht__kahan_block_single_passes, WHT_F64, "0000000000000000000000000", "000000000000", 0, 0 },
  { "kahan-block", wht__kahan_block_single_passes, WHT_F32, "0000000222222322233333444", "000222222222", 2, 2 },
  { "kahan-block", wht__kahan_block_single_passes, WHT_F16, "0000000022222222223333444", "000022222222", 2, 2 },
  { "kahan-block", wht__kahan_block_single_passes, WHT_BF16, "0000000022222222223333444", "000022222222", 2, 2 },
  { "neumaier-block", wht__neumaier_block_single_passes, WHT_F32, "0000000000000000000000000", "000000000000", 0, 0 },
  { "neumaier-block", wht__neumaier_block_single_passes, WHT_F16, "0000000000000000000000000", "000000000000", 0, 0 },
  { "widened", wht__widened_single_passes, WHT_F64, "0000000000000000000000000", "000000000000", 0, 0 },
  { "widened", wht__widened_single_passes, WHT_F32, "0000000222222222233333242", "111122222222", 2, 2 },
  { "widened", wht__widened_single_passes, WHT_F16, "0000000022222332223323224", "000112222222", 2, 2 },
  { "widened", wht__widened_single_passes, WHT_BF16, "0000000022222332223323224", "000112222222", 2, 2 },
};

int main(void)
{
  unsetenv("WHT_GPU_SINGLE_AR"); /* the defaults, read at the first plan */
  unsetenv("WHT_GPU_SINGLE_AR_PAIR");
  unsetenv("WHT_GPU_SINGLE_AR_BLK1");
  unsetenv("WHT_GPU_SINGLE_AR_PAIR_BLK");
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *a = cases[i].algo, *name = wht_format_name(cases[i].f);
    for (unsigned k = 8; k <= 32; k++) {
      const unsigned want = (unsigned)(cases[i].single[k - 8] - '0');
      tap_ok(cases[i].count(cases[i].f, k, (uint64_t)1 << k) == want, "%s %s 2^%u: %u passes", a, name, k, want);
    }
    for (unsigned k = 12; k <= 23; k++) {
      const unsigned want = (unsigned)(cases[i].rows[k - 12] - '0');
      tap_ok(cases[i].count(cases[i].f, k, (uint64_t)1 << 28) == want, "%s %s rows of 2^%u over 2^28: %u passes", a,
             name, k, want);
    }
    tap_ok(cases[i].count(cases[i].f, 21, (uint64_t)1024 << 21) == cases[i].rows1024, "%s %s 1024 rows of 2^21: %u",
           a, name, cases[i].rows1024);
    tap_ok(cases[i].count(cases[i].f, 21, (uint64_t)1025 << 21) == cases[i].rows1025, "%s %s 1025 rows of 2^21: %u",
           a, name, cases[i].rows1025);
    /* wht-bench's count is this one where it is not 0 */
    const unsigned n28 = cases[i].count(cases[i].f, 28, (uint64_t)1 << 28);
    if (n28)
      tap_ok(wht__gpu_pass_count(a, cases[i].f, (uint64_t)1 << 28, 1) == n28, "wht-bench's pass count: %s %s 2^28: %u",
             a, name, n28);
  }
  return tap_done();
}
#endif
