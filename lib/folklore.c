/* folklore.c - the textbook radix-2 FWHT, (a, b) -> (a + b, a - b) per
 * butterfly, stages in increasing half-width (DESIGN.md section 4). */
#include "wht_internal.h"
#include "arith.h"
#include "algorithms.h"

#define FMT F64
#define SFX f64
#include "folklore_body.h"
#define FMT F32
#define SFX f32
#include "folklore_body.h"
#define FMT F16
#define SFX f16
#include "folklore_body.h"
#define FMT BF16
#define SFX bf16
#include "folklore_body.h"

const wht__cpu_group_fn wht__folklore_cpu[WHT_NFORMATS] = {
  folklore_group_f64, folklore_group_f32, folklore_group_f16, folklore_group_bf16,
};
