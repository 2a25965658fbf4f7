/* test_ops_gpu - the operations with their data on the GPU (measure/ops.c,
 * kernels/ops_gpu.cu) give the host path's results.
 *
 * Without a device (CUDA compiled in): the device steps' element functions,
 * run on the host (wht__gpu_ops_step_emulated), give measure/ops_steps.c's
 * bits for every f16 and bf16 bit pattern (scale by 2^-k, the soft
 * threshold, products) and for f32 and f64 special values (zeros,
 * subnormals, the largest values, inf, NaN) and random bit patterns, and
 * their inf/NaN flag is wht__ops_any_nonfinite's. NaNs are compared as
 * NaNs: which NaN a double operation returns is the hardware's.
 *
 * With a device: wht_op_execute on the GPU backend, every algorithm with a
 * GPU path, format and operation, k = 0..14 and 17, 20, against the same
 * call on the earlier path (the host's steps between transforms copied in
 * and out, wht__ops_set_host_steps(1)): the same status, the same output
 * bits (NaN as NaN) and the same inf/NaN report, also on inputs that
 * overflow f16/bf16; and wht_op_execute_into (inputs kept) gives the
 * device path's bits. WHT_OPS_TEST_MAXK lowers the largest k. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in"); }
#else
#include "wht_ops.h"
#include "wht_internal.h"
#include "gpu_ops.h"
#include "ops_steps.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next64(void)
{
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return rng;
}

/* element i of format f's storage: its bits, and whether it is a NaN */
static uint64_t bits_at(wht_format f, const void *x, size_t i)
{
  switch (wht_format_size(f)) {
  case 8: return ((const uint64_t *)x)[i];
  case 4: return ((const uint32_t *)x)[i];
  default: return ((const uint16_t *)x)[i];
  }
}
static int is_nan_bits(wht_format f, uint64_t b)
{
  static const uint64_t exp_mask[WHT_NFORMATS] = { 0x7ff0000000000000ull, 0x7f800000u, 0x7c00u, 0x7f80u };
  static const uint64_t frac_mask[WHT_NFORMATS] = { 0x000fffffffffffffull, 0x007fffffu, 0x03ffu, 0x007fu };
  return (b & exp_mask[f]) == exp_mask[f] && (b & frac_mask[f]) != 0;
}

/* index of the first element where x and y differ (NaN = NaN), or n */
static size_t first_diff(wht_format f, const void *x, const void *y, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    const uint64_t a = bits_at(f, x, i), b = bits_at(f, y, i);
    if (a != b && !(is_nan_bits(f, a) && is_nan_bits(f, b))) return i;
  }
  return n;
}

/* n values of format f: every bit pattern (2-byte formats, n = 65536) or
 * specials then random bit patterns, half of them then made moderate
 * (exponent near 0) so that products and thresholds see ordinary values */
static void *values(wht_format f, size_t n, int shuffle)
{
  const size_t sz = wht_format_size(f);
  void *x = malloc(n * sz);
  if (sz == 2) {
    for (size_t i = 0; i < n; i++) ((uint16_t *)x)[i] = (uint16_t)(shuffle ? i * 40503u + 12345u : i);
    return x;
  }
  static const double specials[] = { 0.0, -0.0, 1.0, -1.0, 0.5, 3.0, 1e-310, -4.9e-324, 1.17549435e-38, 1.4e-45,
                                     -1.4e-45, 3.4028234e38, -3.4028234e38, 1.7976931348623157e308, INFINITY,
                                     -INFINITY, NAN, -NAN, 65504.0, 1e300 };
  const size_t ns = sizeof specials / sizeof specials[0];
  for (size_t i = 0; i < n; i++) {
    const size_t j = shuffle ? (i * 7 + 3) % n : i;
    uint64_t b = next64();
    if (i & 1) b = (b & 0x800fffffffffffffull) | (uint64_t)(1023 - 8 + (b >> 52 & 15)) << 52; /* about 2^-8..2^7 */
    double d;
    memcpy(&d, &b, sizeof d);
    if (j < ns) d = specials[j];
    if (sz == 8) {
      ((double *)x)[i] = d;
    } else {
      float v = (float)d;
      if (!(i & 1) && j >= ns) {
        const uint32_t r = (uint32_t)next64();
        memcpy(&v, &r, sizeof v);
      }
      ((float *)x)[i] = v;
    }
  }
  return x;
}

