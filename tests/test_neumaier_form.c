/* test_neumaier_form - the GPU kernel's Neumaier recoveries
 * (kernels/compensated_err.cuh: three sums, the third A' - S, two
 * selects) give bit for bit
 * DESIGN.md section 4's (first branch that holds; the CPU's form), run on
 * the host through wht__neumaier_err_host:
 *   - f16, pairs (A, B) with A' = A + B and B' = A - B rounded (what the
 *     first stage sees), in the general form and in the first stage's
 *     (compensated_err.cuh's az, bz): every pair of the 2^32 under make check-long
 *     (WHT_CHECK_LONG set, 2 threads; the form's f16 arithmetic done in
 *     float and rounded once per operation, which gives the same values
 *     as cuda_fp16's host paths ten times faster), else every A against
 *     512 B (all special and boundary values: zeros, subnormals, the
 *     largest finite, infinities, NaNs, equal magnitudes of both signs,
 *     random ones) and the same with A and B swapped, in cuda_fp16's
 *     arithmetic as the kernels' host emulation runs it, scalar and on
 *     lane pairs (below);
 *   - every format, pairs (A, B) drawn from the pools below with A' and
 *     B' their rounded sum and difference, in both forms, 2^20 (and on
 *     lane pairs for f16, bf16);
 *   - every format, triples (A', A, B) and (B', A, B) drawn independently
 *     (but for a -0 that no butterfly gives: keep_precondition below)
 *     from pools of 12 magnitudes (random values that round and cancel
 *     when added, a zero, the smallest subnormal, the largest finite, an
 *     infinity, a NaN; random signs), a new pool every 256 triples, so
 *     that ties of every kind occur: 2^22 each (2^24 under check-long),
 *     and for f16 and bf16 2^22 more in float (the two arithmetics agree)
 *     and 2^22 (2^24) on lane pairs, the form of the kernels' packed
 *     rounds (kernels/tile_packed.cuh: masks from __hle2_mask, bitwise
 *     selects), two triples per register.
 * Results are compared NaN-insensitively (any NaN equals any NaN: the GPU
 * returns the canonical NaN), all other values bit for bit. Needs no GPU;
 * skips when CUDA is not compiled in. */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in"); }
#else
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <math.h>
#include "wht_internal.h"
#include "arith.h"
#include "gpu_util.h"

/* DESIGN.md section 4's recoveries (before "+ Es" / "+ Ed"), written
 * from its text, in double, float, or float rounded once per operation to
 * f16 / bf16 (arith.h). ROUND(x) rounds to the format. */
#define ABSV(v) fabs((double)(v))
#define DESIGN_ERR_A(Ap, A, B, ADD, SUB)                                      \
  ((ABSV(B) <= ABSV(Ap) && ABSV(B) <= ABSV(A)) ? SUB(SUB(Ap, A), B)           \
   : (ABSV(A) <= ABSV(Ap) && ABSV(A) <= ABSV(B)) ? SUB(SUB(Ap, B), A)         \
   : ADD(SUB(-(A), B), Ap))
#define DESIGN_ERR_B(Bp, A, B, ADD, SUB)                                      \
  ((ABSV(B) <= ABSV(Bp) && ABSV(B) <= ABSV(A)) ? ADD(SUB(Bp, A), B)           \
   : (ABSV(A) <= ABSV(Bp) && ABSV(A) <= ABSV(B)) ? SUB(ADD(Bp, B), A)         \
   : ADD(ADD(-(A), B), Bp))

#define F16_ADD(a, b) wht__f16_round((a) + (b))
#define F16_SUB(a, b) wht__f16_round((a) - (b))
#define BF16_ADD(a, b) wht__bf16_round((a) + (b))
#define BF16_SUB(a, b) wht__bf16_round((a) - (b))
#define NAT_ADD(a, b) ((a) + (b))
#define NAT_SUB(a, b) ((a) - (b))

/* value i of format f as a double, and a double of that format to bits */
static double to_double(wht_format f, const void *v, size_t i)
{
  switch (f) {
  case WHT_F64: return ((const double *)v)[i];
  case WHT_F32: return ((const float *)v)[i];
  case WHT_F16: return wht__f16_bits_to_float(((const uint16_t *)v)[i]);
  default: return wht__bf16_bits_to_float(((const uint16_t *)v)[i]);
  }
}

