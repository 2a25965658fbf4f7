/* ops.c - the four operations of DESIGN.md section 6 through the libwht
 * API: the transforms run on the plan's backend, the element-wise steps
 * (ops_steps.c) beside them, every result rounded to the format. After
 * each step the data are scanned for inf/NaN so an overflow anywhere in
 * the pipeline is reported even if a later step were to hide it.
 *
 * On the GPU backend the data stay on the device for the whole
 * operation: a and b are copied in once, the transforms run on device
 * pointers, the steps and scans are kernels/ops_gpu.cu's (the same
 * correctly rounded operation per element, so the same results; the scans
 * OR one device flag, read after the last step), and y is copied out once.
 * Before, each transform copied the data in and out and the host ran the
 * steps and scans between them; WHT_OPS_HOST_STEPS=1 (read once) restores
 * that path, for comparison (tests/test_ops_gpu, docs/PERFORMANCE.md).
 *
 * Threshold: phi uses tau rounded to the format (wht_round_to_format), the
 * value the computation can hold; the oracle must be given that same
 * rounded tau so both compute the same function. */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "wht_ops.h"
#include "ops_steps.h"
#include "wht_internal.h"
#include "wht_env.h"
#include "wht_parallel.h"
#include "gpu_ops.h"

typedef struct {
  wht_transform_fn fn; /* the transform: a plan's (plan_transform) or a caller's */
  void *ctx;
  int callers;         /* fn is a caller's: its failure is WHT_E_CALLBACK */
  wht_format f;
  uint64_t n;
  unsigned k;
  int bad;             /* an intermediate was inf/NaN (host path) */
  unsigned *dflag;     /* not NULL: the data are device arrays, steps and scans on the device */
} pipeline;

/* one element-wise step (WHT__OPS_*) on x (and y), then the scan of x */
static wht_status step(pipeline *p, int s, void *x, const void *y, double arg)
{
  if (p->dflag) return wht__gpu_ops_step(s, p->f, x, y, p->n, arg, p->dflag);
  if (s == WHT__OPS_SCALE) wht__ops_scale(p->f, x, p->n, p->k);
  else if (s == WHT__OPS_THRESHOLD) wht__ops_soft_threshold(p->f, x, p->n, arg);
  else if (s == WHT__OPS_MUL) wht__ops_mul(p->f, x, y, p->n);
  if (!p->bad && wht__ops_any_nonfinite(p->f, x, p->n)) p->bad = 1;
  return WHT_OK;
}

static wht_status transform(pipeline *p, void *x)
{
  int r = p->fn(p->ctx, x, p->n);
  if (r != 0) return p->callers ? WHT_E_CALLBACK : (wht_status)r;
  return step(p, WHT__OPS_SCAN, x, NULL, 0);
}

static int plan_transform(void *plan, void *x, uint64_t n)
{
  (void)n;
  return (int)wht_execute(plan, x);
}

/* 2^-k is a normal double for every k the library accepts (k < 64) */
static wht_status scale(pipeline *p, void *x) { return step(p, WHT__OPS_SCALE, x, NULL, ldexp(1.0, -(int)p->k)); }

static wht_status one_way(pipeline *p, double tau, void *a, void *b)
{
  (void)tau, (void)b;
  return transform(p, a);
}

static wht_status two_way(pipeline *p, double tau, void *a, void *b)
{
  (void)tau, (void)b;
  wht_status st = transform(p, a);
  if (st == WHT_OK) st = transform(p, a);
  if (st == WHT_OK) st = scale(p, a);
  return st;
}

static wht_status smoothed(pipeline *p, double tau, void *a, void *b)
{
  (void)b;
  wht_status st = transform(p, a);
  if (st == WHT_OK) st = step(p, WHT__OPS_THRESHOLD, a, NULL, wht_round_to_format(tau, p->f));
  if (st == WHT_OK) st = transform(p, a);
  if (st == WHT_OK) st = scale(p, a);
  return st;
}

static wht_status xor_conv(pipeline *p, double tau, void *a, void *b)
{
  (void)tau;
  wht_status st = transform(p, a);
  if (st == WHT_OK) st = transform(p, b);
  if (st == WHT_OK) st = step(p, WHT__OPS_MUL, a, b, 0);
  if (st == WHT_OK) st = transform(p, a);
  if (st == WHT_OK) st = scale(p, a);
  return st;
}