static const char *const step_names[WHT__OPS_NSTEPS] = { "scale", "threshold", "mul", "scan" };

/* one emulated step against ops_steps.c's (and the flag against the scan) */
static void check_step(wht_format f, int s, const void *x0, const void *y, size_t n, double arg, unsigned k)
{
  const size_t bytes = n * wht_format_size(f);
  void *got = malloc(bytes), *want = malloc(bytes);
  memcpy(got, x0, bytes), memcpy(want, x0, bytes);
  unsigned flag = 0;
  const wht_status st = wht__gpu_ops_step_emulated(s, f, got, y, n, arg, &flag);
  if (s == WHT__OPS_SCALE) wht__ops_scale(f, want, n, k);
  else if (s == WHT__OPS_THRESHOLD) wht__ops_soft_threshold(f, want, n, arg);
  else if (s == WHT__OPS_MUL) wht__ops_mul(f, want, y, n);
  const size_t d = first_diff(f, got, want, n);
  const unsigned want_flag = (unsigned)wht__ops_any_nonfinite(f, want, n);
  if (!tap_ok(st == WHT_OK && d == n && flag == want_flag, "emulated %s %s arg %g: %zu values as ops_steps.c, flag %u",
              wht_format_name(f), step_names[s], arg, n, flag))
    if (d < n)
      tap_diag("element %zu: x %#llx -> %#llx, want %#llx", d, (unsigned long long)bits_at(f, x0, d),
               (unsigned long long)bits_at(f, got, d), (unsigned long long)bits_at(f, want, d));
  free(got), free(want);
}

static void emulated_steps(void)
{
  static const unsigned ks[] = { 0, 1, 3, 10, 24, 63 };
  static const double taus[] = { 0.0, 1.0, 0.5, 3.14159, 1e-5, 65504.0, 1e30 };
  for (int fi = 0; fi < WHT_NFORMATS; fi++) {
    const wht_format f = (wht_format)fi;
    const size_t n = wht_format_size(f) == 2 ? 65536 : 200000;
    void *x = values(f, n, 0), *y = values(f, n, 1);
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++)
      check_step(f, WHT__OPS_SCALE, x, NULL, n, ldexp(1.0, -(int)ks[i]), ks[i]);
    for (size_t i = 0; i < sizeof taus / sizeof taus[0]; i++)
      check_step(f, WHT__OPS_THRESHOLD, x, NULL, n, wht_round_to_format(taus[i], f), 0);
    check_step(f, WHT__OPS_MUL, x, y, n, 0, 0);
    check_step(f, WHT__OPS_MUL, x, x, n, 0, 0);
    /* the scan alone: finite data (the moderate half) flag nothing, one inf flags */
    const size_t sz = wht_format_size(f), m = 1000;
    void *z = malloc(m * sz);
    const double one = 1.0, inf = INFINITY;
    for (size_t i = 0; i < m; i++) wht_store_doubles(f, (char *)z + i * sz, &one, 1);
    unsigned flag = 0;
    wht__gpu_ops_step_emulated(WHT__OPS_SCAN, f, z, NULL, m, 0, &flag);
    tap_ok(flag == 0, "emulated %s scan: finite data, no flag", wht_format_name(f));
    wht_store_doubles(f, (char *)z + (m - 1) * sz, &inf, 1);
    wht__gpu_ops_step_emulated(WHT__OPS_SCAN, f, z, NULL, m, 0, &flag);
    tap_ok(flag == 1, "emulated %s scan: an inf at the end flags", wht_format_name(f));
    free(x), free(y), free(z);
  }
}

/* ---- with a device: the whole operations, device path against host steps ---- */
static unsigned maxk(void)
{
  const char *e = getenv("WHT_OPS_TEST_MAXK");
  return e && *e ? (unsigned)strtoul(e, NULL, 10) : 20;
}

