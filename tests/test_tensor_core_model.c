/* test_tensor_core_model.c - the CPU model of the tensor-core algorithms
 * (lib/tensor_core_model.c) against the exact transform, on every build:
 *   - normal data, k = 0..20: every output within the stated bound;
 *   - sparse signed ones, k = 0..20: the model equals H x exactly and
 *     reports exact accumulation (every partial sum is a small integer);
 *   - dense integers: f32 accumulation is reported exact at every k, and
 *     while no stage result needs rounding (|values| <= 2^p) the model
 *     equals H x exactly;
 *   - the bound is not vacuous: a transform missing its last stage, or
 *     with two outputs swapped, is rejected at small k. */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "tensor_core_check.h"

#define KMAX 20

int main(void)
{
  const uint64_t nmax = (uint64_t)1 << KMAX;
  uint16_t *x = malloc(nmax * 4 * sizeof *x), *y = malloc(nmax * 4 * sizeof *y);
  double *v = malloc(nmax * 4 * sizeof *v), *w = malloc(nmax * 4 * sizeof *w);
  if (!x || !y || !v || !w) return tap_skip_all("out of memory");
  for (int a = 0; a < TC_NVARIANTS; a++) {
    const tc_variant *t = &tc_variants[a];
    const char *fn = wht_format_name(t->fmt);
    const char *acc = t->acc == WHT__TC_ACC_F32 ? "f32" : "f16";
    double worst_all = 0;
    long bad_norm = -1, bad_sparse = -1, bad_int = -1;
    for (unsigned k = 0; k <= KMAX; k++) {
      const uint64_t n = (uint64_t)1 << k, batch = k <= 14 ? 3 : 1, N = n * batch;
      /* normal data within the bound */
      tc_fill_norm(t->fmt, x, N, 1000 + k);
      memcpy(y, x, N * sizeof *x);
      tc_exact(t->fmt, x, v, n, batch);
      if (wht__tc_model(t->fmt, t->acc, y, k, batch) < 0) {
        /* a registered variant must be modelled: a refusal is a failure, and
         * the checks below, not run from this k on, cannot pass either */
        tap_ok(0, "%s %s (%s accumulation): the model refused the variant at k = %u", t->algo, fn, acc, k);
        if (bad_norm < 0) bad_norm = k;
        if (bad_sparse < 0) bad_sparse = k;
        if (bad_int < 0) bad_int = k;
        break;
      }
      const double worst = tc_worst(t, k, x, y, v, batch, 1.0);
      if (worst > worst_all) worst_all = worst;
      if (!(worst <= 1) && bad_norm < 0) bad_norm = k;
      /* sparse ones: exact */
      tc_fill_sparse(t->fmt, x, n, batch, 3, 2000 + k);
      memcpy(y, x, N * sizeof *x);
      tc_exact(t->fmt, x, v, n, batch);
      if ((wht__tc_model(t->fmt, t->acc, y, k, batch) != 1 || tc_first_diff_exact(t->fmt, y, v, N) >= 0) &&
          bad_sparse < 0)
        bad_sparse = k;
      /* dense integers */
      if (t->acc == WHT__TC_ACC_F32 && k <= 16) {
        const unsigned kexact = t->fmt == WHT_F16 ? 11 : 8; /* |H x| <= 2^k representable */
        tc_fill_int(t->fmt, x, N, 1, 3000 + k);
        memcpy(y, x, N * sizeof *x);
        tc_exact(t->fmt, x, v, n, batch);
        const int ex = wht__tc_model(t->fmt, t->acc, y, k, batch);
        if ((ex != 1 || (k <= kexact && tc_first_diff_exact(t->fmt, y, v, N) >= 0)) && bad_int < 0)
          bad_int = k;
      }
    }
    tap_ok(bad_norm < 0, "%s %s (%s accumulation): normal data within the bound for k = 0..%d "
           "(worst error / bound %.3g; first failing k %ld)", t->algo, fn, acc, KMAX, worst_all, bad_norm);
    tap_ok(bad_sparse < 0, "%s %s: sparse signed ones give H x exactly, reported exact, k = 0..%d "
           "(first failing k %ld)", t->algo, fn, KMAX, bad_sparse);
    if (t->acc == WHT__TC_ACC_F32)
      tap_ok(bad_int < 0, "%s %s: dense integers reported exact at k <= 16, equal to H x while it "
             "is representable (first failing k %ld)", t->algo, fn, bad_int);
  }
  /* the bound rejects structural errors where the data allow: k = 6, f16 */
  {
    const tc_variant *t = &tc_variants[0];
    const unsigned k = 6;
    const uint64_t n = (uint64_t)1 << k;
    tc_fill_norm(t->fmt, x, n, 42);
    tc_exact(t->fmt, x, v, n, 1);
    /* H x without the last stage (bits 4, 5): a 16-point transform per block */
    for (uint64_t i = 0; i < n; i++) w[i] = tc_value(t->fmt, x[i]);
    for (uint64_t b = 0; b < n; b += 16)
      for (uint64_t h = 1; h < 16; h <<= 1)
        for (uint64_t i = b; i < b + 16; i += 2 * h)
          for (uint64_t j = i; j < i + h; j++) {
            const double p = w[j], q = w[j + h];
            w[j] = p + q;
            w[j + h] = p - q;
          }
    for (uint64_t i = 0; i < n; i++) y[i] = tc_bits(t->fmt, w[i]);
    tap_ok(tc_worst(t, k, x, y, v, 1, 1.0) > 1, "the bound rejects a transform missing its last stage (k = 6)");
    for (uint64_t i = 0; i < n; i++) y[i] = tc_bits(t->fmt, v[i]);
    uint64_t i0 = 0, i1 = 1; /* two outputs that differ clearly */
    for (uint64_t i = 1; i < n; i++)
      if (fabs(v[i] - v[i0]) > fabs(v[i1] - v[i0])) i1 = i;
    const uint16_t tmp = y[i0];
    y[i0] = y[i1];
    y[i1] = tmp;
    tap_ok(tc_worst(t, k, x, y, v, 1, 1.0) > 1, "the bound rejects two swapped outputs (k = 6)");
  }
  tap_ok(wht__tc_model(WHT_F32, WHT__TC_ACC_F32, y, 3, 1) < 0 &&
         wht__tc_model(WHT_BF16, WHT__TC_ACC_F16, y, 3, 1) < 0,
         "the model refuses f32 storage and bf16 with f16 accumulation");
  tap_ok(wht__tc_stage_count(0) == 0 && wht__tc_stage_count(4) == 1 && wht__tc_stage_count(5) == 2 &&
         wht__tc_stage_count(30) == 8, "stage counts: ceil(k / 4)");
  free(x);
  free(y);
  free(v);
  free(w);
  return tap_done();
}
