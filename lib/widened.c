/* widened.c - the widened FWHT (DESIGN.md section 4): blocks of stages (the
 * scheduler's groups: k mod 3 stages, then threes) computed in the next
 * wider format (f16, bf16 in f32; f32 in f64; f64 in double-double) and
 * rounded to the format once at the end of each block. */
#include "wht_internal.h"
#include "widened_arith.h"
#include "pass_blocks.h"
#include "algorithms.h"
#include "groups_simd.h"

#define GROUP_NAME widened_group
#define LONG_BLOCKS 0
#define WHT__BODY "widened_body.h"
#include "each_format.h"

const wht__cpu_group_fn wht__widened_cpu[WHT_NFORMATS] = WHT__FORMAT_TABLE(widened_group);