/* Indexed by wht_op; `needs_b` marks the operations with a second input. */
static const struct {
  wht_status (*run)(pipeline *p, double tau, void *a, void *b);
  int needs_b;
} ops[WHT_NOPS] = {
  [WHT_OP_ONE_WAY] = { one_way, 0 },
  [WHT_OP_TWO_WAY] = { two_way, 0 },
  [WHT_OP_SMOOTHED] = { smoothed, 0 },
  [WHT_OP_XOR_CONV] = { xor_conv, 1 },
};

/* WHT_OPS_HOST_STEPS=1 or wht__ops_set_host_steps(1): the GPU backend's
 * earlier path (host steps) */
static int host_steps_setting = -1; /* -1: not read yet */
void wht__ops_set_host_steps(int on) { host_steps_setting = on != 0; }
static int host_steps(void)
{
  if (host_steps_setting < 0) host_steps_setting = wht__env_uint("WHT_OPS_HOST_STEPS", 0) == 1; /* wht_env.h */
  return host_steps_setting;
}

/* The GPU backend with the data on the device (the top comment): plan on
 * device pointers, a and b copied in, y copied out, the flag read last. */
static wht_status on_device(wht_op op, const char *algorithm, pipeline *p, double tau, const void *a,
                            const void *b, void *y)
{
  wht_status st;
  wht_plan *plan = wht_plan_create(p->n, p->f, algorithm, WHT_BACKEND_GPU, 0, &st);
  if (!plan) return st;
  /* a, b and the flag in one allocation (as many as the plan's copy before) */
  const size_t bytes = (size_t)p->n * wht_format_size(p->f), at = (bytes + 255) / 256 * 256;
  const size_t flag_at = ops[op].needs_b ? 2 * at : at; /* 256-byte aligned, as a plan's own buffer */
  void *mem = NULL;
  unsigned flag = 0;
  st = wht__gpu_alloc(&mem, flag_at + sizeof flag);
  char *da = mem, *db = ops[op].needs_b ? da + at : NULL;
  unsigned *dflag = mem ? (unsigned *)(da + flag_at) : NULL;
  if (st == WHT_OK) st = wht__gpu_copy(dflag, &flag, sizeof flag, 1);
  if (st == WHT_OK) st = wht__gpu_copy(da, a, bytes, 1);
  if (st == WHT_OK && db) st = wht__gpu_copy(db, b, bytes, 1);
  if (st == WHT_OK) {
    p->ctx = plan;
    p->dflag = dflag;
    st = ops[op].run(p, tau, da, db);
  }
  /* the copies wait for the kernels and report an error of theirs */
  if (st == WHT_OK) st = wht__gpu_copy(&flag, dflag, sizeof flag, 0);
  if (st == WHT_OK) st = wht__gpu_copy(y, da, bytes, 0);
  p->bad = flag != 0;
  wht__gpu_free(mem);
  wht_plan_destroy(plan);
  return st;
}

/* dst = src, n elements of f's storage, on all threads */
typedef struct {
  char *dst;
  const char *src;
  size_t esz;
} copy_job;
enum { COPY_BLOCK = 1 << 16 };
static void copy_chunk(const void *cv, uint64_t b0, uint64_t b1)
{
  const copy_job *c = cv;
  const size_t lo = (size_t)b0 * COPY_BLOCK * c->esz, hi = (size_t)b1 * COPY_BLOCK * c->esz;
  memcpy(c->dst + lo, c->src + lo, hi - lo);
}
static void copy_elements(wht_format f, void *dst, const void *src, uint64_t n)
{
  const copy_job c = { dst, src, wht_format_size(f) };
  const uint64_t whole = n / COPY_BLOCK;
  wht__parallel_chunks(whole, n, copy_chunk, &c);
  memcpy((char *)dst + whole * COPY_BLOCK * c.esz, (const char *)src + whole * COPY_BLOCK * c.esz,
         (size_t)(n - whole * COPY_BLOCK) * c.esz);
}

/* The operation on inputs ain, bin, the host path working in place in a
 * (y) and b: wht_op_execute passes the same pointers, wht_op_execute_into
 * its outputs (the inputs are copied there first, on the host path). */
