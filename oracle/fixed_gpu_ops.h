/* fixed_gpu_ops.h - the element steps of the GPU fixed-point oracle
 * (gpu_fixed.cu), written once for the device kernels and for their host
 * emulation (gpu_fixed_emul.c), so that make check runs the very index and
 * integer arithmetic the GPU runs. The arithmetic is fixed128.c's: values
 * are two's complement __int128 holding x * 2^-q, exact while the width
 * bound of bounds.c gives at most 127 magnitude bits (DESIGN.md section 8;
 * the caller checks it before choosing this engine). Sums, differences and
 * products are taken in unsigned __int128 (wrapping, no undefined
 * behaviour) and are exact under that bound, so the result does not depend
 * on the order of the butterflies: the GPU's integers are the CPU's. */
#ifndef WHT_ORACLE_FIXED_GPU_OPS_H
#define WHT_ORACLE_FIXED_GPU_OPS_H

#include <stdint.h>

#ifdef __CUDACC__
#define WHT__FX_HD __host__ __device__ __forceinline__
#else
#define WHT__FX_HD static inline
#endif

typedef unsigned __int128 wht__u128;
typedef __int128 wht__i128;

/* the double with bits u as an integer multiple of 2^q (fixed128.c's
 * i128_load; bits below 2^q are zero by the choice of q, so the right
 * shift drops only zeros) */
WHT__FX_HD wht__u128 wht__fx_load(uint64_t u, int q)
{
  if ((u << 1) == 0) return 0;
  const unsigned E = (unsigned)(u >> 52) & 0x7ffu;
  uint64_t m = u & ((UINT64_C(1) << 52) - 1);
  int e = -1074;
  if (E) {
    m |= UINT64_C(1) << 52;
    e = (int)E - 1075;
  }
  const int sh = e - q;
  const wht__u128 v = sh >= 0 ? (wht__u128)m << sh : (wht__u128)(m >> -sh);
  const wht__u128 mask = (wht__u128)(wht__i128)((int64_t)u >> 63);
  return (v ^ mask) - mask;
}

/* Group g (0 <= g < n / 2^r) of the r stages s .. s+r-1: its 2^r elements
 * are base + {0 .. 2^r - 1} * 2^s, where base has zeros in bits s .. s+r-1. */
WHT__FX_HD uint64_t wht__fx_group_base(uint64_t g, unsigned s, unsigned r)
{
  const uint64_t low = g & (((uint64_t)1 << s) - 1);
  return ((g >> s) << (s + r)) | low;
}

#define WHT__FX_BF(a, b)                                                                             \
  do {                                                                                               \
    const wht__u128 t_ = (a);                                                                        \
    (a) = t_ + (b);                                                                                  \
    (b) = t_ - (b);                                                                                  \
  } while (0)

/* r stages (1..3) from s on the group of 2^r elements at base + i * 2^s */
WHT__FX_HD void wht__fx_group(wht__u128 *x, uint64_t base, unsigned s, unsigned r)
{
  const uint64_t m = (uint64_t)1 << s;
  wht__u128 v[8];
  const unsigned cnt = 1u << r;
  for (unsigned i = 0; i < cnt; i++) v[i] = x[base + i * m];
  for (unsigned h = 1; h < cnt; h <<= 1)
    for (unsigned i = 0; i < cnt; i++)
      if (!(i & h)) WHT__FX_BF(v[i], v[i + h]);
  for (unsigned i = 0; i < cnt; i++) x[base + i * m] = v[i];
}

/* soft threshold at T (tau in units of 2^q): v - T, 0 or v + T */
WHT__FX_HD wht__u128 wht__fx_phi(wht__u128 xu, wht__i128 T)
{
  const wht__i128 v = (wht__i128)xu;
  return v > T ? (wht__u128)(v - T) : v < -T ? (wht__u128)(v + T) : 0;
}

/* the exact signed product (the low 128 bits, within the bound) */
WHT__FX_HD wht__u128 wht__fx_mul(wht__u128 a, wht__u128 b) { return a * b; }

