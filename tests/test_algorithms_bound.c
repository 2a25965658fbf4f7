/* test_algorithms_bound - every CPU algorithm in every format on random
 * N(0,1) data (rounded to the format) against an exact MPFR evaluation of
 * H_n x, within the forward error bounds of its registry row (lib/wht.h,
 * wht_algorithm_info; the facts in lib/registry.c, the arguments in
 * DESIGN.md section 4, "Error bounds") as wht_error_bound evaluates them,
 * the values that wht-plot --bounds draws:
 *   elementwise: |y_i - v_i| <= gamma_m * sum_j |x_j|, m = a k + b + c ceil(k/B),
 *     compared exactly in MPFR;
 *   norm_rel: ||y - v||_2 <= B ||v||_2, B = (1 + u)^m - 1 where the row
 *     claims the normwise bound (folklore), else sqrt(n) gamma_m; compared
 *     with the left side rounded up and the right side rounded down.
 * A CPU algorithm whose row has no bound (all factors 0) fails, naming
 * it. Every MPFR operation of the reference and of y - v must be exact
 * (ternary 0) at the precision used. */
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

/* Worst ratios and counts over the sizes of one algorithm and format. */
typedef struct {
  long over_elem, over_norm; /* outputs (vectors) beyond the bound, NaN, or failed runs */
  double worst_elem, worst_norm; /* largest error / bound seen (rounded, for the report) */
} tally;

/* Check y against v = H x (n = 2^k) with both bounds of name in f;
 * returns the ternary flags of the exact steps. */
