/* metrics.c - the error metrics of DESIGN.md section 9.
 *
 * Outputs come as doubles or in their format's storage (the _stored
 * forms, which wht-sweep uses): the passes then convert the block they
 * work on (y_block, exact), so the elements seen are the same doubles.
 *
 * Error of one element. y is a format value (exact as a double), v = hi +
 * lo with hi = v rounded to double and lo = v - hi rounded to double (so
 * hi + lo is v to about 2^-106 relative; exactly where v has at most 106
 * significant bits, and f64 outputs of xor-conv may have more). d = y - v
 * is evaluated as (y - hi) - lo. When hi/2 <= y <= 2 hi (every y worth
 * measuring) or y = 0, y - hi is exact (Sterbenz) and d is the correctly
 * rounded error; otherwise |y - hi| >= |hi| / 2 >= 2^52 |lo| and the two
 * roundings leave d within about 2^-52 relative. So a computed y == hi with
 * lo != 0 reports |lo|, never 0. |v| is taken as |hi| (relative error <=
 * 2^-53).
 *
 * Zeros. v_i = 0 exactly iff hi = lo = 0. Those elements count in n_zero
 * (and zero_miss when y_i != 0; -0 == +0) and in max_abs / mean_abs, but
 * not in mean_rel, max_rel or max_ulp, where they would divide by 0 or
 * by the subnormal spacing and swamp every other element. With no v_i != 0
 * those three are NaN ("undefined"); norm_rel is NaN when ||v|| = 0.
 *
 * ULPs. ulp_format(v) = 2^(max(e, emin) - p + 1) for 2^e <= |v| < 2^(e+1),
 * the spacing of the format's values at |v|: below the smallest normal it
 * is the subnormal spacing 2^(emin - p + 1). e comes from hi, lowered by
 * one when hi is a power of two and lo pulls |v| below it. Above the
 * format's range the formula simply continues.
 *
 * Overflow. When the pipeline saw a non-finite intermediate, some y_i is
 * inf/NaN, or some exact v_i is beyond the double range (the oracle's
 * hi = +-inf, so the format overflowed as well), status is overflow and every real-valued metric is NaN, so no
 * NaN is averaged into a number by accident; the counts (n_zero,
 * zero_miss, n_nonfinite) are still filled in.
 *
 * Near the top of the double range (|y| or |hi| >= 2^1022, f64 data only)
 * y - v may exceed the largest double: such elements are measured on the
 * halves y/2, hi/2, lo/2 (exact there), so max_rel, mean_rel and norm_rel
 * stay right while max_abs (and mean_abs, when the mean itself is beyond
 * double) is +inf, the double rounding of a value that large.
 *
 * Sums are compensated (Neumaier) and never turn an inf into NaN; mean_abs
 * and norm_rel sum entries scaled by a power of two near their largest
 * (exact), so they neither overflow nor underflow. A relative error beyond
 * the double range (|v| subnormal, d large) is +inf and so is mean_rel.
 *
 * Threads (wht_parallel.h). The first pass (counts, maxima, the largest
 * |v| and |d|/2 that fix the scales) runs its elements on all threads, a
 * tile at a time, what depends on v alone (the zeros, the spacing's
 * exponent, the largest |v|) once for all the outputs of a batch:
 * integer counts and maxima (NaN never wins a >) are the same for any
 * split. A compensated sum is not: its rounding depends on the order. So
 * only the terms of the four sums are computed on all threads (a chunk at
 * a time, into buffers; max_rel is the maximum of the relative terms,
 * taken there rather than in the first pass, which so divides nothing);
 * each output's four sums then add them in index order on one thread, as
 * two vectors of two chains (csum2_add), while the other threads compute
 * the next chunk's terms (sums()), and the outputs of a batch
 * (wht_metrics_compute_many) side by side on the threads. With at least as
 * many pairs of outputs in a batch as threads, each pair's terms and
 * chains run on one thread instead, a block at a time through buffers on
 * the stack (sums_pair: no chunk buffers, no barrier per chunk, so less
 * CPU time and no stall when a thread of the team is not running). The
 * bits of every column are those of the serial code whatever the thread
 * count, the chunk size, the batch or the path.
 *
 * AVX-512 (metrics_avx512.c, where the CPU has it). The first pass and the
 * terms run eight elements at a time where all eight take the common path
 * (finite, |y| and |hi| below 2^1022, a normal leading double, the
 * spacing's power of two normal): each lane does the scalar operations in
 * the scalar order, so the terms are the same doubles and the counts and
 * maxima the same numbers; any other block runs the scalar code. The
 * chains of two outputs run as one vector, each lane csum2_add's
 * operations. tests/test_metrics_simd compares the two. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "metrics_simd.h"
#include "wht_metrics.h"
#include "wht_internal.h"
#include "wht_env.h"
#include "wht_parallel.h"

static const char *const status_names[WHT_NRUNSTATUS] = {
  [WHT_RUN_OK] = "ok",
  [WHT_RUN_OVERFLOW] = "overflow",
  [WHT_RUN_UNSUPPORTED] = "unsupported",
};

const char *wht_run_status_name(wht_run_status s)
{
  return (unsigned)s < WHT_NRUNSTATUS ? status_names[s] : NULL;
}

/* Neumaier's compensated sum: t = s + x; if t is not finite, s = t (inf -
 * inf in the correction would give NaN); else c += |s| >= |x| ? (s - t) + x
 * : (x - t) + s and s = t. Its value is s + c. */
