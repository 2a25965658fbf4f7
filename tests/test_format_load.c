/* test_format_load.c - stored values to doubles: the AVX-512 path
 * (format_load_avx512.c) against the scalar one, bit for bit, on every
 * binary16 and bfloat16 pattern (NaNs with every payload, infinities,
 * subnormals), on float specials and random float bits, at lengths and
 * offsets that are not multiples of sixteen (the scalar tail); and each
 * element against the one-value conversions (wht_f16_to_double,
 * wht_bf16_to_double, the C cast) and wht_load_doubles on threads. On a
 * CPU without AVX-512F both paths are the scalar code and the checks
 * against the one-value conversions still hold. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "wht.h"
#include "wht_internal.h"

static uint64_t state = 0x243f6a8885a308d3u;
static uint64_t next(void)
{
  state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
  return state * 0x2545f4914f6cdd1du;
}

static double one_value(wht_format f, const void *src, size_t i)
{
  switch (f) {
  case WHT_F32:
    return ((const float *)src)[i];
  case WHT_F16:
    return wht_f16_to_double(((const uint16_t *)src)[i]);
  case WHT_BF16:
    return wht_bf16_to_double(((const uint16_t *)src)[i]);
  default:
    return ((const double *)src)[i];
  }
}

/* the vector and scalar loads of src[off .. off + n - 1] agree with each
 * other and with the one-value conversion, bit for bit; returns the number
 * of elements that differ */
static size_t check(wht_format f, const void *src, size_t off, size_t n, double *a, double *b)
{
  const char *s = (const char *)src + off * wht_format_size(f);
  size_t bad = 0;
  wht__format_load_force_scalar(0);
  wht__load_doubles_serial(f, a, s, n);
  wht__format_load_force_scalar(1);
  wht__load_doubles_serial(f, b, s, n);
  wht__format_load_force_scalar(0);
  for (size_t i = 0; i < n; i++) {
    const double c = one_value(f, s, i);
    bad += memcmp(&a[i], &b[i], sizeof a[i]) != 0 || memcmp(&a[i], &c, sizeof c) != 0;
  }
  return bad;
}

int main(void)
{
  enum { N = 1 << 16 };
  uint16_t *h = malloc(N * sizeof *h);
  float *x = malloc(N * sizeof *x);
  double *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
  if (!h || !x || !a || !b) {
    printf("Bail out! out of memory\n");
    return 1;
  }
  tap_diag("AVX-512 loads %s", wht__format_load_simd() ? "on" : "not available: scalar only");
  for (size_t i = 0; i < N; i++) h[i] = (uint16_t)i;
  static const wht_format half[] = { WHT_F16, WHT_BF16 };
  for (int fi = 0; fi < 2; fi++) {
    const wht_format f = half[fi];
    tap_ok(check(f, h, 0, N, a, b) == 0, "%s: all 65536 patterns, vector = scalar = one-value", wht_format_name(f));
    tap_ok(check(f, h, 7, N - 7 - 5, a, b) == 0, "%s: offset 7, a tail of 4", wht_format_name(f));
    size_t bad = 0;
    for (size_t n = 0; n <= 40; n++) bad += check(f, h, 0x7c00 - 3 + n, n, a, b);
    tap_ok(bad == 0, "%s: lengths 0..40 across the infinities and NaNs", wht_format_name(f));
  }
  /* floats: specials, subnormals, NaN payloads (quiet and signalling), random bits */
  static const uint32_t special[] = { 0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x00800000u,
                                      0x7f7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f800001u,
                                      0xffbfffffu, 0x7fffffffu, 0x3f800000u, 0xbf800001u };
  const size_t ns = sizeof special / sizeof special[0];
  for (size_t i = 0; i < N; i++) {
    const uint32_t u = i < 4 * ns ? special[i % ns] : (uint32_t)(next() >> 32);
    memcpy(&x[i], &u, sizeof u);
  }
  tap_ok(check(WHT_F32, x, 0, N, a, b) == 0, "f32: specials and random bits, vector = scalar = cast");
  tap_ok(check(WHT_F32, x, 3, 4 * ns - 3, a, b) == 0, "f32: offset 3, the specials again with a tail");
  /* the threaded whole-array load gives the same doubles */
  static const wht_format all[] = { WHT_F16, WHT_BF16, WHT_F32 };
  for (int fi = 0; fi < 3; fi++) {
    const wht_format f = all[fi];
    const void *src = f == WHT_F32 ? (const void *)x : (const void *)h;
    size_t bad = 0;
    wht_load_doubles(f, a, src, N);
    for (size_t i = 0; i < N; i++) {
      const double c = one_value(f, src, i);
      bad += memcmp(&a[i], &c, sizeof c) != 0;
    }
    tap_ok(bad == 0, "%s: wht_load_doubles = one-value conversions", wht_format_name(f));
  }
  free(h), free(x), free(a), free(b);
  return tap_done();
}