static int check_bounds(const char *name, wht_format f, unsigned k, const double *x, const double *y,
                        mpfr_t *v, tally *t)
{
  const uint64_t n = (uint64_t)1 << k;
  double g, b;
  if (wht_error_bound(name, f, k, WHT_BOUND_ELEMENTWISE, &g) != WHT_OK
      || wht_error_bound(name, f, k, WHT_BOUND_NORM_REL, &b) != WHT_OK) {
    tap_diag("%s %s: wht_error_bound failed at k = %u", name, wht_format_name(f), k);
    t->over_elem++, t->over_norm++;
    return 0;
  }
  int inexact = 0;
  mpfr_t d, l1, bound, e2, v2, sq;
  mpfr_inits2(500, d, l1, bound, (mpfr_ptr)0); /* exact: y - v, sum |x_j| and gamma sum |x_j| fit */
  mpfr_inits2(128, e2, v2, sq, (mpfr_ptr)0);    /* directed: ||y - v||^2 up, ||v||^2 down */
  mpfr_set_zero(l1, 1);
  for (uint64_t i = 0; i < n; i++) inexact |= mpfr_add_d(l1, l1, fabs(x[i]), MPFR_RNDN);
  inexact |= mpfr_mul_d(bound, l1, g, MPFR_RNDN);
  mpfr_set_zero(e2, 1);
  mpfr_set_zero(v2, 1);
  for (uint64_t i = 0; i < n; i++) {
    /* |y_i - v_i| in MPFR, compared exactly with the bound; the ratio
     * (rounded) is only for the report */
    inexact |= mpfr_sub_d(d, v[i], y[i], MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    if (isnan(y[i]) || mpfr_cmp(d, bound) > 0) t->over_elem++;
    const double r = mpfr_get_d(d, MPFR_RNDU) / mpfr_get_d(bound, MPFR_RNDD);
    if (r > t->worst_elem) t->worst_elem = r; /* NaN outputs are counted in over */
    mpfr_sqr(sq, d, MPFR_RNDU);
    mpfr_add(e2, e2, sq, MPFR_RNDU);
    mpfr_sqr(sq, v[i], MPFR_RNDD);
    mpfr_add(v2, v2, sq, MPFR_RNDD);
  }
  /* ||y - v||^2 <= b^2 ||v||^2, the right side rounded down */
  mpfr_mul_d(sq, v2, b, MPFR_RNDD);
  mpfr_mul_d(sq, sq, b, MPFR_RNDD);
  if (!mpfr_lessequal_p(e2, sq)) t->over_norm++;
  const double r = sqrt(mpfr_get_d(e2, MPFR_RNDU) / mpfr_get_d(v2, MPFR_RNDD)) / b;
  if (r > t->worst_norm) t->worst_norm = r;
  mpfr_clears(d, l1, bound, e2, v2, sq, (mpfr_ptr)0);
  return inexact;
}

int main(void)
{
  /* k = 14, 16 too under make check-long (WHT_CHECK_LONG set) */
  const unsigned ks[] = { 1, 2, 3, 4, 5, 7, 9, 10, 12, 14, 16 };
  const size_t nks = getenv("WHT_CHECK_LONG") ? sizeof ks / sizeof ks[0] : 9;
  const uint64_t nmax = (uint64_t)1 << ks[nks < sizeof ks / sizeof ks[0] ? nks : nks - 1]; /* and k = 14 below */
  double *x = malloc(nmax * sizeof *x), *y = malloc(nmax * sizeof *y);
  mpfr_t *v = malloc(nmax * sizeof *v);
  for (uint64_t i = 0; i < nmax; i++) mpfr_init2(v[i], 400);
  int inexact = 0;
  for (size_t a = 0; a < wht_algorithm_count(); a++) {
    const wht_algorithm_info *info = wht_algorithm_at(a);
    if (!(info->backends & (1u << WHT_BACKEND_CPU))) continue; /* GPU-only rows */
    const char *name = info->name;
    if (!tap_ok(info->bound_stage_factor || info->bound_extra || info->bound_block_factor,
                "%s: its registry row has bound factors (bound_stage_factor, bound_extra, bound_block_factor "
                "in lib/registry.c)",
                name))
      continue;
    for (int fi = 0; fi < WHT_NFORMATS; fi++) {
      const wht_format f = all_formats[fi];
      tally t = { 0, 0, 0, 0 };
      /* long blocks (bound_block_stages, widened-pass: 12 stages in the
       * first) reach a second block only at k = 13: add k = 14 */
      const size_t nk = info->bound_block_stages && nks < sizeof ks / sizeof ks[0] ? nks + 1 : nks;
      for (size_t ki = 0; ki < nk; ki++) {
        const unsigned k = ks[ki];
        const uint64_t n = (uint64_t)1 << k;
        for (uint64_t i = 0; i < n; i++) x[i] = wht_round_to_format(gauss(), f);
        inexact |= exact_transform(x, v, n);
        if (run_cpu(name, f, x, y, n, 1) != WHT_OK) {
          t.over_elem++, t.over_norm++; /* no output to check is a failure */
          tap_diag("%s %s: run failed at k = %u", name, wht_format_name(f), k);
          continue;
        }
        inexact |= check_bounds(name, f, k, x, y, v, &t);
      }
      tap_ok(t.over_elem == 0,
             "%s %s: |y_i - (Hx)_i| <= gamma_m sum|x| (m = %u k + %u + %u ceil(k/%u)) on N(0,1) data, "
             "k <= %u (worst error/bound %.3g, %ld over)",
             name, wht_format_name(f), info->bound_stage_factor, info->bound_extra, info->bound_block_factor,
             info->bound_block_stages ? info->bound_block_stages : 3, ks[nk - 1],
             t.worst_elem, t.over_elem);
      tap_ok(t.over_norm == 0, "%s %s: norm_rel <= %s, k <= %u (worst norm_rel/bound %.3g, %ld over)", name,
             wht_format_name(f), info->bound_normwise ? "(1 + u)^m - 1" : "sqrt(n) gamma_m", ks[nk - 1],
             t.worst_norm, t.over_norm);
    }
  }
  tap_ok(!inexact, "the MPFR reference, sum |x| and the differences y - v were exact (all ternary values 0)");
  for (uint64_t i = 0; i < nmax; i++) mpfr_clear(v[i]);
  free(x); free(y); free(v);
  return tap_done();
}
