/* names.c - how every whtlab name given by a user is matched against its
 * canonical spelling: ignoring case, with '_' and '-' equivalent, so the
 * thesis's RELU_NORM, ONE_WAY or BF16 name relu-norm, one-way, bf16. */
#include <ctype.h>
#include "wht.h"

static int fold(char c) { return c == '_' ? '-' : tolower((unsigned char)c); }

int wht_name_matches(const char *given, const char *canonical)
{
  if (!given || !canonical) return 0;
  for (; fold(*given) == fold(*canonical); given++, canonical++)
    if (!*given) return 1;
  return 0;
}
