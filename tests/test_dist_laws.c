/* test_dist_laws.c - each distribution of DESIGN.md section 7 follows its
 * law at fixed seeds (sample moments and zero fractions within 5 standard
 * deviations of their expectations), takes the values its definition
 * allows, and is reproducible from its stream. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "wht_dist.h"

#define SEED UINT64_C(20250101)

static double *draw(wht_dist d, unsigned log2n, unsigned trial)
{
  uint64_t n = (uint64_t)1 << log2n;
  double *x = malloc(n * sizeof *x);
  if (!x || wht_dist_fill(d, wht_cell_stream(SEED, d, WHT_OP_ONE_WAY, log2n, trial, 0), x, n) != 0) {
    printf("Bail out! cannot draw %s\n", wht_dist_name(d));
    exit(1);
  }
  return x;
}

static int within(double got, double want, double sigma) { return fabs(got - want) <= 5 * sigma; }

static void test_pmone(unsigned log2n)
{
  const uint64_t n = (uint64_t)1 << log2n;
  double *x = draw(WHT_DIST_PMONE, log2n, 0), sum = 0;
  uint64_t bad = 0;
  for (uint64_t i = 0; i < n; i++) {
    bad += x[i] != 1.0 && x[i] != -1.0;
    sum += x[i];
  }
  tap_ok(bad == 0, "pmone n=2^%u: every value is +1 or -1 (%llu others)", log2n, (unsigned long long)bad);
  tap_ok(within(sum / n, 0, 1 / sqrt(n)), "pmone n=2^%u: mean %.3g within 5 sigma of 0", log2n, sum / n);
  free(x);
}

static void test_norm(unsigned log2n)
{
  const uint64_t n = (uint64_t)1 << log2n;
  double *x = draw(WHT_DIST_NORM, log2n, 0), s1 = 0, s2 = 0;
  uint64_t inside = 0;
  for (uint64_t i = 0; i < n; i++) {
    s1 += x[i];
    s2 += x[i] * x[i];
    inside += fabs(x[i]) < 1;
  }
  const double mean = s1 / n, var = s2 / n - mean * mean, frac = (double)inside / n;
  const double p1 = erf(1 / sqrt(2.0)); /* P(|Z| < 1) */
  tap_ok(within(mean, 0, 1 / sqrt(n)), "norm n=2^%u: mean %.3g within 5 sigma of 0", log2n, mean);
  tap_ok(within(var, 1, sqrt(2.0 / n)), "norm n=2^%u: variance %.4f within 5 sigma of 1", log2n, var);
  tap_ok(within(frac, p1, sqrt(p1 * (1 - p1) / n)),
         "norm n=2^%u: fraction in (-1,1) %.4f within 5 sigma of %.4f", log2n, frac, p1);
  free(x);
}

static void test_relu_norm(unsigned log2n)
{
  const uint64_t n = (uint64_t)1 << log2n;
  double *x = draw(WHT_DIST_RELU_NORM, log2n, 0), spos = 0;
  uint64_t zeros = 0, neg = 0, pos = 0;
  for (uint64_t i = 0; i < n; i++) {
    if (x[i] < 0 || signbit(x[i])) neg++;
    if (x[i] == 0) zeros++;
    else if (x[i] > 0) pos++, spos += x[i];
  }
  const double fz = (double)zeros / n, mpos = spos / pos;
  const double want_mpos = sqrt(2 / M_PI);         /* E[Z | Z > 0] */
  const double sd_pos = sqrt(1 - 2 / M_PI);        /* sd of Z given Z > 0 */
  tap_ok(neg == 0, "relu-norm n=2^%u: no negative value and no -0 (%llu)", log2n, (unsigned long long)neg);
  tap_ok(within(fz, 0.5, sqrt(0.25 / n)), "relu-norm n=2^%u: fraction of zeros %.4f within 5 sigma of 1/2", log2n, fz);
  tap_ok(within(mpos, want_mpos, sd_pos / sqrt(pos)),
         "relu-norm n=2^%u: mean of the positive part %.4f within 5 sigma of sqrt(2/pi) = %.4f", log2n, mpos, want_mpos);
  free(x);
}

/* P(a sum of j independent +-1 is 0) = C(j, j/2) / 2^j for even j. */
static double p_zero_walk(unsigned j)
{
  if (j & 1) return 0;
  return exp(lgamma(j + 1.0) - 2 * lgamma(j / 2 + 1.0) - j * log(2.0));
}

