/* fixedwide.c - the fixed-point engine for data too wide for __int128
 * (f64 two-way and smoothed at large n, xor-conv's products, wide exponent
 * ranges): each value is a two's complement integer of L 64-bit limbs
 * (little-endian) holding x * 2^-q. Exact while the width bound of
 * bounds.c gives B + 1 <= 64 L bits: sums, products and the soft threshold
 * (taken modulo 2^(64 L), which is the exact value when it fits) never
 * leave the range. The FWHT itself runs as __int128 transforms of slices
 * of at most 127 - k bits, each exact (see below). Conversion to hi + lo
 * rounds the exact integer by reading its bits, as fixed128.c does. Every
 * loop over elements runs on all threads (wht_parallel.h): an iteration
 * touches only its own element's limbs, so the integers, and hi + lo, do
 * not depend on the thread count. */
#include <stdlib.h>
#include <string.h>
#include "fixed_gpu_ops.h"
#include "oracle_internal.h"
#include "wht_parallel.h"

typedef unsigned __int128 u128;
#define MAXL WHT__FIXED_MAX_LIMBS

static int is_negative(const uint64_t *a, unsigned L) { return (int)(a[L - 1] >> 63); }

static void load_one(uint64_t *X, unsigned L, double x, int q)
{
  memset(X, 0, L * sizeof *X);
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  if ((u << 1) == 0) return;
  int e;
  uint64_t m = wht__dbl_significand(u, &e);
  int sh = e - q;
  if (sh < 0) {
    m >>= -sh; /* only zero bits below 2^q */
    sh = 0;
  }
  unsigned w = (unsigned)sh / 64, o = (unsigned)sh % 64;
  X[w] = m << o;
  if (o && w + 1 < L) X[w + 1] = m >> (64 - o);
  if (u >> 63) wht__fx_neg_limbs(X, L);
}


/* ---- FWHT by slices --------------------------------------------------- *
 * H is linear: write each value as a sum of w-bit slices, X = sum_j S_j
 * 2^(j w), with the top slice signed and the others unsigned in [0, 2^w),
 * w = 127 - k. Then H X = sum_j 2^(j w) H S_j, and each H S_j fits in
 * __int128 (|H S_j| < 2^(w + k) = 2^127), so it is done by the fast
 * blocked engine of fixed128.c. The slices are taken from the top down:
 * slice j's contribution only touches bits at and above j w, where the
 * original bits have already been read, so the sum is built in place. */
typedef unsigned __int128 u128wa __attribute__((may_alias, aligned(8))); /* scratch is the wht_dd output */

/* One slice being cut out of the values: its limb position p and shift sh,
 * the mask that keeps the bits outside it, and its own mask. */
typedef struct {
  uint64_t *X;
  unsigned L, p, sh;
  uint64_t keep[MAXL];
  u128 mask;
} slice;

/* prep of the __int128 FWHT: T[first ..] = the slice of X[first ..], and
 * those bits cleared in X (they become the accumulator) */
static void cut_slice(void *Tv, size_t first, size_t len, const void *ctx)
{
  const slice *c = ctx;
  u128wa *T = Tv;
  unsigned L = c->L, p = c->p, sh = c->sh;
  for (size_t i = first; i < first + len; i++) {
    uint64_t *x = c->X + i * L;
    uint64_t ext = (uint64_t)0 - (x[L - 1] >> 63);
    uint64_t l0 = p < L ? x[p] : ext, l1 = p + 1 < L ? x[p + 1] : ext, l2 = p + 2 < L ? x[p + 2] : ext;
    uint64_t lo = sh ? (l0 >> sh) | (l1 << (64 - sh)) : l0;
    uint64_t hi = sh ? (l1 >> sh) | (l2 << (64 - sh)) : l1;
    T[i] = (((u128)hi << 64) | lo) & c->mask;
    for (unsigned l = p; l < L; l++) x[l] &= c->keep[l];
  }
}

