/* test_algorithms_reference - every CPU algorithm in every format, bit for
 * bit against a naive transcription of DESIGN.md section 4 written here with
 * the host format arithmetic (wht_format_add/sub/mul, each one correctly
 * rounded operation): radix-2 stages in increasing s, Kahan's and
 * Neumaier's recoveries term by term, Alman-Rao's radix-8 formulas left to
 * right, the blocks of kahan-block, neumaier-block and widened (stages
 * [0, k mod 3), then threes) and of widened-pass (at most 12 stages, then
 * at most 9), widened's double-double written out from DESIGN.md. Random data at several scales (ordinary, mixed magnitudes,
 * near overflow, subnormal), k = 0..10 (every k mod 3), so that any change
 * of operation order or association in lib/ shows up as a differing bit.
 * Exact-data and bound tests cannot see such changes. */
#include "algo_check.h"

static wht_format F;
static double add(double a, double b) { return wht_format_add(F, a, b); }
static double sub(double a, double b) { return wht_format_sub(F, a, b); }
static double mul(double a, double b) { return wht_format_mul(F, a, b); }

static void ref_folklore(double *x, unsigned k)
{
  const uint64_t n = (uint64_t)1 << k;
  for (unsigned s = 0; s < k; s++)
    for (uint64_t j = 0; j < n; j++)
      if (!((j >> s) & 1)) {
        double a = x[j], b = x[j + ((uint64_t)1 << s)];
        x[j] = add(a, b);
        x[j + ((uint64_t)1 << s)] = sub(a, b);
      }
}

/* stages s0 .. s1-1 with e starting at 0, then x - e */
static void ref_compensated_range(double *x, unsigned k, unsigned s0, unsigned s1, int neumaier)
{
  const uint64_t n = (uint64_t)1 << k;
  double *e = calloc(n, sizeof *e);
  for (unsigned s = s0; s < s1; s++) {
    const uint64_t m = (uint64_t)1 << s;
    for (uint64_t j = 0; j < n; j++) {
      if ((j >> s) & 1) continue;
      double A = x[j], B = x[j + m], eA = e[j], eB = e[j + m];
      double S = add(A, B), D = sub(A, B), Es = add(eA, eB), Ed = sub(eA, eB);
      double Ap = sub(S, Es), Bp = sub(D, Ed), ra, rb;
      if (!neumaier) {
        ra = sub(sub(Ap, A), B);
        rb = add(sub(Bp, A), B);
      } else {
        if (fabs(B) <= fabs(Ap) && fabs(B) <= fabs(A)) ra = sub(sub(Ap, A), B);
        else if (fabs(A) <= fabs(Ap) && fabs(A) <= fabs(B)) ra = sub(sub(Ap, B), A);
        else ra = add(sub(-A, B), Ap);
        if (fabs(B) <= fabs(Bp) && fabs(B) <= fabs(A)) rb = add(sub(Bp, A), B);
        else if (fabs(A) <= fabs(Bp) && fabs(A) <= fabs(B)) rb = sub(add(Bp, B), A);
        else rb = add(add(-A, B), Bp);
      }
      x[j] = Ap;
      x[j + m] = Bp;
      e[j] = add(ra, Es);
      e[j + m] = add(rb, Ed);
    }
  }
  for (uint64_t i = 0; i < n; i++) x[i] = sub(x[i], e[i]);
  free(e);
}