/* DESIGN.md's eA' and eB' of element i, as bits in ea, eb */
static void design(wht_format f, size_t i, const void *Ap, const void *Bp, const void *A,
                   const void *B, void *ea, void *eb)
{
  if (f == WHT_F64) {
    const double ap = ((const double *)Ap)[i], bp = ((const double *)Bp)[i];
    const double a = ((const double *)A)[i], b = ((const double *)B)[i];
    ((double *)ea)[i] = DESIGN_ERR_A(ap, a, b, NAT_ADD, NAT_SUB);
    ((double *)eb)[i] = DESIGN_ERR_B(bp, a, b, NAT_ADD, NAT_SUB);
  } else if (f == WHT_F32) {
    const float ap = ((const float *)Ap)[i], bp = ((const float *)Bp)[i];
    const float a = ((const float *)A)[i], b = ((const float *)B)[i];
    ((float *)ea)[i] = DESIGN_ERR_A(ap, a, b, NAT_ADD, NAT_SUB);
    ((float *)eb)[i] = DESIGN_ERR_B(bp, a, b, NAT_ADD, NAT_SUB);
  } else {
    const float ap = (float)to_double(f, Ap, i), bp = (float)to_double(f, Bp, i);
    const float a = (float)to_double(f, A, i), b = (float)to_double(f, B, i);
    if (f == WHT_F16) {
      ((uint16_t *)ea)[i] = wht__float_to_f16_bits(DESIGN_ERR_A(ap, a, b, F16_ADD, F16_SUB));
      ((uint16_t *)eb)[i] = wht__float_to_f16_bits(DESIGN_ERR_B(bp, a, b, F16_ADD, F16_SUB));
    } else {
      ((uint16_t *)ea)[i] = wht__float_to_bf16_bits(DESIGN_ERR_A(ap, a, b, BF16_ADD, BF16_SUB));
      ((uint16_t *)eb)[i] = wht__float_to_bf16_bits(DESIGN_ERR_B(bp, a, b, BF16_ADD, BF16_SUB));
    }
  }
}

/* same value, or both NaN */
static int same(wht_format f, const void *x, const void *y, size_t i)
{
  const size_t esz = wht_format_size(f);
  if (!memcmp((const char *)x + i * esz, (const char *)y + i * esz, esz)) return 1;
  return isnan(to_double(f, x, i)) && isnan(to_double(f, y, i));
}

#define CHUNK 65536
typedef struct {
  wht_format f;
  int in_float; /* f16/bf16: 1 arithmetic in float, rounded once; 2 lane pairs (gpu_util.h) */
  int first; /* A' = A + B, B' = A - B: also the first stage's form (az, bz) */
  size_t n;
  unsigned char Ap[CHUNK * 8], Bp[CHUNK * 8], A[CHUNK * 8], B[CHUNK * 8];
  unsigned char ga[CHUNK * 8], gb[CHUNK * 8], da[CHUNK * 8], db[CHUNK * 8];
} batch;

/* Runs both forms on the batch (where t->first, the kernels' two forms);
 * counts the elements that differ and keeps the first as text in *what
 * (when empty). */
static uint64_t check_batch(batch *t, char *what, size_t what_len)
{
  uint64_t bad = 0;
  for (size_t i = 0; i < t->n; i++) design(t->f, i, t->Ap, t->Bp, t->A, t->B, t->da, t->db);
  for (int z = 0; z <= t->first; z++) {
    wht__neumaier_err_host(t->f, t->in_float, z, t->n, t->Ap, t->Bp, t->A, t->B, t->ga, t->gb);
    for (size_t i = 0; i < t->n; i++) {
      const int oka = same(t->f, t->ga, t->da, i), okb = same(t->f, t->gb, t->db, i);
      if (oka && okb) continue;
      if (!bad && what && !*what)
        snprintf(what, what_len, "%s%s A'=%.17g B'=%.17g A=%.17g B=%.17g: eA' %.17g (DESIGN.md %.17g), eB' %.17g (%.17g)",
                 wht_format_name(t->f), z ? " (first stage's form)" : "", to_double(t->f, t->Ap, i),
                 to_double(t->f, t->Bp, i), to_double(t->f, t->A, i), to_double(t->f, t->B, i),
                 to_double(t->f, t->ga, i), to_double(t->f, t->da, i), to_double(t->f, t->gb, i),
                 to_double(t->f, t->db, i));
      bad++;
    }
  }
  return bad;
}

