/* oracle_internal.h - what the oracle's files share: the exponent range of
 * the data, the width bound that makes every intermediate exact, and the
 * two exact paths (fixed-point integers, MPFR). Not installed; wht__ prefix.
 *
 * Exactness argument, used by both paths (DESIGN.md section 8). Every
 * nonzero input x is an integer multiple of 2^q (q = the lowest set bit over
 * all inputs) with |x| < 2^(t+1) (t = the highest leading-bit exponent). A
 * stage of the FWHT adds or subtracts two such values, so after s stages
 * every value is a multiple of 2^q below 2^(t+1+s) in magnitude: in units of
 * 2^q an integer of at most t-q+1+s bits. The soft threshold never grows a
 * magnitude (|phi(v)| <= |v|) and works on the grid 2^min(q, q_tau); a
 * product adds the bit counts and the exponents. wht__bounds gathers the
 * largest such count B over a whole pipeline: B+1 bits (one for the sign)
 * hold every intermediate exactly, as MPFR precision or integer width. */
#ifndef WHT_ORACLE_INTERNAL_H
#define WHT_ORACLE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "wht_oracle.h"

/* Exponent range of the nonzero elements of a vector. */
typedef struct {
  int any;  /* some element is nonzero */
  int q;    /* min exponent of the lowest set bit (x = odd * 2^e, min e) */
  int t;    /* max exponent of the leading bit (floor(log2 |x|)) */
} wht__range;

/* Scan x[0..n): 0 when all finite (range in *r), else -1 with the index of
 * the first non-finite element in *bad. */
int wht__range_scan(const double *x, size_t n, wht__range *r, size_t *bad);
/* Merge one more finite value into r. */
void wht__range_add(wht__range *r, double v);

/* What a pipeline needs: every intermediate, in units of its own scale, is
 * an integer of at most `bits` magnitude bits. Input i is scaled by
 * 2^-qin[i]; the final integers Y give y = Y * 2^eout. zero: the exact
 * result is all zeros (an input vector is zero). */
typedef struct {
  long bits;
  int qin[2];
  int eout;
  int zero;
  long in_bits[2]; /* magnitude bits of the scaled inputs a, b */
  long mid_bits;   /* magnitude bits entering the last transform (two-way, smoothed, xor-conv) */
} wht__bounds;

void wht__bounds_compute(wht_op op, unsigned k, const wht__range *ra,
                         const wht__range *rb, double tau, wht__bounds *bd);

/* What wht_oracle_run_on and wht_oracle_run_resident share (oracle.c):
 * the checks of the arguments (info cleared, msg emptied first) and of
 * tau (set to 0 for the operations without it), the limb count of the
 * bound (at least 2, or what a test forces), the reason the CPU must run
 * whatever the device (NULL when none), and a monotonic clock. */
wht_oracle_status wht__oracle_check_args(wht_oracle_device dev, wht_op op, unsigned k, const double *a,
                                         const double *b, const wht_dd *out, wht_oracle_info *info, char *msg,
                                         size_t msglen);
wht_oracle_status wht__oracle_check_tau(wht_op op, double *tau, char *msg, size_t msglen);
unsigned wht__oracle_limbs(const wht__bounds *bd);
const char *wht__oracle_cpu_only(unsigned limbs);
double wht__oracle_now(void);

/* Exact paths. Inputs are finite and checked; tau >= 0 and finite. msg as in
 * wht_oracle_run. *used receives the MPFR precision or the integer width. */
wht_oracle_status wht__mpfr_run(wht_op op, unsigned k, const double *a, const double *b,
                                double tau, const wht__bounds *bd, long prec,
                                wht_dd *out, long *used, char *msg, size_t msglen);
wht_oracle_status wht__fixed_run(wht_op op, unsigned k, const double *a, const double *b,
                                 double tau, const wht__bounds *bd, unsigned limbs,
                                 wht_dd *out, long *used, char *msg, size_t msglen);

/* Widest integer the fixed path uses (64-bit limbs); wider data go to MPFR. */
#define WHT__FIXED_MAX_LIMBS 80u

/* One fixed-point representation: `limbs` 64-bit limbs per element, two's
 * complement, little-endian. limbs == 2 is the __int128 engine. Every
 * function relies on the caller's width bound: no result overflows. */
typedef struct {
  unsigned limbs;
  /* X[i] = x[i] * 2^-q (exact: every x[i] is a multiple of 2^q), then the
   * FWHT of X; bits: magnitude bits of the X[i] (see fwht) */
  void (*load_fwht)(unsigned limbs, void *X, const double *x, unsigned k, int q, long bits,
                   void *scratch);
  /* in-place unnormalised FWHT of 2^k elements whose magnitudes have at
   * most `bits` bits on entry; scratch: 16 bytes per element, not X (the
   * output array serves) */
  void (*fwht)(unsigned limbs, void *X, unsigned k, long bits, void *scratch);
  /* soft threshold at T = tau * 2^-q */
  void (*phi)(unsigned limbs, void *X, size_t n, double tau, int q);
  /* A[i] *= B[i] */
  void (*mul)(unsigned limbs, void *A, const void *B, size_t n);
  /* out[i] = hi + lo of X[i] * 2^e; returns how many outputs overflow double */
  size_t (*store)(unsigned limbs, const void *X, size_t n, int e, wht_dd *out);
  /* NULL, or load_fwht (x != NULL) or fwht (x == NULL) followed by store
   * into X itself, with the conversion fused into the transform's last pass
   * (the same outputs and count, one pass over the array less; X must be
   * the output array: limbs == 2) */
  size_t (*fwht_store)(unsigned limbs, void *X, const double *x, unsigned k, int q, int e);
} wht__fixed_engine;

