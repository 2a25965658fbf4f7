/* sweep_knobs.h - the environment's knobs of a run (README, "Running
 * experiments"; no row depends on them), each read one way only, so that
 * wht-sweep's check at its start (sweep_cli.c) refuses exactly the values
 * a run would not take instead of running with its default. Each returns
 * 1 with the value stored, 0 when the variable is unset or empty, -1 for a
 * value it does not take. */
#ifndef WHT_SWEEP_KNOBS_H
#define WHT_SWEEP_KNOBS_H

int wht_knob_flag(const char *name, int *on);                                 /* "0" or "1" */
int wht_knob_uint(const char *name, unsigned lo, unsigned hi, unsigned *v);  /* lo..hi, decimal digits only */
int wht_knob_seconds(const char *name, double *v);                           /* > 0 and < 1e6, as strtod */

/* WHT_SWEEP_ARENA_GROUPS=1..this: an arena of that many groups (sweep_worker.c) */
#define WHT_KNOB_ARENA_GROUPS_MAX 9u
#endif