static void ref_alman_rao(double *x, unsigned k)
{
  const uint64_t n = (uint64_t)1 << k;
  const unsigned f = k % 3;
  for (unsigned s = 0; s < f; s++)
    for (uint64_t j = 0; j < n; j++)
      if (!((j >> s) & 1)) {
        double a = x[j], b = x[j + ((uint64_t)1 << s)];
        x[j] = add(a, b);
        x[j + ((uint64_t)1 << s)] = sub(a, b);
      }
  for (uint64_t i = 0; i < n; i++) {
    int c = 0;
    for (uint64_t d = i >> f; d; d >>= 3) c += (d & 7) != 0;
    x[i] = mul(x[i], ldexp(1, c));
  }
  for (unsigned r = 0; r < k / 3; r++) {
    const unsigned sh = f + 3 * r;
    const uint64_t m = (uint64_t)1 << sh;
    for (uint64_t j = 0; j < n; j++) {
      if ((j >> sh) & 7) continue;
      double a = x[j], b = x[j + m], c = x[j + 2 * m], d = x[j + 3 * m];
      double e = x[j + 4 * m], f2 = x[j + 5 * m], g = x[j + 6 * m], h = x[j + 7 * m];
      double B1 = add(b, c), B2 = add(d, h), B3 = add(f2, g);
      double tot = mul(add(add(add(B1, B2), B3), e), 0.5);
      double diff = sub(a, tot);
      double D = add(diff, d), E = add(diff, e), H = add(diff, h);
      x[j] = add(a, tot);
      x[j + m] = add(add(E, c), g);
      x[j + 2 * m] = add(add(E, b), f2);
      x[j + 3 * m] = add(E, B2);
      x[j + 4 * m] = add(D, B1);
      x[j + 5 * m] = add(add(H, c), f2);
      x[j + 6 * m] = add(add(H, b), g);
      x[j + 7 * m] = add(D, B3);
    }
  }
}

static void ref_kahan(double *x, unsigned k) { ref_compensated_range(x, k, 0, k, 0); }
static void ref_neumaier(double *x, unsigned k) { ref_compensated_range(x, k, 0, k, 1); }

/* The blocks of the block algorithms: [0, k mod 3) when not empty, then
 * [f + 3t, f + 3t + 3). */
static void ref_blocks(double *x, unsigned k, void (*block)(double *, unsigned, unsigned, unsigned, int), int arg)
{
  const unsigned f = k % 3;
  if (f) block(x, k, 0, f, arg);
  for (unsigned s = f; s < k; s += 3) block(x, k, s, s + 3, arg);
}

static void ref_kahan_block(double *x, unsigned k) { ref_blocks(x, k, ref_compensated_range, 0); }
static void ref_neumaier_block(double *x, unsigned k) { ref_blocks(x, k, ref_compensated_range, 1); }

/* widened's double-double (DESIGN.md section 4) in plain double arithmetic */
typedef struct { double hi, lo; } dd;
static dd two_sum(double a, double b)
{
  double s = a + b, bb = s - a;
  return (dd){ s, (a - (s - bb)) + (b - bb) };
}
static dd fast_two_sum(double a, double b)
{
  double s = a + b;
  return (dd){ s, b - (s - a) };
}
static dd dd_add(dd x, dd y)
{
  dd s = two_sum(x.hi, y.hi), t = two_sum(x.lo, y.lo);
  double e = s.lo + t.hi;
  s = fast_two_sum(s.hi, e);
  e = s.lo + t.lo;
  return fast_two_sum(s.hi, e);
}

/* one block of widened: f64 in double-double, f32 in double, f16 and bf16
 * in f32 (wht_format_add in WHT_F32), then one rounding to F */
static void ref_widened_block(double *x, unsigned k, unsigned s0, unsigned s1, int unused)
{
  (void)unused;
  const uint64_t n = (uint64_t)1 << k;
  if (F == WHT_F64) {
    dd *w = malloc(n * sizeof *w);
    for (uint64_t i = 0; i < n; i++) w[i] = (dd){ x[i], 0.0 };
    for (unsigned s = s0; s < s1; s++)
      for (uint64_t j = 0; j < n; j++)
        if (!((j >> s) & 1)) {
          dd a = w[j], b = w[j + ((uint64_t)1 << s)];
          w[j] = dd_add(a, b);
          w[j + ((uint64_t)1 << s)] = dd_add(a, (dd){ -b.hi, -b.lo });
        }
    for (uint64_t i = 0; i < n; i++) x[i] = w[i].hi + w[i].lo;
    free(w);
    return;
  }
  for (unsigned s = s0; s < s1; s++)
    for (uint64_t j = 0; j < n; j++)
      if (!((j >> s) & 1)) {
        double a = x[j], b = x[j + ((uint64_t)1 << s)];
        x[j] = F == WHT_F32 ? a + b : wht_format_add(WHT_F32, a, b);
        x[j + ((uint64_t)1 << s)] = F == WHT_F32 ? a - b : wht_format_sub(WHT_F32, a, b);
      }
  for (uint64_t i = 0; i < n; i++) x[i] = wht_round_to_format(x[i], F);
}

