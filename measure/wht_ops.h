/* wht_ops.h - the four operations of DESIGN.md section 6 run with one algorithm
 * in one format on one backend through the libwht API; every arithmetic
 * step (phi, the products, the scaling by 2^-k) is correctly rounded in the
 * format, so the oracle's exact pipeline measures the algorithm alone. */
#ifndef WHT_OPS_H
#define WHT_OPS_H

#include <stdint.h>
#include "wht.h"
#include "wht_oracle.h"

/* a (and b for xor-conv) hold n = 2^k elements of format f (host storage).
 * tau is the smoothed operation's threshold: finite and >= 0, as the
 * oracle takes it, and finite once rounded to f, at which the steps
 * threshold (WHT_E_TAU otherwise, nothing done: in f16 a tau of 65520 or
 * more); the other operations do not read it.
 * On return a holds y; b is clobbered. *nonfinite is set to 1 when any
 * intermediate or output element is inf or NaN. On the GPU backend a and
 * b are copied to the device once and y back once; the transforms and the
 * steps between them run there (DESIGN.md section 6). */
wht_status wht_op_execute(wht_op op, const char *algorithm, wht_format f,
                          wht_backend backend, unsigned k, double tau,
                          void *a, void *b, int *nonfinite);

/* wht_op_execute with the inputs kept: a (and b) are only read, y (n
 * elements of the format) receives the result and bw (xor-conv: n
 * elements) is clobbered as b would be; y and bw must not overlap a or b.
 * The same results and report as wht_op_execute on copies of a and b,
 * without the caller's copies: on the GPU backend a and b go to the device
 * from where they are; on the CPU backend they are copied to y and bw on
 * all threads. */
wht_status wht_op_execute_into(wht_op op, const char *algorithm, wht_format f, wht_backend backend, unsigned k,
                               double tau, const void *a, const void *b, void *y, void *bw, int *nonfinite);

/* A transform of the caller's: y = T x in place on n elements of the
 * format's host storage; 0 on success, nonzero on failure. */
typedef int (*wht_transform_fn)(void *ctx, void *x, uint64_t n);

/* wht_op_execute with the caller's transform fn (called with ctx) in place
 * of a registry algorithm: the same element-wise steps, roundings and
 * inf/NaN checks, so a new idea prototyped outside the library (whtlab.sweep
 * in Python) is measured through exactly the pipeline of wht-sweep. A
 * failing fn gives WHT_E_CALLBACK. */
wht_status wht_op_execute_fn(wht_op op, wht_format f, unsigned k, double tau, void *a, void *b,
                             wht_transform_fn fn, void *ctx, int *nonfinite);
#endif
