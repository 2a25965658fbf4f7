/* kahan.c - Kahan-compensated FWHT: each element carries its rounding error
 * and the recovery follows Kahan's fixed order (DESIGN.md section 4):
 *   eA' = ((A' - A) - B) + Es,  eB' = ((B' - A) + B) + Ed. */
#include "wht_internal.h"
#include "arith.h"
#include "algorithms.h"

#define ERR_A(Ap, A, B) SUB(SUB(Ap, A), B)
#define ERR_B(Bp, A, B) ADD(SUB(Bp, A), B)
#define GROUP_NAME kahan_group
#define FMT F64
#define SFX f64
#include "compensated_body.h"
#define FMT F32
#define SFX f32
#include "compensated_body.h"
#define FMT F16
#define SFX f16
#include "compensated_body.h"
#define FMT BF16
#define SFX bf16
#include "compensated_body.h"

const wht__cpu_group_fn wht__kahan_cpu[WHT_NFORMATS] = {
  kahan_group_f64, kahan_group_f32, kahan_group_f16, kahan_group_bf16,
};
