/* test_sweep_progress.c - wht_format_duration (experiments/sweep_progress.c),
 * which writes the elapsed time and the ETA of wht-sweep's progress lines:
 * each range's form, the edges between them, and the durations no int
 * holds (an ETA extrapolated from the first tiny cells of a grid up to
 * k = 28 printed "-2147483648h-8m"), negative and NaN. */
#include <math.h>
#include <string.h>
#include "sweep_progress.h"
#include "tap.h"

static void is(double s, const char *want)
{
  char buf[32];
  wht_format_duration(s, buf, sizeof buf);
  tap_ok(!strcmp(buf, want), "%g s -> '%s' (want '%s')", s, buf, want);
}

int main(void)
{
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
