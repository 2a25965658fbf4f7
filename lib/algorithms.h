/* algorithms.h - the per-format implementations each algorithm file
 * exports to the registry (registry.c). GPU tables live in kernels/. */
#ifndef WHT_ALGORITHMS_H
#define WHT_ALGORITHMS_H
#include "wht_internal.h"

extern const wht__cpu_group_fn wht__folklore_cpu[WHT_NFORMATS];
extern const wht__cpu_group_fn wht__kahan_cpu[WHT_NFORMATS];
extern const wht__cpu_group_fn wht__neumaier_cpu[WHT_NFORMATS];
extern const wht__cpu_group_fn wht__alman_rao_cpu[WHT_NFORMATS];
extern const wht__cpu_group_fn wht__kahan_block_cpu[WHT_NFORMATS];
extern const wht__cpu_group_fn wht__neumaier_block_cpu[WHT_NFORMATS];
extern const wht__cpu_group_fn wht__widened_cpu[WHT_NFORMATS];
extern const wht__cpu_group_fn wht__widened_pass_cpu[WHT_NFORMATS];
/* registered only with --enable-test-algorithm (folklore_test.c) */
extern const wht__cpu_group_fn wht__folklore_test_cpu[WHT_NFORMATS];

#ifdef WHT_HAVE_CUDA
extern const wht__gpu_fn wht__folklore_gpu[WHT_NFORMATS];
extern const wht__gpu_fn wht__kahan_gpu[WHT_NFORMATS];
extern const wht__gpu_fn wht__neumaier_gpu[WHT_NFORMATS];
extern const wht__gpu_fn wht__alman_rao_gpu[WHT_NFORMATS];
extern const wht__gpu_fn wht__kahan_block_gpu[WHT_NFORMATS];
extern const wht__gpu_fn wht__neumaier_block_gpu[WHT_NFORMATS];
extern const wht__gpu_fn wht__widened_gpu[WHT_NFORMATS];
extern const wht__gpu_fn wht__widened_pass_gpu[WHT_NFORMATS];
extern const wht__gpu_fn wht__tensor_core_gpu[WHT_NFORMATS];
extern const wht__gpu_fn wht__tensor_core_f16acc_gpu[WHT_NFORMATS];
#endif

#endif
