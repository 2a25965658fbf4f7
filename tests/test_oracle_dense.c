/* test_oracle_dense.c - the oracle (its automatic fast path and the forced
 * MPFR path) against an independent exact computation for k <= 10: the
 * O(n^2) matrix product y_i = sum_j (-1)^popcount(i&j) x_j in GMP integers
 * (inputs scaled to integers by the test's own reading of their bits with
 * frexp), for one-way, two-way and smoothed; and for xor-conv the
 * definition c_i = sum_{j xor l = i} a_j b_l, which uses no transform at
 * all. The exact integers are rounded to hi + lo by MPFR at a precision
 * holding them exactly. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <mpfr.h>
#include "wht_oracle.h"
#include "testdata.h"
#include "tap.h"
#include "dd_check.h"

#define KMAX 10
#define NMAX (1u << KMAX)

/* lowest set bit exponent over the nonzero entries (frexp-based, unlike
 * the oracle's bit scan); 0 if all zero */
static int low_exp(const double *x, size_t n, double extra)
{
  int q = 1 << 20;
  for (size_t i = 0; i <= n; i++) {
    double v = i < n ? x[i] : extra;
    if (v == 0) continue;
    int e;
    double m = frexp(fabs(v), &e); /* v = m 2^e, m in [0.5, 1) */
    int lo = e;
    while (m != floor(m)) { /* shift until the significand is an integer */
      m *= 2;
      lo--;
    }
    if (lo < q) q = lo;
  }
  return q == (1 << 20) ? 0 : q;
}

/* X = v * 2^-q as an integer */
static void to_int(mpz_t X, double v, int q)
{
  int e;
  double m = frexp(v, &e);
  mpz_set_d(X, ldexp(m, 53)); /* exact: 53-bit integer */
  long sh = (long)e - 53 - q;
  if (sh >= 0) mpz_mul_2exp(X, X, (mp_bitcnt_t)sh);
  else mpz_tdiv_q_2exp(X, X, (mp_bitcnt_t)-sh); /* drops zero bits only */
}

static void dense_h(mpz_t *y, mpz_t *x, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    mpz_set_ui(y[i], 0);
    for (size_t j = 0; j < n; j++) {
      if (__builtin_popcountll(i & j) & 1) mpz_sub(y[i], y[i], x[j]);
      else mpz_add(y[i], y[i], x[j]);
    }
  }
}

/* expected hi, lo of Y * 2^e */
static void expect(const mpz_t Y, long e, wht_dd *o)
{
  if (mpz_sgn(Y) == 0) {
    o->hi = o->lo = 0.0;
    return;
  }
  mpfr_prec_t p = (mpfr_prec_t)mpz_sizeinbase(Y, 2) + 2;
  mpfr_t v, r;
  mpfr_inits2(p, v, r, (mpfr_ptr)0);
  mpfr_set_z_2exp(v, Y, e, MPFR_RNDN); /* exact at this precision */
  o->hi = mpfr_get_d(v, MPFR_RNDN);
  mpfr_sub_d(r, v, o->hi, MPFR_RNDN);
  o->lo = mpfr_zero_p(r) ? 0.0 : mpfr_get_d(r, MPFR_RNDN);
  mpfr_clears(v, r, (mpfr_ptr)0);
}

static mpz_t X[NMAX], Y[NMAX], Z[NMAX], W[NMAX];

