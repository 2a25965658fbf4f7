/* test_algorithms_bound - every algorithm in every format on random N(0,1)
 * data (rounded to the format) against an exact MPFR evaluation of H_n x,
 * with a forward error bound |y_i - v_i| <= gamma_m * sum_j |x_j|,
 * gamma_m = m u / (1 - m u):
 *   folklore m = k (one rounding per stage);
 *   kahan, neumaier m = 2k + 1 (each stage's value is S - Es, plus the
 *     final x - e; compensation never makes the first-order bound worse);
 *   alman-rao m = 3k + 3 (at most 7 roundings per radix-8 group of three
 *     stages, as the chains in alman_rao_body.h show, plus the head);
 *   (table stage_factors[] below; an algorithm without a row fails).
 * Every MPFR operation must be exact (ternary 0) at the precision used. */
#include <mpfr.h>
#include "algo_check.h"

static double gauss(void)
{
  double u1 = ((double)(chk_rand() >> 11) + 0.5) / 9007199254740992.0;
  double u2 = (double)(chk_rand() >> 11) / 9007199254740992.0;
  return sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
}

/* Exact H_n x with MPFR into t[0..n) (initialized at 400 bits; x are
 * doubles: 2100 + 53 + k bits always suffice; the data here span far less,
 * 400 bits is ample and the ternary proves it). The values stay in MPFR:
 * rounding them to double would measure |y - RN(v)| instead of |y - v|. */
static int exact_transform(const double *x, mpfr_t *t, uint64_t n)
{
  int inexact = 0;
  for (uint64_t i = 0; i < n; i++) inexact |= mpfr_set_d(t[i], x[i], MPFR_RNDN);
  mpfr_t a;
  mpfr_init2(a, 400);
  for (uint64_t m = 1; m < n; m <<= 1)
    for (uint64_t j = 0; j < n; j++)
      if (!(j & m)) {
        inexact |= mpfr_add(a, t[j], t[j + m], MPFR_RNDN);
        inexact |= mpfr_sub(t[j + m], t[j], t[j + m], MPFR_RNDN);
        mpfr_swap(a, t[j]);
      }
  mpfr_clear(a);
  return inexact;
}

/* m = per_stage * k + extra for every CPU algorithm (the list above). A
 * new algorithm needs its row here: without one the test fails, naming it
 * (README, "Adding an algorithm"). */
typedef struct {
  const char *name;
  double per_stage, extra;
} stage_factor;
static const stage_factor stage_factors[] = {
  { "folklore", 1, 0 },
  { "kahan", 2, 1 },
  { "neumaier", 2, 1 },
  { "alman-rao", 3, 3 },
#ifdef WHT_TEST_ALGORITHM
  { "folklore-test", 1, 0 }, /* one rounding per stage, as folklore */
#endif
};
#define NFACTORS (sizeof stage_factors / sizeof stage_factors[0])

/* the row of name, or NULL */
static const stage_factor *stages_factor(const char *name)
{
  for (size_t i = 0; i < NFACTORS; i++)
    if (!strcmp(stage_factors[i].name, name)) return &stage_factors[i];
  return NULL;
}

int main(void)
{
  /* k = 14, 16 too under make check-long (WHT_CHECK_LONG set) */
  const unsigned ks[] = { 1, 2, 3, 4, 5, 7, 9, 10, 12, 14, 16 };
  const size_t nks = getenv("WHT_CHECK_LONG") ? sizeof ks / sizeof ks[0] : 9;
  const uint64_t nmax = (uint64_t)1 << ks[nks - 1];
  double *x = malloc(nmax * sizeof *x), *y = malloc(nmax * sizeof *y);
  mpfr_t *v = malloc(nmax * sizeof *v), d;
  for (uint64_t i = 0; i < nmax; i++) mpfr_init2(v[i], 400);
  mpfr_init2(d, 500); /* y - v, exact (ternary checked): y is near v, both within 400 bits of it */
  int inexact = 0;
  for (size_t a = 0; a < wht_algorithm_count(); a++) {
    if (!(wht_algorithm_at(a)->backends & (1u << WHT_BACKEND_CPU))) continue; /* GPU-only rows */
    const char *name = wht_algorithm_at(a)->name;
    const stage_factor *factor = stages_factor(name);
    if (!tap_ok(factor != NULL, "%s: has a stage factor (a row of stage_factors[] in tests/test_algorithms_bound.c)",
                name))
      continue;
    for (int fi = 0; fi < WHT_NFORMATS; fi++) {
      const wht_format f = all_formats[fi];
      const double u = wht_format_unit_roundoff(f);
      double worst = 0; /* largest |error| / bound seen */
      long over = 0;    /* outputs with |y - v| > bound (compared exactly), or NaN, or failed runs */
      for (size_t ki = 0; ki < nks; ki++) {
        const unsigned k = ks[ki];
        const uint64_t n = (uint64_t)1 << k;
        for (uint64_t i = 0; i < n; i++) x[i] = wht_round_to_format(gauss(), f);
        double l1 = 0;
        for (uint64_t i = 0; i < n; i++) l1 += fabs(x[i]);
        inexact |= exact_transform(x, v, n);
        if (run_cpu(name, f, x, y, n, 1) != WHT_OK) {
          over++; /* no output to check is a failure */
          tap_diag("%s %s: run failed at k = %u", name, wht_format_name(f), k);
          continue;
        }
        const double m = factor->per_stage * k + factor->extra, bound = m * u / (1 - m * u) * l1;
        for (uint64_t i = 0; i < n; i++) {
          /* |y_i - v_i| in MPFR, compared exactly with the bound; the ratio
           * (rounded) is only for the report */
          inexact |= mpfr_sub_d(d, v[i], y[i], MPFR_RNDN);
          mpfr_abs(d, d, MPFR_RNDN);
          if (isnan(y[i]) || mpfr_cmp_d(d, bound) > 0) over++;
          double r = mpfr_get_d(d, MPFR_RNDU) / bound;
          if (r > worst) worst = r; /* NaN outputs are counted in over */
        }
      }
      tap_ok(over == 0,
             "%s %s: |y - Hx| within the forward bound on N(0,1) data, k <= %u (worst error/bound %.3g, %ld over)",
             name, wht_format_name(f), ks[nks - 1], worst, over);
    }
  }
  tap_ok(!inexact, "the MPFR reference and the differences y - v were exact (all ternary values 0)");
  for (size_t i = 0; i < NFACTORS; i++) {
    const wht_algorithm_info *info = wht_algorithm_find(stage_factors[i].name);
    tap_ok(info && (info->backends & (1u << WHT_BACKEND_CPU)),
           "stage_factors[] row %s names a registered CPU algorithm (no stale facts)", stage_factors[i].name);
  }
  for (uint64_t i = 0; i < nmax; i++) mpfr_clear(v[i]);
  mpfr_clear(d);
  free(x); free(y); free(v);
  return tap_done();
}
