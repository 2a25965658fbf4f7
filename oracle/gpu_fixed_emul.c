/* gpu_fixed_emul.c - the host emulation of the GPU oracle's steps: the
 * element functions of fixed_gpu_ops.h in the order the kernels of
 * gpu_fixed.cu apply them (radix-8 groups, then a radix-4 or radix-2 tail;
 * the conversion to hi + lo),
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

static int load(void *Xv, const void *Dv, size_t n, int q)
{
  wht__u128 *X = Xv;
  const double *D = Dv;
  for (size_t i = 0; i < n; i++) {
    uint64_t u;
    memcpy(&u, &D[i], sizeof u);
    X[i] = wht__fx_load(u, q);
  }
  return 0;
}

static int fwht(void *Xv, unsigned k)
{
  wht__u128 *X = Xv;
  for (unsigned s = 0; s < k;) {
    const unsigned r = k - s >= 3 ? 3 : k - s;
    for (uint64_t g = 0; g < ((uint64_t)1 << (k - r)); g++) wht__fx_group(X, wht__fx_group_base(g, s, r), s, r);
    s += r;
  }
  return 0;
}

static int phi(void *Xv, size_t n, uint64_t tau_bits, int q)
{
  wht__u128 *X = Xv;
  const wht__i128 T = (wht__i128)wht__fx_load(tau_bits, q);
  for (size_t i = 0; i < n; i++) X[i] = wht__fx_phi(X[i], T);
  return 0;
}

static int mul(void *Xv, const void *Yv, size_t n)
{
  wht__u128 *X = Xv;
  const wht__u128 *Y = Yv;
  for (size_t i = 0; i < n; i++) X[i] = wht__fx_mul(X[i], Y[i]);
  return 0;
}

static int store(void *Xv, size_t n, int e, void *flagsv, size_t *over, size_t *slow)
{
  wht__u128 *X = Xv;
  unsigned char *flags = flagsv;
  *over = *slow = 0;
  for (size_t i = 0; i < n; i++) {
    uint64_t hl[2];
    const int r = wht__fx_store(X[i], e, hl);
    flags[i] = r == WHT__FX_SLOW;
    *over += r == WHT__FX_OVERFLOW;
    *slow += r == WHT__FX_SLOW;
    if (r != WHT__FX_SLOW) memcpy(&X[i], hl, sizeof hl);
  }
  return 0;
}

static const char *why(void) { return "host emulation"; }

const wht__fx_exec wht__fx_exec_emulated = { "gpu-emulated", available, alloc, release, copy, copy,
                                             load, fwht, phi, mul, store, why };