static wht_status execute(wht_op op, const char *algorithm, wht_format f, wht_backend backend, unsigned k,
                          double tau, const void *ain, const void *bin, void *a, void *b, int *nonfinite)
{
  wht_status st;
  pipeline p = { plan_transform, NULL, 0, f, (uint64_t)1 << k, k, 0, NULL };
  if (backend == WHT_BACKEND_GPU && !host_steps()) {
    st = on_device(op, algorithm, &p, tau, ain, bin, a);
  } else {
    /* Data are on the host; a GPU plan copies them to the device and back. */
    const unsigned flags = backend == WHT_BACKEND_GPU ? WHT_HOST_POINTER : 0;
    wht_plan *plan = wht_plan_create(p.n, f, algorithm, backend, flags, &st);
    if (!plan) return st;
    if (ain != a) copy_elements(f, a, ain, p.n);
    if (bin && bin != b) copy_elements(f, b, bin, p.n);
    p.ctx = plan;
    st = ops[op].run(&p, tau, a, b);
    wht_plan_destroy(plan);
  }
  if (nonfinite) *nonfinite = p.bad;
  return st;
}

/* the smoothed operation's threshold as the oracle takes it: finite, >= 0,
 * and finite once rounded to the format, which the steps threshold at (a
 * tau that rounds to inf zeroes every value; wht-sweep and whtlab.sweep
 * refuse it too). The other operations do not read tau; a format out of
 * range is left to its own status. */
static int tau_bad(wht_op op, wht_format f, double tau)
{
  if (op != WHT_OP_SMOOTHED) return 0;
  return !(isfinite(tau) && tau >= 0) || ((unsigned)f < WHT_NFORMATS && !isfinite(wht_round_to_format(tau, f)));
}

wht_status wht_op_execute(wht_op op, const char *algorithm, wht_format f,
                          wht_backend backend, unsigned k, double tau,
                          void *a, void *b, int *nonfinite)
{
  if (nonfinite) *nonfinite = 0;
  /* No status names a bad operation; an out-of-range op is a mode value
   * out of range, like an unknown flag bit. */
  if ((unsigned)op >= WHT_NOPS) return WHT_E_OPERATION;
  if (!algorithm || !a || (ops[op].needs_b && !b)) return WHT_E_NULL;
  if (k >= 64) return WHT_E_SIZE;
  if (tau_bad(op, f, tau)) return WHT_E_TAU;
  return execute(op, algorithm, f, backend, k, tau, a, ops[op].needs_b ? b : NULL, a, b, nonfinite);
}

wht_status wht_op_execute_into(wht_op op, const char *algorithm, wht_format f, wht_backend backend, unsigned k,
                               double tau, const void *a, const void *b, void *y, void *bw, int *nonfinite)
{
  if (nonfinite) *nonfinite = 0;
  if ((unsigned)op >= WHT_NOPS) return WHT_E_OPERATION;
  if (!algorithm || !a || !y || (ops[op].needs_b && (!b || !bw))) return WHT_E_NULL;
  if (k >= 64) return WHT_E_SIZE;
  if (tau_bad(op, f, tau)) return WHT_E_TAU;
  return execute(op, algorithm, f, backend, k, tau, a, ops[op].needs_b ? b : NULL, y, bw, nonfinite);
}

wht_status wht_op_execute_fn(wht_op op, wht_format f, unsigned k, double tau, void *a, void *b,
                             wht_transform_fn fn, void *ctx, int *nonfinite)
{
  if (nonfinite) *nonfinite = 0;
  if ((unsigned)op >= WHT_NOPS) return WHT_E_OPERATION;
  if (!fn || !a || (ops[op].needs_b && !b)) return WHT_E_NULL;
  if ((unsigned)f >= WHT_NFORMATS) return WHT_E_FORMAT;
  if (k >= 64) return WHT_E_SIZE;
  if (tau_bad(op, f, tau)) return WHT_E_TAU;
  pipeline p = { fn, ctx, 1, f, (uint64_t)1 << k, k, 0, NULL };
  wht_status st = ops[op].run(&p, tau, a, b);
  if (nonfinite) *nonfinite = p.bad;
  return st;
}
