/* oracle.c - wht_oracle_run: checks the arguments and that every input is
 * finite, derives the width bound from the data (bounds.c), and runs the
 * fixed-point path when the bound fits its widest integers, else (or when
 * a test forces it) the MPFR path; both are exact, so the choice changes
 * only the time, which is reported with the width used. */
#include <math.h>
#include <time.h>
#include "gpu_fixed.h"
#include "oracle_internal.h"

/* Test hooks; plain globals, not for concurrent use. */
static long forced_mpfr;     /* 0: automatic; < 0: MPFR at the derived precision; > 0: MPFR at that */
static unsigned forced_limbs, forced_chunk;
static int forced_scalar;

void wht_oracle_force_mpfr(long prec) { forced_mpfr = prec; }
void wht__oracle_force_limbs(unsigned limbs) { forced_limbs = limbs; }
unsigned wht__oracle_forced_limbs(void) { return forced_limbs; }
void wht__oracle_force_chunk(unsigned bits) { forced_chunk = bits; }
unsigned wht__oracle_forced_chunk(void) { return forced_chunk; }
void wht__oracle_force_scalar(int on) { forced_scalar = on; }
int wht__oracle_forced_scalar(void) { return forced_scalar; }

/* Widest k accepted: the index arithmetic and the allocations stay far from
 * overflow, and 2^40 values is beyond any memory the oracle will see. */
#define MAX_K 40u

double wht__oracle_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

wht_oracle_status wht_oracle_run(wht_op op, unsigned k, const double *a, const double *b,
                                 double tau, wht_dd *out, wht_oracle_info *info,
                                 char *msg, size_t msglen)
{
  return wht_oracle_run_on(WHT_ORACLE_ON_CPU, op, k, a, b, tau, out, info, msg, msglen);
}

/* the fixed path on the GPU (or its emulation); 1 when it ran */
static int fixed_on_device(wht_oracle_device dev, wht_op op, unsigned k, const double *a, const double *b,
                           double tau, const wht__bounds *bd, unsigned limbs, wht_dd *out,
                           wht_oracle_status *st, wht_oracle_info *info, char *msg, size_t msglen)
{
  const wht__fx_exec *ex = dev == WHT_ORACLE_ON_EMULATED ? &wht__fx_exec_emulated : &wht__fx_exec_gpu;
  if (forced_limbs) {
    wht__msg(info->fallback, sizeof info->fallback, "a test forces the limb engine");
    return 0;
  }
  if (wht__gpu_fixed_run(ex, 0, op, k, a, b, tau, bd, out, st, msg, msglen, info->fallback,
                         sizeof info->fallback) != 0)
    return 0;
  /* the width the CPU path reports for the same data (whole limbs of the
   * derived width), so that a row does not depend on where its oracle ran */
  info->prec = 64L * limbs;
  info->on_gpu = 1;
  return 1;
}

wht_oracle_status wht__oracle_check_args(wht_oracle_device dev, wht_op op, unsigned k, const double *a,
                                         const double *b, const wht_dd *out, wht_oracle_info *info, char *msg,
                                         size_t msglen)
{
  const char *name = wht_op_name(op);
  info->prec = 0;
  info->fast_path = 0;
  info->seconds = 0;
  info->on_gpu = 0;
  info->fallback[0] = '\0';
  if (msg && msglen) msg[0] = '\0';
  if (dev < WHT_ORACLE_ON_CPU || dev > WHT_ORACLE_ON_EMULATED) {
    wht__msg(msg, msglen, "oracle: unknown device %d (accepted: cpu, gpu, auto, emulated)", (int)dev);
    return WHT_ORACLE_BADARG;
  }
  if (!name) {
    wht__msg(msg, msglen, "oracle: unknown operation %d", (int)op);
    return WHT_ORACLE_BADARG;
  }
  if (!a || !out || (op == WHT_OP_XOR_CONV && !b)) {
    wht__msg(msg, msglen, "oracle: %s: NULL %s", name,
             !a ? "input a" : !out ? "output" : "input b");
    return WHT_ORACLE_BADARG;
  }
  if (k > MAX_K) {
    wht__msg(msg, msglen, "oracle: %s: log2 n = %u exceeds %u", name, k, MAX_K);
    return WHT_ORACLE_BADARG;
  }
  return WHT_ORACLE_OK;
}

