/* dist.c - the input distributions of DESIGN.md section 7 and the per-cell
 * random streams.
 *
 * Stream id of a cell (wht_cell_stream). Let mix be the SplitMix64
 * finaliser (Steele, Lea & Flood 2014; constants of Stafford's "Mix13"):
 *
 *   mix(z): z ^= z >> 30; z *= 0xbf58476d1ce4e5b9;
 *           z ^= z >> 27; z *= 0x94d049bb133111eb; z ^= z >> 31
 *
 * a bijection of 64-bit words. With G = 0x9e3779b97f4a7c15 (2^64 / golden
 * ratio) and all arithmetic modulo 2^64:
 *
 *   h = mix(seed + G)
 *   h = mix(h ^ (dist  + 1*G))     dist:  0 pmone, 1 norm, 2 relu-norm,
 *   h = mix(h ^ (op    + 2*G))            3 pagh-norm, 4 pagh-pmone
 *   h = mix(h ^ (log2n + 3*G))     op:    0 one-way, 1 two-way, 2 smoothed,
 *   h = mix(h ^ (trial + 4*G))            3 xor-conv
 *   h = mix(h ^ (input + 5*G))     input: 0 (a), 1 (xor-conv's b)
 *   stream = h
 *
 * Every step is a bijection of h for a fixed field and of the field for a
 * fixed h, so two cells that differ in one field never share a stream;
 * cells differing in several fields collide with probability about 2^-64.
 * The stream depends on nothing but these six numbers: a cell's data do not
 * depend on which other cells run, in which order or in which process.
 *
 * Generator. GSL's stock generators take 32 bits of seed (gsl_rng_set
 * keeps s & 0xffffffff for mt19937 and ranlxd), so thousands of cells
 * would share seeds with non-negligible probability (birthday bound:
 * about m^2 / 2^33 for m streams). The data are therefore drawn from a GSL
 * generator type defined here, xoshiro256** (Blackman & Vigna 2018,
 * period 2^256 - 1), whose 256-bit state is filled from the whole 64-bit
 * stream by SplitMix64 (Vigna's recommended seeding): s[j] = mix(stream +
 * (j+1) G). s[0] alone is a bijection of the stream, so distinct streams
 * start from distinct states. gsl_rng_get returns the top 32 bits of each
 * output; gsl_rng_uniform the top 53 bits times 2^-53. All distributions
 * then come from GSL (gsl_ran_gaussian_ziggurat, gsl_rng_uniform_int). */
#include <string.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_randist.h>
#include "wht_dist.h"

#define GOLDEN UINT64_C(0x9e3779b97f4a7c15)

static uint64_t mix(uint64_t z)
{
  z ^= z >> 30;
  z *= UINT64_C(0xbf58476d1ce4e5b9);
  z ^= z >> 27;
  z *= UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

uint64_t wht_cell_stream(uint64_t seed, wht_dist d, wht_op op, unsigned log2n,
                         unsigned trial, unsigned input)
{
  const uint64_t field[5] = { (uint64_t)d, (uint64_t)op, log2n, trial, input };
  uint64_t h = mix(seed + GOLDEN);
  for (unsigned j = 0; j < 5; j++) h = mix(h ^ (field[j] + (j + 1) * GOLDEN));
  return h;
}

/* ---- xoshiro256** as a gsl_rng_type ---------------------------------- */
typedef struct {
  uint64_t s[4];
} xoshiro_state;

static uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

static uint64_t xoshiro_next(xoshiro_state *st)
{
  uint64_t *s = st->s;
  const uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return out;
}

/* unsigned long is 64 bits on the LP64 hosts whtlab targets, so the whole
 * stream reaches the generator through gsl_rng_set. */
static void xoshiro_set(void *vs, unsigned long seed)
{
  xoshiro_state *st = vs;
  for (unsigned j = 0; j < 4; j++) st->s[j] = mix((uint64_t)seed + (j + 1) * GOLDEN);
}

static unsigned long xoshiro_get(void *vs) { return (unsigned long)(xoshiro_next(vs) >> 32); }
static double xoshiro_get_double(void *vs) { return (double)(xoshiro_next(vs) >> 11) * 0x1p-53; }

static const gsl_rng_type xoshiro_type = {
  "xoshiro256**", 0xffffffffUL, 0, sizeof(xoshiro_state),
  xoshiro_set, xoshiro_get, xoshiro_get_double
};

_Static_assert(sizeof(unsigned long) >= sizeof(uint64_t), "gsl_rng_set must carry a 64-bit stream");

/* ---- the distributions ------------------------------------------------ */
static double sign(gsl_rng *r) { return gsl_rng_uniform(r) < 0.5 ? -1.0 : 1.0; }
static double draw_norm(gsl_rng *r) { return gsl_ran_gaussian_ziggurat(r, 1.0); }

/* Uniform index in 0 .. n-1 for any n >= 1: GSL's uniform_int takes n up
 * to the generator's range (2^32 - 1); longer vectors combine two outputs
 * and reject. */
static uint64_t draw_index(gsl_rng *r, uint64_t n)
{
  if (n <= gsl_rng_max(r) - gsl_rng_min(r)) return gsl_rng_uniform_int(r, (unsigned long)n);
  uint64_t mask = n - 1;
  for (unsigned sh = 1; sh < 64; sh <<= 1) mask |= mask >> sh;
  for (;;) {
    const uint64_t hi = gsl_rng_get(r); /* two statements: a fixed order of draws */
    const uint64_t v = (hi << 32 | gsl_rng_get(r)) & mask;
    if (v < n) return v;
  }
}

static void fill_pmone(gsl_rng *r, double *x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++) x[i] = sign(r);
}

