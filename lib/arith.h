/* arith.h - correctly rounded host arithmetic in each format, as inline
 * functions the CPU algorithms are instantiated with.
 *
 * f64 and f32 use the native IEEE operations (compiled with
 * -ffp-contract=off, no fast-math, SSE so no excess precision).
 * f16 and bf16 values are held in float while an algorithm works on them:
 * each +, - or * is done in float and rounded once to the format. For +, -, *
 * this equals the correctly rounded result because float has at least
 * 2p+2 significand bits (p = 11 and 8), and the exponent range of float
 * covers both formats' products without underflow of f16 and with exact
 * scaling for bf16 (DESIGN.md section 3). tests/test_format_f16 and _bf16
 * check 300000 random pairs an operation against MPFR, test_format_float_ops
 * every pair under make check-long. */
#ifndef WHT_ARITH_H
#define WHT_ARITH_H

#include <stdint.h>
#include <string.h>
#include <math.h>

static inline uint32_t wht__fbits(float x) { uint32_t u; memcpy(&u, &x, 4); return u; }
static inline float wht__bitsf(uint32_t u) { float x; memcpy(&x, &u, 4); return x; }

/* x rounded to binary16 (nearest-even, subnormals kept, overflow to inf),
 * returned as the float of the same value. */
static inline float wht__f16_round(float x)
{
  uint32_t u = wht__fbits(x), a = u & 0x7fffffffu;
  if (a >= 0x477ff000u) {               /* |x| >= 65520: rounds to inf, or NaN/inf */
    if (a > 0x7f800000u) return x;
    return wht__bitsf((u & 0x80000000u) | 0x7f800000u);
  }
  if (a < 0x38800000u) {                /* |x| < 2^-14: binary16 subnormal range */
    const float big = 0.75f;            /* 1.5 * 2^23 * 2^-24: rounds to multiples of 2^-24 */
    float r = (x + big) - big;
    return copysignf(r, x);
  }
  u += 0xfffu + ((u >> 13) & 1u);       /* round the 13 dropped bits, ties to even */
  return wht__bitsf(u & 0xffffe000u);
}

/* x rounded to bfloat16 (same exponent range as float, so subnormals and
 * overflow fall out of the carry), NaN kept. */
static inline float wht__bf16_round(float x)
{
  uint32_t u = wht__fbits(x);
  if ((u & 0x7fffffffu) > 0x7f800000u) return x;
  u += 0x7fffu + ((u >> 16) & 1u);
  return wht__bitsf(u & 0xffff0000u);
}

/* binary16 bits <-> float (exact). */
static inline float wht__f16_bits_to_float(uint16_t h)
{
  uint32_t s = (uint32_t)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  if (e == 0x1f) return wht__bitsf(s | 0x7f800000u | (m << 13));
  if (e != 0) return wht__bitsf(s | ((e + 112u) << 23) | (m << 13));
  /* subnormal: m * 2^-24, exact in float */
  float v = (float)m * 0x1p-24f;
  return s ? -v : v;
}

/* float holding a binary16 value (or any float, rounded first) -> bits. */
static inline uint16_t wht__float_to_f16_bits(float x)
{
  float r = wht__f16_round(x);
  uint32_t u = wht__fbits(r), s = (u >> 16) & 0x8000u, a = u & 0x7fffffffu;
  if (a >= 0x7f800000u)                              /* inf or NaN (keep a quiet payload bit) */
    return (uint16_t)(s | 0x7c00u | (a > 0x7f800000u ? (0x200u | ((a >> 13) & 0x3ffu)) : 0u));
  if (a < 0x38800000u)                               /* subnormal or zero: value / 2^-24 */
    return (uint16_t)(s | (uint32_t)(fabsf(r) * 0x1p24f));
  return (uint16_t)(s | (((a >> 23) - 112u) << 10) | ((a >> 13) & 0x3ffu));
}

static inline float wht__bf16_bits_to_float(uint16_t h) { return wht__bitsf((uint32_t)h << 16); }
static inline uint16_t wht__float_to_bf16_bits(float x)
{
  uint32_t u = wht__fbits(wht__bf16_round(x));
  if ((u & 0x7fffffffu) > 0x7f800000u) u |= 0x00400000u; /* quiet NaN survives truncation */
  return (uint16_t)(u >> 16);
}

/* Per-format operation sets used by the algorithm templates:
 * T storage type, W working type, LD/ST convert, ADD/SUB/MUL round once. */
#define WHT__F64_T double
#define WHT__F64_W double
#define WHT__F64_LD(p) (*(p))
#define WHT__F64_ST(p, v) (*(p) = (v))
#define WHT__F64_ADD(a, b) ((a) + (b))
#define WHT__F64_SUB(a, b) ((a) - (b))
#define WHT__F64_MUL(a, b) ((a) * (b))

#define WHT__F32_T float
#define WHT__F32_W float
#define WHT__F32_LD(p) (*(p))
#define WHT__F32_ST(p, v) (*(p) = (v))
#define WHT__F32_ADD(a, b) ((a) + (b))
#define WHT__F32_SUB(a, b) ((a) - (b))
#define WHT__F32_MUL(a, b) ((a) * (b))

#define WHT__F16_T uint16_t
#define WHT__F16_W float
#define WHT__F16_LD(p) wht__f16_bits_to_float(*(p))
#define WHT__F16_ST(p, v) (*(p) = wht__float_to_f16_bits(v))
#define WHT__F16_ADD(a, b) wht__f16_round((a) + (b))
#define WHT__F16_SUB(a, b) wht__f16_round((a) - (b))
#define WHT__F16_MUL(a, b) wht__f16_round((a) * (b))

#define WHT__BF16_T uint16_t
#define WHT__BF16_W float
#define WHT__BF16_LD(p) wht__bf16_bits_to_float(*(p))
#define WHT__BF16_ST(p, v) (*(p) = wht__float_to_bf16_bits(v))
#define WHT__BF16_ADD(a, b) wht__bf16_round((a) + (b))
#define WHT__BF16_SUB(a, b) wht__bf16_round((a) - (b))
#define WHT__BF16_MUL(a, b) wht__bf16_round((a) * (b))

/* The next wider format, for a body that computes in it (fmt_begin.h:
 * WIDE, WIDEN, WADD, WSUB, WMUL, NARROW): f16 and bf16 -> f32, f32 -> f64;
 * f64 has none wider here, so its wide operations are its own. NARROW
 * rounds once to the format. */
#define WHT__F64_WIDE double
#define WHT__F64_WIDEN(w) ((double)(w))
#define WHT__F64_NARROW(v) (v)
#define WHT__F32_WIDE double
#define WHT__F32_WIDEN(w) ((double)(w))
#define WHT__F32_NARROW(v) ((float)(v))
#define WHT__F16_WIDE float
#define WHT__F16_WIDEN(w) ((float)(w))
#define WHT__F16_NARROW(v) wht__f16_round(v)
#define WHT__BF16_WIDE float
#define WHT__BF16_WIDEN(w) ((float)(w))
#define WHT__BF16_NARROW(v) wht__bf16_round(v)

#endif
