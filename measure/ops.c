/* ops.c - the four operations of DESIGN.md section 6 through the libwht
 * API: the transforms run on the plan's backend, the element-wise steps
 * (ops_steps.c) on the host, every result rounded to the format. After
 * each step the data are scanned for inf/NaN so an overflow anywhere in
 * the pipeline is reported even if a later step were to hide it.
 *
 * Threshold: phi uses tau rounded to the format (wht_round_to_format), the
 * value the computation can hold; the oracle must be given that same
 * rounded tau so both compute the same function. */
#include <stddef.h>
#include "wht_ops.h"
#include "ops_steps.h"

typedef struct {
  wht_transform_fn fn; /* the transform: a plan's (plan_transform) or a caller's */
  void *ctx;
  int callers;         /* fn is a caller's: its failure is WHT_E_CALLBACK */
  wht_format f;
  uint64_t n;
  unsigned k;
  int bad; /* an intermediate was inf/NaN */
} pipeline;

static void check(pipeline *p, const void *x)
{
  if (!p->bad && wht__ops_any_nonfinite(p->f, x, p->n)) p->bad = 1;
}

static wht_status transform(pipeline *p, void *x)
{
  int r = p->fn(p->ctx, x, p->n);
  if (r != 0) return p->callers ? WHT_E_CALLBACK : (wht_status)r;
  check(p, x);
  return WHT_OK;
}

static int plan_transform(void *plan, void *x, uint64_t n)
{
  (void)n;
  return (int)wht_execute(plan, x);
}

static void scale(pipeline *p, void *x)
{
  wht__ops_scale(p->f, x, p->n, p->k);
  check(p, x);
}

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
  if (st == WHT_OK) scale(p, a);
  return st;
}

static wht_status smoothed(pipeline *p, double tau, void *a, void *b)
{
  (void)b;
  wht_status st = transform(p, a);
  if (st != WHT_OK) return st;
  wht__ops_soft_threshold(p->f, a, p->n, wht_round_to_format(tau, p->f));
  check(p, a);
  st = transform(p, a);
  if (st == WHT_OK) scale(p, a);
  return st;
}

static wht_status xor_conv(pipeline *p, double tau, void *a, void *b)
{
  (void)tau;
  wht_status st = transform(p, a);
  if (st == WHT_OK) st = transform(p, b);
  if (st != WHT_OK) return st;
  wht__ops_mul(p->f, a, b, p->n);
  check(p, a);
  st = transform(p, a);
  if (st == WHT_OK) scale(p, a);
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
  /* Data are on the host; a GPU plan copies them to the device and back. */
  const unsigned flags = backend == WHT_BACKEND_GPU ? WHT_HOST_POINTER : 0;
  wht_status st;
  pipeline p = { plan_transform, NULL, 0, f, (uint64_t)1 << k, k, 0 };
  wht_plan *plan = wht_plan_create(p.n, f, algorithm, backend, flags, &st);
  if (!plan) return st;
  p.ctx = plan;
  st = ops[op].run(&p, tau, a, b);
  wht_plan_destroy(plan);
  if (nonfinite) *nonfinite = p.bad;
  return st;
}

wht_status wht_op_execute_fn(wht_op op, wht_format f, unsigned k, double tau, void *a, void *b,
                             wht_transform_fn fn, void *ctx, int *nonfinite)
{
  if (nonfinite) *nonfinite = 0;
  if ((unsigned)op >= WHT_NOPS) return WHT_E_OPERATION;
  if (!fn || !a || (ops[op].needs_b && !b)) return WHT_E_NULL;
  if ((unsigned)f >= WHT_NFORMATS) return WHT_E_FORMAT;
  if (k >= 64) return WHT_E_SIZE;
  pipeline p = { fn, ctx, 1, f, (uint64_t)1 << k, k, 0 };
  wht_status st = ops[op].run(&p, tau, a, b);
  if (nonfinite) *nonfinite = p.bad;
  return st;
}
