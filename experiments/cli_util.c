/* cli_util.c - numbers and standard output of the command lines (cli_util.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli_util.h"

int wht_cli_uint(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *v)
{
  if (!*s || s[strspn(s, "0123456789")]) return -1;
  errno = 0;
  *v = strtoull(s, NULL, 10);
  return errno || *v < lo || *v > hi ? -1 : 0;
}

int wht_cli_stdout_failed(const char *prog, int closing)
{
  errno = 0;
  int bad = fflush(stdout) != 0 || ferror(stdout), e = errno;
  if (closing && fclose(stdout) != 0 && !bad) bad = 1, e = errno;
  if (bad) fprintf(stderr, "%s: standard output: write failed%s%s\n", prog, e ? ": " : "", e ? strerror(e) : "");
  return bad;
}

int wht_cli_log_option(const char *prog, int argc, char **argv, int *i, const char **path)
{
  if (*i + 1 == argc) {
    fprintf(stderr, "%s: --log: missing value (accepted: --log FILE)\n", prog);
    return 2;
  }
  const char *v = argv[++*i];
  if (*path) {
    fprintf(stderr, "%s: --log '%s': --log given twice; expected --log once\n", prog, v);
    return 2;
  }
  if (!*v || v[0] == '-') {
    fprintf(stderr, "%s: --log '%s': not accepted (accepted: a file name; ./%s for a file so named)\n", prog, v, v);
    return 2;
  }
  *path = v;
  return 0;
}
