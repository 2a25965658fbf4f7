/* test_ops_steps.c - the element-wise steps of the operations (scaling by
 * 2^-k, the soft threshold phi, the product) are correctly rounded in each
 * format: compared with MPFR at the format's precision and exponent range
 * with subnormals, exhaustively over all f16 and bf16 values, on random
 * bit patterns for f32 and f64; and the inf/NaN scan finds what it must. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "tap.h"
#include "ops_steps.h"

typedef enum { OP_SCALE, OP_SUB, OP_ADD, OP_MUL } ref_op;

/* Correctly rounded a op b (OP_SCALE: a * 2^-k) in format f, by MPFR. */
static double ref(wht_format f, ref_op op, double a, double b, unsigned k)
{
  const int p = wht_format_precision(f);
  mpfr_t A, B, R;
  mpfr_inits2(53, A, B, (mpfr_ptr)0);
  mpfr_set_d(A, a, MPFR_RNDN);
  mpfr_set_d(B, b, MPFR_RNDN);
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  /* MPFR exponents: significand in [1/2, 1). */
  mpfr_set_emin(wht_format_emin(f) - p + 2);
  mpfr_set_emax(wht_format_emax(f) + 1);
  mpfr_init2(R, p);
  int t;
  switch (op) {
  case OP_SCALE: t = mpfr_mul_2si(R, A, -(long)k, MPFR_RNDN); break;
  case OP_SUB: t = mpfr_sub(R, A, B, MPFR_RNDN); break;
  case OP_ADD: t = mpfr_add(R, A, B, MPFR_RNDN); break;
  default: t = mpfr_mul(R, A, B, MPFR_RNDN); break;
  }
  t = mpfr_check_range(R, t, MPFR_RNDN);
  mpfr_subnormalize(R, t, MPFR_RNDN);
  const double r = mpfr_get_d(R, MPFR_RNDN);
  mpfr_set_emin(emin);
  mpfr_set_emax(emax);
  mpfr_clears(A, B, R, (mpfr_ptr)0);
  return r;
}

/* Same value and sign, or both NaN. */
static int same(double a, double b)
{
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
  return a == b && signbit(a) == signbit(b);
}