typedef struct {
  double s, c;
} csum;

/* The sum above, two chains per vector (GCC's vector extension: SSE2 on
 * x86-64, NEON on AArch64), without the branch: Knuth's branch-free TwoSum
 * for the correction. Bit for bit the sum above on every term the metrics
 * feed it, all >= +0 or NaN (absolute values, squares, relative errors):
 *   - t = s + x is the same operation, and s = t in both.
 *   - t not finite (inf or NaN): the sum above leaves c alone; here the lane's
 *     correction is replaced by +0 (the mask), and c + (+0) = c since c is
 *     never -0 (it starts at +0, and a sum rounded to nearest is -0 only
 *     when both operands are).
 *   - t finite: s, x >= 0, so every intermediate below lies in [-t, t] and
 *     none overflows; then TwoSum gives the exact error s + x - t, and so
 *     does Neumaier's branch (Fast2Sum with the larger operand first: its
 *     subtraction is exact). Both are that real number as a double; when it
 *     is zero the sign may differ, which c + (+-0) = c (c never -0) hides.
 * tests/test_metrics_threads compares the results with the branchy form. */
typedef double v2d __attribute__((vector_size(16)));
typedef long long v2l __attribute__((vector_size(16)));

static inline void csum2_add(v2d *s, v2d *c, v2d x)
{
  const v2d t = *s + x, z = t - *s, err = (*s - (t - z)) + (x - z);
  const v2d inf = { INFINITY, INFINITY };
  const v2l sign = { INT64_MIN, INT64_MIN };
  const v2l finite = (v2d)((v2l)t & ~sign) < inf; /* |t| < inf: -1 (all ones) or 0; NaN: 0 */
  *c = *c + (v2d)((v2l)err & finite);
  *s = t;
}

static double csum_value(const csum *a) { return a->s + a->c; }

/* |y - (hi + lo)| without cancellation loss (see the top comment). */
static double abs_err(double y, double hi, double lo) { return fabs((y - hi) - lo); }

/* |y - v|, +inf when beyond the double range, and *half = |y - v| / 2,
 * always finite: near the top (|y| or |hi| >= 2^1022, where y - v may
 * exceed double) both come from the halves y/2, hi/2, lo/2, exact there. */
static inline double err_and_half(double y, const wht_dd *v, double *half)
{
  if (fabs(y) >= 0x1p1022 || fabs(v->hi) >= 0x1p1022) {
    *half = abs_err(y * 0.5, v->hi * 0.5, v->lo * 0.5);
    return *half * 2;
  }
  const double d = abs_err(y, v->hi, v->lo);
  *half = d * 0.5;
  return d;
}

static int is_zero(const wht_dd *v) { return v->hi == 0 && v->lo == 0; }

/* The leading double of v != 0 (hi, unless a caller's pair is unnormalised). */
static double lead(const wht_dd *v) { return v->hi != 0 ? v->hi : v->lo; }

