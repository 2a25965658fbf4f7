/* cli_env.c - the check of the environment's knobs at a program's start
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
