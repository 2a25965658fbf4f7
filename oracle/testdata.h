/* testdata.h - deterministic input vectors for the oracle's tests and its
 * benchmark: the five distributions of DESIGN.md section 7 drawn from a
 * small local generator (xoshiro256** seeded by splitmix64, Box-Muller
 * normals), kept apart from measure/dist.c so the oracle is checked on
 * data it does not share a code path with. */
#ifndef WHT_ORACLE_TESTDATA_H
#define WHT_ORACLE_TESTDATA_H

#include <math.h>
#include <stdint.h>
#include <stddef.h>
#include "wht.h"

typedef struct {
  uint64_t s[4];
  int have_spare;
  double spare;
} td_rng;

static inline uint64_t td_splitmix(uint64_t *x)
{
  uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static inline void td_seed(td_rng *r, uint64_t seed)
{
  for (int i = 0; i < 4; i++) r->s[i] = td_splitmix(&seed);
  r->have_spare = 0;
}

static inline uint64_t td_next(td_rng *r)
{
  uint64_t *s = r->s, t = s[1] << 17;
  uint64_t x = s[1] * 5, res = ((x << 7) | (x >> 57)) * 9;
  s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
  s[2] ^= t;
  s[3] = (s[3] << 45) | (s[3] >> 19);
  return res;
}

/* uniform in (0, 1) */
static inline double td_uniform(td_rng *r) { return ((double)(td_next(r) >> 11) + 0.5) * 0x1p-53; }

static inline double td_normal(td_rng *r)
{
  if (r->have_spare) {
    r->have_spare = 0;
    return r->spare;
  }
  double u = td_uniform(r), v = td_uniform(r);
  double rad = sqrt(-2.0 * log(u)), ang = 6.283185307179586 * v;
  r->spare = rad * sin(ang);
  r->have_spare = 1;
  return rad * cos(ang);
}

static inline double td_sign(td_rng *r) { return (td_next(r) >> 63) ? -1.0 : 1.0; }

enum { TD_PMONE, TD_NORM, TD_RELU_NORM, TD_PAGH_NORM, TD_PAGH_PMONE, TD_NDISTS };
static const char *const td_dist_names[TD_NDISTS] = {
  "pmone", "norm", "relu-norm", "pagh-norm", "pagh-pmone"
};

/* x[0..n) from distribution d, then rounded to format f. */
static inline void td_fill(td_rng *r, int d, wht_format f, double *x, size_t n)
{
  switch (d) {
  case TD_PMONE:
    for (size_t i = 0; i < n; i++) x[i] = td_sign(r);
    break;
  case TD_NORM:
    for (size_t i = 0; i < n; i++) x[i] = td_normal(r);
    break;
  case TD_RELU_NORM:
    for (size_t i = 0; i < n; i++) {
      double v = td_normal(r);
      x[i] = v > 0 ? v : 0.0;
    }
    break;
  default: { /* pagh: max(1, n/8) signed draws added at uniform positions */
    for (size_t i = 0; i < n; i++) x[i] = 0.0;
    size_t m = n / 8 > 1 ? n / 8 : 1;
    for (size_t t = 0; t < m; t++) {
      size_t i = (size_t)(td_uniform(r) * (double)n);
      if (i >= n) i = n - 1;
      double s = td_sign(r), v = d == TD_PAGH_NORM ? td_normal(r) : td_sign(r);
      x[i] += s * v;
    }
  }
  }
  for (size_t i = 0; i < n; i++) x[i] = wht_round_to_format(x[i], f);
}
#endif
