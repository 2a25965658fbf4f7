/* test_ops_pipeline.c - wht_op_execute runs the operations of DESIGN.md
 * section 6: exact results on exact data, impulses through xor-conv, the
 * same bits as a reference pipeline written out here from scalar
 * correctly rounded operations, and overflow reported. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "wht_ops.h"
#include "wht_dist.h"

static void *to_format(wht_format f, const double *v, size_t n)
{
  void *x = malloc(n * wht_format_size(f));
  wht_store_doubles(f, x, v, n);
  return x;
}

static double *from_format(wht_format f, const void *x, size_t n)
{
  double *v = malloc(n * sizeof *v);
  wht_load_doubles(f, v, x, n);
  return v;
}

static double *draw(wht_dist d, unsigned k, unsigned input, wht_format f)
{
  const size_t n = (size_t)1 << k;
  double *x = malloc(n * sizeof *x);
  wht_dist_fill(d, wht_cell_stream(5, d, WHT_OP_ONE_WAY, k, 0, input), x, n);
  for (size_t i = 0; i < n; i++) x[i] = wht_round_to_format(x[i], f);
  return x;
}

/* Run op and return y as doubles (NULL on a failed status). */
static double *run(wht_op op, wht_format f, wht_backend be, unsigned k, double tau, const double *a,
                   const double *b, int *nonfinite, wht_status *st)
{
  const size_t n = (size_t)1 << k;
  void *xa = to_format(f, a, n), *xb = b ? to_format(f, b, n) : NULL;
  *st = wht_op_execute(op, "folklore", f, be, k, tau, xa, xb, nonfinite);
  double *y = *st == WHT_OK ? from_format(f, xa, n) : NULL;
  free(xa), free(xb);
  return y;
}

/* ---- reference pipeline: naive folklore and scalar format arithmetic ---- */
static void ref_fwht(wht_format f, double *x, unsigned k)
{
  const size_t n = (size_t)1 << k;
  for (unsigned s = 0; s < k; s++)
    for (size_t j = 0; j < n; j++)
      if (!(j >> s & 1)) {
        const double a = x[j], b = x[j + ((size_t)1 << s)];
        x[j] = wht_format_add(f, a, b);
        x[j + ((size_t)1 << s)] = wht_format_sub(f, a, b);
      }
}

static void ref_scale(wht_format f, double *x, unsigned k)
{
  for (size_t i = 0; i < (size_t)1 << k; i++) x[i] = wht_round_to_format(ldexp(x[i], -(int)k), f);
}

static double *ref_op(wht_op op, wht_format f, unsigned k, double tau, const double *a, const double *b)
{
  const size_t n = (size_t)1 << k;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  memcpy(x, a, n * sizeof *x);
  ref_fwht(f, x, k);
  if (op == WHT_OP_TWO_WAY) {
    ref_fwht(f, x, k);
    ref_scale(f, x, k);
  } else if (op == WHT_OP_SMOOTHED) {
    const double t = wht_round_to_format(tau, f);
    for (size_t i = 0; i < n; i++)
      x[i] = x[i] > t ? wht_format_sub(f, x[i], t) : x[i] < -t ? wht_format_add(f, x[i], t) : 0.0;
    ref_fwht(f, x, k);
    ref_scale(f, x, k);
  } else if (op == WHT_OP_XOR_CONV) {
    memcpy(y, b, n * sizeof *y);
    ref_fwht(f, y, k);
    for (size_t i = 0; i < n; i++) x[i] = wht_format_mul(f, x[i], y[i]);
    ref_fwht(f, x, k);
    ref_scale(f, x, k);
  }
  free(y);
  return x;
}

static int same_values(const double *a, const double *b, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (!(a[i] == b[i] || (isnan(a[i]) && isnan(b[i])))) return 0;
  return 1;
}

static const char *op_label(wht_op op)
{
  static const char *const names[WHT_NOPS] = { "one-way", "two-way", "smoothed", "xor-conv" };
  return names[op];
}

