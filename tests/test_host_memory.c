/* test_host_memory.c - wht_host_alloc / wht_host_free (wht.h): memory of
 * every size asked for, writable and readable to its last byte, freed
 * whichever kind it is (page-locked on a GPU host, malloc elsewhere);
 * NULL is ignored. Under the sanitizers a wrong free or a short block
 * fails here. */
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
  wht_host_free(NULL);
  tap_ok(1, "wht_host_free(NULL) returns");
  tap_diag("GPU present: %s", wht_gpu_available() ? "yes (page-locked memory)" : "no (malloc memory)");
  return tap_done();
}
