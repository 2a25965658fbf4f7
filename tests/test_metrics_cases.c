/* test_metrics_cases.c - the metrics of DESIGN.md section 9 on hand-made
 * vectors whose values are worked out in the comments. */
#include <math.h>
#include <string.h>
#include "tap.h"
#include "wht_metrics.h"

#define LEN(a) (sizeof(a) / sizeof((a)[0]))

static wht_metrics run(wht_format f, const double *y, const wht_dd *v, uint64_t n, int seen)
{
  wht_metrics m;
  memset(&m, 0x55, sizeof m); /* garbage: every field must be written */
  wht_metrics_compute(f, y, v, n, seen, &m);
  return m;
}

static int close_to(double got, double want) { return fabs(got - want) <= 4e-16 * fabs(want); }

static int all_nan(const wht_metrics *m)
{
  return isnan(m->max_abs) && isnan(m->mean_abs) && isnan(m->mean_rel) && isnan(m->max_rel) &&
         isnan(m->norm_rel) && isnan(m->max_ulp);
}

static void test_zeros_in_v(void)
{
  /* f16; d = (0, 0.5, 0, 1). Over v != 0: rel = (0, 1/4). ||d|| = sqrt(1.25),
   * ||v|| = sqrt(20): norm_rel = 1/4. ulp_f16(4) = 2^-8: max_ulp = 256. */
  const double y[] = { 0, 0.5, 2, 5 };
  const wht_dd v[] = { { 0, 0 }, { 0, 0 }, { 2, 0 }, { 4, 0 } };
  wht_metrics m = run(WHT_F16, y, v, 4, 0);
  tap_ok(m.status == WHT_RUN_OK, "zeros in v: status ok");
  tap_ok(m.n_zero == 2 && m.zero_miss == 1, "zeros in v: n_zero 2, zero_miss 1 (got %lld, %lld)",
         (long long)m.n_zero, (long long)m.zero_miss);
  tap_ok(m.max_abs == 1 && m.mean_abs == 0.375, "zeros in v: max_abs 1, mean_abs 0.375 over all elements");
  tap_ok(m.mean_rel == 0.125 && m.max_rel == 0.25, "zeros in v: mean_rel 0.125 and max_rel 0.25 exclude v = 0 (got %g, %g)",
         m.mean_rel, m.max_rel);
  tap_ok(close_to(m.norm_rel, 0.25), "norm_rel = sqrt(1.25 / 20) = 0.25 (got %.17g)", m.norm_rel);
  tap_ok(m.max_ulp == 256, "max_ulp = 1 / ulp_f16(4) = 256, zeros excluded (got %g)", m.max_ulp);
  tap_ok(m.n_nonfinite == 0, "zeros in v: no non-finite output");
}

static void test_signed_zeros(void)
{
  const double y[] = { -0.0, 0.0, -0.0, 1 };
  const wht_dd v[] = { { 0.0, 0.0 }, { -0.0, 0.0 }, { -0.0, -0.0 }, { 1, 0 } };
  wht_metrics m = run(WHT_F32, y, v, 4, 0);
  tap_ok(m.status == WHT_RUN_OK && m.n_zero == 3 && m.zero_miss == 0, "+0/-0: three zeros, none missed");
  tap_ok(m.max_abs == 0 && m.mean_abs == 0 && m.mean_rel == 0 && m.max_rel == 0 && m.norm_rel == 0 && m.max_ulp == 0,
         "+0/-0: every error is 0");
}

