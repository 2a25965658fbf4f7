/* neumaier.c - Neumaier-compensated FWHT: as Kahan, but each error recovery
 * subtracts the term of smallest magnitude last (DESIGN.md section 4). Ties
 * go to the first branch that holds; NaN comparisons are false, so NaN
 * operands take the last branch (the GPU does the same). */
#include "wht_internal.h"
#include "arith.h"
#include "algorithms.h"
#include "groups_simd.h"

#define KIND WHT__SIMD_NEUMAIER

#define ABS(v) fabs((double)(v))

/* eA' before "+ Es", terms A', A, B */
#define ERR_A(Ap, A, B)                                                 \
  ((ABS(B) <= ABS(Ap) && ABS(B) <= ABS(A)) ? SUB(SUB(Ap, A), B)         \
   : (ABS(A) <= ABS(Ap) && ABS(A) <= ABS(B)) ? SUB(SUB(Ap, B), A)       \
   : ADD(SUB(-(A), B), Ap))
/* eB' before "+ Ed", terms B', A, B */
#define ERR_B(Bp, A, B)                                                 \
  ((ABS(B) <= ABS(Bp) && ABS(B) <= ABS(A)) ? ADD(SUB(Bp, A), B)         \
   : (ABS(A) <= ABS(Bp) && ABS(A) <= ABS(B)) ? SUB(ADD(Bp, B), A)       \
   : ADD(ADD(-(A), B), Bp))
#define GROUP_NAME neumaier_group
#define BLOCKED 0
#define WHT__BODY "compensated_body.h"
#include "each_format.h"
#undef GROUP_NAME
#undef BLOCKED

/* neumaier-block: the same butterflies, each stage group a block of its own */
#define GROUP_NAME neumaier_block_group
#define BLOCKED 1
#define WHT__BODY "compensated_body.h"
#include "each_format.h"

const wht__cpu_group_fn wht__neumaier_cpu[WHT_NFORMATS] = WHT__FORMAT_TABLE(neumaier_group);
const wht__cpu_group_fn wht__neumaier_block_cpu[WHT_NFORMATS] = WHT__FORMAT_TABLE(neumaier_block_group);