/* inputs of 2^k elements in format f: N(0,1)-like values times scale */
static void *inputs(wht_format f, unsigned k, double scale)
{
  const size_t n = (size_t)1 << k;
  double *d = malloc(n * sizeof *d);
  for (size_t i = 0; i < n; i++) {
    const double u = ((double)(next64() >> 11) + 0.5) * 0x1p-53, v = ((double)(next64() >> 11) + 0.5) * 0x1p-53;
    d[i] = scale * sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
  }
  void *x = malloc(n * wht_format_size(f));
  wht_store_doubles(f, x, d, n);
  free(d);
  return x;
}

/* op on a copy of a (and b): status, output, report */
static wht_status run(wht_op op, const char *algo, wht_format f, unsigned k, const void *a, const void *b,
                      void **y, int *nonfinite)
{
  const size_t bytes = ((size_t)1 << k) * wht_format_size(f);
  void *xa = malloc(bytes), *xb = b ? malloc(bytes) : NULL;
  memcpy(xa, a, bytes);
  if (b) memcpy(xb, b, bytes);
  const wht_status st = wht_op_execute(op, algo, f, WHT_BACKEND_GPU, k, 1.0, xa, xb, nonfinite);
  free(xb);
  *y = xa;
  return st;
}

static void device_ops(void)
{
  static const unsigned big[] = { 17, 20 };
  const unsigned kmax = maxk();
  for (size_t ai = 0; ai < wht_algorithm_count(); ai++) {
    const wht_algorithm_info *A = wht_algorithm_at(ai);
    if (!(A->backends >> WHT_BACKEND_GPU & 1u)) continue;
    for (int fi = 0; fi < WHT_NFORMATS; fi++) {
      const wht_format f = (wht_format)fi;
      if (!(A->formats >> f & 1u)) continue;
      for (int o = 0; o < WHT_NOPS; o++) {
        const wht_op op = (wht_op)o;
        int ok = 1, cases = 0, overflows = 0;
        char why[200] = "";
        for (unsigned c = 0; c < 15 + 2 + 1; c++) {
          /* k = 0..14, the big ones, then k = 10 with values that overflow 2-byte formats */
          const unsigned k = c < 15 ? c : c < 17 ? big[c - 15] : 10;
          if (k > kmax) continue;
          const double scale = c == 17 ? 3000.0 : 1.0;
          void *a = inputs(f, k, scale), *b = op == WHT_OP_XOR_CONV ? inputs(f, k, scale) : NULL;
          void *y0, *y1;
          int nf0 = -1, nf1 = -1;
          wht__ops_set_host_steps(1);
          const wht_status s0 = run(op, A->name, f, k, a, b, &y0, &nf0);
          wht__ops_set_host_steps(0);
          const wht_status s1 = run(op, A->name, f, k, a, b, &y1, &nf1);
          const size_t n = (size_t)1 << k, d = s0 == WHT_OK ? first_diff(f, y0, y1, n) : n;
          /* and wht_op_execute_into from the inputs themselves */
          const size_t bytes = n * wht_format_size(f);
          void *y2 = malloc(bytes), *bw = b ? malloc(bytes) : NULL;
          int nf2 = -1;
          const wht_status s2 = wht_op_execute_into(op, A->name, f, WHT_BACKEND_GPU, k, 1.0, a, b, y2, bw, &nf2);
          if (s2 != s1 || nf2 != nf1 || (s1 == WHT_OK && memcmp(y1, y2, bytes) != 0)) {
            if (ok) snprintf(why, sizeof why, "k = %u: wht_op_execute_into differs from wht_op_execute", k);
            ok = 0;
          }
          free(y2), free(bw);
          if (s0 != s1 || d < n || nf0 != nf1) {
            if (ok)
              snprintf(why, sizeof why, "k = %u: status %s / %s, first difference at %zu of %zu, nonfinite %d / %d", k,
                       wht_strerror(s0), wht_strerror(s1), d, n, nf0, nf1);
            ok = 0;
          }
          overflows += nf0 == 1;
          cases++;
          free(a), free(b), free(y0), free(y1);
        }
        if (!tap_ok(ok, "%s %s %s: data on the device as with host steps (%d sizes, %d reporting inf/NaN)", A->name,
                    wht_format_name(f), wht_op_name(op), cases, overflows))
          tap_diag("%s", why);
      }
    }
  }
}

int main(void)
{
  emulated_steps();
  if (!wht_gpu_available()) tap_skip("no GPU device", "the operations on the device");
  else device_ops();
  return tap_done();
}
#endif