static uint64_t bits_of(double x)
{
  uint64_t b;
  memcpy(&b, &x, sizeof b);
  return b;
}

/* log2 of the format's spacing at |v| (v != 0). ilogb(h) and "|h| is a
 * power of two" (frexp(|h|) == 0.5) come from the bits of a normal h,
 * from libm for the others: the same values, without two calls per
 * element in the metrics' first pass. */
static int ulp_exp(const wht_dd *v, int p, int emin)
{
  const double h = lead(v);
  const uint64_t b = bits_of(h);
  const unsigned biased = (unsigned)(b >> 52 & 0x7ff);
  int e, power_of_two;
  if (biased != 0 && biased != 0x7ff) {
    e = (int)biased - 1023;
    power_of_two = (b & 0xfffffffffffffu) == 0;
  } else {
    int ex;
    e = ilogb(h);
    power_of_two = frexp(fabs(h), &ex) == 0.5;
  }
  if (power_of_two && v->hi != 0 && v->lo != 0 && signbit(v->lo) != signbit(h)) e--;
  return (e > emin ? e : emin) - p + 1;
}

/* x * 2^e, exact but for underflow (then rounded once, as ldexp): one
 * multiplication when 2^e is a normal double (f = 2^e, built from its
 * bits), else ldexp. */
static double pow2(int e)
{
  if (e < -1022 || e > 1023) return 0;
  const uint64_t b = (uint64_t)(e + 1023) << 52;
  double x;
  memcpy(&x, &b, sizeof x);
  return x;
}
static double scaled(double x, double f, int e) { return f != 0 ? x * f : ldexp(x, e); }

/* Power-of-two exponent that brings the largest entry near 1. */
static int scale_exp(double maxval) { return maxval > 0 && isfinite(maxval) ? -ilogb(maxval) : 0; }

/* The terms of the four sums are independent per element; the sums are
 * not. So a chunk of elements at a time, all threads compute the terms
 * into buffers, then each output's four chains (their state in locals)
 * add them in index order on one thread (sums() below). A zero v_i contributes 0.0 to
 * the relative sum: adding +0 leaves a Neumaier state unchanged (s + 0 = s
 * as s is never -0, and the correction gains (s - s) + 0 = +0), exactly
 * as skipping it did. */
enum { SUM_REL, SUM_D, SUM_DSQ, SUM_VSQ, NSUMS };
#define CHUNK ((uint64_t)1 << 14)
/* the pipelined sums' chunk c for g outputs: CHUNK, doubled while the
 * buffer (two chunks' terms of the g outputs, 2 g c elements of 32 bytes)
 * stays within 8 MiB, what the L2 caches of a few cores hold: fewer
 * chunks, so fewer barriers, for small batches (2^17 elements for one
 * output, 2^16 for two, 2^15 for three or four, 2^14 from five on) */
static uint64_t chunk_for(size_t g)
{
  static int forced = -1; /* WHT_METRICS_CHUNK=L: 2^L elements (10..24, wht_env.h), a measurement knob: no bit changes */
  if (forced < 0) forced = (int)wht__env_uint("WHT_METRICS_CHUNK", 0);
  if (forced) return (uint64_t)1 << forced;
  uint64_t c = CHUNK;
  while (2 * 2 * c * g <= ((uint64_t)1 << 18)) c *= 2;
  return c;
}
/* outputs whose passes share one read of v */
#define BATCH 8
/* an output's terms of a chunk of c elements: element i's four terms
 * side by side (term q at 4 i + q), the order in which its chains take
 * them; the outputs' blocks are a few cache lines more than a power of two
 * apart, so that they do not all fall in the same cache sets */
#define STRIDE(c) (NSUMS * (uint64_t)(c) + 40)

typedef struct {
  double f, f1, fv; /* 2^sd, 2^(sd+1), 2^sv */
  int sd, sv;
} sum_scales;

/* element i's terms: |y_i - v_i| / |v_i| for v_i != 0 (0 otherwise), and
 * |d| 2^sd, its square, (v 2^sv)^2, exact but for the squares' rounding;
 * a d beyond double is taken as its half (times 2^(sd+1), the same value,
 * and over |v|/2 for the relative error) */
