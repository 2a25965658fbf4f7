/* widened_pass.c - the widened-pass FWHT (DESIGN.md section 4, "Blocks"):
 * widened's arithmetic (f16, bf16 in f32; f32 in f64; f64 in
 * double-double) in the long blocks of pass_blocks.h, at most 12 stages
 * and then at most 9, one GPU pass each, rounded to the format once at the
 * end of each block. On the CPU the wide values cross the scheduler's
 * groups in a workspace of twice the data's bytes (the registry's
 * cpu_work_per_elem); on the GPU they stay on chip (kernels/widened_pass.cu). */
#include "wht_internal.h"
#include "widened_arith.h"
#include "pass_blocks.h"
#include "algorithms.h"
#include "groups_simd.h"

#define GROUP_NAME widened_pass_group
#define LONG_BLOCKS 1
#define WHT__BODY "widened_body.h"
#include "each_format.h"

const wht__cpu_group_fn wht__widened_pass_cpu[WHT_NFORMATS] = WHT__FORMAT_TABLE(widened_pass_group);