static void fill_norm(gsl_rng *r, double *x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++) x[i] = draw_norm(r);
}

static void fill_relu_norm(gsl_rng *r, double *x, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++) {
    double z = draw_norm(r);
    x[i] = z > 0 ? z : 0.0; /* +0 for the negative half, never -0 */
  }
}

/* Pagh's sparse sketch-like input: max(1, n/8) signed bumps at uniform
 * positions; each draw takes index, then sign, then value. */
static void fill_pagh(gsl_rng *r, double *x, uint64_t n, double (*value)(gsl_rng *))
{
  memset(x, 0, n * sizeof *x);
  const uint64_t m = n / 8 > 1 ? n / 8 : 1;
  for (uint64_t t = 0; t < m; t++) {
    uint64_t i = draw_index(r, n);
    double s = sign(r);
    x[i] += s * value(r);
  }
}

static void fill_pagh_norm(gsl_rng *r, double *x, uint64_t n) { fill_pagh(r, x, n, draw_norm); }
static void fill_pagh_pmone(gsl_rng *r, double *x, uint64_t n) { fill_pagh(r, x, n, sign); }

/* Canonical names as stored in results files; the thesis's upper-case
 * spellings (PMONE, RELU_NORM, PAGH_PMONE, ...) are matched by wht_name_matches (lib/names.c). */
typedef struct {
  const char *name;
  void (*fill)(gsl_rng *r, double *x, uint64_t n);
} dist_desc;

static const dist_desc dists[WHT_NDISTS] = {
  [WHT_DIST_PMONE] = { "pmone", fill_pmone },
  [WHT_DIST_NORM] = { "norm", fill_norm },
  [WHT_DIST_RELU_NORM] = { "relu-norm", fill_relu_norm },
  [WHT_DIST_PAGH_NORM] = { "pagh-norm", fill_pagh_norm },
  [WHT_DIST_PAGH_PMONE] = { "pagh-pmone", fill_pagh_pmone },
};

const char *wht_dist_name(wht_dist d)
{
  return (unsigned)d < WHT_NDISTS ? dists[d].name : NULL;
}

int wht_dist_from_name(const char *name, wht_dist *d)
{
  if (!name || !d) return -1;
  for (unsigned i = 0; i < WHT_NDISTS; i++)
    if (wht_name_matches(name, dists[i].name)) {
      *d = (wht_dist)i;
      return 0;
    }
  return -1;
}

int wht_dist_fill(wht_dist d, uint64_t stream, double *x, uint64_t n)
{
  if ((unsigned)d >= WHT_NDISTS || (!x && n)) return -1;
  if (n == 0) return 0; /* nothing to draw, and pagh's one bump needs n >= 1 */
  /* The generator lives on the stack: no allocation, nothing to fail. */
  xoshiro_state st;
  gsl_rng r = { &xoshiro_type, &st };
  gsl_rng_set(&r, (unsigned long)stream);
  dists[d].fill(&r, x, n);
  return 0;
}
