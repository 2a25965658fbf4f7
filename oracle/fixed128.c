/* fixed128.c - the fast fixed-point engine: every value is a two's
 * complement __int128 holding x * 2^-q. Exact while the width bound of
 * bounds.c gives at most 127 magnitude bits (B + 1 <= 128): then no sum,
 * difference or product leaves the range and the arithmetic, done in
 * unsigned __int128 (wrapping, so no undefined behaviour), is exact.
 * The FWHT fuses up to three stages (radix 8) per pass over blocks from
 * wht__fwht_blocked. Output conversion splits the exact integer into
 * hi = RN(X * 2^e) and lo = RN(X * 2^e - hi) with integer rounding, exact
 * in both the normal and the subnormal range of double; where the engine
 * works inside the output array it runs in the last pass of the last
 * transform (fwht_store), each group converting the outputs it has just
 * made. */
#include <string.h>
#include "oracle_internal.h"
#include "wht_parallel.h"
#include "fixed_gpu_ops.h"

/* Elements are accessed as u128a: may_alias and 8-byte alignment let the
 * engine run inside the caller's wht_dd output array (16 bytes an element)
 * and convert it in place, so one-way needs no second n-element buffer.
 * Every loop over elements or butterfly groups runs on all threads
 * (wht_parallel.h): each iteration owns its elements and the integers are
 * exact, so the result is the same for any thread count. */
typedef unsigned __int128 u128;
typedef unsigned __int128 u128a __attribute__((may_alias, aligned(8)));
typedef __int128 i128;

static void i128_load(u128a *X, const double *x, size_t n, int q)
{
  for (size_t i = 0; i < n; i++) {
    uint64_t u;
    memcpy(&u, &x[i], sizeof u);
    if ((u << 1) == 0) {
      X[i] = 0;
      continue;
    }
    int e;
    uint64_t m = wht__dbl_significand(u, &e);
    int sh = e - q; /* the bits below 2^q are zero, so a right shift drops only zeros */
    u128 v = sh >= 0 ? (u128)m << sh : (u128)(m >> -sh);
    u128 mask = (u128)(i128)((int64_t)u >> 63); /* all ones when negative: no branch on a random sign */
    X[i] = (v ^ mask) - mask;
  }
}

/* ---- conversion to hi + lo --------------------------------------------- */
static inline int bitlen(u128 M)
{
  uint64_t h = (uint64_t)(M >> 64);
  return h ? 128 - __builtin_clzll(h) : 64 - __builtin_clzll((uint64_t)M);
}

/* Bits of the magnitude of RN(M * 2^e) (M > 0, nearest-even, subnormals
 * kept): the integer significand `top` sits on the grid 2^ulp with
 * ulp = max(e_lead - 52, -1074), and ((ulp + 1074) << 52) + top is the IEEE
 * pattern, a carry out of the significand stepping the exponent as it must.
 * *rem receives the part below the grid (M - top * 2^sh, |.| < 2^sh, sign
 * in *rneg) for lo; returns UINT64_MAX when the value overflows double. */
static uint64_t round_bits(u128 M, int e, u128 *rem, int *rneg)
{
  int b = bitlen(M);
  long lead = (long)e + b - 1;
  *rem = 0;
  *rneg = 0;
  if (lead > 1023) return UINT64_MAX;
  long ulp = lead - 52 < -1074 ? -1074 : lead - 52;
  long sh = ulp - e;
  uint64_t top;
  if (sh <= 0) {
    top = (uint64_t)(M << -sh); /* exact: fewer than 54 bits */
  } else if (sh >= 128) {
    top = 0;                    /* below half the smallest subnormal */
    *rem = M;
  } else {
    u128 low = M & (((u128)1 << sh) - 1), half = (u128)1 << (sh - 1);
    top = (uint64_t)(M >> sh);
    if (low > half || (low == half && (top & 1))) {
      top++;
      *rem = ((u128)1 << sh) - low;
      *rneg = 1;
    } else {
      *rem = low;
    }
  }
  uint64_t bits = ((uint64_t)(ulp + 1074) << 52) + top;
  return bits >= UINT64_C(0x7ff0000000000000) ? UINT64_MAX : bits;
}

/* General conversion (any exponent, subnormal and overflow included). */
static int to_dd_slow(u128 M, int neg, int e, wht_dd *o)
{
  u128 R, R2;
  int rneg, r2neg;
  uint64_t hb = round_bits(M, e, &R, &rneg);
  if (hb == UINT64_MAX) {
    o->hi = wht__dbl_from_bits(UINT64_C(0x7ff0000000000000), neg);
    o->lo = 0.0;
    return 1;
  }
  o->hi = wht__dbl_from_bits(hb, neg);
  /* lo = RN(R * 2^e) with the sign of X - hi; its own remainder is dropped */
  o->lo = R == 0 ? 0.0 : wht__dbl_from_bits(round_bits(R, e, &R2, &r2neg), neg != rneg);
  return 0;
}