static void ref_widened(double *x, unsigned k) { ref_blocks(x, k, ref_widened_block, 0); }

/* widened-pass's blocks (DESIGN.md section 4), written out again: the
 * first is the longest run of at most 12 stages with as many stages as k
 * mod 3; the remaining r stages (a multiple of 3) go in ceil(r / 9) blocks
 * of whole threes, each 3 ceil(threes left / blocks left). */
static unsigned widened_pass_lengths(unsigned k, unsigned *len)
{
  unsigned nb = 0, first = k < 12 ? k : 12;
  while (first % 3 != k % 3) first--;
  if (first) len[nb++] = first;
  for (unsigned r = k - first, left = (r + 8) / 9; r; left--) {
    const unsigned threes = r / 3, l = 3 * ((threes + left - 1) / left);
    len[nb++] = l;
    r -= l;
  }
  return nb;
}

static void ref_widened_pass(double *x, unsigned k)
{
  unsigned len[64], s = 0;
  const unsigned nb = widened_pass_lengths(k, len);
  for (unsigned b = 0; b < nb; s += len[b++]) ref_widened_block(x, k, s, s + len[b], 0);
}

/* The independent reference of every CPU algorithm. A new algorithm needs
 * its row here: without one the test fails, naming it (README, "Adding an
 * algorithm"). */
typedef void (*reference_fn)(double *x, unsigned k);
static const struct {
  const char *name;
  reference_fn ref;
} references[] = {
  { "folklore", ref_folklore },
  { "kahan", ref_kahan },
  { "neumaier", ref_neumaier },
  { "alman-rao", ref_alman_rao },
  { "kahan-block", ref_kahan_block },
  { "neumaier-block", ref_neumaier_block },
  { "widened", ref_widened },
  { "widened-pass", ref_widened_pass },
#ifdef WHT_TEST_ALGORITHM
  { "folklore-test", ref_folklore }, /* widened and narrowed per operation: folklore bit for bit */
#endif
};
#define NREFS (sizeof references / sizeof references[0])

static reference_fn reference_of(const char *name)
{
  for (size_t i = 0; i < NREFS; i++)
    if (!strcmp(references[i].name, name)) return references[i].ref;
  return NULL;
}

/* Random value: sign, significand in [1, 2), exponent spread per scale. */
static double draw(int scale, wht_format f)
{
  double m = 1 + (double)(chk_rand() >> 11) / 9007199254740992.0;
  int lo = wht_format_emin(f), hi = wht_format_emax(f), e;
  switch (scale) {
  case 0: e = (int)(chk_rand() % 5) - 3; break;                    /* ordinary */
  case 1: e = (int)(chk_rand() % 41) - 20; break;                  /* mixed magnitudes */
  case 2: e = hi - 1 - (int)(chk_rand() % 3) - 12; break;          /* sums reach overflow */
  default: e = lo - 1 - (int)(chk_rand() % 6); break;              /* subnormal range */
  }
  if (e < lo - 30) e = lo - 30;
  double v = ldexp(m, e);
  return wht_round_to_format((chk_rand() & 1) ? v : -v, f);
}

static int same_bits(double a, double b)
{
  if (isnan(a) || isnan(b)) return isnan(a) && isnan(b);
  return a == b && signbit(a) == signbit(b);
}

/* First differing (k, i) over k = k0..k1, `reps` random vectors each, or
 * bad_k = -1. */
