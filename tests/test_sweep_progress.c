/* test_sweep_progress.c - wht_format_duration (experiments/sweep_progress.c),
 * which writes the elapsed time and the ETA of wht-sweep's progress lines:
 * each range's form, the edges between them, and the durations no int
 * holds (an ETA extrapolated from the first tiny cells of a grid up to
 * k = 28 printed "-2147483648h-8m"), negative and NaN; and the plain
 * progress line (stderr not a terminal) as wht-sweep and, relabelled by
 * wht_progress_plain, wht-bench print it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "sweep_progress.h"
#include "tap.h"

static void is(double s, const char *want)
{
  char buf[32];
  wht_format_duration(s, buf, sizeof buf);
  tap_ok(!strcmp(buf, want), "%g s -> '%s' (want '%s')", s, buf, want);
}

/* One step's plain line (stderr to a file, as in a log): the program's
 * name and unit, the share of the work, no \r or escape; label NULL: the
 * default of wht-sweep */
static void plain_line(const char *label, const char *unit, const char *want)
{
  char path[] = "/tmp/test_sweep_progress.XXXXXX", got[256] = "";
  const int fd = mkstemp(path), saved = dup(2);
  fflush(stderr);
  dup2(fd, 2);
  setenv("WHT_PROGRESS_INTERVAL", "0.001", 1);
  wht_progress p;
  wht_progress_start(&p, 4, 8.0);
  if (label) wht_progress_plain(&p, label, unit);
  const struct timespec pause = { 0, 5000000 };
  nanosleep(&pause, NULL);
  wht_progress_step(&p, 1, 2.0);
  wht_progress_end(&p);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  FILE *f = fdopen(fd, "r");
  rewind(f);
  const size_t n = fread(got, 1, sizeof got - 1, f);
  got[n] = 0;
  fclose(f);
  unlink(path);
  unsetenv("WHT_PROGRESS_INTERVAL");
  tap_ok(!strncmp(got, want, strlen(want)) && !strchr(got, '\r') && !strchr(got, '\033'),
         "the plain line of %s: '%.*s' (want it to begin '%s')", label ? label : "the default",
         (int)strcspn(got, "\n"), got, want);
}

int main(void)
{
  plain_line(NULL, NULL, "wht-sweep: [1/4 cells] 25.0% of the work after ");
  plain_line("wht-bench", "size groups", "wht-bench: [1/4 size groups] 25.0% of the work after ");
  is(0, "0.0s");
  is(59.94, "59.9s");
  is(60, "1m00s");
  is(3599, "59m59s");
  is(3600, "1h00m");
  is(3600.0 * 9998 + 59 * 60, "9998h59m");
  is(3600.0 * 9999, "over 9999h");
  is(1e12, "over 9999h");
  is(INFINITY, "over 9999h");
  is(-1, "?");
  is(NAN, "?");
  return tap_done();
}
