/* gpu_fixed_pipeline.c - the fixed path of fixed_path.c, step for step, on
 * an executor's memory (gpu_fixed.h): load and transform the inputs, the
 * operation's middle steps, the last transform, then the integers back to
 * the host and the CPU engine's conversion to hi + lo. */
#include <string.h>
#include "gpu_fixed.h"

static int failed(const wht__fx_exec *ex, char *why, size_t len, const char *step)
{
  wht__msg(why, len, "%s %s: %s", ex->name, step, ex->why());
  return -1;
}

int wht__gpu_fixed_run(const wht__fx_exec *ex, wht_op op, unsigned k, const double *a, const double *b,
                       double tau, const wht__bounds *bd, wht_dd *out, wht_oracle_status *st, char *msg,
                       size_t msglen, char *why, size_t whylen)
{
  const size_t n = (size_t)1 << k;
  const int two = op == WHT_OP_XOR_CONV;
  if (bd->bits + 1 > 128) {
    wht__msg(why, whylen, "the exact values need %ld bits, the GPU engine has 128", bd->bits + 1);
    return -1;
  }
  if (ex->available(n * (8 + 16 * (two ? 2u : 1u)), why, whylen) != 0) return -1;
  void *D = ex->alloc(n * 8), *X = ex->alloc(n * 16), *Y = two ? ex->alloc(n * 16) : NULL;
  int rc = -1;
  const char *step = "allocation";
  if (!D || !X || (two && !Y)) goto done;
  step = "load";
  if (ex->put(D, a, n * 8) || ex->load(X, D, n, bd->qin[0])) goto done;
  step = "transform";
  if (ex->fwht(X, k)) goto done;
  if (op == WHT_OP_TWO_WAY && ex->fwht(X, k)) goto done;
  if (op == WHT_OP_SMOOTHED) {
    uint64_t tb;
    memcpy(&tb, &tau, sizeof tb);
    step = "soft threshold";
    if (ex->phi(X, n, tb, bd->qin[0]) || ex->fwht(X, k)) goto done;
  }
  if (two) {
    step = "second input";
    if (ex->put(D, b, n * 8) || ex->load(Y, D, n, bd->qin[1]) || ex->fwht(Y, k)) goto done;
    step = "product";
    if (ex->mul(X, Y, n) || ex->fwht(X, k)) goto done;
  }
  step = "copy back";
  /* the integers land in out, 16 bytes an element, as fixed128.c works */
  if (ex->get(out, X, n * 16)) goto done;
  rc = 0;
done:
  if (rc != 0) failed(ex, why, whylen, step);
  ex->release(D), ex->release(X), ex->release(Y);
  if (rc != 0) return -1;
  const size_t over = wht__i128_engine.store(2, out, n, bd->eout, out);
  *st = WHT_ORACLE_OK;
  if (over) {
    wht__msg(msg, msglen, "oracle: %s: %zu exact outputs overflow double", wht_op_name(op), over);
    *st = WHT_ORACLE_OVERFLOW;
  }
  return 0;
}