/* |y - v| / |v| for v != 0 from d = |y - v| and dh = d / 2 (av = |v|): a
 * d beyond double is measured as its half, over |v| / 2 */
static double rel_of(double d, double dh, double av) { return isfinite(d) ? d / av : dh / (av * 0.5); }

/* element i's four terms into t[0..3] */
static void sum_terms(const double *y, const wht_dd *v, uint64_t i, const sum_scales *k, double *t)
{
  double dh;
  const double e = err_and_half(y[i], &v[i], &dh), av = fabs(lead(&v[i]));
  const double d = isfinite(e) ? scaled(e, k->f, k->sd) : scaled(dh, k->f1, k->sd + 1);
  const double x = scaled(lead(&v[i]), k->fv, k->sv);
  t[SUM_REL] = is_zero(&v[i]) ? 0.0 : rel_of(e, dh, av);
  t[SUM_D] = d;
  t[SUM_DSQ] = d * d;
  t[SUM_VSQ] = x * x;
}

/* elements 0 .. m-1 of y and v into the output's terms t (element i's
 * at 4 i), and the largest relative error into *max_rel
 * (the relative terms are the first pass's relative errors, and 0 for
 * v_i = 0, which never wins: max_rel starts at +0): on AVX-512 runs of
 * blocks of eight that take the common path, where 2^sd, 2^sv are normal
 * (the same terms), any other block and a partial last one one by one */
static void terms_range(const double *y, const wht_dd *v, uint64_t m, const sum_scales *k, double *t,
                        double *max_rel, int simd)
{
  simd = simd && k->f != 0 && k->fv != 0;
  for (uint64_t i = 0; i < m;) {
    if (simd) i += wht__metrics_terms_run(y + i, v + i, m - i, k->f, k->fv, t + NSUMS * i, max_rel);
    for (const uint64_t e = i + 8 < m ? i + 8 : m; i < e; i++) {
      sum_terms(y, v, i, k, t + NSUMS * i);
      if (t[NSUMS * i + SUM_REL] > *max_rel) *max_rel = t[NSUMS * i + SUM_REL];
    }
  }
}

/* the four chains of one output over the first m elements' terms t
 * (element i's at 4 i), as two vectors of two chains (csum2_add): they are
 * independent, so the core overlaps their latencies */
static void chains(csum a[NSUMS], const double *t, uint64_t m)
{
  v2d s01 = { a[0].s, a[1].s }, c01 = { a[0].c, a[1].c };
  v2d s23 = { a[2].s, a[3].s }, c23 = { a[2].c, a[3].c };
  for (uint64_t i = 0; i < m; i++) {
    const v2d x01 = { t[NSUMS * i + 0], t[NSUMS * i + 1] }, x23 = { t[NSUMS * i + 2], t[NSUMS * i + 3] };
    csum2_add(&s01, &c01, x01);
    csum2_add(&s23, &c23, x23);
  }
  a[0] = (csum){ s01[0], c01[0] }, a[1] = (csum){ s01[1], c01[1] };
  a[2] = (csum){ s23[0], c23[0] }, a[3] = (csum){ s23[1], c23[1] };
}

/* One output's first pass and its sums' state. y is stored in format yf
 * (WHT_F64 for outputs given as doubles). */
typedef struct {
  const void *y;
  wht_format yf;
  int64_t n_zero, zero_miss, n_nonfinite, n_rel, v_nonfinite;
  double max_abs, max_half, max_rel, max_ulp, max_v;
  int overflowed;
  sum_scales sc;
  csum sums[NSUMS];
} cell;

/* elements i0 .. i0 + m - 1 of o's output as doubles: where they are
 * when it is held as doubles, else converted (exactly) into buf, which has
 * room for m */
static const double *y_block(const cell *o, uint64_t i0, uint64_t m, double *buf)
{
  if (o->yf == WHT_F64) return (const double *)o->y + i0;
  wht__load_doubles_serial(o->yf, buf, (const char *)o->y + i0 * wht_format_size(o->yf), m);
  return buf;
}

