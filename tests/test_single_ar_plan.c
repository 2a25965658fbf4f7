/* test_single_ar_plan - which of Alman-Rao's long rows the GPU runs in
 * register passes (kernels/single_ar.cuh, DESIGN.md section 5) at the
 * default settings, and that wht-bench's pass count says so. With f = k
 * mod 3 and K1 = 9 + f: f32 rows of 2^16 and longer, f16 and bf16 of 2^17
 * and longer, never f64; rows of 2^K1, then strided passes of 9 stages
 * (the last one 3, 6 or 9), the first two as one L2-blocked pair from k =
 * K1 + 12 where the pair's chunks of 2^(K1+9) elements number at most
 * 8192: two passes over device memory up to k = 29, three at 30..32. The
 * expected counts are written out by hand below, so a change of the plan
 * shows up here. Host code: no device needed; skips without CUDA. */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in"); }
#else
#include "wht_internal.h"
#include "gpu_util.h"

static const struct {
  wht_format f;
  unsigned kmin; /* the smallest k by default; 0: never */
} formats[] = {
  { WHT_F64, 0 },
  { WHT_F32, 16 },
  { WHT_F16, 17 },
  { WHT_BF16, 17 },
};

int main(void)
{
  unsetenv("WHT_GPU_SINGLE_AR"); /* the defaults, read at the first plan */
  unsetenv("WHT_GPU_SINGLE_AR_PAIR");
  for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
    const wht_format f = formats[i].f;
    const char *name = wht_format_name(f);
    const unsigned kmin = formats[i].kmin;
    for (unsigned k = 8; k <= 32; k++) {
      const unsigned want = !kmin || k < kmin ? 0u : k <= 29 ? 2u : 3u;
      tap_ok(wht__alman_rao_single_passes(f, k, (uint64_t)1 << k) == want, "alman-rao %s 2^%u: %u passes", name, k,
             want);
    }
    if (!kmin) continue;
    /* rows over 2^28 elements: two passes, the pair's included */
    for (unsigned k = kmin; k <= 23; k++)
      tap_ok(wht__alman_rao_single_passes(f, k, (uint64_t)1 << 28) == 2u, "alman-rao %s rows of 2^%u over 2^28: 2",
             name, k);
    /* the pair's chunks: rows of 2^21 (K1 = 9, chunks of 2^18) make 8 each;
     * 1024 rows 8192 chunks, the pair; 1025 rows three passes */
    tap_ok(wht__alman_rao_single_passes(f, 21, (uint64_t)1024 << 21) == 2u, "alman-rao %s 1024 rows of 2^21: the pair",
           name);
    tap_ok(wht__alman_rao_single_passes(f, 21, (uint64_t)1025 << 21) == 3u,
           "alman-rao %s 1025 rows of 2^21, 8200 chunks: three passes", name);
    tap_ok(wht__gpu_pass_count("alman-rao", f, (uint64_t)1 << 28, 1) == 2, "wht-bench's pass count: alman-rao %s 2^28: 2",
           name);
  }
  return tap_done();
}
#endif
