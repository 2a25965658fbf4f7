/* test_dist_streams.c - per-cell random streams: the hash documented at the
 * top of measure/dist.c is the one implemented, it separates every
 * field, and a cell's data do not depend on which other cells were drawn,
 * nor in which order. */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "wht_dist.h"

#define G UINT64_C(0x9e3779b97f4a7c15)

/* The documented hash, written again from the comment in dist.c. */
static uint64_t mix(uint64_t z)
{
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static uint64_t documented_stream(uint64_t seed, uint64_t d, uint64_t op, uint64_t k, uint64_t t, uint64_t in)
{
  uint64_t h = mix(seed + G);
  h = mix(h ^ (d + 1 * G));
  h = mix(h ^ (op + 2 * G));
  h = mix(h ^ (k + 3 * G));
  h = mix(h ^ (t + 4 * G));
  return mix(h ^ (in + 5 * G));
}

/* The documented generator: xoshiro256** seeded s[j] = mix(stream + (j+1) G);
 * pmone takes -1 when the 53-bit uniform is below 1/2, i.e. top bit 0. */
static uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

static void documented_pmone(uint64_t stream, double *x, unsigned n)
{
  uint64_t s[4];
  for (unsigned j = 0; j < 4; j++) s[j] = mix(stream + (j + 1) * G);
  for (unsigned i = 0; i < n; i++) {
    uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0], s[3] ^= s[1], s[1] ^= s[2], s[0] ^= s[3], s[2] ^= t, s[3] = rotl(s[3], 45);
    x[i] = (out >> 63) ? 1.0 : -1.0;
  }
}

typedef struct {
  wht_dist d;
  wht_op op;
  unsigned k, trial, input;
} cell;

static void test_documented(void)
{
  int same = 1;
  for (uint64_t seed = 0; seed < 3; seed++)
    for (unsigned d = 0; d < WHT_NDISTS; d++)
      for (unsigned op = 0; op < WHT_NOPS; op++)
        same &= wht_cell_stream(seed * 977, d, op, 10 + d, op + 2, op == WHT_OP_XOR_CONV) ==
                documented_stream(seed * 977, d, op, 10 + d, op + 2, op == WHT_OP_XOR_CONV);
  tap_ok(same, "wht_cell_stream equals the hash documented in dist.c");

  double a[256], b[256];
  const uint64_t st = wht_cell_stream(7, WHT_DIST_PMONE, WHT_OP_TWO_WAY, 8, 1, 0);
  wht_dist_fill(WHT_DIST_PMONE, st, a, 256);
  documented_pmone(st, b, 256);
  tap_ok(memcmp(a, b, sizeof a) == 0, "pmone data equal the documented xoshiro256** generator's");
}