/* The first pass in two parts: v's (the same for every output of a
 * batch, so done once per tile for all of them) and each output's. */

/* element i's part from v alone: v_nonfinite, n_zero, n_rel, max_v into
 * vs, and ulp_exp into *ue (0 where v = 0, never used there) */
static void first_v(cell *vs, const wht_dd *v, int p, int emin, int *ue)
{
  *ue = 0;
  if (!isfinite(v->hi)) vs->v_nonfinite++;
  if (is_zero(v)) {
    vs->n_zero++;
    return;
  }
  *ue = ulp_exp(v, p, emin);
  const double av = fabs(lead(v));
  if (av > vs->max_v) vs->max_v = av;
  vs->n_rel++;
}

/* element i's part of output y in o: n_nonfinite, max_abs, max_half,
 * zero_miss, max_ulp (ue: v's ulp_exp) */
static void first_y(cell *o, double y, const wht_dd *v, int ue)
{
  if (!isfinite(y)) o->n_nonfinite++;
  double dh;
  const double d = err_and_half(y, v, &dh);
  if (d > o->max_abs) o->max_abs = d;
  if (dh > o->max_half) o->max_half = dh;
  if (is_zero(v)) {
    if (y != 0) o->zero_miss++;
    return;
  }
  const double ulps = isfinite(d) ? scaled(d, pow2(-ue), -ue) : scaled(dh, pow2(1 - ue), 1 - ue);
  if (ulps > o->max_ulp) o->max_ulp = ulps;
}

/* a thread's counts and maxima into the total: sums of integers, and
 * maxima by the same > (NaN never wins), so any split gives the same */
static void first_merge(cell *o, const cell *t)
{
  o->n_zero += t->n_zero, o->zero_miss += t->zero_miss, o->n_nonfinite += t->n_nonfinite;
  o->n_rel += t->n_rel, o->v_nonfinite += t->v_nonfinite;
  if (t->max_abs > o->max_abs) o->max_abs = t->max_abs;
  if (t->max_half > o->max_half) o->max_half = t->max_half;
  if (t->max_ulp > o->max_ulp) o->max_ulp = t->max_ulp;
  if (t->max_v > o->max_v) o->max_v = t->max_v;
}

/* a run's counts and maxima (metrics_avx512.c) into o, as first_merge
 * adds a thread's */
static void first_add_run(cell *o, const wht__first_part *a)
{
  o->n_zero += a->n_zero, o->zero_miss += a->zero_miss, o->n_rel += a->n_rel;
  if (a->max_abs > o->max_abs) o->max_abs = a->max_abs;
  if (a->max_half > o->max_half) o->max_half = a->max_half;
  if (a->max_ulp > o->max_ulp) o->max_ulp = a->max_ulp;
  if (a->max_v > o->max_v) o->max_v = a->max_v;
}

/* the counts and maxima of the outputs o[0 .. g-1] (zeroed by the
 * caller), every element on all threads, a tile at a time: v's part once
 * for all outputs (v_i read from memory once; its counts and max_v go to
 * every output at the end, being the same for each), then each output's;
 * on AVX-512 runs of blocks of eight that take the common path (the same
 * counts, and the maxima of the same values, kept lane by lane and reduced
 * at the end of the run), any other block and a partial last one by the
 * scalar code */
