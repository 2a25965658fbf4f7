/* gpu_none.c - the GPU plumbing when CUDA is not compiled in: no device. */
#include "wht_internal.h"
#include "gpu_ops.h"

int wht__gpu_present(void) { return 0; }
wht_status wht__gpu_alloc(void **p, size_t bytes) { (void)bytes; *p = NULL; return WHT_E_NO_GPU; }
void wht__gpu_free(void *p) { (void)p; }
void *wht__gpu_host_alloc(size_t bytes) { (void)bytes; return NULL; }
int wht__gpu_host_free(void *p) { (void)p; return -1; }
wht_status wht__gpu_copy(void *dst, const void *src, size_t bytes, int to_device)
{
  (void)dst; (void)src; (void)bytes; (void)to_device;
  return WHT_E_NO_GPU;
}
wht_status wht__gpu_ops_step(int step, wht_format f, void *dx, const void *dy, uint64_t n, double arg,
                             unsigned *dflag)
{
  (void)step; (void)f; (void)dx; (void)dy; (void)n; (void)arg; (void)dflag;
  return WHT_E_NO_GPU;
}
wht_status wht__gpu_ops_step_emulated(int step, wht_format f, void *x, const void *y, uint64_t n, double arg,
                                      unsigned *flag)
{
  (void)step; (void)f; (void)x; (void)y; (void)n; (void)arg; (void)flag;
  return WHT_E_NO_GPU;
}
