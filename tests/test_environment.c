/* test_environment - the table of libwht's environment knobs
 * (lib/environment.c, wht_env.h) and wht_check_environment (wht.h): for
 * every knob, each value it accepts (every range's ends) passes the check
 * and its readers (wht__env_get, wht__env_uint) take it, unset and empty
 * are the default; each value it does not take ("20x", " 1", "1 ", "+1",
 * "-1", "0x1", a word, an overflow, just below and above its values, a
 * value between two of its ranges) gives WHT_E_ENVIRONMENT with one line
 * "environment NAME='VALUE': not accepted (accepted: ..., or unset)", and
 * its readers take the default, so the check and the use agree. The table
 * is well formed (names WHT_*, unique; ranges ordered and apart). With
 * --table it prints a line a knob, "NAME LEAST ABOVE" (its least value and
 * the integer above its values), for tests/test_environment.sh. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "wht.h"
#include "wht_env.h"

static char why[512];

/* with name=value (NULL: unset), the check and the readers as one would
 * expect for an accepted value (want >= 0, the value; -1 unset or empty)
 * or a refused one (want = -2); 1 when they all are */
static int agrees(const char *name, const char *value, long long want, char *what, size_t len)
{
  if (value) setenv(name, value, 1);
  else unsetenv(name);
  const wht_status st = wht_check_environment(why, sizeof why);
  unsigned v = 12345;
  const int got = wht__env_get(name, &v);
  const unsigned u = wht__env_uint(name, 777777u);
  unsetenv(name);
  if (want == -2) {
    char head[400];
    snprintf(head, sizeof head, "environment %s='%s': not accepted (accepted: ", name, value);
    const size_t wl = strlen(why);
    const int ok = st == WHT_E_ENVIRONMENT && !strncmp(why, head, strlen(head)) && wl > 12 &&
                   !strcmp(why + wl - 11, ", or unset)") && !strchr(why, '\n') && got == -1 && u == 777777u;
    if (!ok) snprintf(what, len, "%s='%s': status %d, '%s', get %d, uint %u", name, value, (int)st, why, got, u);
    return ok;
  }
  const int ok = st == WHT_OK && why[0] == 0 && (want < 0 ? got == 0 && u == 777777u : got == 1 && v == want && u == want);
  if (!ok) snprintf(what, len, "%s='%s': status %d, '%s', get %d (%u), uint %u", name, value ? value : "(unset)",
                    (int)st, why, got, v, u);
  return ok;
}