#define TILE ((uint64_t)WHT__FIRST_TILE)
static void first_pass(cell *const *o, size_t g, const wht_dd *v, uint64_t n, int p, int emin)
{
  const int simd = wht__metrics_simd();
  cell vall;
  memset(&vall, 0, sizeof vall);
  WHT__OMP(omp parallel num_threads(wht__threads_for(n * g)))
  {
    wht__team_note_here();
    cell part[BATCH], vpart;
    wht__first_v t;
    double yb[TILE];
    memset(part, 0, g * sizeof part[0]);
    memset(&vpart, 0, sizeof vpart);
    WHT__OMP(omp for schedule(static))
    for (uint64_t b = 0; b < (n + TILE - 1) / TILE; b++) {
      const uint64_t i0 = TILE * b, m = i0 + TILE < n ? TILE : n - i0;
      const wht_dd *vb = v + i0;
      memset(t.ok, 0, sizeof t.ok);
      for (uint64_t i = 0; i < m;) {
        if (simd) {
          wht__first_part a = { 0 };
          i += wht__metrics_first_v_run(vb, i, m, p, emin, &t, &a);
          first_add_run(&vpart, &a);
        }
        for (const uint64_t e = i + 8 < m ? i + 8 : m; i < e; i++) first_v(&vpart, &vb[i], p, emin, &t.ue[i]);
      }
      for (size_t j = 0; j < g; j++) {
        const double *y = y_block(o[j], i0, m, yb);
        for (uint64_t i = 0; i < m;) {
          if (simd) {
            wht__first_part a = { 0 };
            i += wht__metrics_first_y_run(y, &t, i, m, &a);
            first_add_run(&part[j], &a);
          }
          for (const uint64_t e = i + 8 < m ? i + 8 : m; i < e; i++) first_y(&part[j], y[i], &vb[i], t.ue[i]);
        }
      }
    }
    WHT__OMP(omp critical(wht__metrics_merge))
    {
      for (size_t j = 0; j < g; j++) first_merge(o[j], &part[j]);
      first_merge(&vall, &vpart);
    }
  }
  for (size_t j = 0; j < g; j++) first_merge(o[j], &vall);
}

/* the chains of outputs a and b (b may be NULL) over the first m elements'
 * terms ta, tb: on AVX-512 the eight chains of the two as one vector
 * (metrics_avx512.c; the same operations per lane as csum2_add), else
 * chains() for each */
static void chain_pair(csum *a, const double *ta, csum *b, const double *tb, uint64_t m, int simd)
{
  if (!simd) {
    chains(a, ta, m);
    if (b) chains(b, tb, m);
    return;
  }
  /* with no second output, the first one's chains run in both halves too */
  const csum *bb = b ? b : a;
  double s[2 * NSUMS], c[2 * NSUMS];
  for (int q = 0; q < NSUMS; q++) s[q] = a[q].s, c[q] = a[q].c, s[NSUMS + q] = bb[q].s, c[NSUMS + q] = bb[q].c;
  wht__metrics_chains(s, c, ta, b ? tb : ta, m);
  for (int q = 0; q < NSUMS; q++) {
    a[q] = (csum){ s[q], c[q] };
    if (b) b[q] = (csum){ s[NSUMS + q], c[NSUMS + q] };
  }
}

/* The sums of the outputs o[0 .. g-1], a chunk at a time, pipelined: in
 * step k the chain tasks (the chains over chunk k - 1 of a pair of
 * outputs, in index order, on one thread) and the slices of chunk k's terms
 * (every output's, each v_i read once for all) are one dynamically
 * scheduled loop, chain tasks first, so the threads without a chain
 * compute the next chunk's terms meanwhile. buf holds two chunks' terms (g
 * blocks of STRIDE(c) each), chunk k in half k mod 2. The chunk size c,
 * the slices and the pairs change no bit: each chain adds its terms in
 * index order. */
#define SLICE ((uint64_t)1 << 10)
static void sums(cell *const *o, size_t g, const wht_dd *v, uint64_t n, double *buf, uint64_t c)
{
  const uint64_t nchunks = (n + c - 1) / c, nslices = (c + SLICE - 1) / SLICE, npairs = (g + 1) / 2;
  const int simd = wht__metrics_simd();
  WHT__OMP(omp parallel num_threads(wht__threads_for(n * g)))
  {
    wht__team_note_here();
    double max_rel[BATCH] = { 0 }; /* this thread's, merged as first_merge does */
    double yb[SLICE];
  for (uint64_t k = 0; k <= nchunks; k++) {
    const uint64_t nchain = k > 0 ? npairs : 0, nterm = k < nchunks ? nslices : 0;
    WHT__OMP(omp for schedule(dynamic, 1))
    for (uint64_t w = 0; w < nchain + nterm; w++) {
      if (w < nchain) {
        const uint64_t i0 = (k - 1) * c, m = n - i0 < c ? n - i0 : c;
        const double *t = buf + ((k - 1) % 2 * g + 2 * w) * STRIDE(c);
        chain_pair(o[2 * w]->sums, t, 2 * w + 1 < g ? o[2 * w + 1]->sums : NULL, t + STRIDE(c), m, simd);
        continue;
      }
      const uint64_t i0 = k * c, lo = (w - nchain) * SLICE;
      const uint64_t m = n - i0 < c ? n - i0 : c, hi = lo + SLICE < m ? lo + SLICE : m;
      double *half = buf + k % 2 * g * STRIDE(c);
      if (lo >= hi) continue; /* a slice past the end of a partial last chunk */
      for (size_t j = 0; j < g; j++)
        terms_range(y_block(o[j], i0 + lo, hi - lo, yb), v + i0 + lo, hi - lo, &o[j]->sc,
                    half + j * STRIDE(c) + NSUMS * lo, &max_rel[j], simd);
    }
  }
    WHT__OMP(omp critical(wht__metrics_merge))
    for (size_t j = 0; j < g; j++)
      if (max_rel[j] > o[j]->max_rel) o[j]->max_rel = max_rel[j];
  }
}