static void compare_range(const char *name, reference_fn reference, int sc, unsigned k0, unsigned k1, int reps,
                          double *x, double *y, double *r, long *bad_k, long *bad_i)
{
  *bad_k = *bad_i = -1;
  for (unsigned k = k0; k <= k1 && *bad_k < 0; k++) {
    const uint64_t n = (uint64_t)1 << k;
    for (int rep = 0; rep < reps && *bad_k < 0; rep++) {
      for (uint64_t i = 0; i < n; i++) x[i] = draw(sc, F);
      memcpy(r, x, n * sizeof *x);
      reference(r, k);
      run_cpu(name, F, x, y, n, 1);
      for (uint64_t i = 0; i < n && *bad_k < 0; i++)
        if (!same_bits(y[i], r[i])) { *bad_k = k; *bad_i = (long)i; }
    }
  }
}

/* The block boundaries are part of the definition: on ordinary random
 * data each block algorithm must differ from the same blocks cut
 * elsewhere, for k with a head block of one and of two stages:
 * the short block last instead of first, one block for the whole
 * transform, and blocks of one stage. */
typedef void (*block_fn)(double *, unsigned, unsigned, unsigned, int);
static const struct {
  const char *name;
  block_fn block;
  int arg;
} block_algorithms[] = {
  { "kahan-block", ref_compensated_range, 0 },
  { "neumaier-block", ref_compensated_range, 1 },
  { "widened", ref_widened_block, 0 },
};

static void check_block_boundaries(double *x, double *y, double *r)
{
  static const char *cut_names[3] = { "the short block last", "one block", "blocks of one stage" };
  const unsigned ks[2] = { 7, 8 }; /* k mod 3 = 1 and 2 */
  for (size_t a = 0; a < sizeof block_algorithms / sizeof block_algorithms[0]; a++)
    for (int fi = 0; fi < WHT_NFORMATS; fi++) {
      F = all_formats[fi];
      for (int alt = 0; alt < 3; alt++) {
        int differs = 1;
        for (int ki = 0; ki < 2; ki++) {
          const unsigned k = ks[ki], f = k % 3;
          const uint64_t n = (uint64_t)1 << k;
          int seen = 0;
          for (int rep = 0; rep < 8 && !seen; rep++) {
            for (uint64_t i = 0; i < n; i++) x[i] = draw(0, F);
            memcpy(r, x, n * sizeof *x);
            if (alt == 0) { /* threes from stage 0, the k mod 3 stages last */
              for (unsigned s0 = 0; s0 + 3 <= k; s0 += 3) block_algorithms[a].block(r, k, s0, s0 + 3, block_algorithms[a].arg);
              block_algorithms[a].block(r, k, k - f, k, block_algorithms[a].arg);
            } else if (alt == 1) {
              block_algorithms[a].block(r, k, 0, k, block_algorithms[a].arg);
            } else {
              for (unsigned s0 = 0; s0 < k; s0++) block_algorithms[a].block(r, k, s0, s0 + 1, block_algorithms[a].arg);
            }
            run_cpu(block_algorithms[a].name, F, x, y, n, 1);
            for (uint64_t i = 0; i < n; i++)
              if (!same_bits(y[i], r[i])) seen = 1;
          }
          differs &= seen;
        }
        tap_ok(differs, "%s %s: differs from %s at k = 7 and 8 (its blocks are [0, k mod 3), then threes)",
               block_algorithms[a].name, wht_format_name(F), cut_names[alt]);
      }
    }
}

/* widened-pass's boundaries: at k = 13, 14 (10 + 3, 11 + 3) and 16 (10 +
 * 6; the buffers hold 2^17) it must differ from one block, from widened's threes and from its own
 * blocks in the reverse order. */
