/* algo_check.h - helpers shared by the algorithm tests: run a registered
 * algorithm on the CPU on doubles (rounded into the format and back), the
 * exact O(n^2) Walsh-Hadamard product, and a small deterministic PRNG. */
#ifndef WHT_ALGO_CHECK_H
#define WHT_ALGO_CHECK_H
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "wht.h"
#include "tap.h"

static const wht_format all_formats[WHT_NFORMATS] = { WHT_F64, WHT_F32, WHT_F16, WHT_BF16 };

static uint64_t chk_state = 0x243f6a8885a308d3ull;
static inline uint64_t chk_rand(void)
{
  uint64_t z = (chk_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Run algorithm `name` in format f on the CPU over `batch` rows of n doubles
 * (the values are rounded to f first); y receives the outputs as doubles. */
static inline wht_status run_cpu(const char *name, wht_format f, const double *x, double *y,
                          uint64_t n, uint64_t batch)
{
  wht_status st;
  wht_plan *p = wht_plan_create_batched(n, batch, f, name, WHT_BACKEND_CPU, 0, &st);
  if (!p) return st;
  void *buf = malloc(n * batch * wht_format_size(f));
  if (!buf) { wht_plan_destroy(p); return WHT_E_NOMEM; }
  wht_store_doubles(f, buf, x, n * batch);
  st = wht_execute(p, buf);
  wht_load_doubles(f, y, buf, n * batch);
  free(buf);
  wht_plan_destroy(p);
  return st;
}

static inline int parity(uint64_t v) { return __builtin_popcountll(v) & 1; }

/* y = H_n x by the definition, in double (exact for the small integer data
 * the callers use). */
static inline void walsh_product(const double *x, double *y, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++) {
    double s = 0;
    for (uint64_t j = 0; j < n; j++) s += parity(i & j) ? -x[j] : x[j];
    y[i] = s;
  }
}

/* Index of the first element where a and b differ (bitwise on value and
 * sign of zero), or -1. */
static inline long first_diff(const double *a, const double *b, uint64_t n)
{
  for (uint64_t i = 0; i < n; i++)
    if (!(a[i] == b[i] && signbit(a[i]) == signbit(b[i]))) return (long)i;
  return -1;
}
#endif