static void test_fields_separate(void)
{
  const cell base = { WHT_DIST_NORM, WHT_OP_SMOOTHED, 12, 3, 0 };
  const uint64_t seed = 42, h = wht_cell_stream(seed, base.d, base.op, base.k, base.trial, base.input);
  tap_ok(wht_cell_stream(seed + 1, base.d, base.op, base.k, base.trial, base.input) != h, "stream changes with the seed");
  tap_ok(wht_cell_stream(seed, WHT_DIST_PMONE, base.op, base.k, base.trial, base.input) != h, "stream changes with the distribution");
  tap_ok(wht_cell_stream(seed, base.d, WHT_OP_ONE_WAY, base.k, base.trial, base.input) != h, "stream changes with the operation");
  tap_ok(wht_cell_stream(seed, base.d, base.op, base.k + 1, base.trial, base.input) != h, "stream changes with log2n");
  tap_ok(wht_cell_stream(seed, base.d, base.op, base.k, base.trial + 1, base.input) != h, "stream changes with the trial");
  tap_ok(wht_cell_stream(seed, base.d, base.op, base.k, base.trial, 1) != h, "stream changes with the input index");
  /* The same numbers in other fields give another stream. */
  tap_ok(wht_cell_stream(seed, 0, 0, 0, 1, 0) != wht_cell_stream(seed, 0, 0, 0, 0, 1) &&
         wht_cell_stream(seed, 1, 0, 0, 0, 0) != wht_cell_stream(seed, 0, 1, 0, 0, 0),
         "swapping values between fields changes the stream");

  /* All streams of a realistic sweep grid are distinct. */
  enum { NK = 26, NT = 8 };
  static uint64_t all[WHT_NDISTS * WHT_NOPS * NK * NT * 2];
  size_t m = 0;
  for (unsigned d = 0; d < WHT_NDISTS; d++)
    for (unsigned op = 0; op < WHT_NOPS; op++)
      for (unsigned k = 0; k < NK; k++)
        for (unsigned t = 0; t < NT; t++)
          for (unsigned in = 0; in < 2; in++) all[m++] = wht_cell_stream(seed, d, op, k, t, in);
  int distinct = 1;
  for (size_t i = 1; i < m; i++) /* insertion sort keeps the test free of qsort casts */
    for (size_t j = i; j > 0 && all[j - 1] > all[j]; j--) {
      uint64_t t = all[j];
      all[j] = all[j - 1], all[j - 1] = t;
    }
  for (size_t i = 1; i < m; i++) distinct &= all[i] != all[i - 1];
  tap_ok(distinct, "%zu cells of a 5 x 4 x 26 x 8 x 2 grid have distinct streams", m);
}

/* Draw the cells of `list` in the order of `order`, interleaving draws of
 * unrelated cells, and keep each listed cell's data. */
static void draw_cells(const cell *list, const unsigned *order, unsigned m, double **out, int noise)
{
  double junk[1024];
  for (unsigned j = 0; j < m; j++) {
    const cell *c = &list[order[j]];
    const uint64_t n = (uint64_t)1 << c->k;
    if (noise)
      wht_dist_fill((wht_dist)(j % WHT_NDISTS), wht_cell_stream(99, j % WHT_NDISTS, 0, 10, j, 0), junk, 1024);
    out[order[j]] = malloc(n * sizeof(double));
    wht_dist_fill(c->d, wht_cell_stream(1234, c->d, c->op, c->k, c->trial, c->input), out[order[j]], n);
  }
}

static void test_order_independent(void)
{
  enum { M = 12 };
  cell list[M];
  unsigned fwd[M], rev[M], mixed[M];
  for (unsigned j = 0; j < M; j++) {
    list[j] = (cell){ (wht_dist)(j % WHT_NDISTS), (wht_op)(j % WHT_NOPS), 8 + j % 5, j / 3, (j % WHT_NOPS) == WHT_OP_XOR_CONV };
    fwd[j] = j, rev[j] = M - 1 - j, mixed[j] = (j * 5) % M; /* 5 is coprime to 12 */
  }
  double *a[M], *b[M], *c[M];
  draw_cells(list, fwd, M, a, 0);
  draw_cells(list, rev, M, b, 1);
  draw_cells(list, mixed, M / 2, c, 1); /* a subset, in another order */
  int same_rev = 1, same_sub = 1;
  for (unsigned j = 0; j < M; j++) {
    const size_t bytes = ((size_t)1 << list[j].k) * sizeof(double);
    same_rev &= memcmp(a[j], b[j], bytes) == 0;
    free(b[j]);
  }
  for (unsigned j = 0; j < M / 2; j++) {
    const unsigned i = mixed[j];
    same_sub &= memcmp(a[i], c[i], ((size_t)1 << list[i].k) * sizeof(double)) == 0;
    free(c[i]);
  }
  for (unsigned j = 0; j < M; j++) free(a[j]);
  tap_ok(same_rev, "cells drawn in reverse order among other draws give identical bytes");
  tap_ok(same_sub, "a subset of the cells drawn in another order gives identical bytes");
}

int main(void)
{
  test_documented();
  test_fields_separate();
  test_order_independent();
  return tap_done();
}
