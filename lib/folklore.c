/* folklore.c - the textbook radix-2 FWHT, (a, b) -> (a + b, a - b) per
 * butterfly, stages in increasing half-width (DESIGN.md section 4). */
#include "wht_internal.h"
#include "arith.h"
#include "algorithms.h"
#include "groups_simd.h"

#define WHT__BODY "folklore_body.h"
#include "each_format.h"

const wht__cpu_group_fn wht__folklore_cpu[WHT_NFORMATS] = WHT__FORMAT_TABLE(folklore_group);