/* Expected fraction of zero entries: the number J of bumps landing on one
 * entry is Binomial(m, 1/n); pagh-norm is zero only when J = 0,
 * pagh-pmone also when its J signs cancel. */
static double want_zero_fraction(uint64_t n, int pmone)
{
  const uint64_t m = n / 8 > 1 ? n / 8 : 1;
  const double q = 1.0 / n;
  double sum = 0;
  for (unsigned j = 0; j <= 40 && j <= m; j++) {
    double pj = exp(lgamma(m + 1.0) - lgamma(j + 1.0) - lgamma(m - j + 1.0) + j * log(q) + (m - j) * log1p(-q));
    sum += pj * (j == 0 ? 1 : pmone ? p_zero_walk(j) : 0);
  }
  return sum;
}

static void test_pagh(wht_dist d, unsigned log2n)
{
  const uint64_t n = (uint64_t)1 << log2n, m = n / 8;
  const int pmone = d == WHT_DIST_PAGH_PMONE;
  double *x = draw(d, log2n, 0), s1 = 0, s2 = 0;
  uint64_t zeros = 0, nonint = 0;
  for (uint64_t i = 0; i < n; i++) {
    zeros += x[i] == 0;
    nonint += x[i] != rint(x[i]);
    s1 += x[i];
    s2 += x[i] * x[i];
  }
  const double fz = (double)zeros / n, pz = want_zero_fraction(n, pmone);
  /* Empty-bin counts are negatively correlated: the binomial sd bounds theirs. */
  tap_ok(within(fz, pz, sqrt(pz * (1 - pz) / n)),
         "%s n=2^%u: fraction of zeros %.5f within 5 sigma of %.5f (exp(-1/8) = %.5f)",
         wht_dist_name(d), log2n, fz, pz, exp(-1.0 / 8));
  /* Each of the m bumps adds s*v with mean 0 and variance 1, independently. */
  tap_ok(within(s1, 0, sqrt(m)), "%s n=2^%u: sum %.1f within 5 sigma of 0", wht_dist_name(d), log2n, s1);
  if (pmone) {
    tap_ok(nonint == 0, "pagh-pmone n=2^%u: every value is an integer", log2n);
    /* sum x_i^2 = m + 2 * sum of same-entry cross terms: mean m. */
    tap_ok(within(s2 / m, 1, sqrt(2.0 / m)), "pagh-pmone n=2^%u: sum of squares / m = %.4f near 1", log2n, s2 / m);
  } else {
    tap_ok(within(s2 / m, 1, sqrt(3.0 / m)), "pagh-norm n=2^%u: sum of squares / m = %.4f near 1", log2n, s2 / m);
  }
  free(x);
}

/* n < 8 still gets one bump: max(1, n/8). */
static void test_pagh_tiny(void)
{
  double x[4];
  for (unsigned t = 0; t < 8; t++) {
    wht_dist_fill(WHT_DIST_PAGH_PMONE, wht_cell_stream(SEED, WHT_DIST_PAGH_PMONE, 0, 2, t, 0), x, 4);
    int nz = 0, ok = 1;
    for (int i = 0; i < 4; i++)
      if (x[i] != 0) nz++, ok &= fabs(x[i]) == 1;
    if (!tap_ok(nz == 1 && ok, "pagh-pmone n=4 trial %u: exactly one +-1 entry (max(1, n/8) bumps)", t)) break;
  }
}

static void test_reproducible(void)
{
  for (unsigned d = 0; d < WHT_NDISTS; d++) {
    double *a = draw(d, 12, 3), *b = draw(d, 12, 3), *c = draw(d, 12, 4);
    const size_t bytes = ((size_t)1 << 12) * sizeof *a;
    tap_ok(memcmp(a, b, bytes) == 0, "%s: the same stream gives identical data", wht_dist_name(d));
    tap_ok(memcmp(a, c, bytes) != 0, "%s: another trial gives different data", wht_dist_name(d));
    free(a), free(b), free(c);
  }
}

int main(void)
{
  for (unsigned k = 16; k <= 18; k++) {
    test_pmone(k);
    test_norm(k);
    test_relu_norm(k);
    test_pagh(WHT_DIST_PAGH_NORM, k);
    test_pagh(WHT_DIST_PAGH_PMONE, k);
  }
  test_pagh_tiny();
  test_reproducible();
  return tap_done();
}
