/* plan.c - plan creation, execution and destruction (DESIGN.md section 2).
 * A plan validates everything once, owns its workspace, and executes on the
 * CPU scheduler or the GPU entry of its algorithm. */
#include <stdlib.h>
#include "wht_internal.h"

static unsigned log2_exact(uint64_t n)
{
  unsigned k = 0;
  while (((uint64_t)1 << k) < n) k++;
  return k;
}

static wht_plan *fail(wht_status *st, wht_status code, wht_plan *p)
{
  if (st) *st = code;
  wht_plan_destroy(p);
  return NULL;
}

wht_plan *wht_plan_create_batched(uint64_t n, uint64_t batch, wht_format fmt,
                                  const char *algorithm, wht_backend backend,
                                  unsigned flags, wht_status *st)
{
  if (!algorithm) return fail(st, WHT_E_NULL, NULL);
  if (n == 0 || (n & (n - 1)) != 0 || batch == 0 || n > UINT64_MAX / batch)
    return fail(st, WHT_E_SIZE, NULL);
  if ((unsigned)fmt >= WHT_NFORMATS) return fail(st, WHT_E_FORMAT, NULL);
  /* data whose bytes no size_t counts is a size error, whatever memory is
   * free (a workspace beyond it, below, is one no allocation gives) */
  if (n * batch > SIZE_MAX / wht_format_size(fmt)) return fail(st, WHT_E_SIZE, NULL);
  if ((unsigned)backend >= WHT_NBACKENDS) return fail(st, WHT_E_BACKEND, NULL);
  if (flags & ~(unsigned)WHT_FLAGS_ALL) return fail(st, WHT_E_FLAGS, NULL);
  const wht__algorithm *a = wht__algorithm_lookup(algorithm);
  if (!a) return fail(st, WHT_E_ALGORITHM, NULL);
  if (!(a->info.formats & (1u << fmt))) return fail(st, WHT_E_ALGO_FORMAT, NULL);
  if (backend == WHT_BACKEND_GPU) {
#ifndef WHT_HAVE_CUDA
    return fail(st, WHT_E_NO_GPU, NULL);
#endif
    if (!a->gpu || !a->gpu[fmt]) return fail(st, WHT_E_BACKEND, NULL);
    if (!wht__gpu_present()) return fail(st, WHT_E_NO_GPU, NULL);
  } else if (!a->cpu || !a->cpu[fmt]) {
    return fail(st, WHT_E_BACKEND, NULL);
  }

  wht_plan *p = calloc(1, sizeof *p);
  if (!p) return fail(st, WHT_E_NOMEM, NULL);
  p->n = n;
  p->batch = batch;
  p->k = log2_exact(n);
  p->fmt = fmt;
  p->backend = backend;
  p->flags = flags;
  p->algo = a;
  const uint64_t elems = n * batch, esz = wht_format_size(fmt);
  const unsigned work = a->work_per_elem + (backend == WHT_BACKEND_CPU ? a->cpu_work_per_elem : 0);
  if (elems > SIZE_MAX / esz / (work + 1)) return fail(st, WHT_E_NOMEM, p);
  const size_t bytes = (size_t)(elems * esz);
  wht_status s = WHT_OK;
  if (backend == WHT_BACKEND_CPU) {
    if (work && !(p->work = malloc(bytes * work))) s = WHT_E_NOMEM;
  } else {
    if (a->work_per_elem) s = wht__gpu_alloc(&p->work, bytes * a->work_per_elem);
    if (s == WHT_OK && (flags & WHT_HOST_POINTER)) s = wht__gpu_alloc(&p->dbuf, bytes);
  }
  if (s != WHT_OK) return fail(st, s, p);
  if (st) *st = WHT_OK;
  return p;
}

wht_plan *wht_plan_create(uint64_t n, wht_format fmt, const char *algorithm,
                          wht_backend backend, unsigned flags, wht_status *st)
{
  return wht_plan_create_batched(n, 1, fmt, algorithm, backend, flags, st);
}

wht_status wht_execute(wht_plan *p, void *x)
{
  if (!p || !x) return WHT_E_NULL;
  /* the algorithms access x as elements: a misaligned one is undefined
   * behaviour on the CPU and a fault on the GPU */
  if ((uintptr_t)x % wht_format_size(p->fmt)) return WHT_E_ALIGN;
  if (p->backend == WHT_BACKEND_CPU) {
    wht__cpu_execute(p->algo, p->fmt, x, p->work, p->n, p->k, p->batch);
    return WHT_OK;
  }
  const size_t bytes = (size_t)(p->n * p->batch * wht_format_size(p->fmt));
  void *dx = (p->flags & WHT_HOST_POINTER) ? p->dbuf : x;
  wht_status s = WHT_OK;
  if (p->flags & WHT_HOST_POINTER) s = wht__gpu_copy(dx, x, bytes, 1);
  if (s == WHT_OK) s = p->algo->gpu[p->fmt](dx, p->n, p->k, p->batch, p->work);
  if (s == WHT_OK && (p->flags & WHT_HOST_POINTER)) s = wht__gpu_copy(x, dx, bytes, 0);
  return s;
}

void wht_plan_destroy(wht_plan *p)
{
  if (!p) return;
  if (p->backend == WHT_BACKEND_CPU) {
    free(p->work);
  } else {
    wht__gpu_free(p->work);
    wht__gpu_free(p->dbuf);
  }
  free(p);
}

int wht_gpu_available(void) { return wht__gpu_present(); }