static void test_nonfinite(void)
{
  const wht_dd v[] = { { 1, 0 }, { 2, 0 }, { 0, 0 } };
  const double yinf[] = { INFINITY, 2, 0 }, ynan[] = { 1, NAN, -INFINITY }, yok[] = { 1, 2, 0 };
  wht_metrics m = run(WHT_F16, yinf, v, 3, 0);
  tap_ok(m.status == WHT_RUN_OVERFLOW && m.n_nonfinite == 1 && all_nan(&m), "inf in y: overflow, n_nonfinite 1, metrics NaN");
  m = run(WHT_F16, ynan, v, 3, 0);
  tap_ok(m.status == WHT_RUN_OVERFLOW && m.n_nonfinite == 2 && all_nan(&m), "NaN and -inf in y: overflow, n_nonfinite 2, metrics NaN");
  tap_ok(m.n_zero == 1 && m.zero_miss == 1, "overflow still counts zeros (-inf at v = 0 is a miss)");
  m = run(WHT_F16, yok, v, 3, 1);
  tap_ok(m.status == WHT_RUN_OVERFLOW && m.n_nonfinite == 0 && all_nan(&m),
         "non-finite intermediate with finite output: overflow, metrics NaN");
  m = run(WHT_F16, yok, v, 3, 0);
  tap_ok(m.status == WHT_RUN_OK && m.max_abs == 0, "the same finite output without intermediate overflow is ok");
  const wht_dd vbig[] = { { INFINITY, 0 }, { 2, 0 }, { 0, 0 } };
  m = run(WHT_F64, yok, vbig, 3, 0);
  tap_ok(m.status == WHT_RUN_OVERFLOW && all_nan(&m), "exact value beyond double (oracle hi = inf): overflow");
}

static void test_subnormal_ulp(void)
{
  /* f16 subnormal v = 3*2^-24: spacing 2^-24 (not 2^-33 from v's exponent). */
  const double y16[] = { 0x1p-22 };
  const wht_dd v16[] = { { 0x3p-24, 0 } };
  wht_metrics m = run(WHT_F16, y16, v16, 1, 0);
  tap_ok(m.max_ulp == 1, "f16 subnormal v: one subnormal spacing is 1 ulp (got %g)", m.max_ulp);
  tap_ok(m.max_rel == 1.0 / 3, "f16 subnormal v: relative error 1/3 (got %.17g)", m.max_rel);
  /* f64 subnormal v = 3*2^-1074, y = 2^-1072. */
  const double y64[] = { 0x1p-1072 };
  const wht_dd v64[] = { { 0x3p-1074, 0 } };
  m = run(WHT_F64, y64, v64, 1, 0);
  tap_ok(m.max_ulp == 1 && m.max_abs == 0x1p-1074, "f64 subnormal v: 1 ulp, max_abs 2^-1074");
  /* bf16 at the smallest normal 2^-126 has spacing 2^-133: y - v = 2^-133. */
  const double ybf[] = { 0x1p-126 + 0x1p-133 };
  const wht_dd vbf[] = { { 0x1p-126, 0 } };
  m = run(WHT_BF16, ybf, vbf, 1, 0);
  tap_ok(m.max_ulp == 1, "bf16 v = 2^-126: 1 ulp is 2^-133");
}

static void test_ulp_normal(void)
{
  /* f32 at 1.5: spacing 2^-23. */
  const double y[] = { 1.5 + 0x1p-22 };
  const wht_dd v[] = { { 1.5, 0 } };
  wht_metrics m = run(WHT_F32, y, v, 1, 0);
  tap_ok(m.max_ulp == 2, "f32 v = 1.5, error 2^-22: 2 ulps (got %g)", m.max_ulp);
  /* v = 1 - 2^-60 lies below the power of two hi = 1: f32 spacing 2^-24. */
  const double y1[] = { 1 };
  const wht_dd v1[] = { { 1, -0x1p-60 } };
  m = run(WHT_F32, y1, v1, 1, 0);
  tap_ok(m.max_ulp == 0x1p-36, "v just below a power of two uses the binade below (2^-60 / 2^-24 = 2^-36, got %a)", m.max_ulp);
}

