/* sweep_device.c - the device attribute of a results file: the name of the
 * CUDA device the GPU cells run on, or "none" (no GPU cell, or built
 * without CUDA). libwht uses the current device, so that is the one named. */
#include <stdio.h>
#include "sweep_grid.h"
#ifdef WHT_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

const char *wht_sweep_device_name(int uses_gpu)
{
#ifdef WHT_HAVE_CUDA
  static char name[sizeof ((struct cudaDeviceProp *)0)->name + 1];
  struct cudaDeviceProp p;
  int dev = 0;
  if (uses_gpu && cudaGetDevice(&dev) == cudaSuccess && cudaGetDeviceProperties(&p, dev) == cudaSuccess) {
    snprintf(name, sizeof name, "%s", p.name);
    return name;
  }
  return uses_gpu ? "unknown GPU" : "none";
#else
  (void)uses_gpu;
  return "none";
#endif
}
