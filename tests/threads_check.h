/* threads_check.h - whether 2 and 3 threads really ran as teams of 2 and 3
 * (lib/wht_parallel.h's wht__threads_seen_take), for the tests that
 * compare thread counts: bit-identical results alone would also hold if
 * nothing threaded. */
#ifndef WHT_THREADS_CHECK_H
#define WHT_THREADS_CHECK_H
#include <stdlib.h>
#include <strings.h>
#include "tap.h"
#include "wht.h"
#include "wht_parallel.h"

static int thr__runs, thr__short;

/* NULL when teams of the asked size are to be expected, else why not: a
 * build without OpenMP (wht_get_threads stays 1), OMP_THREAD_LIMIT below
 * 3 or OMP_DYNAMIC on (the runtime may then give fewer threads) */
static inline const char *thr_why_not(void)
{
  const int three = wht_set_threads(3) == WHT_OK && wht_get_threads() == 3;
  wht_set_threads(0);
  if (!three) return "the library runs one thread (no OpenMP)";
  const char *lim = getenv("OMP_THREAD_LIMIT"), *dyn = getenv("OMP_DYNAMIC");
  if (lim && *lim && atoi(lim) < 3) return "OMP_THREAD_LIMIT below 3";
  if (dyn && strcasecmp(dyn, "true") == 0) return "OMP_DYNAMIC is on";
  return NULL;
}

/* clear what the loops noted, before a run */
static inline void thr_begin(void)
{
  int ran, asked;
  wht__threads_seen_take(&ran, &asked);
}

/* after a run asked to use t threads: record whether its largest team
 * (team_ran: a region that notes its team; else the count the loops asked
 * wht__threads_for for) was of t */
static inline void thr_end(int t, int team_ran)
{
  int ran, asked;
  wht__threads_seen_take(&ran, &asked);
  if (t < 2) return;
  const int got = team_ran ? ran : asked;
  thr__runs++;
  thr__short += got != t;
  if (got != t) tap_diag("%d threads asked: the loops asked for %d, the largest team ran %d", t, asked, ran);
}

/* the one assertion: every run of 2 or 3 threads had its team */
static inline void thr_report(const char *what)
{
  const char *why = thr_why_not();
  if (why) tap_skip(why, "2 and 3 threads ran teams of 2 and 3 (%s)", what);
  else
    tap_ok(thr__runs > 0 && thr__short == 0, "2 and 3 threads ran teams of 2 and 3 (%s; %d of %d runs short)", what,
           thr__short, thr__runs);
}
#endif