/* What wht__fx_store did with an element. */
enum { WHT__FX_STORED = 0, WHT__FX_OVERFLOW = 1, WHT__FX_SLOW = 2 };

WHT__FX_HD int wht__fx_clz64(uint64_t v)
{
#ifdef __CUDA_ARCH__
  return __clzll((long long)v);
#else
  return __builtin_clzll(v);
#endif
}

/* the double nearest the 64-bit integer v (round to nearest even) */
WHT__FX_HD double wht__fx_u64_to_double(uint64_t v)
{
#ifdef __CUDA_ARCH__
  return __ull2double_rn((unsigned long long)v);
#else
  return (double)v;
#endif
}

WHT__FX_HD uint64_t wht__fx_bits_of(double d)
{
#ifdef __CUDA_ARCH__
  return (uint64_t)__double_as_longlong(d);
#else
  uint64_t u;
  __builtin_memcpy(&u, &d, sizeof u);
  return u;
#endif
}

/* x * 2^e as hi + lo, the conversion of both the CPU engine (fixed128.c's
 * i128_store) and the GPU executor where hi and lo are both normal doubles:
 * hi = RN(x 2^e) and lo = RN of the rest, as IEEE bit patterns, into
 * hl[0], hl[1]. Normalise |x| to bit 127; its top 53 bits are hi's
 * significand, the 75 below (`rest`, weight 2^(lead-180) per unit) decide
 * the rounding without branches and are lo's exact value (negated when hi
 * rounded up). lo is rounded by the u64 -> double conversion, exact in
 * effect because the top 64 bits carry a sticky bit, and scaled by adding
 * to its exponent field (normal range, so exact). Returns WHT__FX_STORED,
 * WHT__FX_OVERFLOW (hi = +-inf, lo = 0) or WHT__FX_SLOW where the leading
 * bit lies beyond 2^1023 or below 2^-842 (near overflow or subnormal),
 * left to fixed128.c's general conversion (hl untouched). */
WHT__FX_HD int wht__fx_store(wht__u128 x, int e, uint64_t *hl)
{
  if (x == 0) {
    hl[0] = hl[1] = 0;
    return WHT__FX_STORED;
  }
  const wht__u128 H = (wht__u128)1 << 127;
  const uint64_t neg = (uint64_t)(x >> 127);
  const wht__u128 M = neg ? -x : x;
  const uint64_t mh = (uint64_t)(M >> 64);
  const int b = mh ? 128 - wht__fx_clz64(mh) : 64 - wht__fx_clz64((uint64_t)M);
  const long lead = (long)e + b - 1;
  if (lead > 1023 || lead < -842) return WHT__FX_SLOW;
  const wht__u128 Mn = M << (128 - b);
  uint64_t top = (uint64_t)(Mn >> 75);
  const wht__u128 rest = Mn << 53;
  const uint64_t up = (uint64_t)(rest > H) | ((uint64_t)(rest == H) & top);
  top += up;
  const uint64_t hb = ((uint64_t)(lead + 1022) << 52) + top;
  if (hb >= UINT64_C(0x7ff0000000000000)) {
    hl[0] = UINT64_C(0x7ff0000000000000) | neg << 63;
    hl[1] = 0;
    return WHT__FX_OVERFLOW;
  }
  hl[0] = hb | neg << 63;
  const wht__u128 r = up ? -rest : rest;
  if (r == 0) {
    hl[1] = 0;
    return WHT__FX_STORED;
  }
  const uint64_t rh = (uint64_t)(r >> 64);
  const int br = rh ? 128 - wht__fx_clz64(rh) : 64 - wht__fx_clz64((uint64_t)r);
  const wht__u128 rn = r << (128 - br);
  const uint64_t t64 = (uint64_t)(rn >> 64) | (uint64_t)((uint64_t)rn != 0);
  uint64_t lb = wht__fx_bits_of(wht__fx_u64_to_double(t64)); /* in [2^63, 2^64] */
  lb = (uint64_t)((int64_t)lb + (int64_t)(lead - 244 + br) * ((int64_t)1 << 52));
  hl[1] = lb | (neg ^ up) << 63;
  return WHT__FX_STORED;
}

#endif
