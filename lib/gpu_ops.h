/* gpu_ops.h - the operations' element-wise steps on device arrays
 * (kernels/ops_gpu.cu when CUDA is compiled in, lib/gpu_none.c otherwise),
 * for measure/ops.c's GPU path. Internal to libwht, not installed.
 *
 * wht__gpu_ops_step(s, f, dx, dy, n, arg, dflag): on the n elements of
 * format f at device pointer dx, step s as measure/ops_steps.c computes
 * it: WHT__OPS_SCALE x_i = fl(x_i arg) with arg = 2^-k, WHT__OPS_THRESHOLD
 * the soft threshold at arg = tau_f, WHT__OPS_MUL x_i = fl(x_i y_i) (dy),
 * WHT__OPS_SCAN nothing; then, when dflag (device memory) is not NULL, 1
 * is ORed into *dflag if a value of x is inf or NaN. Asynchronous like a
 * kernel launch: it reports launch errors; the next synchronizing call
 * reports the others. The _emulated form runs the same element functions
 * on host arrays (flag in host memory), for tests/test_ops_gpu. */
#ifndef WHT_GPU_OPS_H
#define WHT_GPU_OPS_H

#include <stdint.h>
#include "wht.h"

enum { WHT__OPS_SCALE, WHT__OPS_THRESHOLD, WHT__OPS_MUL, WHT__OPS_SCAN, WHT__OPS_NSTEPS };

wht_status wht__gpu_ops_step(int step, wht_format f, void *dx, const void *dy, uint64_t n, double arg,
                             unsigned *dflag);
wht_status wht__gpu_ops_step_emulated(int step, wht_format f, void *x, const void *y, uint64_t n, double arg,
                                      unsigned *flag);

/* measure/ops.c: the GPU backend's operations with the data on the device
 * (0, the default) or with host steps between transforms copied in and
 * out (1, the earlier path; the environment variable WHT_OPS_HOST_STEPS=1
 * sets the initial value), for tests and comparisons. */
void wht__ops_set_host_steps(int on);
#endif