/* The sums of the outputs a and b (b may be NULL) on the calling thread,
 * a block of FUSED elements at a time: their terms into buffers on the
 * stack (they stay in L1), then their chains (chain_pair) over them; no
 * chunk buffer, no barrier. The same terms added in the same order. */
#define FUSED 256
static void sums_pair(cell *a, cell *b, const wht_dd *v, uint64_t n, int simd)
{
  double t[2][NSUMS * FUSED], yb[FUSED];
  for (uint64_t i0 = 0; i0 < n; i0 += FUSED) {
    const uint64_t m = n - i0 < FUSED ? n - i0 : FUSED;
    terms_range(y_block(a, i0, m, yb), v + i0, m, &a->sc, t[0], &a->max_rel, simd);
    if (b) terms_range(y_block(b, i0, m, yb), v + i0, m, &b->sc, t[1], &b->max_rel, simd);
    chain_pair(a->sums, t[0], b ? b->sums : NULL, t[1], m, simd);
  }
}

static void overflow(wht_metrics *m)
{
  m->status = WHT_RUN_OVERFLOW;
  m->max_abs = m->mean_abs = m->mean_rel = m->max_rel = m->norm_rel = m->max_ulp = NAN;
}

/* WHT_METRICS_PAIRS=1: the per-pair path for every batch, on one thread
 * per pair (fewer threads than the pipelined sums; for measurements of
 * sweeps whose metrics share the cores with other work: docs/PERFORMANCE.md).
 * The bits are the same either way. */
static int pairs_forced(void)
{
  static int v = -1;
  if (v < 0) v = wht__env_uint("WHT_METRICS_PAIRS", 0) == 1; /* 0 or 1 (wht_env.h) */
  return v;
}

/* the outputs y[0 .. count-1], stored in format yf (f, or WHT_F64 for
 * doubles) */
