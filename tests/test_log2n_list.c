/* test_log2n_list.c - the shared --log2n parser: lists, ranges and steps
 * give the expected set of sizes; malformed or out-of-range values are
 * refused with a reason that names them. */
#include <string.h>
#include "log2n_list.h"
#include "tap.h"

static uint64_t bits(const unsigned *k, size_t n)
{
  uint64_t s = 0;
  for (size_t i = 0; i < n; i++) s |= (uint64_t)1 << k[i];
  return s;
}
#define SET(...) bits((const unsigned[]){ __VA_ARGS__ }, sizeof((const unsigned[]){ __VA_ARGS__ }) / sizeof(unsigned))

static void good(const char *s, uint64_t want)
{
  char why[128] = "";
  uint64_t got = 0;
  int rc = wht_log2n_parse(s, 1, 40, &got, why, sizeof why);
  tap_ok(rc == 0 && got == want, "'%s' parses to %#llx (got rc %d, %#llx, %s)", s, (unsigned long long)want, rc,
         (unsigned long long)got, why);
}

static void bad(const char *s, const char *reason_has)
{
  char why[128] = "";
  uint64_t got = 12345;
  int rc = wht_log2n_parse(s, 1, 40, &got, why, sizeof why);
  tap_ok(rc == -1 && got == 12345 && strstr(why, reason_has), "'%s' refused, reason names '%s' (got rc %d, '%s')", s,
         reason_has, rc, why);
}

int main(void)
{
  good("7", SET(7));
  good("3:6", SET(3, 4, 5, 6));
  good("3:25:2", SET(3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25));
  good("3:10:3", SET(3, 6, 9));
  good("10,12,20", SET(10, 12, 20));
  good("3:9,12", SET(3, 4, 5, 6, 7, 8, 9, 12));
  good("12,3:5,4", SET(3, 4, 5, 12));
  good("40", SET(40));
  good("1:1:5", SET(1));
  bad("", "empty");
  bad("3,,5", "empty item");
  bad("3,", "empty item");
  bad("5-8", "'5-8'");
  bad("8:5", "8 > 5");
  bad("3:41", "41 is above 40");
  bad("0:4", "0 is below 1");
  bad("3:9:0", "step 0");
  bad("3:9:2:1", "'3:9:2:1'");
  bad("-3", "'-3'");
  bad(" 3", "' 3'");
  bad("3:", "'3:'");
  bad("0x5", "'0x5'");
  bad("99999999999999999999", "'99999999999999999999'");
  tap_ok(wht_log2n_count(SET(3, 5, 9)) == 3 && wht_log2n_min(SET(3, 5, 9)) == 3 && wht_log2n_max(SET(3, 5, 9)) == 9,
         "count, min and max of {3, 5, 9}");
  return tap_done();
}