static void wide_fwht(unsigned L, void *Xv, unsigned k, long bits, void *scratch)
{
  uint64_t *X = Xv;
  u128wa *T = scratch;
  size_t n = (size_t)1 << k;
  long w = 127 - (long)k;
  if (wht__oracle_forced_chunk() && (long)wht__oracle_forced_chunk() < w) w = wht__oracle_forced_chunk();
  long chunks = (bits + 1 + w - 1) / w; /* the signed value fits in chunks * w bits */
  if (chunks < 1) chunks = 1;
  for (long j = chunks - 1; j >= 0; j--) {
    long off = j * w, top = j == chunks - 1;
    long end = top ? 64L * L : off + w < 64L * L ? off + w : 64L * L;
    slice c = { .X = X, .L = L, .p = (unsigned)(off / 64), .sh = (unsigned)(off % 64) };
    for (unsigned l = 0; l < L; l++) {
      long lo = off - 64L * l, hi = end - 64L * l; /* slice bits within limb l */
      if (lo < 0) lo = 0;
      if (hi > 64) hi = 64;
      uint64_t m = 0;
      if (hi > lo) m = (hi == 64 ? ~UINT64_C(0) : (UINT64_C(1) << hi) - 1) & ~((UINT64_C(1) << lo) - 1);
      c.keep[l] = ~m;
    }
    c.mask = top ? ~(u128)0 : ((u128)1 << w) - 1; /* the top slice is signed */
    unsigned p = c.p, sh = c.sh;
    wht__i128_fwht((void *)T, k, cut_slice, &c);
    /* X += T * 2^off (T signed), modulo 2^(64 L) */
    WHT__OMP(omp parallel for schedule(static) num_threads(wht__threads_for(n)))
    for (size_t i = 0; i < n; i++) {
      uint64_t *x = X + i * L;
      u128 t = T[i];
      uint64_t ext = (uint64_t)0 - (uint64_t)(t >> 127), t0 = (uint64_t)t, t1 = (uint64_t)(t >> 64);
      uint64_t v0 = t0 << sh, v1 = sh ? (t1 << sh) | (t0 >> (64 - sh)) : t1;
      uint64_t v2 = sh ? (ext << sh) | (t1 >> (64 - sh)) : ext;
      u128 acc = (u128)x[p] + v0;
      x[p] = (uint64_t)acc;
      if (p + 1 >= L) continue;
      acc = (acc >> 64) + x[p + 1] + v1;
      x[p + 1] = (uint64_t)acc;
      if (p + 2 >= L) continue;
      acc = (acc >> 64) + x[p + 2] + v2;
      x[p + 2] = (uint64_t)acc;
      for (unsigned l = p + 3; l < L; l++) {
        acc = (acc >> 64) + x[l] + ext;
        x[l] = (uint64_t)acc;
      }
    }
  }
}

static void wide_load_fwht(unsigned L, void *Xv, const double *x, unsigned k, int q, long bits,
                           void *scratch)
{
  uint64_t *X = Xv;
  size_t n = (size_t)1 << k;
  if (bits + 1 + (long)k <= 127 && !wht__oracle_forced_chunk()) {
    /* the transform of the inputs fits __int128: do it there (in the
     * scratch array) and sign-extend the results to L limbs */
    const u128wa *T = scratch;
    wht__i128_engine.load_fwht(2, scratch, x, k, q, bits, NULL);
    WHT__OMP(omp parallel for schedule(static) num_threads(wht__threads_for(n)))
    for (size_t i = 0; i < n; i++) {
      uint64_t *xi = X + i * L, t1 = (uint64_t)(T[i] >> 64);
      xi[0] = (uint64_t)T[i];
      xi[1] = t1;
      for (unsigned l = 2; l < L; l++) xi[l] = (uint64_t)0 - (t1 >> 63);
    }
    return;
  }
  WHT__OMP(omp parallel for schedule(static) num_threads(wht__threads_for(n)))
  for (size_t i = 0; i < n; i++) load_one(X + i * L, L, x[i], q);
  wide_fwht(L, X, k, bits, scratch);
}

