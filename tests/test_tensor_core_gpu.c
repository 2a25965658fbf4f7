/* test_tensor_core_gpu.c - the tensor-core kernels on the GPU, for
 * `tensor-core` f16 and bf16 and `tensor-core-f16acc` f16, every k = 0..KMAX
 * (20; WHT_TC_TEST_KMAX lowers it, e.g. under compute-sanitizer, or raises
 * it: 22 gives the L2-blocked pair four chunks of 2^20) and
 * several batch counts (partial tiles and 8-byte words included):
 *   - normal data: every output within the stated bound of the exact H x,
 *     and within twice the bound of the CPU model;
 *   - integer data whose accumulations are exact in any order (dense small
 *     integers with f32 accumulation, sparse signed ones with f16): the GPU
 *     equals the CPU model element for element, which checks the stage
 *     groups, their order, the data layouts and the rounding to storage;
 *   - a device pointer that is not 16-byte aligned gives the same result.
 * Skips (exit 0, "1..0 # SKIP") without a GPU.
 *
 * Built a second time as test_tensor_core_gpu10 (WHT_TEST_STRIDED10): k =
 * 16..22 with every last strided pass of at most 10 bits on
 * tensor_core_strided10.cuh's pass (WHT_TC_STRIDED10=2), its stage masks
 * cut to 4..10 bits with filler bits; by default that pass runs only where
 * 9 or 10 bits remain (k = 21, 22 here, 29 and 30 after the pair). It
 * also lowers the L2-blocked pair's threshold to 2^22 elements
 * (WHT_TC_L2_MIN=22), so that a row of 2^22 takes the pair with that
 * pass as its second (wht__tc_pair_bits, by default from 2^26 elements),
 * while k = 16..21 (every batch of batches() below 2^22 elements) keep
 * their strided passes, k = 21's last one of 9 bits and a filler bit as
 * 2^29's. */
#include <stdio.h>
#include <string.h>
#include "tap.h"
#include "wht_internal.h"
#include "tensor_core_check.h"

static wht_status gpu_run(const tc_variant *t, uint64_t n, uint64_t batch, uint16_t *x)
{
  wht_status st;
  wht_plan *p = wht_plan_create_batched(n, batch, t->fmt, t->algo, WHT_BACKEND_GPU, WHT_HOST_POINTER, &st);
  if (!p) return st;
  st = wht_execute(p, x);
  wht_plan_destroy(p);
  return st;
}

/* Batch counts for rows of 2^k: one row, a few, and for short rows a count
 * that leaves a partial tile (tiles hold 2^15 elements, words 4). Three
 * rows of 2^20 fill three chunks of 2^20 of the L2-blocked pair, or part
 * of one of the default 2^22 (tensor_core.cu). 400 rows of 2^15: rows
 * of 2^15 copied in by the bulk-copy engine (tensor_core_bulk.cuh) past
 * the first few hundred, in the blocks of later waves (a block a row:
 * its loop over further rows is not exercised). */
static unsigned batches(unsigned k, uint64_t out[3])
{
  unsigned nb = 0;
  out[nb++] = 1;
  if (k <= 18 || k == 20) out[nb++] = 3;
  if (k <= 12) out[nb++] = k <= 2 ? 1001 : 37;
  if (k == 15) out[nb++] = 400;
  return nb;
}

/* The most elements any (k <= kmax, batch) of batches() needs. */
static uint64_t max_elements(unsigned kmax)
{
  uint64_t cap = 0, bs[3];
  for (unsigned k = 0; k <= kmax; k++)
    for (unsigned i = 0, nb = batches(k, bs); i < nb; i++)
      if (bs[i] << k > cap) cap = bs[i] << k;
  return cap;
}

#ifdef WHT_TEST_STRIDED10
#define KMIN 16
#define KMAX_DEFAULT 22
#else
#define KMIN 0
#define KMAX_DEFAULT 20
#endif