static uint64_t rng = 0x243f6a8885a308d3ull;
static uint64_t rnd64(void)
{
  uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Test values of f: every pattern of a 16-bit format; random bit patterns
 * (all binades, subnormals, inf, NaN) plus random small integers for f32
 * and f64. Returned as doubles. */
static double *values(wht_format f, size_t *n)
{
  const size_t m = 65536;
  double *v = malloc(m * sizeof *v);
  for (size_t i = 0; i < m; i++) {
    uint64_t r = rnd64();
    switch (f) {
    case WHT_F16: v[i] = wht_f16_to_double((uint16_t)i); break;
    case WHT_BF16: v[i] = wht_bf16_to_double((uint16_t)i); break;
    case WHT_F32: {
      float x;
      uint32_t u = (uint32_t)r;
      memcpy(&x, &u, 4);
      v[i] = i % 4 ? (double)x : (double)((int64_t)(r >> 40) - (1 << 23));
      break;
    }
    default: {
      double x;
      memcpy(&x, &r, 8);
      v[i] = i % 4 ? x : (double)((int64_t)(r >> 20) - ((int64_t)1 << 43));
    }
    }
  }
  *n = m;
  return v;
}

static void *to_format(wht_format f, const double *v, size_t n)
{
  void *x = malloc(n * wht_format_size(f));
  wht_store_doubles(f, x, v, n);
  return x;
}

static void test_scale(wht_format f, unsigned k)
{
  size_t n, bad = 0;
  double *v = values(f, &n), *y = malloc(n * sizeof *y);
  void *x = to_format(f, v, n);
  wht__ops_scale(f, x, n, k);
  wht_load_doubles(f, y, x, n);
  for (size_t i = 0; i < n; i++)
    if (!same(y[i], ref(f, OP_SCALE, v[i], 0, k)) && bad++ < 3)
      tap_diag("%s: %a * 2^-%u gave %a, MPFR %a", wht_format_name(f), v[i], k, y[i], ref(f, OP_SCALE, v[i], 0, k));
  tap_ok(bad == 0, "%s: x * 2^-%u correctly rounded for %zu values (%zu wrong)", wht_format_name(f), k, n, bad);
  free(v), free(y), free(x);
}

/* Hand-worked f16 cases at k = 25: the smallest subnormal is 2^-24. */
static void test_scale_f16_k25_cases(void)
{
  static const struct {
    double x, want;
    const char *why;
  } c[] = {
    { 1.0, 0.0, "2^-25 is the tie between 0 and 2^-24: even, 0" },
    { 1.5, 0x1p-24, "0.75 * 2^-24 rounds up to 2^-24" },
    { 3.0, 0x1p-23, "1.5 * 2^-24 ties to the even 2 * 2^-24" },
    { 5.0, 0x1p-23, "2.5 * 2^-24 ties to the even 2 * 2^-24" },
    { 0.5, 0.0, "2^-26 rounds to 0" },
    { -1.5, -0x1p-24, "the sign is kept" },
    { -0.5, -0.0, "an underflow to zero keeps its sign" },
    { 65504, 2047 * 0x1p-20, "the largest f16 scales exactly" },
    { 1000, 500 * 0x1p-24, "1000 * 2^-25 = 500 * 2^-24, an exact subnormal" },
    { 1001, 500 * 0x1p-24, "500.5 * 2^-24 ties to the even 500 * 2^-24" },
    { 1003, 502 * 0x1p-24, "501.5 * 2^-24 ties to the even 502 * 2^-24" },
  };
  const size_t n = sizeof c / sizeof c[0];
  uint16_t h[sizeof c / sizeof c[0]];
  for (size_t i = 0; i < n; i++) h[i] = wht_f16_from_double(c[i].x);
  wht__ops_scale(WHT_F16, h, n, 25);
  for (size_t i = 0; i < n; i++) {
    const double y = wht_f16_to_double(h[i]);
    tap_ok(same(y, c[i].want), "f16 k=25: %g -> %a: %s (got %a)", c[i].x, c[i].want, c[i].why, y);
  }
}

static void test_threshold(wht_format f, double tau)
{
  size_t n, bad = 0;
  const double tf = wht_round_to_format(tau, f);
  double *v = values(f, &n), *y = malloc(n * sizeof *y);
  void *x = to_format(f, v, n);
  wht__ops_soft_threshold(f, x, n, tf);
  wht_load_doubles(f, y, x, n);
  for (size_t i = 0; i < n; i++) {
    const double want = isnan(v[i]) ? v[i] : v[i] > tf ? ref(f, OP_SUB, v[i], tf, 0)
                        : v[i] < -tf ? ref(f, OP_ADD, v[i], tf, 0) : 0.0;
    if (!same(y[i], want) && bad++ < 3)
      tap_diag("%s: phi(%a) at tau %a gave %a, want %a", wht_format_name(f), v[i], tf, y[i], want);
  }
  tap_ok(bad == 0, "%s: phi at tau = %g correctly rounded, +0 inside, NaN kept, %zu values (%zu wrong)",
         wht_format_name(f), tf, n, bad);
  free(v), free(y), free(x);
}

static void test_mul(wht_format f)
{
  size_t n, bad = 0;
  double *a = values(f, &n), *b = malloc(n * sizeof *b), *y = malloc(n * sizeof *y);
  for (size_t i = 0; i < n; i++) b[i] = a[(i * 40503u + rnd64() % 7) % n]; /* other values, all binades */
  void *xa = to_format(f, a, n), *xb = to_format(f, b, n);
  wht__ops_mul(f, xa, xb, n);
  wht_load_doubles(f, y, xa, n);
  for (size_t i = 0; i < n; i++)
    if (!same(y[i], ref(f, OP_MUL, a[i], b[i], 0)) && bad++ < 3)
      tap_diag("%s: %a * %a gave %a", wht_format_name(f), a[i], b[i], y[i]);
  tap_ok(bad == 0, "%s: products correctly rounded for %zu pairs (%zu wrong)", wht_format_name(f), n, bad);
  free(a), free(b), free(y), free(xa), free(xb);
}

static void test_nonfinite_scan(wht_format f)
{
  enum { N = 100 };
  double v[N];
  for (int i = 0; i < N; i++) v[i] = i - 50.5;
  void *x = to_format(f, v, N);
  int ok = !wht__ops_any_nonfinite(f, x, N);
  const double bad[] = { INFINITY, -INFINITY, NAN, 1e300 /* overflows on storing, except in f64 */ };
  for (size_t j = 0; j < 4; j++) {
    v[N - 1] = bad[j];
    wht_store_doubles(f, x, v, N);
    const int want = !(j == 3 && f == WHT_F64);
    ok &= wht__ops_any_nonfinite(f, x, N) == want;
  }
  tap_ok(ok, "%s: the scan finds inf, -inf, NaN and an overflowed store in the last element, nothing in finite data",
         wht_format_name(f));
  free(x);
}

int main(void)
{
  static const unsigned ks[] = { 1, 5, 11, 25 };
  static const double taus[] = { 0.0, 1.0, 0.1, 1000.0 };
  for (wht_format f = 0; f < WHT_NFORMATS; f++) {
    for (size_t i = 0; i < 4; i++) test_scale(f, ks[i]);
    for (size_t i = 0; i < 4; i++) test_threshold(f, taus[i]);
    test_mul(f);
    test_nonfinite_scan(f);
  }
  test_scale_f16_k25_cases();
  return tap_done();
}
