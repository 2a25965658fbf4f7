/* cli_env.c - the parts of a program's start that need libwht: the check
 * of the environment's knobs, and --threads
 * (cli_util.h; a file of its own in libcli.a, so that the programs that
 * take libcli.a without libwht do not need it). */
#include <stdio.h>
#include <stdlib.h>
#include "cli_util.h"
#include "sweep_knobs.h"
#include "wht.h"

int wht_cli_check_environment(const char *prog)
{
  char why[512];
  double sec;
  if (wht_check_environment(why, sizeof why) != WHT_OK) {
    fprintf(stderr, "%s: %s\n", prog, why);
    return 2;
  }
  if (wht_knob_seconds("WHT_PROGRESS_INTERVAL", &sec) < 0) {
    fprintf(stderr, "%s: environment WHT_PROGRESS_INTERVAL='%s': not accepted (accepted: seconds, a number > 0 and "
            "< 1e6, or unset)\n", prog, getenv("WHT_PROGRESS_INTERVAL"));
    return 2;
  }
  return 0;
}

int wht_cli_threads_option(const char *prog, int argc, char **argv, int *i, int *given)
{
  if (*i + 1 == argc) {
    fprintf(stderr, "%s: --threads: missing value (accepted: --threads N, N an integer 1..1024)\n", prog);
    return 2;
  }
  if ((*given)++) {
    fprintf(stderr, "%s: --threads '%s': --threads given twice; expected --threads once\n", prog, argv[*i + 1]);
    return 2;
  }
  unsigned long long t;
  const char *v = argv[++*i];
  if (wht_cli_uint(v, 1, WHT_MAX_THREADS, &t)) {
    fprintf(stderr, "%s: --threads '%s': not accepted (accepted: an integer 1..1024)\n", prog, v);
    return 2;
  }
  wht_set_threads((int)t);
  return 0;
}
