/* gpu_fixed_none.c - the GPU oracle's executor in a build without CUDA:
 * never available, so wht_oracle_run_on falls back to the CPU and says so. */
#include "gpu_fixed.h"

static int available(size_t bytes, char *why, size_t len)
{
  (void)bytes;
  wht__msg(why, len, "this build has no CUDA");
  return -1;
}
static void *alloc(size_t bytes)
{
  (void)bytes;
  return NULL;
}
static void release(void *p) { (void)p; }
static int copy(void *dst, const void *src, size_t bytes)
{
  (void)dst, (void)src, (void)bytes;
  return -1;
}
static int load(void *X, const void *D, size_t n, int q, unsigned L)
{
  (void)X, (void)D, (void)n, (void)q, (void)L;
  return -1;
}
static int fwht(void *X, unsigned k, unsigned L)
{
  (void)X, (void)k, (void)L;
  return -1;
}
static int phi(void *X, size_t n, uint64_t t, int q, unsigned L)
{
  (void)X, (void)n, (void)t, (void)q, (void)L;
  return -1;
}
static int mul(void *X, const void *Y, size_t n, unsigned L)
{
  (void)X, (void)Y, (void)n, (void)L;
  return -1;
}
static int lift(void *Z, const void *X, const void *Y, size_t n)
{
  (void)Z, (void)X, (void)Y, (void)n;
  return -1;
}
static int range(const void *D, size_t n, wht__range *r, size_t *bad)
{
  (void)D, (void)n, (void)r, (void)bad;
  return -1;
}
static const char *why(void) { return "this build has no CUDA"; }

static int store(void *X, size_t n, int e, unsigned L, void *O, void *flags, size_t *over, size_t *slow)
{
  (void)X, (void)n, (void)e, (void)L, (void)O, (void)flags, (void)over, (void)slow;
  return -1;
}
const wht__fx_exec wht__fx_exec_gpu = { "gpu", available, alloc, release, copy, copy, load, fwht, phi, mul,
                                        lift, store, range, why };
