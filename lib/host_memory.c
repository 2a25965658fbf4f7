/* host_memory.c - wht_host_alloc / wht_host_free (wht.h): page-locked
 * when a GPU can give it, malloc otherwise, so a caller never needs to
 * know which it got. */
#include <stdlib.h>
#include "wht_internal.h"

void *wht_host_alloc(size_t bytes)
{
  void *p = wht__gpu_host_alloc(bytes);
  return p ? p : malloc(bytes ? bytes : 1);
}

void wht_host_free(void *p)
{
  if (p && wht__gpu_host_free(p) != 0) free(p);
}
