/* oracle.h - the certified exact reference (DESIGN.md sections 6 and 8).
 *
 * Inputs are the exact values of the format's elements (already rounded to
 * the format, given as doubles). The oracle computes the chosen operation
 * exactly and returns each exact output as an unevaluated pair hi + lo of
 * doubles (hi = the exact value rounded to double, lo = the exact value
 * minus hi, rounded to double), so metrics need no cancelling subtraction.
 * The exact value of an output that overflows double is reported through
 * the status (WHT_ORACLE_OVERFLOW), never silently. An exact zero is
 * reported as hi = lo = +0. Below the double range the pair is only as
 * fine as double allows: an exact value of magnitude below 2^-1075 comes
 * back as hi = lo = -0 or +0 (its sign kept, so it counts as a zero), and
 * one in the subnormal range as hi = RN(v), lo = 0 (hi + lo within half a
 * subnormal spacing of v). Only f64 data near 2^-1000 produce such outputs;
 * none of the input distributions does. */
#ifndef WHT_ORACLE_H
#define WHT_ORACLE_H

#include <stddef.h>
#include <stdint.h>
#include "wht.h"

/* The four operations of DESIGN.md section 6. */
typedef enum {
  WHT_OP_ONE_WAY = 0,  /* y = H x */
  WHT_OP_TWO_WAY = 1,  /* y = H(H x) / n  (exactly x) */
  WHT_OP_SMOOTHED = 2, /* y = H(phi(H x)) / n, phi soft threshold at tau */
  WHT_OP_XOR_CONV = 3, /* y = H((H a) .* (H b)) / n */
  WHT_NOPS = 4
} wht_op;

const char *wht_op_name(wht_op op);                  /* "one-way", ...; NULL if out of range */
int wht_op_from_name(const char *name, wht_op *op);  /* 0 ok, -1 unknown; accepts upper-case/underscore aliases */
unsigned wht_op_inputs(wht_op op);                   /* 1, or 2 for xor-conv */

typedef struct {
  double hi, lo;
} wht_dd;

typedef struct {
  long prec;        /* bits of the exact representation used (MPFR precision or fixed-point width) */
  int fast_path;    /* 1 when the fixed-point path computed the result */
  double seconds;   /* wall time of the oracle */
  int on_gpu;       /* 1 when the fixed-point integers were computed on the GPU (or its emulation) */
  char fallback[160]; /* why a GPU run was asked for and the CPU ran instead; "" otherwise */
} wht_oracle_info;

/* Where wht_oracle_run_on computes (DESIGN.md section 8, "GPU oracle"). The
 * GPU runs the __int128 fixed-point engine when the exact values fit 128
 * bits and the device has the memory; everything else (wider data, MPFR,
 * no GPU, a CUDA error) runs on the CPU with the reason in info->fallback.
 * The result is bit-identical either way. EMULATED runs the GPU's steps on
 * the host (for tests). */
typedef enum {
  WHT_ORACLE_ON_CPU = 0,
  WHT_ORACLE_ON_GPU = 1,
  WHT_ORACLE_ON_AUTO = 2, /* the GPU when there is one, else the CPU (fallback "no GPU") */
  WHT_ORACLE_ON_EMULATED = 3
} wht_oracle_device;

typedef enum {
  WHT_ORACLE_OK = 0,
  WHT_ORACLE_INEXACT,   /* an MPFR ternary value was nonzero: a bug, the run must stop */
  WHT_ORACLE_NONFINITE, /* an input is inf or NaN */
  WHT_ORACLE_NOMEM,
  WHT_ORACLE_BADARG,
  WHT_ORACLE_OVERFLOW,  /* an exact output is beyond the double range (hi = +-inf, lo = 0) */
  WHT_ORACLE_DEVICE     /* wht_oracle_run_resident: no GPU, or a CUDA call failed (msg says which) */
} wht_oracle_status;

/* Exact y of operation op on a (and b for xor-conv; NULL otherwise), n = 2^k
 * doubles each, tau for smoothed (finite, >= 0; ignored by the others).
 * out has n entries, must not overlap a or b, and serves as workspace
 * during the call. msg (may be NULL) receives a one-line explanation on
 * failure, naming the operation. Reentrant (the force_* test settings
 * aside). */
wht_oracle_status wht_oracle_run(wht_op op, unsigned k, const double *a, const double *b,
                                 double tau, wht_dd *out, wht_oracle_info *info,
                                 char *msg, size_t msglen);

/* wht_oracle_run on the chosen device (wht_oracle_run is dev = CPU). */
wht_oracle_status wht_oracle_run_on(wht_oracle_device dev, wht_op op, unsigned k, const double *a,
                                    const double *b, double tau, wht_dd *out, wht_oracle_info *info,
                                    char *msg, size_t msglen);

/* wht_oracle_run on data already in GPU memory (DESIGN.md section 8,
 * "GPU oracle"): a, b and out are device pointers (wht_device_alloc or
 * cudaMalloc), and nothing crosses the bus but a few counters. The same
 * checks, the same bits and the same info as wht_oracle_run_on; the
 * data's range is scanned on the GPU. out also serves as the workspace of
 * the 128-bit engine (16-byte aligned, as cudaMalloc gives it). What the
 * GPU engine does not cover (data beyond 256 bits, MPFR, too little device
 * memory for its workspace) runs on the CPU oracle through copies, with
 * the reason in info->fallback. dev: WHT_ORACLE_ON_GPU, or
 * WHT_ORACLE_ON_EMULATED for tests (host pointers, the GPU's steps
 * emulated on the host); WHT_ORACLE_DEVICE without a GPU or when a CUDA
 * call fails, with the reason in msg. */
wht_oracle_status wht_oracle_run_resident(wht_oracle_device dev, wht_op op, unsigned k, const double *a,
                                          const double *b, double tau, wht_dd *out, wht_oracle_info *info,
                                          char *msg, size_t msglen);

/* One-line name of a status ("ok", "inexact", ...). */
const char *wht_oracle_status_name(wht_oracle_status st);

/* For tests: force the MPFR path (no fast path): prec < 0 at the precision
 * derived from the data, prec > 0 at that fixed precision instead. 0
 * restores the automatic choice. Not thread-safe (a process-wide setting). */
void wht_oracle_force_mpfr(long prec);
#endif
