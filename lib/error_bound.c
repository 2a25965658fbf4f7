/* error_bound.c - wht_error_bound: the registry's forward error bounds
 * (wht.h) evaluated for a format and size, the one evaluation that the
 * bound test (tests/test_algorithms_bound.c) checks and the figures
 * (wht-plot --bounds, through the Python package) draw.
 *
 * The values are rounded upwards: a bound that double rounding put below
 * the exact one could be exceeded by an error that the exact bound
 * allows. gamma_m's m u and 1 - m u are exact (u = 2^-p, m < 2^53), so
 * only the division, sqrt(n) for odd k and expm1/log1p round; each is
 * within a few ulps (2^-50 relative), far below the 2^-40 added. */
#include <math.h>
#include "wht_internal.h"

#define ROUND_UP (1.0 + 0x1p-40)

wht_status wht_error_bound(const char *algorithm, wht_format f, unsigned k,
                           wht_bound_kind kind, double *bound)
{
  if (!algorithm || !bound) return WHT_E_NULL;
  const wht__algorithm *a = wht__algorithm_lookup(algorithm);
  if (!a) return WHT_E_ALGORITHM;
  if ((unsigned)f >= WHT_NFORMATS) return WHT_E_FORMAT;
  if (!(a->info.formats & (1u << f))) return WHT_E_ALGO_FORMAT;
  if (k > 63) return WHT_E_SIZE;
  if ((unsigned)kind >= WHT_NBOUND_KINDS) return WHT_E_BOUND_KIND;
  const wht_algorithm_info *in = &a->info;
  if (!in->bound_stage_factor && !in->bound_extra && !in->bound_block_factor) return WHT_E_NO_BOUND;
  const double u = wht_format_unit_roundoff(f);
  const unsigned B = in->bound_block_stages ? in->bound_block_stages : 3;
  const unsigned blocks = (k + B - 1) / B; /* ceil(k / B); B = 3: the scheduler's groups */
  const double m = (double)in->bound_stage_factor * k + in->bound_extra + (double)in->bound_block_factor * blocks;
  const double mu = m * u;
  if (kind == WHT_BOUND_NORM_REL && in->bound_normwise)
    *bound = expm1(m * log1p(u)) * ROUND_UP; /* (1 + u)^m - 1, finite for every m */
  else if (mu >= 1)
    *bound = INFINITY; /* gamma_m is defined for m u < 1 only */
  else if (kind == WHT_BOUND_ELEMENTWISE)
    *bound = mu / (1 - mu) * ROUND_UP;
  else
    *bound = mu / (1 - mu) * sqrt(ldexp(1.0, (int)k)) * ROUND_UP;
  return WHT_OK;
}