/* ---- tests ------------------------------------------------------------- */
static void test_exact_pmone(void)
{
  const unsigned k = 8;
  const size_t n = (size_t)1 << k;
  double *x = draw(WHT_DIST_PMONE, k, 0, WHT_F64), *want = malloc(n * sizeof *want);
  /* O(n^2) product: H[i][j] = (-1)^popcount(i & j), exact integer sums. */
  for (size_t i = 0; i < n; i++) {
    double s = 0;
    for (size_t j = 0; j < n; j++) s += __builtin_parity((unsigned)(i & j)) ? -x[j] : x[j];
    want[i] = s;
  }
  int nf = -1;
  wht_status st;
  double *y = run(WHT_OP_ONE_WAY, WHT_F64, WHT_BACKEND_CPU, k, 1.0, x, NULL, &nf, &st);
  tap_ok(y && same_values(y, want, n) && nf == 0, "f64 pmone k=8: one-way equals the O(n^2) product");
  free(y);
  y = run(WHT_OP_TWO_WAY, WHT_F64, WHT_BACKEND_CPU, k, 1.0, x, NULL, &nf, &st);
  tap_ok(y && memcmp(y, x, n * sizeof *x) == 0 && nf == 0, "f64 pmone k=8: two-way returns exactly x");
  double *z = run(WHT_OP_SMOOTHED, WHT_F64, WHT_BACKEND_CPU, k, 0.0, x, NULL, &nf, &st);
  tap_ok(y && z && same_values(z, y, n), "f64 pmone k=8: smoothed with tau = 0 equals two-way");
  free(y), free(z), free(x), free(want);
}

static void test_xor_conv_impulses(void)
{
  const unsigned k = 6;
  const size_t n = (size_t)1 << k;
  static const size_t pairs[][2] = { { 0, 0 }, { 0, 5 }, { 3, 3 }, { 17, 42 }, { 63, 1 } };
  double *a = calloc(n, sizeof *a), *b = calloc(n, sizeof *b);
  for (wht_format f = 0; f < WHT_NFORMATS; f++) {
    int ok = 1;
    for (size_t p = 0; p < 5; p++) {
      const size_t i = pairs[p][0], j = pairs[p][1];
      memset(a, 0, n * sizeof *a), memset(b, 0, n * sizeof *b);
      a[i] = 1, b[j] = 1;
      int nf;
      wht_status st;
      double *y = run(WHT_OP_XOR_CONV, f, WHT_BACKEND_CPU, k, 1.0, a, b, &nf, &st);
      for (size_t t = 0; y && t < n; t++) ok &= y[t] == (t == (i ^ j));
      ok &= y && nf == 0;
      free(y);
    }
    tap_ok(ok, "%s k=6: xor-conv of impulses e_i, e_j is e_(i xor j)", wht_format_name(f));
  }
  free(a), free(b);
}

/* tau = 0.3 is no value of any format: phi must use its rounding. */
static void test_matches_reference(unsigned k)
{
  const size_t n = (size_t)1 << k;
  const double tau = 0.3;
  for (wht_format f = 0; f < WHT_NFORMATS; f++) {
    double *a = draw(WHT_DIST_NORM, k, 0, f), *b = draw(WHT_DIST_NORM, k, 1, f);
    for (wht_op op = 0; op < WHT_NOPS; op++) {
      int nf;
      wht_status st;
      double *y = run(op, f, WHT_BACKEND_CPU, k, tau, a, op == WHT_OP_XOR_CONV ? b : NULL, &nf, &st);
      double *want = ref_op(op, f, k, tau, a, b);
      int ref_nf = 0; /* f16 xor-conv overflows at k = 10: products ~1e3, sums of 1024 */
      for (size_t i = 0; i < n; i++) ref_nf |= !isfinite(want[i]);
      tap_ok(y && same_values(y, want, n) && nf == ref_nf,
             "%s norm k=%u %s: same values as the scalar reference pipeline%s", wht_format_name(f), k,
             op_label(op), ref_nf ? " (both overflow, flagged)" : "");
      free(y), free(want);
    }
    free(a), free(b);
  }
}

static void test_overflow_flag(void)
{
  /* All ones: H x = n e_0; 2^16 = 65536 exceeds the largest f16 (65504). */
  const size_t n16 = (size_t)1 << 16;
  double *ones = malloc(n16 * sizeof *ones);
  for (size_t i = 0; i < n16; i++) ones[i] = 1;
  int nf = -1;
  wht_status st;
  double *y = run(WHT_OP_ONE_WAY, WHT_F16, WHT_BACKEND_CPU, 16, 1.0, ones, NULL, &nf, &st);
  tap_ok(y && nf == 1 && isinf(y[0]), "f16 all-ones k=16: one-way overflows (65536 > 65504) and is flagged");
  free(y);
  y = run(WHT_OP_TWO_WAY, WHT_F16, WHT_BACKEND_CPU, 15, 1.0, ones, NULL, &nf, &st);
  tap_ok(y && nf == 0 && same_values(y, ones, n16 / 2), "f16 all-ones k=15: two-way stays finite (32768), unflagged, exact");
  free(y);
  /* xor-conv where only the intermediate products overflow: a = b = 300 e_0
   * gives T a = 300 everywhere, 300 * 300 = 90000 > 65504. */
  const unsigned k = 4;
  double a[16] = { 300 };
  y = run(WHT_OP_XOR_CONV, WHT_F16, WHT_BACKEND_CPU, k, 1.0, a, a, &nf, &st);
  tap_ok(y && nf == 1, "f16 xor-conv: an overflow in the product step is flagged");
  free(y), free(ones);
}

