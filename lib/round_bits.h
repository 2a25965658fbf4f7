/* round_bits.h - doubles rounded to f16 and bf16 on their bits (integer
 * steps, no libm), inline so that the array conversions (format_arrays.c)
 * run without a call per element. Internal, not installed. The results
 * are the former frexp/ldexp/rint code's for every double
 * (tests/test_format_from_double keeps it as the reference). */
#ifndef WHT_ROUND_BITS_H
#define WHT_ROUND_BITS_H

#include <stdint.h>
#include <string.h>

/* kernels/ops_gpu.cu compiles these for the device too (the operations'
 * steps on device arrays round exactly as wht_store_doubles does) */
#ifndef WHT__RB_HD
#define WHT__RB_HD
#endif

/* |x| (its bits a: finite, sign clear) rounded to nearest-even in a
 * binary format of p significand bits, least normal exponent emin and
 * largest emax, returned as that format's bits without the sign (exponent
 * biased by 1 - emin). */
static inline WHT__RB_HD uint32_t wht__round_bits(uint64_t a, int p, int emin, int emax)
{
  const uint64_t inf = (uint64_t)(emax - emin + 2) << (p - 1); /* biased exponent all ones, significand 0 */
  /* (2 - 2^-p) 2^emax, halfway from the largest finite value to 2^(emax+1),
   * rounds to the even one: inf */
  if (a >= ((uint64_t)(emax + 1023) << 52 | (((uint64_t)1 << p) - 1) << (52 - p))) return (uint32_t)inf;
  if (a < (uint64_t)(emin + 1023) << 52) {
    /* subnormal (or zero) in the format: q = |x| / 2^(emin - p + 1) to the
     * nearest integer, ties to even; q = 2^(p-1) is the least normal and
     * encodes as such */
    const unsigned E = (unsigned)(a >> 52);
    if (E == 0) return 0; /* a double subnormal is below half the format's least subnormal */
    const uint64_t sig = (a & (((uint64_t)1 << 52) - 1)) | (uint64_t)1 << 52;
    const int sh = 1075 - (p - 1 - emin) - (int)E; /* |x| / 2^(emin-p+1) = sig / 2^sh, sh > 53 - p */
    if (sh > 63) return 0; /* below 2^53 / 2^64: under half the least subnormal */
    const uint64_t q = sig >> sh, rem = sig & (((uint64_t)1 << sh) - 1), half = (uint64_t)1 << (sh - 1);
    return (uint32_t)(q + (rem > half || (rem == half && (q & 1))));
  }
  /* normal: round the 53 - p dropped bits to nearest-even; a carry out of
   * the significand steps the exponent, which stays below inf by the test
   * above; then rebias the exponent from 1023 to 1 - emin */
  const unsigned d = (unsigned)(53 - p);
  const uint64_t u = (a + ((uint64_t)1 << (d - 1)) - 1 + ((a >> d) & 1)) >> d;
  return (uint32_t)(u - ((uint64_t)(1023 + emin - 1) << (p - 1)));
}

static inline WHT__RB_HD uint64_t wht__double_bits(double x)
{
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

/* x's f16 and bf16 bits, correctly rounded; a NaN gives the quiet NaN of
 * its sign */
static inline WHT__RB_HD uint16_t wht__f16_from_double(double x)
{
  const uint64_t u = wht__double_bits(x), a = u & ~((uint64_t)1 << 63);
  if (a > (uint64_t)0x7ff << 52) return (uint16_t)(u >> 63 ? 0xfe00u : 0x7e00u);
  return (uint16_t)((u >> 48 & 0x8000u) | wht__round_bits(a, 11, -14, 15));
}

static inline WHT__RB_HD uint16_t wht__bf16_from_double(double x)
{
  const uint64_t u = wht__double_bits(x), a = u & ~((uint64_t)1 << 63);
  if (a > (uint64_t)0x7ff << 52) return (uint16_t)(u >> 63 ? 0xffc0u : 0x7fc0u);
  return (uint16_t)((u >> 48 & 0x8000u) | wht__round_bits(a, 8, -126, 127));
}
#endif