/* The conversion of one element: wht__fx_store (fixed_gpu_ops.h, the GPU
 * oracle's too) where hi and lo are both normal doubles, the general one
 * above where it leaves the element (leading bit beyond 2^1023 or below
 * 2^-842). o may alias the integer's own 16 bytes (x is read first).
 * Returns 1 when the output overflows double. */
static inline size_t dd_store(u128 x, int e, wht_dd *o)
{
  uint64_t hl[2];
  const int r = wht__fx_store(x, e, hl);
  if (r == WHT__FX_SLOW) {
    const int neg = (int)(x >> 127);
    return (size_t)to_dd_slow(neg ? -x : x, neg, e, o);
  }
  memcpy(&o->hi, &hl[0], sizeof hl[0]);
  memcpy(&o->lo, &hl[1], sizeof hl[1]);
  return r == WHT__FX_OVERFLOW;
}

static size_t i128_store(unsigned limbs, const void *Xv, size_t n, int e, wht_dd *out)
{
  (void)limbs;
  const u128a *X = Xv; /* may be out itself: X[i] is read before out[i] is written */
  size_t over = 0;     /* an integer count: the same for any split */
  const int simd = (void *)X == (void *)out && wht__i128x4_available(); /* in place: eight at a time */
  WHT__OMP(omp parallel for schedule(static) reduction(+ : over) num_threads(wht__threads_for(n)))
  for (size_t b = 0; b < (n + 7) / 8; b++) {
    const size_t i0 = 8 * b, i1 = i0 + 8 < n ? i0 + 8 : n;
    if (simd && i1 - i0 == 8 && wht__i128x8_store((void *)&X[i0], (void *)&X[i0 + 4], e)) continue;
    for (size_t i = i0; i < i1; i++) over += dd_store(X[i], e, &out[i]);
  }
  return over;
}

/* ---- FWHT ------------------------------------------------------------- */
#define BF(a, b) do { u128 t_ = (a); (a) = t_ + (b); (b) = t_ - (b); } while (0)

/* A group's outputs go back as integers, or, in the last pass of a fused
 * transform (DD: a constant), straight to hi + lo at 2^e in the same 16
 * bytes: one pass over the array less than converting afterwards. Return
 * how many outputs overflow double. */
static inline size_t put(u128a *p, u128 v, int DD, int e)
{
  if (!DD) {
    *p = v;
    return 0;
  }
  return dd_store(v, e, (wht_dd *)p);
}

static inline size_t radix2(u128a *p, size_t m, int DD, int e)
{
  u128 a = p[0], b = p[m];
  BF(a, b);
  return put(p, a, DD, e) + put(p + m, b, DD, e);
}

static inline size_t radix4(u128a *p, size_t m, int DD, int e)
{
  u128 a = p[0], b = p[m], c = p[2 * m], d = p[3 * m];
  BF(a, b); BF(c, d);
  BF(a, c); BF(b, d);
  return put(p, a, DD, e) + put(p + m, b, DD, e) + put(p + 2 * m, c, DD, e) + put(p + 3 * m, d, DD, e);
}

static inline size_t radix8(u128a *p, size_t m, int DD, int e)
{
  u128 v0 = p[0], v1 = p[m], v2 = p[2 * m], v3 = p[3 * m];
  u128 v4 = p[4 * m], v5 = p[5 * m], v6 = p[6 * m], v7 = p[7 * m];
  BF(v0, v1); BF(v2, v3); BF(v4, v5); BF(v6, v7);
  BF(v0, v2); BF(v1, v3); BF(v4, v6); BF(v5, v7);
  BF(v0, v4); BF(v1, v5); BF(v2, v6); BF(v3, v7);
  return put(p, v0, DD, e) + put(p + m, v1, DD, e) + put(p + 2 * m, v2, DD, e) + put(p + 3 * m, v3, DD, e) +
         put(p + 4 * m, v4, DD, e) + put(p + 5 * m, v5, DD, e) + put(p + 6 * m, v6, DD, e) +
         put(p + 7 * m, v7, DD, e);
}

/* A pass of radix r at stage s (m = 2^s) is len / r independent groups;
 * group g starts at (g >> s) r m + (g mod m). A pass over the whole array
 * runs its groups in one contiguous range per thread
 * (wht__parallel_chunks; serial inside a block of wht__fwht_blocked,
 * which is threaded itself): each group owns its elements, so the order
 * cannot change the exact integers. */