/* ---- soft threshold and product ---------------------------------------- */
static int cmp_signed(const uint64_t *a, const uint64_t *b, unsigned L)
{
  int64_t ta = (int64_t)a[L - 1], tb = (int64_t)b[L - 1];
  if (ta != tb) return ta < tb ? -1 : 1;
  for (unsigned l = L - 1; l-- > 0;)
    if (a[l] != b[l]) return a[l] < b[l] ? -1 : 1;
  return 0;
}

static void add_limbs(uint64_t *a, const uint64_t *b, unsigned L)
{
  unsigned c = 0;
  for (unsigned l = 0; l < L; l++) {
    u128 s = (u128)a[l] + b[l] + c;
    a[l] = (uint64_t)s;
    c = (unsigned)(s >> 64);
  }
}

static void wide_phi(unsigned L, void *Xv, size_t n, double tau, int q)
{
  uint64_t T[MAXL], mT[MAXL];
  load_one(T, L, tau, q);
  memcpy(mT, T, L * sizeof *T);
  wht__fx_neg_limbs(mT, L);
  uint64_t *X = Xv;
  WHT__OMP(omp parallel for schedule(static) num_threads(wht__threads_for(n)))
  for (size_t i = 0; i < n; i++) {
    uint64_t *v = X + i * L;
    if (cmp_signed(v, T, L) > 0) add_limbs(v, mT, L);        /* v - tau */
    else if (cmp_signed(v, mT, L) < 0) add_limbs(v, T, L);   /* v + tau */
    else memset(v, 0, L * sizeof *v);
  }
}

static void wide_mul(unsigned L, void *Av, const void *Bv, size_t n)
{
  uint64_t *A = Av;
  const uint64_t *B = Bv;
  WHT__OMP(omp parallel for schedule(static) num_threads(wht__threads_for(n)))
  for (size_t i = 0; i < n; i++) {
    uint64_t r[MAXL]; /* each thread's own */
    uint64_t *a = A + i * L;
    const uint64_t *b = B + i * L;
    /* schoolbook product modulo 2^(64 L): the two's complement product */
    memset(r, 0, L * sizeof *r);
    for (unsigned x = 0; x < L; x++) {
      uint64_t c = 0;
      if (a[x] == 0) continue;
      for (unsigned y = 0; x + y < L; y++) {
        u128 t = (u128)a[x] * b[y] + r[x + y] + c;
        r[x + y] = (uint64_t)t;
        c = (uint64_t)(t >> 64);
      }
    }
    memcpy(a, r, L * sizeof *r);
  }
}

/* ---- conversion to hi + lo --------------------------------------------- *
 * wht__fx_store_limbs (fixed_gpu_ops.h), shared with the GPU's 256-bit
 * engine: rounds the exact integer by reading its bits. */
static size_t wide_store(unsigned L, const void *Xv, size_t n, int e, wht_dd *out)
{
  const uint64_t *X = Xv;
  size_t over = 0; /* an integer count: the same for any split */
  WHT__OMP(omp parallel for schedule(static) reduction(+ : over) num_threads(wht__threads_for(n)))
  for (size_t i = 0; i < n; i++) {
    uint64_t M[MAXL], hl[2]; /* each thread's own */
    memcpy(M, X + i * L, L * sizeof *M);
    const int neg = is_negative(M, L);
    if (neg) wht__fx_neg_limbs(M, L);
    over += wht__fx_store_limbs(M, L, neg, e, hl) == WHT__FX_OVERFLOW;
    memcpy(&out[i], hl, sizeof hl);
  }
  return over;
}

const wht__fixed_engine wht__wide_engine = {
  .limbs = 0, /* chosen per run */
  .load_fwht = wide_load_fwht,
  .fwht = wide_fwht,
  .phi = wide_phi,
  .mul = wide_mul,
  .store = wide_store,
};
