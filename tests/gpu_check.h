/* gpu_check.h - what the GPU tests share: random inputs of each format,
 * CPU reference results, byte-for-byte comparison, the seed.
 *
 * Three kinds of input (gc_input):
 *   random:  signed values with random exponents (and a few signed zeros),
 *            so that cancellation and every rounding path occur (f16 ones
 *            reach its subnormals);
 *   tiny:    exponents in [emin, emin + 8] of the format (lower for f16 at
 *            large k, as below), so that inputs, differences and error
 *            terms are subnormal in every format: a device that flushes
 *            them to zero differs from the CPU;
 *   inf-nan: random data with an infinity in the first row and a NaN in
 *            the last (the same row when batch = 1).
 * f16 inputs are scaled with k so that no intermediate value of any
 * algorithm overflows (Alman-Rao's prescaling multiplies by up to
 * 2^ceil(k/3)): the comparison is of bits, and NaN bit patterns are not
 * specified alike on the CPU and the GPU. So inf-nan results are compared
 * NaN-insensitively (any NaN equals any NaN, all else bit for bit), the
 * others bit for bit. */
#ifndef WHT_TESTS_GPU_CHECK_H
#define WHT_TESTS_GPU_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <math.h>
#include "wht.h"

/* The algorithms with both a CPU and a GPU path in this build, in registry
 * order, into names[GC_MAX_ALGOS]; returns their count. The GPU tests
 * compare each with its CPU result: a new algorithm needs no edit here. */
#define GC_MAX_ALGOS 32
static size_t gc_algorithm_list(const char **names)
{
  const unsigned both = (1u << WHT_BACKEND_CPU) | (1u << WHT_BACKEND_GPU);
  /* WHT_GPU_TEST_ALGOS=a,b: only those (a new algorithm's checks alone) */
  const char *only = getenv("WHT_GPU_TEST_ALGOS");
  size_t n = 0;
  for (size_t i = 0; i < wht_algorithm_count() && n < GC_MAX_ALGOS; i++) {
    const char *name = wht_algorithm_at(i)->name;
    if ((wht_algorithm_at(i)->backends & both) != both) continue;
    if (only && *only) {
      const size_t len = strlen(name);
      const char *p = only;
      int listed = 0;
      for (; !listed && (p = strstr(p, name)) != NULL; p += len)
        listed = (p == only || p[-1] == ',') && (p[len] == ',' || p[len] == 0);
      if (!listed) continue;
    }
    names[n++] = name;
  }
  return n;
}