typedef struct {
  u128a *x;
  unsigned s;
  int e;        /* fused conversion (the _dd groups): output exponent, */
  size_t *over; /* and the count of outputs that overflow (atomic: an integer sum) */
  int simd;     /* groups four at a time (fixed128_avx512.c) where m >= 4 */
} pass_ctx;

/* the conversion after four groups ran as integers (fixed128_avx512.c):
 * their r rows of four values each, in place (in L1 still) */
static size_t convert_x4(u128a *p, size_t m, unsigned r, int e)
{
  size_t over = 0;
  for (unsigned i = 0; i < r; i += 2) /* two rows' eight values at a time, where they take the common path */
    if (!wht__i128x8_store(p + i * m, p + (i + 1) * m, e))
      for (unsigned k = i; k < i + 2; k++)
        for (unsigned q = 0; q < 4; q++) over += dd_store(p[k * m + q], e, (wht_dd *)&p[k * m + q]);
  return over;
}

/* VEC: the four-group function (NULL: scalar only); the runs of m groups
 * take it from the first j divisible by 4 on, the scalar groups around */
#define GROUPS(name, r, radix, DD, VEC)                                           \
  static void name(const void *cv, uint64_t g0, uint64_t g1)                      \
  {                                                                               \
    const pass_ctx *c = cv;                                                       \
    const unsigned s = c->s;                                                      \
    const size_t m = (size_t)1 << s;                                              \
    void (*const vec)(void *, size_t) = c->simd && m >= 4 ? VEC : NULL;           \
    size_t over = 0;                                                              \
    if (m == 1) { /* stage 0: the groups are consecutive */                       \
      for (size_t g = g0; g < g1; g++) over += radix(c->x + g * (r), 1, DD, c->e); \
    } else {                                                                      \
      for (size_t g = g0; g < g1;) { /* the rest of one run of m groups */        \
        u128a *p = c->x + (g >> s) * (r) * m;                                     \
        const size_t j0 = g & (m - 1), j1 = m - j0 < g1 - g ? m : j0 + (g1 - g); \
        size_t j = j0;                                                            \
        if (vec) {                                                                \
          for (; j < j1 && (j & 3); j++) over += radix(p + j, m, DD, c->e);      \
          for (; j + 4 <= j1; j += 4) {                                           \
            vec(p + j, m);                                                        \
            if (DD) over += convert_x4(p + j, m, r, c->e);                        \
          }                                                                       \
        }                                                                         \
        for (; j < j1; j++) over += radix(p + j, m, DD, c->e);                   \
        g += j1 - j0;                                                             \
      }                                                                           \
    }                                                                             \
    if (DD && over) __atomic_fetch_add(c->over, over, __ATOMIC_RELAXED);          \
  }
GROUPS(groups2, 2, radix2, 0, NULL)
GROUPS(groups4, 4, radix4, 0, wht__i128x4_radix4)
GROUPS(groups8, 8, radix8, 0, wht__i128x4_radix8)
GROUPS(groups2_dd, 2, radix2, 1, NULL)
GROUPS(groups4_dd, 4, radix4, 1, wht__i128x4_radix4)
GROUPS(groups8_dd, 8, radix8, 1, wht__i128x4_radix8)
#undef GROUPS

/* One pass of radix r at stage s; over != NULL: the last pass, converting. */
static void pass(u128a *x, size_t len, unsigned s, unsigned r, int e, size_t *over)
{
  static const wht__chunk_fn fn[2][3] = { { groups2, groups4, groups8 },
                                          { groups2_dd, groups4_dd, groups8_dd } };
  const pass_ctx c = { x, s, e, over, wht__i128x4_available() };
  wht__parallel_chunks(len / r, len, fn[over != NULL][r == 8 ? 2 : r == 4 ? 1 : 0], &c);
}

/* Stages s0 .. s1-1 of the 2^lk values at xv in passes of radix 8 (then 4,
 * 2); dd != NULL: the last pass converts to hi + lo (dd->e, dd->over). */
typedef struct {
  int e;
  size_t over;
} dd_job;

