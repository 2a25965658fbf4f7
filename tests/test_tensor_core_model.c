/* test_tensor_core_model.c - the CPU model of the tensor-core algorithms
 * (lib/tensor_core_model.c) against the exact transform, on every build:
 *   - normal data, k = 0..20: every output within the stated bound;
 *   - sparse signed ones, k = 0..20: the model equals H x exactly and
 *     reports exact accumulation (every partial sum is a small integer);
 *   - dense integers: f32 accumulation is reported exact at every k, and
 *     while no stage result needs rounding (|values| <= 2^p) the model
 *     equals H x exactly;
 *   - the bound is not vacuous: a transform missing its last stage, or
 *     with two outputs swapped, is rejected at small k;
 *   - the stage groups: [4j, 4j + 4) with the short one last, except
 *     the one-bit stage at bit 12 for k >= 29, k mod 4 = 1 (to 40: a partition
 *     of the index bits); and the GPU test's order-independent data
 *     (test_tensor_core_gpu) with f32 accumulation tell the two groupings
 *     apart at k = 18 and 21, so that its runs with WHT_TC_SHORT12_MIN would
 *     see a kernel that keeps the wrong one. */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "tensor_core_check.h"

#define KMAX 20

/* Whether the stages of 2^k are the definition's (tensor_core_model.h):
 * widths 4 but one of k mod 4, a one-bit one at 12 from k = 29, else last,
 * and the groups in increasing order partition [0, k). */
static int groups_ok(unsigned k)
{
  const unsigned r = k % 4, s = wht__tc_stage_count(k);
  unsigned next = 0;
  for (unsigned j = 0; j < s; j++) {
    unsigned w;
    const unsigned lo = wht__tc_stage_bits(k, j, &w);
    const unsigned want = r == 0 ? 4 : k >= 29 && r == 1 ? (j == 3 ? r : 4) : (j == s - 1 ? r : 4);
    if (lo != next || w != want) return 0;
    next = lo + w;
  }
  return next == k;
}

int main(void)
{
  unsetenv("WHT_TC_SHORT12_MIN"); /* the default grouping (read once) */
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
  {
    long bad = -1;
    for (unsigned k = 0; k <= 40 && bad < 0; k++)
      if (!groups_ok(k)) bad = k;
    unsigned w3, w4;
    const unsigned lo3 = wht__tc_stage_bits(33, 3, &w3), lo4 = wht__tc_stage_bits(33, 4, &w4);
    tap_ok(bad < 0 && lo3 == 12 && w3 == 1 && lo4 == 13 && w4 == 4 && wht__tc_short12(25) == 0 &&
               wht__tc_short12(29) == 1 && wht__tc_short12(30) == 0 && wht__tc_short12(31) == 0,
           "stage groups: the short one last, the one-bit one at bit 12 for k >= 29 (first bad k %ld)", bad);
  }
  /* the GPU test's order-independent data, one row: with f32 accumulation
   * (dense integers, rounded to storage) the two groupings give different
   * results at k = 18 and 21 (at 17 they happen to agree in f16 for this
   * seed, not in bf16); with f16 accumulation the data (sparse ones) are
   * exact either way, so they must agree: that variant's kernels share the
   * planner of tensor-core f16. (k = 19 and 22 differ too; left out for
   * the suite's time under the sanitizers.) */
  for (int a = 0; a < TC_NVARIANTS; a++) {
    const tc_variant *t = &tc_variants[a];
    const int f32acc = t->acc == WHT__TC_ACC_F32;
    long bad = -1;
    for (unsigned k = 18; k <= 21; k += 3) {
      const uint64_t n = (uint64_t)1 << k;
      if (f32acc) tc_fill_int(t->fmt, x, n, 4, 4000 + k);
      else tc_fill_sparse(t->fmt, x, n, 1, 5, 4000 + k);
      memcpy(y, x, n * sizeof *x);
      const int e0 = wht__tc_model_grouped(t->fmt, t->acc, x, k, 1, 0);
      const int e1 = wht__tc_model_grouped(t->fmt, t->acc, y, k, 1, 1);
      if ((e0 != 1 || e1 != 1 || (tc_first_diff(t->fmt, x, y, n) >= 0) != f32acc) && bad < 0) bad = k;
    }
    tap_ok(bad < 0, "%s %s: the short stage last or at bit 12 give %s results on exact-accumulation "
           "data, k = 18 and 21 (first k where not: %ld)", t->algo, wht_format_name(t->fmt),
           f32acc ? "different" : "the same", bad);
  }
  free(x);
  free(y);
  free(v);
  free(w);
  return tap_done();
}