int main(void)
{
#ifdef WHT_TEST_STRIDED10
  setenv("WHT_TC_STRIDED10", "2", 1); /* read at the first transform */
  setenv("WHT_TC_L2_MIN", "22", 1);
#endif
  if (!wht_gpu_available()) return tap_skip_all("no GPU (CUDA not compiled in, or no device)");
  const char *e = getenv("WHT_TC_TEST_KMAX");
  const unsigned kmax = e && *e ? (unsigned)atoi(e) : KMAX_DEFAULT;
  const char *se = getenv("WHT_TC_TEST_SEED");
  const uint64_t seed = se && *se ? strtoull(se, NULL, 0) : 7;
  tap_diag("seed %llu (WHT_TC_TEST_SEED), k <= %u (WHT_TC_TEST_KMAX)", (unsigned long long)seed, kmax);
  const uint64_t cap = max_elements(kmax);
  uint16_t *x = malloc(cap * sizeof *x), *y = malloc(cap * sizeof *y), *m = malloc(cap * sizeof *m);
  double *v = malloc(cap * sizeof *v);
  if (!x || !y || !m || !v) return tap_skip_all("out of memory");
  for (int a = 0; a < TC_NVARIANTS; a++) {
    const tc_variant *t = &tc_variants[a];
    const char *fn = wht_format_name(t->fmt);
    for (unsigned k = KMIN; k <= kmax; k++) {
      const uint64_t n = (uint64_t)1 << k;
      uint64_t bs[3];
      const unsigned nb = batches(k, bs);
      double worst_exact = 0, worst_model = 0;
      long bad_bits = -1;
      int64_t where = -1;
      wht_status st = WHT_OK;
      int exact_all = 1;
      for (unsigned bi = 0; bi < nb && st == WHT_OK; bi++) {
        const uint64_t batch = bs[bi], N = n * batch, s = tc_mix(seed + 977 * k + 31 * bi + a);
        /* normal data: bound against exact and model */
        tc_fill_norm(t->fmt, x, N, s);
        memcpy(y, x, N * sizeof *x);
        memcpy(m, x, N * sizeof *x);
        tc_exact(t->fmt, x, v, n, batch);
        wht__tc_model(t->fmt, t->acc, m, k, batch);
        if ((st = gpu_run(t, n, batch, y)) != WHT_OK) break;
        double w = tc_worst(t, k, x, y, v, batch, 1.0);
        if (w > worst_exact || isnan(w)) worst_exact = isnan(w) ? INFINITY : w;
        for (uint64_t i = 0; i < N; i++) v[i] = tc_value(t->fmt, m[i]);
        w = tc_worst(t, k, x, y, v, batch, 2.0);
        if (w > worst_model || isnan(w)) worst_model = isnan(w) ? INFINITY : w;
        /* order-independent data: element for element */
        if (t->acc == WHT__TC_ACC_F32)
          tc_fill_int(t->fmt, x, N, 4, s ^ 0x5555);
        else
          tc_fill_sparse(t->fmt, x, n, batch, 5, s ^ 0x5555);
        memcpy(y, x, N * sizeof *x);
        memcpy(m, x, N * sizeof *x);
        exact_all &= wht__tc_model(t->fmt, t->acc, m, k, batch) == 1;
        if ((st = gpu_run(t, n, batch, y)) != WHT_OK) break;
        const int64_t d = tc_first_diff(t->fmt, y, m, N);
        if (d >= 0 && bad_bits < 0) bad_bits = (long)batch, where = d;
      }
      if (!tap_ok(st == WHT_OK, "%s %s k = %u: runs (%s)", t->algo, fn, k, wht_strerror(st))) continue;
      tap_ok(worst_exact <= 1 && worst_model <= 1,
             "%s %s k = %u: within the bound of H x and twice the bound of the model "
             "(worst error / bound %.3g and %.3g)", t->algo, fn, k, worst_exact, worst_model);
      tap_ok(exact_all && bad_bits < 0,
             "%s %s k = %u: order-independent data equal the model element for element "
             "(exact %d; first difference: batch %ld, element %lld)", t->algo, fn, k, exact_all, bad_bits,
             (long long)where);
    }
  }
  /* a device pointer off 16-byte alignment */
  {
    const tc_variant *t = &tc_variants[0];
    const unsigned k = 10;
    const uint64_t n = (uint64_t)1 << k, batch = 3, N = n * batch;
    void *d = NULL;
    wht_status st = wht__gpu_alloc(&d, (N + 8) * sizeof(uint16_t));
    wht_plan *p = st == WHT_OK ? wht_plan_create_batched(n, batch, t->fmt, t->algo, WHT_BACKEND_GPU, 0, &st) : NULL;
    tc_fill_norm(t->fmt, x, N, seed);
    memcpy(y, x, N * sizeof *x);
    if (p) st = wht__gpu_copy((uint16_t *)d + 1, x, N * sizeof *x, 1);
    if (p && st == WHT_OK) st = wht_execute(p, (uint16_t *)d + 1);
    if (p && st == WHT_OK) st = wht__gpu_copy(x, (uint16_t *)d + 1, N * sizeof *x, 0);
    if (st == WHT_OK) st = gpu_run(t, n, batch, y);
    tap_ok(st == WHT_OK && tc_first_diff(t->fmt, x, y, N) < 0,
           "a device pointer 2 bytes off alignment gives the aligned result (%s)", wht_strerror(st));
    wht_plan_destroy(p);
    wht__gpu_free(d);
  }
  free(x);
  free(y);
  free(m);
  free(v);
  return tap_done();
}