int main(int argc, char **argv)
{
  const size_t n = wht__env_count();
  if (argc > 1 && !strcmp(argv[1], "--table")) { /* NAME, its least value, the one above its values */
    for (size_t i = 0; i < n; i++) {
      const wht__env_knob *k = wht__env_at(i);
      printf("%s %u %llu\n", k->name, k->range[0].lo, (unsigned long long)k->range[k->nranges - 1].hi + 1);
    }
    return 0;
  }
  for (size_t i = 0; i < n; i++) unsetenv(wht__env_at(i)->name); /* the caller's settings aside */

  /* the table */
  int formed = n > 0 && wht__env_at(n) == NULL;
  for (size_t i = 0; i < n && formed; i++) {
    const wht__env_knob *k = wht__env_at(i);
    formed = !strncmp(k->name, "WHT_", 4) && k->what && k->nranges >= 1 && k->nranges <= WHT__ENV_MAX_RANGES;
    for (size_t j = 0; j < i && formed; j++) formed = strcmp(k->name, wht__env_at(j)->name) != 0;
    for (unsigned r = 0; r < k->nranges && formed; r++)
      formed = k->range[r].lo <= k->range[r].hi && (r == 0 || k->range[r].lo > k->range[r - 1].hi + 1);
    if (!formed) tap_diag("%s: badly formed", k->name);
  }
  tap_ok(formed, "the table's %zu knobs: names WHT_*, each once; ranges in order, apart", n);

  /* every knob: its values taken, the others refused */
  for (size_t i = 0; i < n; i++) {
    const wht__env_knob *k = wht__env_at(i);
    const unsigned lo = k->range[0].lo, hi = k->range[k->nranges - 1].hi;
    char what[1024] = "", val[64];
    int good = 0, bad = 0, fails = 0;
    fails += !agrees(k->name, NULL, -1, what, sizeof what), good++;
    fails += !agrees(k->name, "", -1, what, sizeof what), good++;
    for (unsigned r = 0; r < k->nranges; r++) {
      snprintf(val, sizeof val, "%u", k->range[r].lo);
      fails += !agrees(k->name, val, k->range[r].lo, what, sizeof what), good++;
      snprintf(val, sizeof val, "%u", k->range[r].hi);
      fails += !agrees(k->name, val, k->range[r].hi, what, sizeof what), good++;
      snprintf(val, sizeof val, "00%u", k->range[r].hi); /* leading zeros: still digits */
      fails += !agrees(k->name, val, k->range[r].hi, what, sizeof what), good++;
    }
    const char *forms[] = { "%ux", " %u", "%u ", "+%u", "%u.0", "0x%u", "%u,1" };
    for (size_t f = 0; f < sizeof forms / sizeof forms[0]; f++) {
      snprintf(val, sizeof val, forms[f], lo);
      fails += !agrees(k->name, val, -2, what, sizeof what), bad++;
    }
    const char *words[] = { "-1", "yes", "on", "99999999999999999999", "4294967296" };
    for (size_t w = 0; w < sizeof words / sizeof words[0]; w++)
      fails += !agrees(k->name, words[w], -2, what, sizeof what), bad++;
    if (lo > 0) {
      snprintf(val, sizeof val, "%u", lo - 1);
      fails += !agrees(k->name, val, -2, what, sizeof what), bad++;
    }
    if (hi < UINT_MAX) {
      snprintf(val, sizeof val, "%llu", (unsigned long long)hi + 1);
      fails += !agrees(k->name, val, -2, what, sizeof what), bad++;
    }
    for (unsigned r = 1; r < k->nranges; r++) { /* the gaps' ends */
      snprintf(val, sizeof val, "%u", k->range[r - 1].hi + 1);
      fails += !agrees(k->name, val, -2, what, sizeof what), bad++;
      snprintf(val, sizeof val, "%u", k->range[r].lo - 1);
      fails += !agrees(k->name, val, -2, what, sizeof what), bad++;
    }
    char acc[160];
    wht__env_accepted(k, acc, sizeof acc);
    tap_ok(fails == 0, "%s (%s): %d values taken, %d refused with the line%s%s", k->name, acc, good, bad,
           fails ? "; first wrong: " : "", what);
  }

  /* the line: one line whatever the value, its value cut at 64 characters */
  const char *name = wht__env_at(0)->name;
  setenv(name, "1\n2\t", 1);
  wht_status st = wht_check_environment(why, sizeof why);
  char want[256];
  snprintf(want, sizeof want, "environment %s='1\\x0a2\\x09': not accepted", name);
  tap_ok(st == WHT_E_ENVIRONMENT && !strncmp(why, want, strlen(want)), "a value with a newline and a tab is shown escaped, one line (%s)", why);
  char longv[300];
  memset(longv, '7', sizeof longv - 1);
  longv[sizeof longv - 1] = 0;
  setenv(name, longv, 1);
  st = wht_check_environment(why, sizeof why);
  tap_ok(st == WHT_E_ENVIRONMENT && strstr(why, "7777...'") && strlen(why) < 250 && strstr(why, ", or unset)"),
         "a value of 299 characters is shown cut at 64, the accepted values kept (%zu characters)", strlen(why));
  /* why NULL, or short: the status all the same, the text cut and ended */
  tap_ok(wht_check_environment(NULL, 0) == WHT_E_ENVIRONMENT, "wht_check_environment(NULL, 0) gives the status");
  memset(why, 'x', sizeof why);
  st = wht_check_environment(why, 10);
  tap_ok(st == WHT_E_ENVIRONMENT && strlen(why) == 9 && why[10] == 'x', "a 10-byte why gets 9 characters and its NUL ('%s')", why);
  unsetenv(name);
  /* two bad knobs: the first of the table named */
  if (n >= 2) {
    setenv(wht__env_at(1)->name, "bad", 1);
    setenv(wht__env_at(0)->name, "bad", 1);
    st = wht_check_environment(why, sizeof why);
    tap_ok(st == WHT_E_ENVIRONMENT && strstr(why, wht__env_at(0)->name), "two knobs refused: the line names the first (%s)", why);
    unsetenv(wht__env_at(0)->name);
    unsetenv(wht__env_at(1)->name);
  }
  st = wht_check_environment(why, sizeof why);
  tap_ok(st == WHT_OK && why[0] == 0, "with no knob set: WHT_OK, why empty");
  /* a variable outside the table is no knob: not checked, never taken */
  setenv("WHT_NO_SUCH_KNOB", "1", 1);
  unsigned v = 0;
  tap_ok(wht_check_environment(why, sizeof why) == WHT_OK && wht__env_get("WHT_NO_SUCH_KNOB", &v) == -1,
         "a variable outside the table: not checked, and no reader takes it");
  unsetenv("WHT_NO_SUCH_KNOB");
  tap_ok(strstr(wht_strerror(WHT_E_ENVIRONMENT), "environment") != NULL, "wht_strerror(WHT_E_ENVIRONMENT): '%s'",
         wht_strerror(WHT_E_ENVIRONMENT));
  return tap_done();
}
