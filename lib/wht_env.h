/* wht_env.h - libwht's environment knobs: the one table of every
 * environment variable the library reads (lib/, measure/, oracle/,
 * kernels/), each with the values it accepts (environment.c), and the one
 * parser its readers and wht_check_environment (wht.h) share, so that the
 * check and the use cannot disagree. A value is plain decimal digits (no
 * sign, no space, no other character) within the knob's values; unset or
 * empty is the knob's default. A reader given a value the table does not
 * accept takes its default; a program refuses it at its start
 * (wht_check_environment). tests/test_environment.sh fails when a source
 * reads a variable the table does not list. Not installed; symbols are
 * prefixed wht__. */
#ifndef WHT_ENV_H
#define WHT_ENV_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A knob: its name, what its value means (the start of its "accepted"
 * text, "" for a plain switch) and the values it accepts, the union of
 * nranges ranges lo..hi in increasing order. */
#define WHT__ENV_MAX_RANGES 8
typedef struct {
  const char *name;
  const char *what;
  unsigned nranges;
  struct {
    unsigned lo, hi;
  } range[WHT__ENV_MAX_RANGES];
} wht__env_knob;

/* The table: wht__env_count() knobs, wht__env_at(i) the i-th (NULL past
 * the end). */
size_t wht__env_count(void);
const wht__env_knob *wht__env_at(size_t i);

/* The accepted values of knob k in words ("0 or 1", "log2 of the chunk,
 * an integer 10..24"), into buf (len bytes, NUL-terminated). */
void wht__env_accepted(const wht__env_knob *k, char *buf, size_t len);

/* The setting of knob name: 1 with the value in *v, 0 when unset or
 * empty, -1 for a value the table does not accept (or a name it lacks). */
int wht__env_get(const char *name, unsigned *v);

/* ... as a value: the setting, else dflt (unset, empty, or not accepted). */
unsigned wht__env_uint(const char *name, unsigned dflt);

#ifdef __cplusplus
}
#endif
#endif