/* f16 pair (a, b) as element i: A, B and the first stage's A' = A + B, B' = A - B */
static void put_pair(batch *t, size_t i, uint16_t a, uint16_t b)
{
  const float fa = wht__f16_bits_to_float(a), fb = wht__f16_bits_to_float(b);
  ((uint16_t *)t->A)[i] = a;
  ((uint16_t *)t->B)[i] = b;
  ((uint16_t *)t->Ap)[i] = wht__float_to_f16_bits(fa + fb);
  ((uint16_t *)t->Bp)[i] = wht__float_to_f16_bits(fa - fb);
}

static uint64_t rng_next(uint64_t *s)
{
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* 512 f16 values: every special and boundary pattern of both signs, then random ones */
static void f16_probe_values(uint16_t *v)
{
  static const uint16_t special[] = {
    0x0000, 0x0001, 0x0002, 0x0003, 0x01ff, 0x0200, 0x03fe, 0x03ff, /* zero, subnormals */
    0x0400, 0x0401, 0x07ff, 0x0800, 0x3bff, 0x3c00, 0x3c01, 0x3e00, /* normals near 2^-14, 1 */
    0x4000, 0x4200, 0x6400, 0x7bfe, 0x7bff, 0x7c00, 0x7c01, 0x7e00, /* large, max, inf, NaNs */
  };
  const size_t ns = sizeof special / sizeof special[0];
  uint64_t s = 15;
  size_t n = 0;
  for (size_t i = 0; i < ns; i++) {
    v[n++] = special[i];
    v[n++] = (uint16_t)(special[i] | 0x8000u);
  }
  while (n < 512) v[n++] = (uint16_t)rng_next(&s);
}

typedef struct {
  unsigned a0, a1; /* A = a0 .. a1-1 against every B */
  uint64_t bad;
  char what[400];
} range_job;

static void *run_range(void *arg)
{
  range_job *j = arg;
  batch *t = malloc(sizeof *t);
  if (!t) { j->bad = 1; snprintf(j->what, sizeof j->what, "allocation"); return NULL; }
  t->f = WHT_F16;
  t->in_float = 1;
  t->first = 1;
  t->n = CHUNK;
  for (unsigned a = j->a0; a < j->a1; a++) {
    for (unsigned b = 0; b < CHUNK; b++) put_pair(t, b, (uint16_t)a, (uint16_t)b);
    j->bad += check_batch(t, j->what, sizeof j->what);
  }
  free(t);
  return NULL;
}

/* Every f16 pair, split over two threads. */
static void all_f16_pairs(void)
{
  range_job jobs[2] = { { 0, 32768, 0, "" }, { 32768, 65536, 0, "" } };
  pthread_t th;
  const int threaded = pthread_create(&th, NULL, run_range, &jobs[1]) == 0;
  run_range(&jobs[0]);
  if (threaded) pthread_join(th, NULL);
  else run_range(&jobs[1]);
  const uint64_t bad = jobs[0].bad + jobs[1].bad;
  if (!tap_ok(bad == 0, "f16 (in float): every pair (A, B), A' = A + B, B' = A - B (2^32), both forms: %llu differ",
              (unsigned long long)bad))
    tap_diag("%s", jobs[0].what[0] ? jobs[0].what : jobs[1].what);
}

/* Every A against the probe values as B, and every B against them as A. */
static void f16_probe_pairs(void)
{
  uint16_t probe[512];
  f16_probe_values(probe);
  batch *t = malloc(sizeof *t);
  if (!t) { tap_ok(0, "allocation"); return; }
  t->f = WHT_F16;
  t->first = 1;
  for (int mode = 0; mode < 4; mode++) { /* in_float 0, then 2 (lane pairs); swapped or not */
    const int swap = mode & 1;
    t->in_float = mode < 2 ? 0 : 2;
    uint64_t bad = 0;
    char what[400] = "";
    for (unsigned p = 0; p < 512; p++) {
      t->n = CHUNK;
      for (unsigned x = 0; x < CHUNK; x++)
        put_pair(t, x, swap ? probe[p] : (uint16_t)x, swap ? (uint16_t)x : probe[p]);
      bad += check_batch(t, what, sizeof what);
    }
    if (!tap_ok(bad == 0, "f16%s: every %s against 512 probe values of %s (2^25 pairs), both forms: %llu differ",
                t->in_float ? " (lane pairs)" : "", swap ? "B" : "A", swap ? "A" : "B", (unsigned long long)bad))
      tap_diag("%s", what);
  }
  free(t);
}

/* A pool of few magnitudes for one batch: random significands with
 * exponents within a few precisions of each other (so sums round and
 * cancel), a signed zero, the smallest subnormal, the largest finite, an
 * infinity and a NaN. Drawing A', A, B from it gives ties of every kind. */
#define POOL 12
static void make_pool(wht_format f, double *pool, uint64_t *s)
{
  const int p = f == WHT_F64 ? 53 : f == WHT_F32 ? 24 : f == WHT_F16 ? 11 : 8;
  const int emin = f == WHT_F16 ? -24 : f == WHT_F64 ? -1074 : -149;
  const int ehi = f == WHT_F16 ? 10 : 30;
  pool[0] = 0.0;
  pool[1] = ldexp(1.0, emin);
  pool[2] = f == WHT_F64 ? 1.7976931348623157e308
          : f == WHT_F32 ? 3.4028234663852886e38
          : f == WHT_F16 ? 65504.0 : 3.3895313892515355e38;
  pool[3] = INFINITY;
  pool[4] = NAN;
  for (int i = 5; i < POOL; i++) {
    /* p-bit significand in [1, 2), exponent in [ehi - 2p - 4, ehi] */
    const uint64_t m = (rng_next(s) >> (64 - (p - 1))) | ((uint64_t)1 << (p - 1));
    pool[i] = ldexp((double)m, ehi - (int)(rng_next(s) % (uint64_t)(2 * p + 5)) - (p - 1));
  }
}

/* element i of v: a pool value, random sign */
static void put_value(wht_format f, void *v, size_t i, const double *pool, uint64_t r)
{
  double x = pool[(r >> 8) % POOL];
  if (r & 1) x = -x;
  switch (f) {
  case WHT_F64: ((double *)v)[i] = x; break;
  case WHT_F32: ((float *)v)[i] = (float)x; break;
  case WHT_F16: ((uint16_t *)v)[i] = wht__float_to_f16_bits((float)x); break;
  default: ((uint16_t *)v)[i] = wht__float_to_bf16_bits((float)x); break;
  }
}

/* The kernels' form takes r3 as A' - S (compensated_err.cuh), which is
 * DESIGN.md's wherever A' = S - Es, so A' = -0 only where S = A + B = -0,
 * i.e. A = B = -0 (an exact nonzero sum never rounds to zero), and B' = -0
 * only where D = A - B = -0 (A = -0, B = +0). An independent draw breaks
 * that; such an A' or B' becomes +0. */
static int is_zero_sign(wht_format f, const void *v, size_t i, int neg)
{
  const double x = to_double(f, v, i);
  return x == 0 && !isnan(x) && !!signbit(x) == neg;
}

static void keep_precondition(wht_format f, batch *t, size_t i)
{
  const size_t esz = wht_format_size(f);
  const int a_m0 = is_zero_sign(f, t->A, i, 1), b_m0 = is_zero_sign(f, t->B, i, 1), b_p0 = is_zero_sign(f, t->B, i, 0);
  if (is_zero_sign(f, t->Ap, i, 1) && !(a_m0 && b_m0)) memset(t->Ap + i * esz, 0, esz); /* +0 */
  if (is_zero_sign(f, t->Bp, i, 1) && !(a_m0 && b_p0)) memset(t->Bp + i * esz, 0, esz);
}

/* element i's A' = A + B and B' = A - B rounded to format f (f16, bf16:
 * float arithmetic, exact for these sums, rounded once) */
static void put_first_stage(wht_format f, batch *t, size_t i)
{
  if (f == WHT_F64) {
    const double a = ((const double *)t->A)[i], b = ((const double *)t->B)[i];
    ((double *)t->Ap)[i] = a + b, ((double *)t->Bp)[i] = a - b;
  } else if (f == WHT_F32) {
    const float a = ((const float *)t->A)[i], b = ((const float *)t->B)[i];
    ((float *)t->Ap)[i] = a + b, ((float *)t->Bp)[i] = a - b;
  } else {
    const float a = (float)to_double(f, t->A, i), b = (float)to_double(f, t->B, i);
    uint16_t *ap = (uint16_t *)t->Ap, *bp = (uint16_t *)t->Bp;
    ap[i] = f == WHT_F16 ? wht__float_to_f16_bits(a + b) : wht__float_to_bf16_bits(a + b);
    bp[i] = f == WHT_F16 ? wht__float_to_f16_bits(a - b) : wht__float_to_bf16_bits(a - b);
  }
}

/* Draws from the pools above, count elements: triples (A', A, B) and (B',
 * A, B) with keep_precondition, or (first) pairs (A, B) as the first stage
 * sees them (A' = A + B, B' = A - B), checked in both of the kernels'
 * forms. */
static void random_draws(wht_format f, int in_float, int first, uint64_t count)
{
  batch *t = malloc(sizeof *t);
  if (!t) { tap_ok(0, "allocation"); return; }
  uint64_t s = (first ? 0xf1257000u : 0x5eed0000u) + (uint64_t)f, bad = 0;
  char what[400] = "";
  t->f = f;
  t->in_float = in_float;
  t->first = first;
  t->n = CHUNK;
  double pool[POOL];
  for (uint64_t done = 0; done < count; done += CHUNK) {
    for (size_t i = 0; i < CHUNK; i++) {
      if (i % 256 == 0) make_pool(f, pool, &s);
      if (!first) {
        put_value(f, t->Ap, i, pool, rng_next(&s));
        put_value(f, t->Bp, i, pool, rng_next(&s));
      }
      put_value(f, t->A, i, pool, rng_next(&s));
      put_value(f, t->B, i, pool, rng_next(&s));
      if (first) put_first_stage(f, t, i);
      else keep_precondition(f, t, i);
    }
    bad += check_batch(t, what, sizeof what);
  }
  if (!tap_ok(bad == 0, "%s%s: %llu %s: %llu differ", wht_format_name(f),
              in_float == 2 ? " (lane pairs)" : in_float ? " (in float)" : "", (unsigned long long)count,
              first ? "pairs (A, B) as the first stage sees them, both forms"
                    : "triples (A', A, B) and (B', A, B) from pools of few magnitudes",
              (unsigned long long)bad))
    tap_diag("%s", what);
  free(t);
}

/* Outside the precondition the forms differ: f32 A = 1, B = -1 (S = +0)
 * with A' = -0 gives DESIGN.md's (-A - B) + A' = +0 + -0 = +0 and A' - S
 * = -0, so a draw that kept such triples would fail. */
static void precondition_needed(void)
{
  batch *t = malloc(sizeof *t);
  if (!t) { tap_ok(0, "allocation"); return; }
  t->f = WHT_F32;
  t->in_float = 0;
  t->first = 0;
  t->n = 1;
  const float ap = -0.0f, bp = 2.0f, a = 1.0f, b = -1.0f;
  memcpy(t->Ap, &ap, 4), memcpy(t->Bp, &bp, 4), memcpy(t->A, &a, 4), memcpy(t->B, &b, 4);
  tap_ok(check_batch(t, NULL, 0) == 1, "f32 A' = -0 beside S = +0 (outside the kernels' precondition): the forms differ");
  free(t);
}

int main(void)
{
  const int lng = getenv("WHT_CHECK_LONG") != NULL;
  precondition_needed();
  if (lng) all_f16_pairs();
  else f16_probe_pairs();
  for (int f = 0; f < WHT_NFORMATS; f++) {
    random_draws((wht_format)f, 0, 0, lng ? (uint64_t)1 << 24 : (uint64_t)1 << 22);
    random_draws((wht_format)f, 0, 1, (uint64_t)1 << 20);
    if (f == WHT_F16 || f == WHT_BF16) random_draws((wht_format)f, 2, 1, (uint64_t)1 << 20);
    if (f == WHT_F16 || f == WHT_BF16) {
      random_draws((wht_format)f, 1, 0, (uint64_t)1 << 22);
      random_draws((wht_format)f, 2, 0, lng ? (uint64_t)1 << 24 : (uint64_t)1 << 22);
    }
  }
  return tap_done();
}
#endif
