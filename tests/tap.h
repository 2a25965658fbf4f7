/* tap.h - minimal Test Anything Protocol output for the make check programs:
 * every assertion is one "ok"/"not ok" line the Automake TAP driver counts. */
#ifndef WHT_TAP_H
#define WHT_TAP_H
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static int tap__n, tap__fail;

static inline int tap_ok(int cond, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  printf("%s %d - ", cond ? "ok" : "not ok", ++tap__n);
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  if (!cond) tap__fail++;
  fflush(stdout);
  return cond;
}

static inline void tap_diag(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  printf("# ");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
}

/* One assertion not run, counted as a skip: "ok N - what # SKIP why". */
static inline void tap_skip(const char *why, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  printf("ok %d - ", ++tap__n);
  vprintf(fmt, ap);
  printf(" # SKIP %s\n", why);
  va_end(ap);
  fflush(stdout);
}

/* Plan printed at the end ("1..N" after the results is valid TAP). */
static inline int tap_done(void)
{
  printf("1..%d\n", tap__n);
  return tap__fail ? 1 : 0;
}

static inline int tap_skip_all(const char *why)
{
  printf("1..0 # SKIP %s\n", why);
  return 0;
}
#endif