static void compute_many(wht_format f, wht_format yf, const void *const *y, const wht_dd *v, uint64_t n,
                         const int *nonfinite_seen, wht_metrics *m, size_t count)
{
  if ((unsigned)f >= WHT_NFORMATS || n == 0) { /* no metric of nothing, or of no format */
    for (size_t j = 0; j < count; j++) {
      memset(&m[j], 0, sizeof m[j]);
      overflow(&m[j]);
      m[j].status = WHT_RUN_UNSUPPORTED;
    }
    return;
  }
  const int p = wht_format_precision(f), emin = wht_format_emin(f);
  enum { SMALL = 256 };
  for (size_t j0 = 0; j0 < count; j0 += BATCH) {
    cell c[BATCH], *all[BATCH], *todo[BATCH];
    const size_t nb = count - j0 < BATCH ? count - j0 : BATCH;
    size_t g = 0;
    for (size_t j = 0; j < nb; j++) {
      memset(&c[j], 0, sizeof c[j]);
      c[j].y = y[j0 + j];
      c[j].yf = yf;
      all[j] = &c[j];
    }
    first_pass(all, nb, v, n, p, emin);
    for (size_t j = j0; j < j0 + nb; j++) {
      cell *o = &c[j - j0];
      m[j].n_zero = o->n_zero, m[j].zero_miss = o->zero_miss, m[j].n_nonfinite = o->n_nonfinite;
      if ((nonfinite_seen && nonfinite_seen[j]) || o->n_nonfinite || o->v_nonfinite) {
        overflow(&m[j]);
        o->overflowed = 1;
        continue;
      }
      /* the sums: the relative errors over v_i != 0, and on power-of-two
       * scaled entries |d|, d^2 and v^2: d 2^sd with sd from the largest
       * |d|/2, v 2^sv */
      const int sd = scale_exp(o->max_half) - 1, sv = scale_exp(o->max_v);
      o->sc = (sum_scales){ pow2(sd), pow2(sd + 1), pow2(sv), sd, sv };
      todo[g++] = o;
    }
    /* With at least as many pairs of outputs as threads, each pair's sums
     * on one thread (sums_pair: every thread busy, no barrier per chunk);
     * with fewer, the pipelined sums() over all threads. */
    const uint64_t npairs = (g + 1) / 2;
    int nt = wht__threads_for(n * g);
    if (g && pairs_forced() && npairs < (uint64_t)nt) nt = (int)npairs;
    if (g && npairs >= (uint64_t)nt) {
      const int simd = wht__metrics_simd();
      WHT__OMP(omp parallel for schedule(dynamic, 1) num_threads(nt))
      for (uint64_t w = 0; w < npairs; w++) sums_pair(todo[2 * w], 2 * w + 1 < g ? todo[2 * w + 1] : NULL, v, n, simd);
    } else if (g) {
      /* without memory for a large chunk, a small one on the stack does
       * the same additions with more barriers */
      double small[2 * STRIDE(SMALL)];
      const uint64_t ck = chunk_for(g), cs = n < ck ? n : ck;
      double *heap = cs > SMALL ? malloc(2 * g * STRIDE(cs) * sizeof *heap) : NULL;
      if (heap)
        sums(todo, g, v, n, heap, cs);
      else
        for (size_t j = 0; j < g; j++) sums(&todo[j], 1, v, n, small, cs < SMALL ? cs : SMALL);
      free(heap);
    }
    for (size_t j = j0; j < count && j < j0 + BATCH; j++) {
      const cell *o = &c[j - j0];
      if (o->overflowed) continue;
      const int sd = o->sc.sd, sv = o->sc.sv;
      const double nv = sqrt(csum_value(&o->sums[SUM_VSQ]));
      m[j].status = WHT_RUN_OK;
      m[j].max_abs = o->max_abs;
      m[j].mean_abs = n ? ldexp(csum_value(&o->sums[SUM_D]) / (double)n, -sd) : NAN;
      m[j].mean_rel = o->n_rel ? csum_value(&o->sums[SUM_REL]) / (double)o->n_rel : NAN;
      m[j].max_rel = o->n_rel ? o->max_rel : NAN;
      m[j].max_ulp = o->n_rel ? o->max_ulp : NAN;
      m[j].norm_rel = !(nv > 0) ? NAN : ldexp(sqrt(csum_value(&o->sums[SUM_DSQ])) / nv, sv - sd);
    }
  }
}

void wht_metrics_compute_many(wht_format f, const double *const *y, const wht_dd *v, uint64_t n,
                              const int *nonfinite_seen, wht_metrics *m, size_t count)
{
  compute_many(f, WHT_F64, (const void *const *)y, v, n, nonfinite_seen, m, count);
}

void wht_metrics_compute_many_stored(wht_format f, const void *const *y, const wht_dd *v, uint64_t n,
                                     const int *nonfinite_seen, wht_metrics *m, size_t count)
{
  compute_many(f, f, y, v, n, nonfinite_seen, m, count);
}

void wht_metrics_compute(wht_format f, const double *y, const wht_dd *v, uint64_t n,
                         int nonfinite_seen, wht_metrics *m)
{
  wht_metrics_compute_many(f, &y, v, n, &nonfinite_seen, m, 1);
}

void wht_metrics_compute_stored(wht_format f, const void *y, const wht_dd *v, uint64_t n, int nonfinite_seen,
                                wht_metrics *m)
{
  compute_many(f, f, &y, v, n, &nonfinite_seen, m, 1);
}
