/* bounds.c - what the data need: the exponent range of the inputs (lowest
 * set bit q, highest leading bit t) and, per operation, the number of bits
 * that holds every intermediate of the pipeline exactly. The argument is in
 * oracle_internal.h; this file applies it:
 *   one-way   H x                B = (t-q+1) + k
 *   two-way   H(H x)/n           B = (t-q+1) + 2k
 *   smoothed  H(phi(H x))/n      B = max((t-q'+1) + 2k, t_tau-q'+1), q' = min(q, q_tau)
 *   xor-conv  H((H a).*(H b))/n  B = (t_a-q_a+1+k) + (t_b-q_b+1+k) + k
 * (DESIGN.md section 8's (emax-emin)+p+k+1 with p and the exponents read
 * from the actual bits; the +1 is the sign bit added by the callers). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "oracle_internal.h"
#include "wht_parallel.h"

/* Lowest-set-bit and leading-bit exponents of a finite nonzero double from
 * its bits: x = m * 2^e with m the 53-bit (or subnormal) integer significand. */
static void exps(uint64_t u, int *lowbit, int *lead)
{
  int e;
  uint64_t m = wht__dbl_significand(u, &e);
  *lowbit = e + __builtin_ctzll(m);
  *lead = e + 63 - __builtin_clzll(m);
}

void wht__range_add(wht__range *r, double v)
{
  uint64_t u;
  memcpy(&u, &v, sizeof u);
  if ((u << 1) == 0) return;
  int lo, hi;
  exps(u, &lo, &hi);
  if (!r->any) {
    r->any = 1;
    r->q = lo;
    r->t = hi;
    return;
  }
  if (lo < r->q) r->q = lo;
  if (hi > r->t) r->t = hi;
}

int wht__range_scan(const double *x, size_t n, wht__range *r, size_t *bad)
{
  /* One tight loop over the raw bits (they run on all n inputs of every
   * call; n = 2^25 is 256 MiB). The largest exponent field gives the
   * leading bit and, when it is all ones, a non-finite element. The lowest
   * set bit is at most E + ctz(significand | hidden bit) - 1075; a zero
   * scores 52 there, so when the minimum is that low (zeros or subnormals
   * present) a second loop that skips zeros decides. Both loops run on all
   * threads: min and max are exact whatever the split. */
  int64_t emax = 0;
  int qmin = 1 << 20; /* signed compares: their conditional moves are one uop */
  WHT__OMP(omp parallel for schedule(static) reduction(max : emax) reduction(min : qmin)
           num_threads(wht__threads_for(n)))
  for (size_t i = 0; i < n; i++) {
    int64_t u;
    memcpy(&u, &x[i], sizeof u);
    int64_t e = u & (INT64_C(0x7ff) << 52);
    int lo = (int)(e >> 52) + __builtin_ctzll((uint64_t)u | (UINT64_C(1) << 52));
    emax = e > emax ? e : emax;
    qmin = lo < qmin ? lo : qmin;
  }
  unsigned Emax = (unsigned)(emax >> 52);
  if (Emax == 0x7ffu) {
    for (size_t i = 0; i < n; i++)
      if (!(x[i] - x[i] == 0)) { /* inf - inf and NaN are NaN */
        *bad = i;
        return -1;
      }
  }
  r->any = Emax > 0;
  r->q = qmin - 1075;
  r->t = (int)Emax - 1023;
  if (n && qmin <= 52) {
    /* zeros or subnormals present: the exact lowest bit, zeros skipped
     * (branch-free: relu-norm is half zeros at random places) */
    const int BIG = 1 << 20;
    qmin = BIG;
    WHT__OMP(omp parallel for schedule(static) reduction(min : qmin) num_threads(wht__threads_for(n)))
    for (size_t i = 0; i < n; i++) {
      uint64_t u;
      memcpy(&u, &x[i], sizeof u);
      int E = (int)(u >> 52 & 0x7ffu);
      int lo = (E | (E == 0)) + __builtin_ctzll(u | (UINT64_C(1) << 52));
      lo = (u << 1) == 0 ? BIG : lo;
      qmin = lo < qmin ? lo : qmin;
    }
    r->any = qmin < BIG;
    r->q = r->any ? qmin - 1075 : 0;
    if (r->any && Emax == 0) { /* subnormals only: the leading bit needs clz */
      wht__range s = { 0, 0, 0 };
      for (size_t i = 0; i < n; i++) wht__range_add(&s, x[i]);
      *r = s;
    }
    if (!r->any) r->t = 0;
  }
  return 0;
}

/* magnitude bits of H^s applied to data of range r */
static long span(const wht__range *r, int q) { return (long)r->t - q + 1; }

void wht__bounds_compute(wht_op op, unsigned k, const wht__range *ra,
                         const wht__range *rb, double tau, wht__bounds *bd)
{
  memset(bd, 0, sizeof *bd);
  long K = (long)k;
  if (op == WHT_OP_XOR_CONV) {
    /* a zero input makes the exact result 0, but the other input is still
     * loaded and transformed: give it its own exact width */
    long sa = ra->any ? span(ra, ra->q) + K : 0, sb = rb->any ? span(rb, rb->q) + K : 0;
    bd->qin[0] = ra->any ? ra->q : 0;
    bd->qin[1] = rb->any ? rb->q : 0;
    bd->zero = !ra->any || !rb->any;
    bd->eout = bd->qin[0] + bd->qin[1] - (int)k;
    bd->bits = bd->zero ? (sa > sb ? sa : sb) : sa + sb + K;
    bd->in_bits[0] = ra->any ? span(ra, ra->q) : 0;
    bd->in_bits[1] = rb->any ? span(rb, rb->q) : 0;
    bd->mid_bits = bd->zero ? 0 : sa + sb;
    return;
  }
  bd->zero = !ra->any;
  if (op == WHT_OP_SMOOTHED) {
    /* tau is loaded even when x = 0: its bits count too */
    wht__range rt = { 0, 0, 0 };
    wht__range_add(&rt, tau);
    int q = ra->any ? ra->q : rt.q;
    if (rt.any && rt.q < q) q = rt.q;
    bd->qin[0] = q;
    bd->eout = q - (int)k;
    bd->bits = ra->any ? span(ra, q) + 2 * K : 0;
    if (rt.any && span(&rt, q) > bd->bits) bd->bits = span(&rt, q);
    bd->in_bits[0] = ra->any ? span(ra, q) : 0;
    bd->mid_bits = ra->any ? span(ra, q) + K : 0; /* |phi(v)| <= |v| */
    return;
  }
  if (bd->zero) return; /* exact result 0; 0 bits suffice */
  bd->qin[0] = ra->q;
  bd->in_bits[0] = span(ra, ra->q);
  bd->mid_bits = span(ra, ra->q) + K;
  if (op == WHT_OP_ONE_WAY) {
    bd->eout = ra->q;
    bd->bits = span(ra, ra->q) + K;
  } else { /* two-way */
    bd->eout = ra->q - (int)k;
    bd->bits = span(ra, ra->q) + 2 * K;
  }
}

void wht__msg(char *msg, size_t msglen, const char *fmt, ...)
{
  if (!msg || msglen == 0) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, msglen, fmt, ap);
  va_end(ap);
}
