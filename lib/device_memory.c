/* device_memory.c - wht_device_alloc, _free, _put, _get (wht.h): the GPU
 * runtime's allocation and copies behind libwht's status codes, so that
 * programs and the Python package reach device memory without CUDA. */
#include "wht_internal.h"

wht_status wht_device_alloc(void **p, size_t bytes)
{
  if (!p) return WHT_E_NULL;
  *p = NULL;
  if (!wht__gpu_present()) return WHT_E_NO_GPU;
  return wht__gpu_alloc(p, bytes ? bytes : 1);
}

void wht_device_free(void *p) { wht__gpu_free(p); }

static wht_status copy(void *dst, const void *src, size_t bytes, int to_device)
{
  if (!bytes) return WHT_OK;
  if (!dst || !src) return WHT_E_NULL;
  if (!wht__gpu_present()) return WHT_E_NO_GPU;
  return wht__gpu_copy(dst, src, bytes, to_device);
}

wht_status wht_device_put(void *device_dst, const void *host_src, size_t bytes)
{
  return copy(device_dst, host_src, bytes, 1);
}

wht_status wht_device_get(void *host_dst, const void *device_src, size_t bytes)
{
  return copy(host_dst, device_src, bytes, 0);
}