static void test_backend_and_args(void)
{
  const unsigned k = 8;
  const size_t n = (size_t)1 << k;
  double *a = draw(WHT_DIST_NORM, k, 0, WHT_F32), *b = draw(WHT_DIST_NORM, k, 1, WHT_F32);
  int nf;
  wht_status st;
  if (wht_gpu_available()) {
    for (wht_op op = 0; op < WHT_NOPS; op++) {
      double *yc = run(op, WHT_F32, WHT_BACKEND_CPU, k, 1.0, a, b, &nf, &st);
      double *yg = run(op, WHT_F32, WHT_BACKEND_GPU, k, 1.0, a, b, &nf, &st);
      tap_ok(yc && yg && memcmp(yc, yg, n * sizeof *yc) == 0, "f32 %s: the GPU backend gives the CPU's bits", op_label(op));
      free(yc), free(yg);
    }
  } else {
    double *y = run(WHT_OP_ONE_WAY, WHT_F32, WHT_BACKEND_GPU, k, 1.0, a, NULL, &nf, &st);
    tap_ok(!y && st == WHT_E_NO_GPU, "without a GPU the GPU backend reports WHT_E_NO_GPU (%s)", wht_strerror(st));
  }
  /* each rejected call must leave x (and an output buffer) as it was:
   * compared with copies after every call, not rewritten before */
  const float x0[4] = { 1, 2, 3, 4 }, y0[4] = { -7, -7, -7, -7 };
  float xa[4], ya[4];
  memcpy(xa, x0, sizeof xa), memcpy(ya, y0, sizeof ya);
  int kept = 0;
#define KEPT() (kept += memcmp(xa, x0, sizeof xa) == 0 && memcmp(ya, y0, sizeof ya) == 0)
  tap_ok(wht_op_execute(WHT_OP_XOR_CONV, "folklore", WHT_F32, WHT_BACKEND_CPU, 2, 1.0, xa, NULL, &nf) == WHT_E_NULL,
         "xor-conv without b is rejected");
  KEPT();
  tap_ok(wht_op_execute(WHT_OP_ONE_WAY, "no-such", WHT_F32, WHT_BACKEND_CPU, 2, 1.0, xa, NULL, &nf) == WHT_E_ALGORITHM,
         "an unknown algorithm is reported by the plan");
  KEPT();
  tap_ok(wht_op_execute(WHT_NOPS, "folklore", WHT_F32, WHT_BACKEND_CPU, 2, 1.0, xa, NULL, &nf) == WHT_E_OPERATION,
         "an out-of-range operation gives WHT_E_OPERATION");
  KEPT();
  const double bad_tau[] = { NAN, -1.0, INFINITY };
  int refused = 0;
  for (int i = 0; i < 3; i++) {
    refused += wht_op_execute(WHT_OP_SMOOTHED, "folklore", WHT_F32, WHT_BACKEND_CPU, 2, bad_tau[i], xa, NULL, &nf) ==
               WHT_E_TAU;
    KEPT();
    refused += wht_op_execute_into(WHT_OP_SMOOTHED, "folklore", WHT_F32, WHT_BACKEND_CPU, 2, bad_tau[i], xa, NULL, ya,
                                   NULL, &nf) == WHT_E_TAU;
    KEPT();
  }
  /* finite, but inf once rounded to f16 (whose largest finite is 65504;
   * 65520 rounds up): the steps would threshold at inf */
  refused += wht_op_execute(WHT_OP_SMOOTHED, "folklore", WHT_F16, WHT_BACKEND_CPU, 2, 65520.0, xa, NULL, &nf) ==
             WHT_E_TAU;
  KEPT();
  refused += wht_op_execute_into(WHT_OP_SMOOTHED, "folklore", WHT_F16, WHT_BACKEND_CPU, 2, 1e6, xa, NULL, ya, NULL,
                                 &nf) == WHT_E_TAU;
  KEPT();
#undef KEPT
  tap_ok(refused == 8, "smoothed with tau NaN, -1, inf, or one that rounds to inf in f16 gives WHT_E_TAU (%d of 8), as "
         "the oracle and the drivers refuse them", refused);
  tap_ok(kept == 11, "rejected calls leave x and the output buffer alone (%d of 11 calls)", kept);
  uint16_t h4[4] = { 0x3c00, 0x4000, 0xbc00, 0x0000 }; /* 1, 2, -1, 0 */
  tap_ok(wht_op_execute(WHT_OP_SMOOTHED, "folklore", WHT_F16, WHT_BACKEND_CPU, 2, 65504.0, h4, NULL, &nf) == WHT_OK,
         "smoothed in f16 with tau 65504 (the largest finite) runs");
  tap_ok(wht_op_execute(WHT_OP_ONE_WAY, "folklore", WHT_F32, WHT_BACKEND_CPU, 2, NAN, xa, NULL, &nf) == WHT_OK &&
             xa[0] == 10,
         "an operation that does not read tau ignores it (one-way with tau NaN runs)");
  free(a), free(b);
}