static void check_widened_pass_boundaries(double *x, double *y, double *r)
{
  static const char *cut_names[3] = { "one block", "widened's blocks of three", "its blocks reversed" };
  const unsigned ks[3] = { 13, 14, 16 };
  for (int fi = 0; fi < WHT_NFORMATS; fi++) {
    F = all_formats[fi];
    for (int alt = 0; alt < 3; alt++) {
      int differs = 1;
      for (int ki = 0; ki < 3; ki++) {
        const unsigned k = ks[ki];
        const uint64_t n = (uint64_t)1 << k;
        unsigned len[64];
        const unsigned nb = widened_pass_lengths(k, len);
        int seen = 0;
        for (int rep = 0; rep < 4 && !seen; rep++) {
          for (uint64_t i = 0; i < n; i++) x[i] = draw(0, F);
          memcpy(r, x, n * sizeof *x);
          if (alt == 0) ref_widened_block(r, k, 0, k, 0);
          else if (alt == 1) ref_widened(r, k);
          else
            for (unsigned b = nb, s0 = 0; b-- > 0; s0 += len[b]) ref_widened_block(r, k, s0, s0 + len[b], 0);
          run_cpu("widened-pass", F, x, y, n, 1);
          for (uint64_t i = 0; i < n; i++)
            if (!same_bits(y[i], r[i])) seen = 1;
        }
        differs &= seen;
      }
      tap_ok(differs, "widened-pass %s: differs from %s at k = 13, 14 and 16", wht_format_name(F), cut_names[alt]);
    }
  }
}

int main(void)
{
  static const char *scales[4] = { "ordinary", "mixed magnitudes", "near overflow", "subnormal" };
  /* k > 15 takes the scheduler's passes over memory (lib/schedule.c blocks
   * up to 2^15): 16 and 17 always, up to 20 under make check-long */
  const unsigned kbig = getenv("WHT_CHECK_LONG") ? 20 : 17;
  const uint64_t nmax = (uint64_t)1 << kbig;
  double *x = malloc(nmax * sizeof *x), *y = malloc(nmax * sizeof *y), *r = malloc(nmax * sizeof *r);
  for (size_t a = 0; a < wht_algorithm_count(); a++) {
    const wht_algorithm_info *info = wht_algorithm_at(a);
    if (!(info->backends & (1u << WHT_BACKEND_CPU))) continue;
    const reference_fn ref = reference_of(info->name);
    if (!tap_ok(ref != NULL, "%s: has an independent reference (a row of references[] in "
                             "tests/test_algorithms_reference.c)", info->name))
      continue;
    for (int fi = 0; fi < WHT_NFORMATS; fi++) {
      F = all_formats[fi];
      long bad_k, bad_i;
      for (int sc = 0; sc < 4; sc++) {
        compare_range(info->name, ref, sc, 0, 10, 3, x, y, r, &bad_k, &bad_i);
        tap_ok(bad_k < 0, "%s %s: bit-identical to the section 4 transcription on %s data, k = 0..10 (first difference k %ld, i %ld)",
               info->name, wht_format_name(F), scales[sc], bad_k, bad_i);
      }
      compare_range(info->name, ref, 0, 11, 15, 1, x, y, r, &bad_k, &bad_i);
      tap_ok(bad_k < 0, "%s %s: bit-identical to the transcription on ordinary data, k = 11..15 (first difference k %ld, i %ld)",
             info->name, wht_format_name(F), bad_k, bad_i);
      compare_range(info->name, ref, 1, 16, kbig, 1, x, y, r, &bad_k, &bad_i);
      tap_ok(bad_k < 0, "%s %s: bit-identical to the transcription through the memory passes, k = 16..%u (first difference k %ld, i %ld)",
             info->name, wht_format_name(F), kbig, bad_k, bad_i);
    }
  }
  check_block_boundaries(x, y, r);
  check_widened_pass_boundaries(x, y, r);
  for (size_t i = 0; i < NREFS; i++) {
    const wht_algorithm_info *info = wht_algorithm_find(references[i].name);
    tap_ok(info && (info->backends & (1u << WHT_BACKEND_CPU)),
           "references[] row %s names a registered CPU algorithm (no stale facts)", references[i].name);
  }
  free(x); free(y); free(r);
  return tap_done();
}
