/* oracle_resident.c - wht_oracle_run_resident: the oracle on data that
 * already live on the GPU. The range scan and the fixed-point engine run
 * on the executor (gpu_fixed_pipeline.c with resident data), so the only
 * traffic over the bus is a few counters; what that engine does not cover
 * runs on the CPU oracle through copies, and the reason is recorded. The
 * choice of engine and the reported width are wht_oracle_run_on's, so a
 * row does not depend on where its data lived. */
#include <math.h>
#include <stdlib.h>
#include "gpu_fixed.h"
#include "oracle_internal.h"

/* copies to the host, the CPU oracle, hi + lo back; *info from that run */
static wht_oracle_status via_host(const wht__fx_exec *ex, wht_op op, unsigned k, const double *a,
                                  const double *b, double tau, wht_dd *out, wht_oracle_info *info, char *msg,
                                  size_t msglen)
{
  const size_t n = (size_t)1 << k;
  const int two = op == WHT_OP_XOR_CONV;
  double *ha = malloc(n * sizeof *ha), *hb = two ? malloc(n * sizeof *hb) : NULL;
  wht_dd *ho = malloc(n * sizeof *ho);
  wht_oracle_status st = WHT_ORACLE_NOMEM;
  char reason[sizeof info->fallback];
  memcpy(reason, info->fallback, sizeof reason);
  if (!ha || !ho || (two && !hb)) {
    wht__msg(msg, msglen, "oracle: %s: no host memory for the copies of 2^%u values", wht_op_name(op), k);
    goto done;
  }
  st = WHT_ORACLE_DEVICE;
  if (ex->get(ha, a, n * sizeof *ha) || (two && ex->get(hb, b, n * sizeof *hb))) {
    wht__msg(msg, msglen, "oracle: %s: copy of the inputs to the host: %s", wht_op_name(op), ex->why());
    goto done;
  }
  st = wht_oracle_run_on(WHT_ORACLE_ON_CPU, op, k, ha, hb, tau, ho, info, msg, msglen);
  memcpy(info->fallback, reason, sizeof reason);
  if (ex->put(out, ho, n * sizeof *ho)) {
    wht__msg(msg, msglen, "oracle: %s: copy of hi + lo to the device: %s", wht_op_name(op), ex->why());
    st = WHT_ORACLE_DEVICE;
  }
done:
  free(ha), free(hb), free(ho);
  return st;
}

wht_oracle_status wht_oracle_run_resident(wht_oracle_device dev, wht_op op, unsigned k, const double *a,
                                          const double *b, double tau, wht_dd *out, wht_oracle_info *info,
                                          char *msg, size_t msglen)
{
  const double t0 = wht__oracle_now();
  wht_oracle_info dummy;
  if (!info) info = &dummy;
  wht_oracle_status st = wht__oracle_check_args(dev, op, k, a, b, out, info, msg, msglen);
  if (st != WHT_ORACLE_OK) return st;
  const char *name = wht_op_name(op);
  if (dev != WHT_ORACLE_ON_GPU && dev != WHT_ORACLE_ON_EMULATED) {
    wht__msg(msg, msglen, "oracle: %s: resident data need device gpu or emulated, not %s", name,
             dev == WHT_ORACLE_ON_CPU ? "cpu" : "auto");
    return WHT_ORACLE_BADARG;
  }
  const wht__fx_exec *ex = dev == WHT_ORACLE_ON_EMULATED ? &wht__fx_exec_emulated : &wht__fx_exec_gpu;
  char why[128];
  if (ex->available(0, why, sizeof why) != 0) {
    wht__msg(msg, msglen, "oracle: %s: resident data, but %s", name, why);
    return WHT_ORACLE_DEVICE;
  }
  const size_t n = (size_t)1 << k;
  size_t bad = 0;
  wht__range ra, rb = { 0, 0, 0 };
  for (int i = 0; i < (op == WHT_OP_XOR_CONV ? 2 : 1); i++) {
    const double *x = i ? b : a;
    const int r = ex->range(x, n, i ? &rb : &ra, &bad);
    if (r < 0) {
      wht__msg(msg, msglen, "oracle: %s: range of input %c on the %s: %s", name, "ab"[i], ex->name, ex->why());
      return WHT_ORACLE_DEVICE;
    }
    if (r > 0) {
      double v = 0;
      if (ex->get(&v, &x[bad], sizeof v)) v = NAN;
      wht__msg(msg, msglen, "oracle: %s: input %c[%zu] = %g is not finite", name, "ab"[i], bad, v);
      return WHT_ORACLE_NONFINITE;
    }
  }
  if ((st = wht__oracle_check_tau(op, &tau, msg, msglen)) != WHT_ORACLE_OK) return st;
  wht__bounds bd;
  wht__bounds_compute(op, k, &ra, &rb, tau, &bd);
  const unsigned limbs = wht__oracle_limbs(&bd);
  const char *cpu = wht__oracle_cpu_only(limbs);
  if (cpu)
    wht__msg(info->fallback, sizeof info->fallback, "%s", cpu);
  else if (wht__gpu_fixed_run(ex, 1, op, k, a, b, tau, &bd, out, &st, msg, msglen, info->fallback,
                              sizeof info->fallback) == 0) {
    info->prec = 64L * limbs; /* as wht_oracle_run_on reports it */
    info->fast_path = 1;
    info->on_gpu = 1;
  } else {
    cpu = "";
  }
  if (cpu) st = via_host(ex, op, k, a, b, tau, out, info, msg, msglen);
  info->seconds = wht__oracle_now() - t0;
  return st;
}
