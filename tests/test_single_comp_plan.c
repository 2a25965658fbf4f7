/* test_single_comp_plan - which of kahan's and neumaier's long rows the GPU
 * runs in register passes with the error terms in the work array
 * (kernels/single_comp.cuh, DESIGN.md section 5) at the default settings,
 * and that wht-bench's pass count says two there: kahan's rows of 2^k
 * with k = C+4..C+7 (the L2-blocked pair and a pass, at most 8192 chunks
 * of 2^C), C = LV+19, LV = log2 of the elements in 16 bytes (f64 1, f32 2,
 * f16 and bf16 3); not its two plain passes (k = LV+16..LV+19), not
 * neumaier's (kernels/compensated_err.cuh: single_ranges, measured). The
 * expected ranges are written out by hand below, so a change of the plan
 * shows up here. Host code: no device needed; skips without CUDA. */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in"); }
#else
#include "wht_internal.h"
#include "gpu_util.h"

static const struct {
  wht_format f;
  unsigned lo, hi; /* kahan's range */
} ranges[] = {
  { WHT_F64, 24, 27 },
  { WHT_F32, 25, 28 },
  { WHT_F16, 26, 29 },
  { WHT_BF16, 26, 29 },
};

int main(void)
{
  unsetenv("WHT_GPU_SINGLE_COMP"); /* the defaults, read at the first plan */
  for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; i++) {
    const wht_format f = ranges[i].f;
    const char *name = wht_format_name(f);
    for (unsigned k = 10; k <= 32; k++) {
      const int in = k >= ranges[i].lo && k <= ranges[i].hi;
      tap_ok(wht__kahan_single_passes(f, k, (uint64_t)1 << k) == (in ? 2u : 0u), "kahan %s rows of 2^%u: %s",
             name, k, in ? "register passes (2)" : "the tiles");
      tap_ok(wht__neumaier_single_passes(f, k, (uint64_t)1 << k) == 0u, "neumaier %s rows of 2^%u: the tiles", name,
             k);
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
  }
  return tap_done();
}
#endif