/* ---- wht_op_execute_fn: the caller's transform in the same pipeline ---- */
typedef struct {
  wht_format f;
  unsigned k;
  int calls, fail_at; /* fail_at: the call (1, 2, ...) that fails, 0 none */
} caller;

static int ref_transform(void *ctx, void *x, uint64_t n)
{
  caller *c = ctx;
  if (++c->calls == c->fail_at) return 1;
  double *v = from_format(c->f, x, n);
  ref_fwht(c->f, v, c->k);
  wht_store_doubles(c->f, x, v, n);
  free(v);
  return 0;
}

static void test_caller_transform(void)
{
  static const int calls[WHT_NOPS] = { 1, 2, 2, 3 };
  /* k = 12: pagh-pmone's xor-conv overflows f16, so the flag is tested too */
  const unsigned k = 12;
  const size_t n = (size_t)1 << k;
  int bad = 0, badcalls = 0, overflowed = 0;
  for (wht_format f = 0; f < WHT_NFORMATS; f++)
    for (wht_dist d = WHT_DIST_NORM; d <= WHT_DIST_PAGH_PMONE; d += WHT_DIST_PAGH_PMONE - WHT_DIST_NORM)
      for (wht_op op = 0; op < WHT_NOPS; op++) {
        double *a = draw(d, k, 0, f), *b = draw(d, k, 1, f);
        int nf_lib, nf_fn;
        wht_status st;
        double *y_lib = run(op, f, WHT_BACKEND_CPU, k, 0.5, a, b, &nf_lib, &st);
        void *xa = to_format(f, a, n), *xb = to_format(f, b, n);
        caller c = { f, k, 0, 0 };
        st = wht_op_execute_fn(op, f, k, 0.5, xa, op == WHT_OP_XOR_CONV ? xb : NULL, ref_transform, &c, &nf_fn);
        double *y_fn = st == WHT_OK ? from_format(f, xa, n) : NULL;
        if (!y_lib || !y_fn || nf_lib != nf_fn || memcmp(y_lib, y_fn, n * sizeof *y_fn) != 0) bad++;
        if (c.calls != calls[op]) badcalls++;
        overflowed += nf_fn;
        free(a), free(b), free(xa), free(xb), free(y_lib), free(y_fn);
      }
  tap_ok(bad == 0, "a caller's folklore through wht_op_execute_fn gives wht_op_execute's bits and overflow flag "
         "(4 formats x norm, pagh-pmone x 4 ops, k = %u; %d differ)", k, bad);
  tap_ok(badcalls == 0 && overflowed > 0, "the caller's transform runs 1, 2, 2, 3 times per op; %d cells overflow",
         overflowed);
  float x[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, y[8] = { 0 };
  caller c = { WHT_F32, 3, 0, 2 };
  int nf;
  tap_ok(wht_op_execute_fn(WHT_OP_SMOOTHED, WHT_F32, 3, -1.0, x, NULL, ref_transform, &c, &nf) == WHT_E_TAU &&
             c.calls == 0 && x[0] == 1,
         "wht_op_execute_fn: smoothed with tau -1 gives WHT_E_TAU before the caller's transform runs");
  tap_ok(wht_op_execute_fn(WHT_OP_XOR_CONV, WHT_F32, 3, 1.0, x, y, ref_transform, &c, &nf) == WHT_E_CALLBACK &&
         c.calls == 2, "a failing caller's transform stops the pipeline with WHT_E_CALLBACK (%s)",
         wht_strerror(WHT_E_CALLBACK));
  tap_ok(wht_op_execute_fn(WHT_OP_ONE_WAY, WHT_F32, 3, 1.0, x, NULL, NULL, &c, &nf) == WHT_E_NULL &&
         wht_op_execute_fn(WHT_OP_ONE_WAY, (wht_format)9, 3, 1.0, x, NULL, ref_transform, &c, &nf) == WHT_E_FORMAT &&
         wht_op_execute_fn(WHT_NOPS, WHT_F32, 3, 1.0, x, NULL, ref_transform, &c, &nf) == WHT_E_OPERATION,
         "wht_op_execute_fn: no transform, a bad format, a bad op are refused");
}

/* wht_op_execute_into: the inputs stay, y and the scratch get what
 * wht_op_execute leaves in a (and the same report), on every op and
 * format, at a size whose copies take several threads' chunks */
static void test_into(void)
{
  const unsigned k = 17;
  const size_t n = (size_t)1 << k;
  int bad = 0, flagged = 0;
  for (int fi = 0; fi < WHT_NFORMATS; fi++)
    for (int o = 0; o < WHT_NOPS; o++) {
      const wht_format f = (wht_format)fi;
      const wht_op op = (wht_op)o;
      const size_t bytes = n * wht_format_size(f);
      double *da = draw(WHT_DIST_NORM, k, 0, f), *db = draw(WHT_DIST_NORM, k, 1, f);
      if (f == WHT_F16 && op == WHT_OP_TWO_WAY) /* large enough to overflow: the report too */
        for (size_t i = 0; i < n; i++) da[i] = wht_round_to_format(da[i] * 300, f);
      void *a = to_format(f, da, n), *b = to_format(f, db, n);
      void *a0 = malloc(bytes), *b0 = malloc(bytes), *y = malloc(bytes), *bw = malloc(bytes);
      memcpy(a0, a, bytes), memcpy(b0, b, bytes);
      int nf = -1, nf_into = -1;
      const int two = op == WHT_OP_XOR_CONV;
      const wht_status s1 = wht_op_execute_into(op, "kahan", f, WHT_BACKEND_CPU, k, 1.0, a, two ? b : NULL, y,
                                                two ? bw : NULL, &nf_into);
      const int kept = memcmp(a, a0, bytes) == 0 && memcmp(b, b0, bytes) == 0;
      const wht_status s0 = wht_op_execute(op, "kahan", f, WHT_BACKEND_CPU, k, 1.0, a, two ? b : NULL, &nf);
      if (s0 != WHT_OK || s1 != WHT_OK || !kept || memcmp(a, y, bytes) != 0 || nf != nf_into) bad++;
      flagged += nf_into == 1;
      free(da), free(db), free(a), free(b), free(a0), free(b0), free(y), free(bw);
    }
  tap_ok(bad == 0 && flagged > 0, "wht_op_execute_into keeps its inputs and gives wht_op_execute's bits and report "
         "(every op and format, k = 17; %d flagged)", flagged);
  float x[4] = { 1, 2, 3, 4 }, y[4];
  int nf;
  tap_ok(wht_op_execute_into(WHT_OP_ONE_WAY, "folklore", WHT_F32, WHT_BACKEND_CPU, 2, 1.0, x, NULL, NULL, NULL, &nf) ==
             WHT_E_NULL &&
         wht_op_execute_into(WHT_OP_XOR_CONV, "folklore", WHT_F32, WHT_BACKEND_CPU, 2, 1.0, x, x, y, NULL, &nf) ==
             WHT_E_NULL &&
         wht_op_execute_into(WHT_NOPS, "folklore", WHT_F32, WHT_BACKEND_CPU, 2, 1.0, x, NULL, y, NULL, &nf) ==
             WHT_E_OPERATION,
         "wht_op_execute_into: no output or scratch is WHT_E_NULL, a bad op WHT_E_OPERATION");
}

int main(void)
{
  test_exact_pmone();
  test_xor_conv_impulses();
  test_matches_reference(6);
  test_matches_reference(10);
  test_overflow_flag();
  test_backend_and_args();
  test_caller_transform();
  test_into();
  return tap_done();
}
