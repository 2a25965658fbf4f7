/* dd_check.h - comparing exact results (hi + lo pairs of doubles) bit for
 * bit, for the oracle tests. */
#ifndef WHT_TESTS_DD_CHECK_H
#define WHT_TESTS_DD_CHECK_H

#include <string.h>
#include "wht_oracle.h"

/* index of the first element whose hi or lo bits differ, or -1 */
static inline long dd_first_diff(const wht_dd *x, const wht_dd *y, size_t n)
{
  for (size_t i = 0; i < n; i++)
    if (memcmp(&x[i].hi, &y[i].hi, sizeof(double)) || memcmp(&x[i].lo, &y[i].lo, sizeof(double)))
      return (long)i;
  return -1;
}

#endif
