/* gpu_fixed.h - the fixed-point engine run on the GPU (DESIGN.md section 8,
 * "GPU oracle"): __int128 values where the width bound allows, 256-bit ones
 * up to 256 bits. One pipeline (gpu_fixed_pipeline.c) drives an executor of
 * element-wise steps: the CUDA one (gpu_fixed.cu) or the host emulation of
 * the same steps (gpu_fixed_emul.c), both built from fixed_gpu_ops.h. The
 * integers are exact under the width bound, so they are the CPU engine's
 * whatever the order; the conversion to hi + lo is the CPU engine's own
 * function (wht__fx_store, wht__fx_store_limbs) on the executor, and the
 * CPU engine itself on the host for the elements near overflow or
 * subnormal that the 128-bit one leaves: hi + lo is bit-identical to the
 * CPU oracle, and the tests check it. */
#ifndef WHT_ORACLE_GPU_FIXED_H
#define WHT_ORACLE_GPU_FIXED_H

#include <stddef.h>
#include "oracle_internal.h"

/* Steps on buffers of the executor's memory; each returns 0 or -1 (with the
 * reason from why()). L: 2 (__int128 values) or 4 (256-bit values, the
 * same proof obligation with B + 1 <= 256); X, Y: n elements of 8 L
 * bytes; D: n doubles; O: n outputs of 16 bytes (hi, lo). */
typedef struct {
  const char *name;                         /* "gpu", "gpu-emulated" */
  int (*available)(size_t bytes, char *why, size_t len); /* 0: room for bytes */
  void *(*alloc)(size_t bytes);
  void (*release)(void *p);
  int (*put)(void *dst, const void *src, size_t bytes);  /* host -> executor */
  int (*get)(void *dst, const void *src, size_t bytes);  /* executor -> host, completes all steps */
  int (*load)(void *X, const void *D, size_t n, int q, unsigned L);  /* X[i] = D[i] * 2^-q */
  int (*fwht)(void *X, unsigned k, unsigned L);
  int (*phi)(void *X, size_t n, uint64_t tau_bits, int q, unsigned L);
  int (*mul)(void *X, const void *Y, size_t n, unsigned L);         /* X[i] *= Y[i] */
  /* Z[i] = X[i] * Y[i] (Y != NULL) or X[i]: __int128 values to 256-bit
   * ones, exactly */
  int (*lift)(void *Z, const void *X, const void *Y, size_t n);
  /* X[i] * 2^e -> hi, lo into O[i] (O == X allowed for L = 2); L = 2
   * (wht__fx_store) leaves the outputs near overflow or subnormal to the
   * CPU: they keep their integer in O[i] and get flags[i] = 1 (else 0;
   * flags: n bytes of the executor's memory); L = 4 (wht__fx_store_w)
   * converts every output. *over, *slow: the counts */
  int (*store)(void *X, size_t n, int e, unsigned L, void *O, void *flags, size_t *over, size_t *slow);
  /* bounds.c's wht__range_scan of the n doubles D: 0 when all are finite
   * (*r their range), 1 when some is not (*bad: the first such index) */
  int (*range)(const void *D, size_t n, wht__range *r, size_t *bad);
  const char *(*why)(void);                 /* reason of the last failure */
} wht__fx_exec;

extern const wht__fx_exec wht__fx_exec_emulated;
/* The CUDA executor; without CUDA, one whose available() says so. */
extern const wht__fx_exec wht__fx_exec_gpu;

/* The fixed path (bd->bits + 1 <= 256) of op on executor ex, in __int128
 * values up to 128 bits, else in 256-bit ones. a, b and out are host
 * memory, or the executor's when resident (wht_oracle_run_resident).
 * Returns 0 when it ran (*st the oracle status, out the result), -1 when
 * the executor could not (no GPU, too little device memory, a CUDA error:
 * the reason in why), in which case out is undefined and the caller runs
 * the CPU. */
int wht__gpu_fixed_run(const wht__fx_exec *ex, int resident, wht_op op, unsigned k, const double *a,
                       const double *b, double tau, const wht__bounds *bd, wht_dd *out, wht_oracle_status *st,
                       char *msg, size_t msglen, char *why, size_t whylen);
#endif
