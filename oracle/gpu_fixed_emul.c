/* gpu_fixed_emul.c - the host emulation of the GPU oracle's steps: the
 * element functions of fixed_gpu_ops.h in the order the kernels of
 * gpu_fixed.cu apply them (tiles of 2^11 or 2^10 values, radix-8 groups
 * inside; the conversion to hi + lo), in __int128 or 256-bit values,
 * on host memory, so make check covers the GPU's index and integer
 * arithmetic without a GPU. */
#include <stdlib.h>
#include <string.h>
#include "fixed_gpu_ops.h"
#include "gpu_fixed.h"

static int available(size_t bytes, char *why, size_t len)
{
  (void)bytes, (void)why, (void)len;
  return 0;
}
static void *alloc(size_t bytes) { return malloc(bytes ? bytes : 1); }
static void release(void *p) { free(p); }
static int copy(void *dst, const void *src, size_t bytes)
{
  memcpy(dst, src, bytes);
  return 0;
}

static int load(void *Xv, const void *Dv, size_t n, int q, unsigned L)
{
  const double *D = Dv;
  for (size_t i = 0; i < n; i++) {
    uint64_t u;
    memcpy(&u, &D[i], sizeof u);
    if (L == 4)
      ((wht__u256 *)Xv)[i] = wht__fx_load_w(u, q);
    else
      ((wht__u128 *)Xv)[i] = wht__fx_load(u, q);
  }
  return 0;
}

/* the kernel's tiles in its order: per pass (s, b) and group g, a copy of
 * the 2^b values base + j 2^s, their stages as radix-8 (-4, -2) groups,
 * the copy back */
static int fwht(void *X, unsigned k, unsigned L)
{
  const unsigned B = L == 4 ? WHT__FX_TILE_LOG2_256 : WHT__FX_TILE_LOG2_128;
  const size_t esz = 8 * L;
  unsigned char *tile = malloc(esz << B), *x = X;
  if (!tile) return -1;
  for (unsigned s = 0; s < k;) {
    const unsigned b = k - s >= B ? B : k - s;
    const uint64_t m = (uint64_t)1 << s, cnt = (uint64_t)1 << b;
    for (uint64_t g = 0; g < ((uint64_t)1 << (k - b)); g++) {
      const uint64_t base = wht__fx_group_base(g, s, b);
      for (uint64_t j = 0; j < cnt; j++) memcpy(tile + j * esz, x + (base + j * m) * esz, esz);
      for (unsigned t = 0; t < b;) {
        const unsigned r = b - t >= 3 ? 3 : b - t;
        for (uint64_t h = 0; h < cnt >> r; h++) {
          if (L == 4)
            wht__fx_group_w((wht__u256 *)(void *)tile, wht__fx_group_base(h, t, r), t, r);
          else
            wht__fx_group((wht__u128 *)(void *)tile, wht__fx_group_base(h, t, r), t, r);
        }
        t += r;
      }
      for (uint64_t j = 0; j < cnt; j++) memcpy(x + (base + j * m) * esz, tile + j * esz, esz);
    }
    s += b;
  }
  free(tile);
  return 0;
}

static int phi(void *X, size_t n, uint64_t tau_bits, int q, unsigned L)
{
  if (L == 4) {
    wht__u256 *W = X;
    const wht__u256 T = wht__fx_load_w(tau_bits, q);
    for (size_t i = 0; i < n; i++) W[i] = wht__fx_phi_w(W[i], T);
  } else {
    wht__u128 *V = X;
    const wht__i128 T = (wht__i128)wht__fx_load(tau_bits, q);
    for (size_t i = 0; i < n; i++) V[i] = wht__fx_phi(V[i], T);
  }
  return 0;
}

static int mul(void *X, const void *Y, size_t n, unsigned L)
{
  for (size_t i = 0; i < n; i++)
    if (L == 4)
      ((wht__u256 *)X)[i] = wht__fx_mul_w(((wht__u256 *)X)[i], ((const wht__u256 *)Y)[i]);
    else
      ((wht__u128 *)X)[i] = wht__fx_mul(((wht__u128 *)X)[i], ((const wht__u128 *)Y)[i]);
  return 0;
}

static int lift(void *Zv, const void *Xv, const void *Yv, size_t n)
{
  wht__u256 *Z = Zv;
  const wht__u128 *X = Xv, *Y = Yv;
  for (size_t i = 0; i < n; i++) Z[i] = Y ? wht__fx_mul_lift(X[i], Y[i]) : wht__fx_lift(X[i]);
  return 0;
}

static int store(void *X, size_t n, int e, unsigned L, void *Ov, void *flagsv, size_t *over, size_t *slow)
{
  unsigned char *flags = flagsv;
  uint64_t(*O)[2] = Ov;
  *over = *slow = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t hl[2];
    const int r = L == 4 ? wht__fx_store_w(((wht__u256 *)X)[i], e, hl) : wht__fx_store(((wht__u128 *)X)[i], e, hl);
    flags[i] = r == WHT__FX_SLOW;
    *over += r == WHT__FX_OVERFLOW;
    *slow += r == WHT__FX_SLOW;
    if (r != WHT__FX_SLOW)
      memcpy(O[i], hl, sizeof hl);
    else if ((void *)O != X)
      memcpy(O[i], &((wht__u128 *)X)[i], sizeof hl);
  }
  return 0;
}

/* the scan element by element, as the kernel's threads see it */
static int range(const void *Dv, size_t n, wht__range *r, size_t *bad)
{
  const double *D = Dv;
  wht__range s = { 0, 0, 0 };
  for (size_t i = 0; i < n; i++) {
    uint64_t u;
    int low, lead;
    memcpy(&u, &D[i], sizeof u);
    const int c = wht__fx_exps(u, &low, &lead);
    if (c < 0) {
      *bad = i;
      return 1;
    }
    if (c && (!s.any || low < s.q)) s.q = low;
    if (c && (!s.any || lead > s.t)) s.t = lead;
    s.any |= c;
  }
  *r = s;
  return 0;
}

static const char *why(void) { return "host emulation"; }

const wht__fx_exec wht__fx_exec_emulated = { "gpu-emulated", available, alloc, release, copy, copy,
                                             load, fwht, phi, mul, lift, store, range, why };
