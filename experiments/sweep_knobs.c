/* sweep_knobs.c - the environment's knobs of a run (sweep_knobs.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "sweep_knobs.h"
#include "cli_util.h"

int wht_knob_flag(const char *name, int *on)
{
  const char *e = getenv(name);
  if (!e || !*e) return 0;
  if (strcmp(e, "0") && strcmp(e, "1")) return -1;
  *on = *e == '1';
  return 1;
}

int wht_knob_uint(const char *name, unsigned lo, unsigned hi, unsigned *v)
{
  const char *e = getenv(name);
  if (!e || !*e) return 0;
  unsigned long long x;
  if (wht_cli_uint(e, lo, hi, &x)) return -1;
  *v = (unsigned)x;
  return 1;
}

int wht_knob_seconds(const char *name, double *v)
{
  const char *e = getenv(name);
  if (!e || !*e) return 0;
  char *end = NULL;
  const double x = strtod(e, &end);
  if (end == e || *end || !(x > 0 && x < 1e6)) return -1; /* NaN fails the comparison */
  *v = x;
  return 1;
}
