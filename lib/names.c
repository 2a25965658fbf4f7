/* names.c - how every whtlab name given by a user is matched against its
 * canonical spelling: ignoring case, with '_' and '-' equivalent, so the
 * thesis's RELU_NORM, ONE_WAY or BF16 name relu-norm, one-way, bf16. */
#include "wht.h"

/* ASCII case only: tolower follows the locale (a program or Python may set
 * one), and in some ('I' in Turkish) the names would stop matching */
static int fold(char c) { return c == '_' ? '-' : c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : (unsigned char)c; }

int wht_name_matches(const char *given, const char *canonical)
{
  if (!given || !canonical) return 0;
  for (; fold(*given) == fold(*canonical); given++, canonical++)
    if (!*given) return 1;
  return 0;
}
