/* kahan.c - Kahan-compensated FWHT: each element carries its rounding error
 * and the recovery follows Kahan's fixed order (DESIGN.md section 4):
 *   eA' = ((A' - A) - B) + Es,  eB' = ((B' - A) + B) + Ed. */
#include "wht_internal.h"
#include "arith.h"
#include "algorithms.h"
#include "groups_simd.h"

#define KIND WHT__SIMD_KAHAN

#define ERR_A(Ap, A, B) SUB(SUB(Ap, A), B)
#define ERR_B(Bp, A, B) ADD(SUB(Bp, A), B)
#define GROUP_NAME kahan_group
#define BLOCKED 0
#define WHT__BODY "compensated_body.h"
#include "each_format.h"
#undef GROUP_NAME
#undef BLOCKED

/* kahan-block: the same butterflies, each stage group a block of its own */
#define GROUP_NAME kahan_block_group
#define BLOCKED 1
#define WHT__BODY "compensated_body.h"
#include "each_format.h"

const wht__cpu_group_fn wht__kahan_cpu[WHT_NFORMATS] = WHT__FORMAT_TABLE(kahan_group);
const wht__cpu_group_fn wht__kahan_block_cpu[WHT_NFORMATS] = WHT__FORMAT_TABLE(kahan_block_group);
