/* kahan.c - Kahan-compensated FWHT: each element carries its rounding error
 * and the recovery follows Kahan's fixed order (DESIGN.md section 4):
 *   eA' = ((A' - A) - B) + Es,  eB' = ((B' - A) + B) + Ed. */
#include "wht_internal.h"
#include "arith.h"
#include "algorithms.h"

#define ERR_A(Ap, A, B) SUB(SUB(Ap, A), B)
#define ERR_B(Bp, A, B) ADD(SUB(Bp, A), B)
#define GROUP_NAME kahan_group
#define WHT__BODY "compensated_body.h"
#include "each_format.h"

const wht__cpu_group_fn wht__kahan_cpu[WHT_NFORMATS] = WHT__FORMAT_TABLE(kahan_group);