/* exact outputs of op on a, b (n = 2^k) into want */
static void exact(wht_op op, unsigned k, const double *a, const double *b, double tau, wht_dd *want)
{
  size_t n = (size_t)1 << k;
  if (op == WHT_OP_XOR_CONV) {
    int qa = low_exp(a, n, 0), qb = low_exp(b, n, 0);
    for (size_t j = 0; j < n; j++) {
      to_int(X[j], a[j], qa);
      to_int(Y[j], b[j], qb);
    }
    for (size_t i = 0; i < n; i++) {
      mpz_set_ui(Z[i], 0);
      for (size_t j = 0; j < n; j++) mpz_addmul(Z[i], X[j], Y[i ^ j]);
      expect(Z[i], (long)qa + qb, &want[i]);
    }
    return;
  }
  int q = low_exp(a, n, op == WHT_OP_SMOOTHED ? tau : 0);
  for (size_t j = 0; j < n; j++) to_int(X[j], a[j], q);
  dense_h(Y, X, n);
  long e = q;
  if (op != WHT_OP_ONE_WAY) {
    if (op == WHT_OP_SMOOTHED) {
      mpz_t T;
      mpz_init(T);
      to_int(T, tau, q);
      for (size_t i = 0; i < n; i++) {
        if (mpz_cmp(Y[i], T) > 0) mpz_sub(Y[i], Y[i], T);
        else if (mpz_cmpabs(Y[i], T) > 0) mpz_add(Y[i], Y[i], T);
        else mpz_set_ui(Y[i], 0);
      }
      mpz_clear(T);
    }
    dense_h(W, Y, n);
    for (size_t i = 0; i < n; i++) mpz_set(Y[i], W[i]);
    e = q - (long)k;
  }
  for (size_t i = 0; i < n; i++) expect(Y[i], e, &want[i]);
}

int main(void)
{
  static double a[NMAX], b[NMAX];
  static wht_dd want[NMAX], got[NMAX];
  for (size_t i = 0; i < NMAX; i++) {
    mpz_inits(X[i], Y[i], Z[i], W[i], (mpz_ptr)0);
  }
  const double taus[] = { 1.0, 0.3, 0.0 };
  char msg[256];
  for (int op = 0; op < WHT_NOPS; op++)
    for (int d = 0; d < TD_NDISTS; d++)
      for (int f = 0; f < WHT_NFORMATS; f++) {
        unsigned kmax = KMAX;
        int ok = 1;
        for (unsigned k = 0; k <= kmax && ok; k++) {
          size_t n = (size_t)1 << k;
          double tau = taus[k % 3];
          td_rng r;
          td_seed(&r, 7919u * (unsigned)op + 613u * (unsigned)d + 31u * (unsigned)f + k);
          td_fill(&r, d, (wht_format)f, a, n);
          td_fill(&r, d, (wht_format)f, b, n);
          exact((wht_op)op, k, a, b, tau, want);
          for (int mp = 0; mp < 2 && ok; mp++) {
            wht_oracle_force_mpfr(mp ? -1 : 0);
            wht_oracle_status st = wht_oracle_run((wht_op)op, k, a, b, tau, got, NULL, msg, sizeof msg);
            wht_oracle_force_mpfr(0);
            long i = st == WHT_ORACLE_OK ? dd_first_diff(got, want, n) : 0;
            if (st != WHT_ORACLE_OK || i >= 0) {
              tap_diag("%s %s %s k=%u tau=%g %s path: status %d, first diff %ld: %a + %a, want %a + %a (%s)",
                       wht_op_name((wht_op)op), td_dist_names[d], wht_format_name((wht_format)f), k,
                       tau, mp ? "MPFR" : "auto", st, i, i >= 0 ? got[i].hi : 0.0,
                       i >= 0 ? got[i].lo : 0.0, i >= 0 ? want[i].hi : 0.0,
                       i >= 0 ? want[i].lo : 0.0, msg);
              ok = 0;
            }
          }
        }
        tap_ok(ok, "%s %s %s: oracle == exact O(n^2) %s, k = 0..%u", wht_op_name((wht_op)op),
               td_dist_names[d], wht_format_name((wht_format)f),
               op == WHT_OP_XOR_CONV ? "XOR convolution" : "product", kmax);
      }
  for (size_t i = 0; i < NMAX; i++) mpz_clears(X[i], Y[i], Z[i], W[i], (mpz_ptr)0);
  mpfr_free_cache();
  return tap_done();
}
