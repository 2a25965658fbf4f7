/* h5store_cmdline.c - the command_line provenance attribute: the command as
 * a POSIX shell would take it back. Words of safe characters stay bare;
 * any other word is single-quoted, an embedded ' written as '\''. */
#include <string.h>
#include "h5store.h"

static const char SAFE[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_=.,:/+@%";

/* append c to out (len bytes in all, *off used), keeping room for the NUL */
static void put(char *out, size_t len, size_t *off, char c)
{
  if (*off + 1 < len) out[(*off)++] = c;
}

void wht_h5_command_line(char *out, size_t len, const char *prog, int argc, char **argv)
{
  size_t off = 0;
  if (!len) return;
  for (int i = 0; i < argc; i++) {
    const char *a = i == 0 ? prog : argv[i];
    const int bare = *a && strspn(a, SAFE) == strlen(a);
    if (i) put(out, len, &off, ' ');
    if (!bare) put(out, len, &off, '\'');
    for (const char *p = a; *p; p++) {
      if (*p == '\'' && !bare) {
        put(out, len, &off, '\'');
        put(out, len, &off, '\\');
        put(out, len, &off, '\'');
      }
      put(out, len, &off, *p);
    }
    if (!bare) put(out, len, &off, '\'');
  }
  out[off] = '\0';
}
