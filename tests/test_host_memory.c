/* test_host_memory.c - wht_host_alloc / wht_host_free (wht.h): memory of
 * every size asked for, writable and readable to its last byte, freed
 * whichever kind it is (page-locked on a GPU host, malloc elsewhere);
 * NULL is ignored. Under the sanitizers a wrong free or a short block
 * fails here. Then wht_device_alloc, _put, _get, _free: a round trip
 * through device memory on a GPU host, WHT_E_NO_GPU elsewhere, and the
 * NULL arguments refused. */
#include <string.h>
#include "tap.h"
#include "wht.h"

int main(void)
{
  const size_t sizes[] = { 0, 1, 4096, (size_t)1 << 24 };
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    unsigned char *p = wht_host_alloc(sizes[i]);
    tap_ok(p != NULL, "wht_host_alloc(%zu) gives memory", sizes[i]);
    if (!p) continue;
    int ok = 1;
    for (size_t j = 0; j < sizes[i]; j++) p[j] = (unsigned char)(j * 7 + 1);
    for (size_t j = 0; j < sizes[i]; j++) ok &= p[j] == (unsigned char)(j * 7 + 1);
    tap_ok(ok, "its %zu bytes hold what was written", sizes[i]);
    wht_host_free(p);
  }
  wht_host_free(NULL); /* must return: a crash here fails the test */
  void *d = (void *)1;
  tap_ok(wht_device_alloc(NULL, 16) == WHT_E_NULL, "wht_device_alloc(NULL, ...) is refused");
  const wht_status ds = wht_device_alloc(&d, (size_t)1 << 20);
  if (!wht_gpu_available()) {
    tap_ok(ds == WHT_E_NO_GPU && d == NULL, "no GPU: wht_device_alloc says so (%s) and sets NULL", wht_strerror(ds));
    unsigned char h[8] = { 0 };
    tap_ok(wht_device_put(h, h, 8) == WHT_E_NO_GPU && wht_device_get(h, h, 8) == WHT_E_NO_GPU,
           "no GPU: wht_device_put and _get say so");
  } else {
    tap_ok(ds == WHT_OK && d != NULL, "wht_device_alloc(1 MiB) gives device memory");
    static unsigned char h[1 << 20], g[1 << 20];
    for (size_t j = 0; j < sizeof h; j++) h[j] = (unsigned char)(j * 13 + 5);
    memset(g, 0, sizeof g);
    tap_ok(d && wht_device_put(d, h, sizeof h) == WHT_OK && wht_device_get(g, d, sizeof g) == WHT_OK &&
               !memcmp(g, h, sizeof h),
           "a round trip through it gives back what was written");
  }
  tap_ok(wht_device_put(NULL, &d, 8) == WHT_E_NULL && wht_device_get(&d, NULL, 8) == WHT_E_NULL,
         "NULL pointers to wht_device_put and _get are refused");
  wht_device_free(d);
  wht_device_free(NULL); /* as wht_host_free(NULL) */
  tap_diag("GPU present: %s", wht_gpu_available() ? "yes (page-locked memory)" : "no (malloc memory)");
  return tap_done();
}