static void test_cancelling_pair(void)
{
  /* y == hi but v = hi + lo: the error is |lo|, not 0. */
  const double y[] = { 1 };
  const wht_dd v[] = { { 1, 0x1p-70 } };
  wht_metrics m = run(WHT_F64, y, v, 1, 0);
  tap_ok(m.max_abs == 0x1p-70 && m.max_rel == 0x1p-70 && m.mean_rel == 0x1p-70,
         "y == hi, lo = 2^-70: error exactly 2^-70 (got %a)", m.max_abs);
  /* d = 2^-52 + 2^-60 exactly, whereas (y - hi) + ... in naive y - (hi + lo) gives 2^-52. */
  const double y2[] = { 1 + 0x1p-52 };
  const wht_dd v2[] = { { 1, -0x1p-60 } };
  m = run(WHT_F64, y2, v2, 1, 0);
  tap_ok(m.max_abs == 0x1p-52 + 0x1p-60, "y - (hi + lo) = 2^-52 + 2^-60 exactly (got %a)", m.max_abs);
  /* Far apart: y = 3, v = 1 + 2^-60: d = 2 - 2^-60 rounds to 2. */
  const double y3[] = { 3 };
  const wht_dd v3[] = { { 1, 0x1p-60 } };
  m = run(WHT_F64, y3, v3, 1, 0);
  tap_ok(m.max_abs == 2, "far from v the error is the rounded difference (got %a)", m.max_abs);
}

static void test_all_zero_v(void)
{
  const double y[] = { 0, 0x1p-24 };
  const wht_dd v[] = { { 0, 0 }, { 0, 0 } };
  wht_metrics m = run(WHT_F16, y, v, 2, 0);
  tap_ok(m.status == WHT_RUN_OK && isnan(m.mean_rel) && isnan(m.max_rel) && isnan(m.max_ulp) && isnan(m.norm_rel),
         "v = 0: relative metrics and norm_rel are NaN (undefined)");
  tap_ok(m.max_abs == 0x1p-24 && m.zero_miss == 1 && m.n_zero == 2, "v = 0: absolute error and the miss are reported");
}

static void test_norm_scaling(void)
{
  /* d = (1e300, 0), ||v|| = sqrt(2) 1e300: naive squares overflow. */
  const double yb[] = { 2e300, 1e300 }, ys[] = { 2e-300, 1e-300 };
  const wht_dd vb[] = { { 1e300, 0 }, { 1e300, 0 } }, vs[] = { { 1e-300, 0 }, { 1e-300, 0 } };
  wht_metrics m = run(WHT_F64, yb, vb, 2, 0);
  tap_ok(fabs(m.norm_rel - sqrt(0.5)) <= 1e-15, "norm_rel near the top of the double range: 1/sqrt(2) (got %.17g)", m.norm_rel);
  m = run(WHT_F64, ys, vs, 2, 0);
  tap_ok(fabs(m.norm_rel - sqrt(0.5)) <= 1e-15, "norm_rel near the bottom: 1/sqrt(2) (got %.17g)", m.norm_rel);
  /* mean_rel: rel = (1/2, 1/4, 0) -> 1/4; norm_rel = sqrt(1 + 1 + 0)/sqrt(4 + 16 + 64) */
  const double y3[] = { 3, 5, 8 };
  const wht_dd v3[] = { { 2, 0 }, { 4, 0 }, { 8, 0 } };
  m = run(WHT_F64, y3, v3, 3, 0);
  tap_ok(m.mean_rel == 0.25 && m.max_rel == 0.5, "mean_rel (1/2 + 1/4 + 0)/3 = 1/4, max_rel 1/2");
  tap_ok(close_to(m.norm_rel, sqrt(2.0 / 84)), "norm_rel sqrt(2/84) (got %.17g)", m.norm_rel);
}

