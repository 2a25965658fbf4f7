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

/* the finite double with bits u as m 2^e: its integer significand m (53
 * bits, fewer when subnormal) and *e */
WHT__FX_HD uint64_t wht__fx_significand(uint64_t u, int *e)
{
  const unsigned E = (unsigned)(u >> 52) & 0x7ffu;
  uint64_t m = u & ((UINT64_C(1) << 52) - 1);
  *e = -1074;
  if (E) {
    m |= UINT64_C(1) << 52;
    *e = (int)E - 1075;
  }
  return m;
}

/* the double with bits u as an integer multiple of 2^q (fixed128.c's
 * i128_load; bits below 2^q are zero by the choice of q, so the right
 * shift drops only zeros) */
WHT__FX_HD wht__u128 wht__fx_load(uint64_t u, int q)
{
  if ((u << 1) == 0) return 0;
  int e;
  const uint64_t m = wht__fx_significand(u, &e);
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

/* The transform's passes over device memory: tiles of 2^b elements
 * base + {0 .. 2^b - 1} * 2^s (base = wht__fx_group_base(g, s, b)), each
 * loaded into shared memory (32 KiB: 2^11 __int128 or 2^10 256-bit
 * values), given its b stages as radix-8 groups (then radix-4 or -2), and
 * written back: ceil(k / 11) or ceil(k / 10) passes instead of k / 3. */
#define WHT__FX_TILE_LOG2_128 11u
#define WHT__FX_TILE_LOG2_256 10u

#define WHT__FX_BF(a, b)                                                                             \
  do {                                                                                               \
    const wht__u128 t_ = (a);                                                                        \
    (a) = t_ + (b);                                                                                  \
    (b) = t_ - (b);                                                                                  \
  } while (0)

/* name(x, base, s, r): r stages (1..3) from s on the group of 2^r values
 * of type T at base + i * 2^s, by the butterfly BF; for both widths */
#define WHT__FX_GROUP(name, T, BF)                                                                   \
  WHT__FX_HD void name(T *x, uint64_t base, unsigned s, unsigned r)                                  \
  {                                                                                                  \
    const uint64_t m = (uint64_t)1 << s;                                                             \
    T v[8];                                                                                          \
    const unsigned cnt = 1u << r;                                                                    \
    for (unsigned i = 0; i < cnt; i++) v[i] = x[base + i * m];                                       \
    for (unsigned h = 1; h < cnt; h <<= 1)                                                           \
      for (unsigned i = 0; i < cnt; i++)                                                             \
        if (!(i & h)) BF(v[i], v[i + h]);                                                            \
    for (unsigned i = 0; i < cnt; i++) x[base + i * m] = v[i];                                       \
  }
WHT__FX_GROUP(wht__fx_group, wht__u128, WHT__FX_BF)

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

/* The range scan's element (bounds.c, wht__range_scan): for the double
 * with bits u, 0 when it is zero, -1 when it is not finite, else 1 with
 * the exponents of its lowest set bit and of its leading bit. */
WHT__FX_HD int wht__fx_exps(uint64_t u, int *low, int *lead)
{
  if ((u << 1) == 0) return 0;
  if ((~u & (UINT64_C(0x7ff) << 52)) == 0) return -1;
  int e;
  const uint64_t m = wht__fx_significand(u, &e);
#ifdef __CUDA_ARCH__
  *low = e + __ffsll((long long)m) - 1;
#else
  *low = e + __builtin_ctzll(m);
#endif
  *lead = e + 63 - wht__fx_clz64(m);
  return 1;
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

/* ---- 256-bit values: the engine for data of 129..256 bits ---------------
 * The same proof obligation with 256 bits (B + 1 <= 256): two's complement
 * integers of two unsigned __int128 halves, sums, differences and products
 * taken modulo 2^256 (exact under the bound), so again the integers do not
 * depend on the order of the butterflies. The conversion to hi + lo is the
 * CPU limb engine's (fixedwide.c calls wht__fx_store_limbs too). */
typedef struct {
  wht__u128 lo, hi;
} wht__u256;

WHT__FX_HD wht__u256 wht__fx_w_add(wht__u256 a, wht__u256 b)
{
  wht__u256 r;
  r.lo = a.lo + b.lo;
  r.hi = a.hi + b.hi + (wht__u128)(r.lo < a.lo);
  return r;
}

WHT__FX_HD wht__u256 wht__fx_w_sub(wht__u256 a, wht__u256 b)
{
  wht__u256 r;
  r.lo = a.lo - b.lo;
  r.hi = a.hi - b.hi - (wht__u128)(a.lo < b.lo);
  return r;
}

WHT__FX_HD wht__u256 wht__fx_w_neg(wht__u256 a)
{
  const wht__u256 z = { 0, 0 };
  return wht__fx_w_sub(z, a);
}

/* a < b as signed 256-bit integers */
WHT__FX_HD int wht__fx_w_less(wht__u256 a, wht__u256 b)
{
  return (wht__i128)a.hi < (wht__i128)b.hi || (a.hi == b.hi && a.lo < b.lo);
}

/* wht__fx_load in 256 bits: shifts up to 255 - 53 (the bound keeps every
 * magnitude below 2^255) */
WHT__FX_HD wht__u256 wht__fx_load_w(uint64_t u, int q)
{
  wht__u256 v = { 0, 0 };
  if ((u << 1) == 0) return v;
  int e;
  const uint64_t m = wht__fx_significand(u, &e);
  const int sh = e - q;
  if (sh < 0) {
    v.lo = m >> -sh;
  } else if (sh < 128) {
    v.lo = (wht__u128)m << sh;
    v.hi = sh ? (wht__u128)m >> (128 - sh) : 0;
  } else {
    v.hi = (wht__u128)m << (sh - 128);
  }
  return u >> 63 ? wht__fx_w_neg(v) : v;
}

#define WHT__FX_BF_W(a, b)                                                                           \
  do {                                                                                               \
    const wht__u256 t_ = (a);                                                                        \
    (a) = wht__fx_w_add(t_, (b));                                                                    \
    (b) = wht__fx_w_sub(t_, (b));                                                                    \
  } while (0)

/* wht__fx_group on 256-bit values */
WHT__FX_GROUP(wht__fx_group_w, wht__u256, WHT__FX_BF_W)

/* soft threshold at T >= 0: v - T, 0 or v + T */
WHT__FX_HD wht__u256 wht__fx_phi_w(wht__u256 v, wht__u256 T)
{
  const wht__u256 mT = wht__fx_w_neg(T);
  if (wht__fx_w_less(T, v)) return wht__fx_w_sub(v, T);
  if (wht__fx_w_less(v, mT)) return wht__fx_w_add(v, T);
  const wht__u256 z = { 0, 0 };
  return z;
}

/* the full unsigned 128 x 128 -> 256-bit product, from four 64 x 64 ones */
WHT__FX_HD wht__u256 wht__fx_mul_full(wht__u128 a, wht__u128 b)
{
  const uint64_t a0 = (uint64_t)a, a1 = (uint64_t)(a >> 64), b0 = (uint64_t)b, b1 = (uint64_t)(b >> 64);
  const wht__u128 p00 = (wht__u128)a0 * b0, p01 = (wht__u128)a0 * b1;
  const wht__u128 p10 = (wht__u128)a1 * b0, p11 = (wht__u128)a1 * b1;
  const wht__u128 mid = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10;                  /* < 3 * 2^64 */
  const wht__u128 mid2 = (mid >> 64) + (p01 >> 64) + (p10 >> 64) + (uint64_t)p11;     /* < 4 * 2^64 */
  wht__u256 r;
  r.lo = (wht__u128)(uint64_t)p00 | (wht__u128)(uint64_t)mid << 64;
  r.hi = (wht__u128)(uint64_t)mid2 | (wht__u128)((uint64_t)(p11 >> 64) + (uint64_t)(mid2 >> 64)) << 64;
  return r;
}

/* the two's complement product modulo 2^256 (exact within the bound) */
WHT__FX_HD wht__u256 wht__fx_mul_w(wht__u256 a, wht__u256 b)
{
  wht__u256 r = wht__fx_mul_full(a.lo, b.lo);
  r.hi += a.hi * b.lo + a.lo * b.hi;
  return r;
}

/* the exact signed product of two __int128 values as a 256-bit one: the
 * unsigned product of the bit patterns, less 2^128 b for a < 0 and 2^128 a
 * for b < 0 (modulo 2^256) */
WHT__FX_HD wht__u256 wht__fx_mul_lift(wht__u128 a, wht__u128 b)
{
  wht__u256 r = wht__fx_mul_full(a, b);
  if (a >> 127) r.hi -= b;
  if (b >> 127) r.hi -= a;
  return r;
}

/* an __int128 value as a 256-bit one (sign extension) */
WHT__FX_HD wht__u256 wht__fx_lift(wht__u128 a)
{
  wht__u256 r;
  r.lo = a;
  r.hi = (wht__u128)((wht__i128)a >> 127);
  return r;
}

/* ---- conversion of a magnitude of L limbs to hi + lo --------------------
 * fixedwide.c's conversion, for one element, written once for it and for
 * the 256-bit GPU engine: hi = RN(M 2^e), lo = RN(M 2^e - hi), subnormal
 * and overflowing outputs included (no element is left to another engine). */
WHT__FX_HD void wht__fx_neg_limbs(uint64_t *a, unsigned L)
{
  unsigned c = 1;
  for (unsigned l = 0; l < L; l++) {
    const uint64_t v = ~a[l] + c;
    c = c && v == 0;
    a[l] = v;
  }
}

WHT__FX_HD long wht__fx_bitlen(const uint64_t *a, unsigned L)
{
  for (unsigned l = L; l-- > 0;)
    if (a[l]) return 64L * l + 64 - wht__fx_clz64(a[l]);
  return 0;
}

/* bits pos .. pos+63 */
WHT__FX_HD uint64_t wht__fx_get64(const uint64_t *a, unsigned L, long pos)
{
  if (pos >= 64L * L) return 0;
  const unsigned w = (unsigned)(pos / 64), o = (unsigned)(pos % 64);
  uint64_t v = a[w] >> o;
  if (o && w + 1 < L) v |= a[w + 1] << (64 - o);
  return v;
}

WHT__FX_HD int wht__fx_getbit(const uint64_t *a, unsigned L, long pos)
{
  return pos < 64L * L ? (int)((a[pos / 64] >> (pos % 64)) & 1) : 0;
}

/* a bit set in [0, pos) */
WHT__FX_HD int wht__fx_any_below(const uint64_t *a, unsigned L, long pos)
{
  if (pos > 64L * L) pos = 64L * L;
  const unsigned w = (unsigned)(pos / 64), o = (unsigned)(pos % 64);
  for (unsigned l = 0; l < w; l++)
    if (a[l]) return 1;
  return o && (a[w] & ((UINT64_C(1) << o) - 1)) != 0;
}

/* As fixed128.c's round_bits: bits of RN(M * 2^e) for M > 0; *up says the
 * significand was rounded up, *shp is the grid position sh (bits of M
 * below it form the remainder). UINT64_MAX on overflow. */
WHT__FX_HD uint64_t wht__fx_round_limbs(const uint64_t *M, unsigned L, int e, int *up, long *shp)
{
  const long lead = (long)e + wht__fx_bitlen(M, L) - 1;
  *up = 0;
  *shp = 0;
  if (lead > 1023) return UINT64_MAX;
  const long ulp = lead - 52 < -1074 ? -1074 : lead - 52;
  const long sh = ulp - e;
  uint64_t top;
  if (sh <= 0) {
    top = M[0] << -sh; /* exact: M has fewer than 54 bits */
  } else {
    top = wht__fx_get64(M, L, sh);
    const int rb = wht__fx_getbit(M, L, sh - 1);
    if (rb && (wht__fx_any_below(M, L, sh - 1) || (top & 1))) {
      top++;
      *up = 1;
    }
    *shp = sh;
  }
  const uint64_t bits = ((uint64_t)(ulp + 1074) << 52) + top;
  return bits >= UINT64_C(0x7ff0000000000000) ? UINT64_MAX : bits;
}

/* the magnitude M (L limbs, overwritten) with sign neg, times 2^e, as the
 * IEEE bits of hi and lo in hl[0], hl[1]; WHT__FX_STORED or
 * WHT__FX_OVERFLOW (hi = +-inf, lo = +0) */
WHT__FX_HD int wht__fx_store_limbs(uint64_t *M, unsigned L, int neg, int e, uint64_t *hl)
{
  const uint64_t sgn = (uint64_t)(neg != 0) << 63;
  hl[0] = hl[1] = 0;
  if (wht__fx_bitlen(M, L) == 0) return WHT__FX_STORED;
  int up, up2;
  long sh, sh2;
  const uint64_t hb = wht__fx_round_limbs(M, L, e, &up, &sh);
  if (hb == UINT64_MAX) {
    hl[0] = UINT64_C(0x7ff0000000000000) | sgn;
    return WHT__FX_OVERFLOW;
  }
  hl[0] = hb | sgn;
  /* remainder R = M mod 2^sh, or 2^sh - that when rounded up (sign flips) */
  if (sh > 64L * L) sh = 64L * L;
  const unsigned w = (unsigned)(sh / 64), o = (unsigned)(sh % 64);
  if (w < L) {
    M[w] &= o ? (UINT64_C(1) << o) - 1 : 0;
    for (unsigned l = w + 1; l < L; l++) M[l] = 0;
  }
  if (up) {
    wht__fx_neg_limbs(M, L); /* -R mod 2^(64L); keep the low sh bits = 2^sh - R */
    if (w < L) {
      M[w] &= o ? (UINT64_C(1) << o) - 1 : 0;
      for (unsigned l = w + 1; l < L; l++) M[l] = 0;
    }
  }
  if (wht__fx_bitlen(M, L) == 0) return WHT__FX_STORED;
  hl[1] = wht__fx_round_limbs(M, L, e, &up2, &sh2) | (uint64_t)((neg != 0) != up) << 63;
  return WHT__FX_STORED;
}

/* a 256-bit value times 2^e as hi + lo (wht__fx_store_limbs) */
WHT__FX_HD int wht__fx_store_w(wht__u256 x, int e, uint64_t *hl)
{
  const int neg = (int)(x.hi >> 127);
  if (neg) x = wht__fx_w_neg(x);
  uint64_t M[4] = { (uint64_t)x.lo, (uint64_t)(x.lo >> 64), (uint64_t)x.hi, (uint64_t)(x.hi >> 64) };
  return wht__fx_store_limbs(M, 4, neg, e, hl);
}

#endif