static void run_stages(u128a *x, unsigned lk, unsigned s0, unsigned s1, dd_job *dd)
{
  const size_t len = (size_t)1 << lk;
  unsigned s = s0;
  /* stages 0 and 1 inside AVX-512 registers (never the converting pass:
   * three or more stages follow); only blocks and small transforms start
   * at stage 0, on one thread */
  if (s == 0 && s1 >= 5 && len >= 4 && wht__i128x4_available()) {
    wht__i128x4_stages01(x, len);
    s = 2;
  }
  while (s < s1) {
    const unsigned r = s1 - s >= 3 ? 8 : s1 - s == 2 ? 4 : 2, w = r == 8 ? 3 : r == 4 ? 2 : 1;
    pass(x, len, s, r, dd ? dd->e : 0, dd && s + w == s1 ? &dd->over : NULL);
    s += w;
  }
}

/* wht__fwht_blocked's stage function for the limb engine's slices (ctx: its own) */
static void i128_stages(void *xv, unsigned lk, unsigned s0, unsigned s1, const void *ctx)
{
  (void)ctx;
  run_stages(xv, lk, s0, s1, NULL);
}

void wht__i128_fwht(void *X, unsigned k, wht__prep_fn prep, const void *ctx)
{
  wht__fwht_blocked(X, k, sizeof(u128), i128_stages, prep, ctx, wht__threads_for((uint64_t)1 << k));
}

/* This engine's own transforms: an optional load (x != NULL) fused into the
 * first stages, an optional conversion (dd != NULL) into the last pass,
 * which is the one call of the stage function with lk = k (fwht_blocked.c). */
typedef struct {
  const double *x;
  int q;
  unsigned k;
  dd_job *dd;
} i128_job;

static void job_prep(void *X, size_t first, size_t len, const void *ctx)
{
  const i128_job *j = ctx;
  i128_load((u128a *)X + first, j->x + first, len, j->q);
}

static void job_stages(void *xv, unsigned lk, unsigned s0, unsigned s1, const void *ctx)
{
  const i128_job *j = ctx;
  run_stages(xv, lk, s0, s1, lk == j->k ? j->dd : NULL);
}

static void job_run(void *X, const double *x, unsigned k, int q, dd_job *dd)
{
  const i128_job j = { x, q, k, dd };
  wht__fwht_blocked(X, k, sizeof(u128), job_stages, x ? job_prep : NULL, &j, wht__threads_for((uint64_t)1 << k));
}

static void i128_fwht(unsigned limbs, void *X, unsigned k, long bits, void *scratch)
{
  (void)limbs;
  (void)bits;
  (void)scratch;
  job_run(X, NULL, k, 0, NULL);
}

static void i128_load_fwht(unsigned limbs, void *X, const double *x, unsigned k, int q, long bits,
                          void *scratch)
{
  (void)limbs;
  (void)bits;
  (void)scratch;
  job_run(X, x, k, q, NULL);
}

/* The same with the conversion to hi + lo at 2^e fused into the last pass
 * (X is out: 16 bytes an element); returns store's count. Only where the
 * last pass streams over the array from the calling thread, threaded
 * (wht__fwht_block_log2): below, the whole transform is one cache block on
 * one thread, and the separate conversion, in cache and on all threads, is
 * the faster one. */
static size_t i128_fwht_store(unsigned limbs, void *X, const double *x, unsigned k, int q, int e)
{
  if (k <= wht__fwht_block_log2(sizeof(u128))) {
    job_run(X, x, k, q, NULL);
    return i128_store(limbs, X, (size_t)1 << k, e, X);
  }
  dd_job dd = { e, 0 };
  job_run(X, x, k, q, &dd);
  return dd.over;
}

/* ---- soft threshold and product ---------------------------------------- */
static void i128_phi(unsigned limbs, void *Xv, size_t n, double tau, int q)
{
  (void)limbs;
  u128a Tu;
  i128_load(&Tu, &tau, 1, q);
  i128 T = (i128)Tu;
  u128a *X = Xv;
  WHT__OMP(omp parallel for schedule(static) num_threads(wht__threads_for(n)))
  for (size_t i = 0; i < n; i++) {
    i128 v = (i128)X[i];
    X[i] = v > T ? (u128)(v - T) : v < -T ? (u128)(v + T) : 0;
  }
}

static void i128_mul(unsigned limbs, void *Av, const void *Bv, size_t n)
{
  (void)limbs;
  u128a *A = Av;
  const u128a *B = Bv;
  WHT__OMP(omp parallel for schedule(static) num_threads(wht__threads_for(n)))
  for (size_t i = 0; i < n; i++) A[i] *= B[i]; /* low 128 bits: the exact signed product */
}

const wht__fixed_engine wht__i128_engine = {
  .limbs = 2,
  .load_fwht = i128_load_fwht,
  .fwht = i128_fwht,
  .phi = i128_phi,
  .mul = i128_mul,
  .store = i128_store,
  .fwht_store = i128_fwht_store,
};