static void test_beyond_double(void)
{
  /* f64 near the top: y - v = 2 * 0x1.fp1023 is beyond double. max_abs is
   * +inf (its double rounding), the relative metrics are measured on the
   * halves: rel = (2, 0), mean_rel 1, max_rel 2; norm_rel =
   * 2 * 0x1.fp1023 / ||v|| = 2 / sqrt(1 + (1 / 0x1.fp1023)^2) = 2;
   * mean_abs = (2 * 0x1.fp1023 + 0) / 2 = 0x1.fp1023, a double again. */
  const double y[] = { 0x1.fp1023, 1 };
  const wht_dd v[] = { { -0x1.fp1023, 0 }, { 1, 0 } };
  wht_metrics m = run(WHT_F64, y, v, 2, 0);
  tap_ok(m.status == WHT_RUN_OK && isinf(m.max_abs) && m.mean_abs == 0x1.fp1023 && m.mean_rel == 1 && m.max_rel == 2 &&
             m.norm_rel == 2,
         "y - v beyond double: max_abs +inf; mean_abs 0x1.fp1023, mean_rel 1, max_rel 2, norm_rel 2 (got %g %g %.17g %.17g %.17g)",
         m.max_abs, m.mean_abs, m.mean_rel, m.max_rel, m.norm_rel);
  /* four errors of 2^1022 with finite y: the sum 2^1024 overflows, the mean
   * 2^1022 does not */
  const double y4[] = { 0x1p1022, 0x1p1022, -0x1p1022, -0x1p1022 };
  const wht_dd v4[] = { { 0, 0 }, { 0, 0 }, { 0, 0 }, { 0, 0 } };
  m = run(WHT_F64, y4, v4, 4, 0);
  tap_ok(m.status == WHT_RUN_OK && m.mean_abs == 0x1p1022 && m.max_abs == 0x1p1022,
         "errors summing beyond double: mean_abs 2^1022, not NaN (got %g)", m.mean_abs);
  /* a relative error beyond double (tiny v, large d): +inf, not NaN */
  const double yr[] = { 0x1p1000, 1 };
  const wht_dd vr[] = { { 0x1p-1074, 0 }, { 1, 0 } };
  m = run(WHT_F64, yr, vr, 2, 0);
  tap_ok(m.status == WHT_RUN_OK && isinf(m.max_rel) && isinf(m.mean_rel) && isfinite(m.mean_abs),
         "a relative error beyond double: max_rel and mean_rel +inf, mean_abs finite (got %g %g %g)", m.max_rel,
         m.mean_rel, m.mean_abs);
}

static void test_status_names(void)
{
  tap_ok(!strcmp(wht_run_status_name(WHT_RUN_OK), "ok") && !strcmp(wht_run_status_name(WHT_RUN_OVERFLOW), "overflow") &&
         !strcmp(wht_run_status_name(WHT_RUN_UNSUPPORTED), "unsupported") && !wht_run_status_name(WHT_NRUNSTATUS),
         "status names ok, overflow, unsupported; NULL out of range");
}

/* no metric of nothing, or of no format: unsupported, NaN, counts 0 */
static void test_no_input(void)
{
  const double y[] = { 1 };
  const wht_dd v[] = { { 1, 0 } };
  wht_metrics m = run(WHT_F32, y, v, 0, 0);
  tap_ok(m.status == WHT_RUN_UNSUPPORTED && all_nan(&m) && m.n_zero == 0 && m.n_nonfinite == 0,
         "n = 0: status unsupported, every metric NaN, counts 0");
  m = run((wht_format)9, y, v, 1, 0);
  tap_ok(m.status == WHT_RUN_UNSUPPORTED && all_nan(&m), "format 9: status unsupported, every metric NaN");
}

int main(void)
{
  test_no_input();
  test_zeros_in_v();
  test_signed_zeros();
  test_nonfinite();
  test_subnormal_ulp();
  test_ulp_normal();
  test_cancelling_pair();
  test_all_zero_v();
  test_norm_scaling();
  test_beyond_double();
  test_status_names();
  return tap_done();
}