wht_oracle_status wht__oracle_check_tau(wht_op op, double *tau, char *msg, size_t msglen)
{
  if (op != WHT_OP_SMOOTHED) {
    *tau = 0;
    return WHT_ORACLE_OK;
  }
  if (!isfinite(*tau)) {
    wht__msg(msg, msglen, "oracle: %s: tau = %g is not finite", wht_op_name(op), *tau);
    return WHT_ORACLE_NONFINITE;
  }
  if (*tau < 0) { /* phi's three cases overlap for negative tau */
    wht__msg(msg, msglen, "oracle: %s: tau = %g is negative", wht_op_name(op), *tau);
    return WHT_ORACLE_BADARG;
  }
  return WHT_ORACLE_OK;
}

unsigned wht__oracle_limbs(const wht__bounds *bd)
{
  unsigned limbs = (unsigned)((bd->bits + 1 + 63) / 64);
  if (limbs < 2) limbs = 2;
  if (forced_limbs && limbs < forced_limbs) limbs = forced_limbs;
  return limbs;
}

const char *wht__oracle_cpu_only(unsigned limbs)
{
  if (forced_mpfr) return "a test forces MPFR";
  if (limbs > WHT__FIXED_MAX_LIMBS) return "the exact values are too wide for fixed point: MPFR on the CPU";
  if (forced_limbs) return "a test forces the limb engine";
  return NULL;
}

wht_oracle_status wht_oracle_run_on(wht_oracle_device dev, wht_op op, unsigned k, const double *a,
                                    const double *b, double tau, wht_dd *out, wht_oracle_info *info,
                                    char *msg, size_t msglen)
{
  double t0 = wht__oracle_now();
  const char *name = wht_op_name(op);
  wht_oracle_info dummy;
  if (!info) info = &dummy;
  wht_oracle_status st = wht__oracle_check_args(dev, op, k, a, b, out, info, msg, msglen);
  if (st != WHT_ORACLE_OK) return st;
  size_t n = (size_t)1 << k, bad;
  wht__range ra, rb = { 0, 0, 0 };
  if (wht__range_scan(a, n, &ra, &bad)) {
    wht__msg(msg, msglen, "oracle: %s: input a[%zu] = %g is not finite", name, bad, a[bad]);
    return WHT_ORACLE_NONFINITE;
  }
  if (op == WHT_OP_XOR_CONV && wht__range_scan(b, n, &rb, &bad)) {
    wht__msg(msg, msglen, "oracle: %s: input b[%zu] = %g is not finite", name, bad, b[bad]);
    return WHT_ORACLE_NONFINITE;
  }
  if ((st = wht__oracle_check_tau(op, &tau, msg, msglen)) != WHT_ORACLE_OK) return st;
  wht__bounds bd;
  wht__bounds_compute(op, k, &ra, &rb, tau, &bd);
  const unsigned limbs = wht__oracle_limbs(&bd);
  if (forced_mpfr != 0 || limbs > WHT__FIXED_MAX_LIMBS) {
    if (dev != WHT_ORACLE_ON_CPU) wht__msg(info->fallback, sizeof info->fallback, "%s", wht__oracle_cpu_only(limbs));
    st = wht__mpfr_run(op, k, a, b, tau, &bd, forced_mpfr > 0 ? forced_mpfr : 0, out,
                       &info->prec, msg, msglen);
  } else {
    if (dev == WHT_ORACLE_ON_CPU ||
        !fixed_on_device(dev, op, k, a, b, tau, &bd, limbs, out, &st, info, msg, msglen))
      st = wht__fixed_run(op, k, a, b, tau, &bd, limbs, out, &info->prec, msg, msglen);
    info->fast_path = 1;
  }
  info->seconds = wht__oracle_now() - t0;
  return st;
}
