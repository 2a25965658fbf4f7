/* test_single_ar_plan - which long rows of Alman-Rao and the block
 * algorithms (kahan-block, neumaier-block, widened: the same plan) the GPU
 * runs in register passes (kernels/single_ar.cuh, DESIGN.md section 5) at
 * the default settings, and that wht-bench's pass count says so. With f = k
 * mod 3 and K1 = 9 + f: rows of 2^16 and longer in f32, f16 and bf16,
 * never f64; rows of 2^K1, then strided passes of 9 stages (the last one
 * 3, 6 or 9), the first two as one L2-blocked pair from k = K1 + 12 where
 * the data make 1024 tiles or more (2^24 f32, 2^25 f16 and bf16) and the
 * pair's chunks of 2^(K1+9) elements number at most 8192; f32 rows of
 * 2^21..2^23 (k = K1 + 12) of 1024 tiles or more stay on the tiles. So a
 * single vector takes two passes over device memory at k = 16..20 and
 * from the pair to 29, three at 21..23 (f16, bf16: 21..24) and 30..32.
 * The expected counts are written out by hand below, so a change of the
 * plan shows up here. Host code: no device needed; skips without CUDA. */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in"); }
#else
#include "wht_internal.h"
#include "gpu_util.h"

static const struct {
  wht_format f;
  int on;        /* register passes at all */
  unsigned pair; /* the smallest single vector the pair takes (1024 tiles) */
} formats[] = {
  { WHT_F64, 0, 0 },
  { WHT_F32, 1, 24 },
  { WHT_F16, 1, 25 },
  { WHT_BF16, 1, 25 },
};

int main(void)
{
  unsetenv("WHT_GPU_SINGLE_AR"); /* the defaults, read at the first plan */
  unsetenv("WHT_GPU_SINGLE_AR_PAIR");
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
    const wht_format f = formats[i].f;
    const char *name = wht_format_name(f);
    const int f32 = f == WHT_F32;
    for (unsigned k = 8; k <= 32; k++) {
      const unsigned want = !formats[i].on || k < 16 ? 0u : k <= 20 ? 2u : k < formats[i].pair ? 3u : k <= 29 ? 2u : 3u;
      tap_ok(wht__radix8_single_passes(f, k, (uint64_t)1 << k) == want, "alman-rao %s 2^%u: %u passes", name, k,
             want);
    }
    if (!formats[i].on) continue;
    /* rows over 2^28 elements: two passes, the pair's included; f32 rows
     * of 2^21..2^23 on the tiles */
    for (unsigned k = 16; k <= 23; k++) {
      const unsigned want = f32 && k >= 21 ? 0u : 2u;
      tap_ok(wht__radix8_single_passes(f, k, (uint64_t)1 << 28) == want,
             "alman-rao %s rows of 2^%u over 2^28: %u passes", name, k, want);
    }
    /* the pair's chunks: rows of 2^21 (K1 = 9, chunks of 2^18) make 8 each;
     * 1024 rows 8192 chunks, the pair; 1025 rows three passes (f32: the tiles) */
    tap_ok(wht__radix8_single_passes(f, 21, (uint64_t)1024 << 21) == (f32 ? 0u : 2u),
           "alman-rao %s 1024 rows of 2^21: %s", name, f32 ? "the tiles" : "the pair");
    tap_ok(wht__radix8_single_passes(f, 21, (uint64_t)1025 << 21) == (f32 ? 0u : 3u),
           "alman-rao %s 1025 rows of 2^21, 8200 chunks: %s", name, f32 ? "the tiles" : "three passes");
    static const char *const algos[] = { "alman-rao", "kahan-block", "neumaier-block", "widened" };
    for (size_t a = 0; a < sizeof algos / sizeof algos[0]; a++)
      tap_ok(wht__gpu_pass_count(algos[a], f, (uint64_t)1 << 28, 1) == 2, "wht-bench's pass count: %s %s 2^28: 2",
             algos[a], name);
  }
  return tap_done();
}
#endif