extern const wht__fixed_engine wht__i128_engine;
extern const wht__fixed_engine wht__wide_engine;

/* The cache-blocked __int128 FWHT (fixed128.c), in place on 2^k values of
 * 16 bytes; the limb engine transforms its values as sums of such slices.
 * prep (may be NULL) fills each block just before its first stages, as in
 * wht__fwht_blocked below. */
typedef void (*wht__prep_fn)(void *x, size_t first, size_t len, const void *ctx);
void wht__i128_fwht(void *X, unsigned k, wht__prep_fn prep, const void *ctx);

/* For tests: when nonzero, the fixed path uses the generic limb engine with
 * at least this many limbs even where __int128 suffices. 0 restores. */
void wht__oracle_force_limbs(unsigned limbs);
unsigned wht__oracle_forced_limbs(void);
/* For tests: when nonzero, the limb engine slices values into chunks of at
 * most this many bits (more chunks, more carries exercised). 0 restores. */
void wht__oracle_force_chunk(unsigned bits);
unsigned wht__oracle_forced_chunk(void);

/* For tests: when nonzero, the __int128 engine's groups run without
 * AVX-512 even where the CPU has it. 0 restores. */
void wht__oracle_force_scalar(int on);
int wht__oracle_forced_scalar(void);
/* fixed128_avx512.c: four radix-8 (radix-4) groups of stride m >= 4 at p,
 * p + 1, p + 2, p + 3 (16-byte values); only where available() says so */
int wht__i128x4_available(void);
void wht__i128x4_radix8(void *p, size_t m);
void wht__i128x4_radix4(void *p, size_t m);
/* stages 0 and 1 on len values (a multiple of 4) at p */
void wht__i128x4_stages01(void *p, size_t len);
/* the values at a[0..3] and b[0..3] to hi + lo at 2^e in place, as
 * wht__fx_store does; 0 (nothing written) when one of them lies outside
 * its common range (leading bit beyond 2^1023 or below 2^-842, or an
 * output that overflows), else 1 */
int wht__i128x8_store(void *a, void *b, int e);

/* Blocked FWHT driver shared by the engines: applies all k stages to x
 * (2^k elements of elem_bytes each) so that the low stages run on blocks
 * that stay in L1 and L2. stages(x, lk, s0, s1, ctx) must apply stages
 * s0 .. s1-1 to the 2^lk elements at x. Butterflies of one stage are
 * independent, so any such order gives the same exact result. The blocks
 * run on nt threads (1: serial), each block on one thread; the stages
 * above the blocks come last in one call (lk = k) from the calling thread,
 * which may thread them itself. */
typedef void (*wht__stages_fn)(void *x, unsigned lk, unsigned s0, unsigned s1, const void *ctx);
/* prep (may be NULL) fills elements first .. first+len-1 at x + first just
 * before the first stages touch them, so loading costs no extra pass. */
void wht__fwht_blocked(void *x, unsigned k, size_t elem_bytes, wht__stages_fn stages,
                       wht__prep_fn prep, const void *ctx, int nt);
/* Which call is last: for k up to wht__fwht_block_log2(elem_bytes) the
 * whole transform is one block (the only call with lk = k is the last, run
 * inside the blocks' parallel loop, so on one thread); above it the stages
 * above the blocks come last, in the one call with lk = k, from the calling
 * thread. fixed128.c's fused conversion relies on this. */
unsigned wht__fwht_block_log2(size_t elem_bytes);

/* msg helper: snprintf into msg when msg != NULL. */
void wht__msg(char *msg, size_t msglen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A finite nonzero double given by its bits u, as m * 2^e with m its
 * integer significand (53 bits, fewer when subnormal); the sign is u's top
 * bit. Shared by the width bound and both fixed-point engines. */
static inline uint64_t wht__dbl_significand(uint64_t u, int *e)
{
  unsigned E = (unsigned)(u >> 52) & 0x7ffu;
  uint64_t m = u & ((UINT64_C(1) << 52) - 1);
  *e = -1074;
  if (E) {
    m |= UINT64_C(1) << 52;
    *e = (int)E - 1075;
  }
  return m;
}

/* The double of magnitude bits `bits` and sign neg. */
static inline double wht__dbl_from_bits(uint64_t bits, int neg)
{
  bits |= (uint64_t)(neg != 0) << 63;
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

#endif
