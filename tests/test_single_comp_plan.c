/* test_single_comp_plan - which of kahan's and neumaier's long rows the GPU
 * runs in register passes with the error terms in the work array
 * (kernels/single_comp.cuh, DESIGN.md section 5) at the default settings,
 * and that wht-bench's pass count says two there. With K1 = LV+12 and C =
 * LV+19, LV = log2 of the elements in 16 bytes (f64 1, f32 2, f16 and
 * bf16 3): kahan's rows of 2^k with k = C+4..C+7 (the L2-blocked pair and
 * a pass, at most 8192 chunks of 2^C) in every format, and k =
 * K1+4..K1+7 (two plain passes) in f32, f16 and bf16 where N holds at
 * least 128 rows of 2^K1; neumaier's two plain passes in f32 alone
 * (kernels/compensated_err.cuh: single_ranges, measured). The expected
 * ranges are written out by hand below, so a change of the plan shows up
 * here. Host code: no device needed; skips without CUDA. */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in"); }
#else
#include "wht_internal.h"
#include "gpu_util.h"

static const struct {
  wht_format f;
  unsigned lo, hi;         /* kahan's pair */
  unsigned k1;             /* K1: the two plain passes are K1+4..K1+7 */
  int kahan_two, neu_two;  /* whose two plain passes the table takes */
} ranges[] = {
  { WHT_F64, 24, 27, 13, 0, 0 },
  { WHT_F32, 25, 28, 14, 1, 1 },
  { WHT_F16, 26, 29, 15, 1, 0 },
  { WHT_BF16, 26, 29, 15, 1, 0 },
};

int main(void)
{
  unsetenv("WHT_GPU_SINGLE_COMP"); /* the defaults, read at the first plan */
  for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
    const wht_format f = ranges[i].f;
    const char *name = wht_format_name(f);
    const unsigned k1 = ranges[i].k1;
    for (unsigned k = 10; k <= 32; k++) {
      /* a single vector makes 128 rows of 2^K1 from k = K1 + 7 */
      const int two = k == k1 + 7, pair = k >= ranges[i].lo && k <= ranges[i].hi;
      const int in = pair || (two && ranges[i].kahan_two), nin = two && ranges[i].neu_two;
      tap_ok(wht__kahan_single_passes(f, k, (uint64_t)1 << k) == (in ? 2u : 0u), "kahan %s rows of 2^%u: %s",
             name, k, in ? "register passes (2)" : "the tiles");
      tap_ok(wht__neumaier_single_passes(f, k, (uint64_t)1 << k) == (nin ? 2u : 0u), "neumaier %s rows of 2^%u: %s",
             name, k, nin ? "register passes (2)" : "the tiles");
    }
    /* batches: the pair's chunks of 2^C count, at most 8192 of them (512
     * rows of 2^(C+4); 513 rows are 8208 chunks) */
    const unsigned k = ranges[i].lo; /* C + 4 */
    tap_ok(wht__kahan_single_passes(f, k, (uint64_t)512 << k) == 2u, "kahan %s 512 rows of 2^%u, 8192 chunks: the pair",
           name, k);
    tap_ok(wht__kahan_single_passes(f, k, (uint64_t)513 << k) == 0u,
           "kahan %s 513 rows of 2^%u, 8208 chunks: the tiles", name, k);
    tap_ok(wht__gpu_pass_count("kahan", f, (uint64_t)1 << ranges[i].hi, 1) == 2,
           "wht-bench's pass count: kahan %s 2^%u takes 2", name, ranges[i].hi);
    /* the two plain passes: rows of 2^(K1+4..K1+7) over 2^28 elements;
     * 8 rows of 2^(K1+4) make 128 rows of 2^K1, 7 make 112 */
    for (unsigned t = k1 + 4; t <= k1 + 7; t++) {
      const uint64_t n = (uint64_t)1 << t;
      tap_ok(wht__kahan_single_passes(f, t, ((uint64_t)1 << 28 >> t) * n) == (ranges[i].kahan_two ? 2u : 0u),
             "kahan %s rows of 2^%u over 2^28 elements: %s", name, t,
             ranges[i].kahan_two ? "two register passes" : "the tiles");
      tap_ok(wht__neumaier_single_passes(f, t, ((uint64_t)1 << 28 >> t) * n) == (ranges[i].neu_two ? 2u : 0u),
             "neumaier %s rows of 2^%u over 2^28 elements: %s", name, t,
             ranges[i].neu_two ? "two register passes" : "the tiles");
    }
    tap_ok(wht__kahan_single_passes(f, k1 + 4, (uint64_t)8 << (k1 + 4)) == (ranges[i].kahan_two ? 2u : 0u),
           "kahan %s 8 rows of 2^%u (128 rows of 2^%u): %s", name, k1 + 4, k1,
           ranges[i].kahan_two ? "two register passes" : "the tiles");
    tap_ok(wht__kahan_single_passes(f, k1 + 4, (uint64_t)7 << (k1 + 4)) == 0u,
           "kahan %s 7 rows of 2^%u (112 rows of 2^%u): the tiles", name, k1 + 4, k1);
  }
  return tap_done();
}
#endif