static uint64_t gc_mix(uint64_t z)
{
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* The run's seed: WHT_GPU_TEST_SEED if set, else from the clock; printed. */
static uint64_t gc_seed(void)
{
  const char *v = getenv("WHT_GPU_TEST_SEED");
  uint64_t s = v ? strtoull(v, NULL, 0) : gc_mix((uint64_t)time(NULL) ^ ((uint64_t)clock() << 32));
  printf("# seed %llu (set WHT_GPU_TEST_SEED to repeat)\n", (unsigned long long)s);
  return s;
}

static unsigned gc_env_unsigned(const char *name, unsigned dflt)
{
  const char *v = getenv(name);
  return v && *v ? (unsigned)strtoul(v, NULL, 10) : dflt;
}

typedef enum { GC_RANDOM, GC_TINY, GC_INF_NAN, GC_NINPUTS } gc_input;
static const char *const gc_input_names[GC_NINPUTS] = { "random", "tiny", "inf-nan" };

/* f16: the largest magnitude 2^hi keeps every algorithm finite (seen to
 * k = 26: outputs below 2^8, no overflow in Alman-Rao's prescaled steps) */
static int gc_hi(wht_format f, unsigned k)
{
  return f == WHT_F16 ? 14 - (int)((k + 1) / 2) - (int)((k + 2) / 3) : 20;
}

/* N elements u 2^e, u in [0, 1) and e in [hi - spread, hi], random signs,
 * a few zeros, from stream seed. */
static void gc_fill_range(wht_format f, void *x, uint64_t N, uint64_t seed, int hi, int spread)
{
  enum { CHUNK = 4096 };
  double buf[CHUNK];
  const size_t esz = wht_format_size(f);
  uint64_t s = gc_mix(seed);
  for (uint64_t i = 0; i < N; i += CHUNK) {
    const size_t m = N - i < CHUNK ? (size_t)(N - i) : CHUNK;
    for (size_t j = 0; j < m; j++) {
      s = gc_mix(s);
      const double u = (double)(s >> 11) * 0x1p-53; /* [0, 1) */
      const int e = hi - (int)((s & 0xff) % (unsigned)(spread + 1));
      double v = ldexp(u, e);
      if (((s >> 8) & 63) == 0) v = 0; /* a few zeros */
      buf[j] = ((s >> 14) & 1) ? -v : v;
    }
    wht_store_doubles(f, (char *)x + i * esz, buf, m);
  }
}

/* One random test input: N elements of format f for rows of 2^k. */
static void gc_fill(wht_format f, unsigned k, void *x, uint64_t N, uint64_t seed)
{
  gc_fill_range(f, x, N, seed, gc_hi(f, k), f == WHT_F16 ? 6 : 40);
}

/* One test input of kind in: batch rows of 2^k elements of format f. */
static void gc_fill_input(gc_input in, wht_format f, unsigned k, void *x, uint64_t batch, uint64_t seed)
{
  const uint64_t n = (uint64_t)1 << k, N = n * batch;
  if (in == GC_TINY) {
    const int top = wht_format_emin(f) + 8;
    gc_fill_range(f, x, N, seed, top < gc_hi(f, k) ? top : gc_hi(f, k), 8);
    return;
  }
  gc_fill(f, k, x, N, seed);
  if (in != GC_INF_NAN) return;
  const size_t esz = wht_format_size(f);
  const uint64_t s = gc_mix(seed ^ 0x1f1f), at_inf = s % n;
  /* the NaN elsewhere in the row when there is one row (and room) */
  const uint64_t at_nan = (batch - 1) * n + (batch > 1 || n == 1 ? (s >> 32) % n : (at_inf + 1 + (s >> 32) % (n - 1)) % n);
  const double inf = (s >> 20) & 1 ? -INFINITY : INFINITY, nan = NAN;
  wht_store_doubles(f, (char *)x + at_inf * esz, &inf, 1);
  wht_store_doubles(f, (char *)x + at_nan * esz, &nan, 1);
}

/* In-place CPU transform of `batch` rows of n: the reference. */
static wht_status gc_cpu_transform(const char *algo, wht_format f, uint64_t n, uint64_t batch,
                                   void *x)
{
  wht_status st;
  wht_plan *p = wht_plan_create_batched(n, batch, f, algo, WHT_BACKEND_CPU, 0, &st);
  if (!p) return st;
  st = wht_execute(p, x);
  wht_plan_destroy(p);
  return st;
}

/* 0 when equal; else 1 and *first = the first differing element. */
static int gc_differs(const void *got, const void *want, uint64_t N, size_t esz, uint64_t *first)
{
  if (memcmp(got, want, (size_t)(N * esz)) == 0) return 0;
  const unsigned char *a = got, *b = want;
  uint64_t i = 0;
  while (i < N && memcmp(a + i * esz, b + i * esz, esz) == 0) i++;
  *first = i;
  return 1;
}

/* As gc_differs, but any NaN equals any NaN (CPU and GPU NaN bits differ). */
static int gc_differs_nan(const void *got, const void *want, uint64_t N, wht_format f, uint64_t *first)
{
  const size_t esz = wht_format_size(f);
  if (memcmp(got, want, (size_t)(N * esz)) == 0) return 0;
  const unsigned char *a = got, *b = want;
  for (uint64_t i = 0; i < N; i++) {
    if (memcmp(a + i * esz, b + i * esz, esz) == 0) continue;
    double va, vb;
    wht_load_doubles(f, &va, a + i * esz, 1);
    wht_load_doubles(f, &vb, b + i * esz, 1);
    if (isnan(va) && isnan(vb)) continue;
    *first = i;
    return 1;
  }
  return 0;
}

/* The comparison that fits input kind in. */
static int gc_differs_input(gc_input in, const void *got, const void *want, uint64_t N, wht_format f,
                            uint64_t *first)
{
  return in == GC_INF_NAN ? gc_differs_nan(got, want, N, f, first)
                          : gc_differs(got, want, N, wht_format_size(f), first);
}

/* Hex of element i (for failure messages). */
static const char *gc_hex(const void *x, uint64_t i, size_t esz, char *buf)
{
  const unsigned char *p = (const unsigned char *)x + i * esz;
  char *o = buf;
  for (size_t b = esz; b-- > 0;) o += sprintf(o, "%02x", p[b]);
  return buf;
}

#endif
