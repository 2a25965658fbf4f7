/* log2n_list.c - parse --log2n: comma-separated items, each K, A:B or
 * A:B:STEP (A, A+STEP, ... up to B). Decimal digits only: no sign, space
 * or empty item, so a typo is refused instead of read as something else. */
#include <stdio.h>
#include <string.h>
#include "log2n_list.h"

/* digits of [s, e) as a number <= 999, or -1 */
static long number(const char *s, const char *e)
{
  long v = 0;
  if (s == e || e - s > 3) return -1;
  for (const char *p = s; p < e; p++) {
    if (*p < '0' || *p > '9') return -1;
    v = 10 * v + (*p - '0');
  }
  return v;
}

/* one item [s, e): K, A:B or A:B:STEP */
static int item(const char *s, const char *e, unsigned lo, unsigned hi, uint64_t *set, char *why, size_t len)
{
  long f[3] = { 0, 0, 1 };
  int nf = 0;
  const char *p = s;
  for (;;) {
    const char *colon = memchr(p, ':', (size_t)(e - p));
    const char *end = colon ? colon : e;
    if (nf == 3 || (f[nf] = number(p, end)) < 0) {
      snprintf(why, len, "'%.*s' is not K, A:B or A:B:STEP with integers", (int)(e - s), s);
      return -1;
    }
    nf++;
    if (!colon) break;
    p = colon + 1;
  }
  long a = f[0], b = nf > 1 ? f[1] : f[0], step = nf > 2 ? f[2] : 1;
  if (step == 0) {
    snprintf(why, len, "step 0 in '%.*s'", (int)(e - s), s);
    return -1;
  }
  if (a > b) {
    snprintf(why, len, "%ld > %ld in '%.*s'", a, b, (int)(e - s), s);
    return -1;
  }
  if (a < (long)lo || b > (long)hi) {
    snprintf(why, len, "%ld is %s %u", a < (long)lo ? a : b, a < (long)lo ? "below" : "above", a < (long)lo ? lo : hi);
    return -1;
  }
  for (long k = a; k <= b; k += step) *set |= (uint64_t)1 << k;
  return 0;
}

int wht_log2n_parse(const char *s, unsigned lo, unsigned hi, uint64_t *set, char *why, size_t len)
{
  uint64_t acc = 0;
  if (!*s) {
    snprintf(why, len, "empty");
    return -1;
  }
  for (const char *p = s;;) {
    const char *comma = strchr(p, ',');
    const char *e = comma ? comma : p + strlen(p);
    if (e == p) {
      snprintf(why, len, "an empty item");
      return -1;
    }
    if (item(p, e, lo, hi, &acc, why, len) != 0) return -1;
    if (!comma) break;
    p = comma + 1;
  }
  *set = acc;
  return 0;
}

unsigned wht_log2n_count(uint64_t set)
{
  unsigned n = 0;
  for (; set; set &= set - 1) n++;
  return n;
}

unsigned wht_log2n_min(uint64_t set)
{
  unsigned k = 0;
  while (k < 63 && !(set >> k & 1)) k++;
  return k;
}

unsigned wht_log2n_max(uint64_t set)
{
  unsigned k = 63;
  while (k > 0 && !(set >> k & 1)) k--;
  return k;
}
