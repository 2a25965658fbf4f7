/* test_oracle_gpu.c - the GPU oracle (oracle/gpu_fixed*.c, .cu) gives hi and
 * lo bit for bit equal to the CPU oracle, on all five distributions, all
 * four formats, all four operations (smoothed at two taus), several seeds:
 *  - always: its host emulation (the same element functions, in the
 *    kernels' order), k = 0..14 (0..18 under make check-long);
 *  - on a GPU: the CUDA executor, k = 0..WHT_GPU_ORACLE_KMAX (default 22),
 *    then k = 23..WHT_GPU_ORACLE_KBIG (default 26) on a sample.
 * Every case within 256 bits must have run on the executor (info.on_gpu;
 * __int128 values to 128 bits, 256-bit ones above), and both widths must
 * have run; cases beyond 256 bits must fall back to the CPU with a reason,
 * and give the CPU's bits too. Then outputs the 128-bit conversion leaves
 * to the CPU engine (beyond 2^1023, overflowing, or below 2^-842,
 * subnormal), alone and among ordinary ones, and the same kinds of outputs
 * from data of 129..256 bits (converted on the executor), on both
 * executors. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "wht_oracle.h"
#include "gpu_fixed.h"
#include "testdata.h"
#include "tap.h"
#include "dd_check.h"

static unsigned env_k(const char *name, unsigned dflt)
{
  const char *s = getenv(name);
  return s && *s ? (unsigned)atoi(s) : dflt;
}

typedef struct {
  long ran, ran_wide, fell_back, wide_fell_back;
} counts;

/* 1: the cases below run on resident data (wht_oracle_run_resident):
 * host memory for the emulation, device copies (dbuf) for the GPU */
static int resident;
static void *dbuf[3];

static wht_oracle_status run_dev(wht_oracle_device dev, wht_op op, unsigned k, const double *a, const double *b,
                                 double tau, wht_dd *out, wht_oracle_info *info, char *msg, size_t len)
{
  if (!resident) return wht_oracle_run_on(dev, op, k, a, b, tau, out, info, msg, len);
  if (dev == WHT_ORACLE_ON_EMULATED) return wht_oracle_run_resident(dev, op, k, a, b, tau, out, info, msg, len);
  const size_t n = (size_t)1 << k;
  if (wht_device_put(dbuf[0], a, n * 8) || (b && wht_device_put(dbuf[1], b, n * 8))) return WHT_ORACLE_NOMEM;
  const wht_oracle_status st =
      wht_oracle_run_resident(dev, op, k, dbuf[0], b ? dbuf[1] : NULL, tau, dbuf[2], info, msg, len);
  if (wht_device_get(out, dbuf[2], n * sizeof *out)) return WHT_ORACLE_NOMEM;
  return st;
}



/* the CPU oracle's width for the data (64 x limbs) says which engine the
 * executor must have used: 128 bits or fewer, __int128; 129..256, 256-bit
 * values; wider, none (the CPU) */
static int fits_executor(const wht_oracle_info *ci) { return ci->fast_path && ci->prec <= 256; }

/* one case; 1 when dev agrees with the CPU bit for bit */
static int one(wht_oracle_device dev, int d, int f, int op, unsigned k, double tau, unsigned seed, double *a,
               double *b, wht_dd *ref, wht_dd *got, counts *c)
{
  const size_t n = (size_t)1 << k;
  char msg[256], msg2[256];
  td_rng r;
  td_seed(&r, seed * 7919u + 1000003u * (unsigned)d + 10007u * (unsigned)f + 101u * (unsigned)op + k);
  td_fill(&r, d, (wht_format)f, a, n);
  td_fill(&r, d, (wht_format)f, b, n);
  wht_oracle_info ci, gi;
  wht_oracle_status sc = wht_oracle_run((wht_op)op, k, a, b, tau, ref, &ci, msg, sizeof msg);
  wht_oracle_status sg = run_dev(dev, (wht_op)op, k, a, b, tau, got, &gi, msg2, sizeof msg2);
  long i = sc == sg ? dd_first_diff(got, ref, n) : 0;
  /* within 256 bits the executor must have run; beyond, a reason */
  const int fits = fits_executor(&ci);
  int ok = sc == sg && i < 0 && gi.prec == ci.prec &&
           (fits ? gi.on_gpu && !gi.fallback[0] : !gi.on_gpu && gi.fallback[0]);
  c->ran += gi.on_gpu;
  c->ran_wide += gi.on_gpu && ci.prec > 128;
  c->fell_back += !gi.on_gpu;
  c->wide_fell_back += !fits && !gi.on_gpu;
  if (!ok)
    tap_diag("%s %s %s k=%u tau=%g seed %u: status cpu %d dev %d, first diff %ld, on_gpu %d, prec %ld (dev %ld), "
             "fallback '%s' (%s)", td_dist_names[d], wht_format_name((wht_format)f), wht_op_name((wht_op)op), k,
             tau, seed, sc, sg, i, gi.on_gpu, ci.prec, gi.prec, gi.fallback, msg2);
  return ok;
}

static void sweep(wht_oracle_device dev, const char *what, unsigned kmax, unsigned seeds, double *a, double *b,
                  wht_dd *ref, wht_dd *got, counts *c)
{
  static const double taus[] = { 1.0, 0.375 };
  for (int d = 0; d < TD_NDISTS; d++)
    for (int f = 0; f < WHT_NFORMATS; f++)
      for (int op = 0; op < WHT_NOPS; op++) {
        int ok = 1;
        for (unsigned s = 0; s < seeds; s++)
          for (unsigned k = 0; k <= kmax && ok; k++)
            for (int t = 0; t < (op == WHT_OP_SMOOTHED ? 2 : 1) && ok; t++)
              ok = one(dev, d, f, op, k, taus[t], s, a, b, ref, got, c);
        tap_ok(ok, "%s: %s %s %s == CPU bit for bit, k = 0..%u, %u seeds", what, td_dist_names[d],
               wht_format_name((wht_format)f), wht_op_name((wht_op)op), kmax, seeds);
      }
}

/* Inputs within 128 bits whose outputs fall outside the executor's
 * conversion (wht__fx_store): huge values whose sums overflow double, tiny
 * ones whose outputs are subnormal, and rows mixing either with values of
 * the same binade set apart by a few bits, so that common and left
 * elements meet in one conversion. 1 when every case gives the CPU's bits
 * and status and ran on the executor. */
static int edges(wht_oracle_device dev, double *a, double *b, wht_dd *ref, wht_dd *got, int *left_seen)
{
  static const double scale[] = { 0x1.8p1023, 0x1p1020, 0x1.4p-1060, 0x1p-845 };
  int ok = 1;
  for (int s = 0; s < 4; s++)
    for (unsigned k = 1; k <= 6; k++)
      for (int op = 0; op < WHT_NOPS; op++) {
        const size_t n = (size_t)1 << k;
        for (size_t i = 0; i < n; i++) {
          /* signs and small multiples: sums cancel in some outputs, not in others */
          a[i] = scale[s] * (double)(1 + (i * 7) % 5) / 4 * ((i * 13) % 3 ? 1 : -1);
          b[i] = scale[3] * (double)(1 + (i * 5) % 3);
        }
        wht_oracle_info ci, gi;
        char m1[256], m2[256];
        const wht_oracle_status sc = wht_oracle_run((wht_op)op, k, a, b, 0.5 * scale[s], ref, &ci, m1, sizeof m1);
        const wht_oracle_status sg = run_dev(dev, (wht_op)op, k, a, b, 0.5 * scale[s], got, &gi, m2,
                                                       sizeof m2);
        const long i = sc == sg ? dd_first_diff(got, ref, n) : 0;
        const int fits = fits_executor(&ci);
        if (sc != sg || i >= 0 || (fits && !gi.on_gpu)) {
          ok = 0;
          tap_diag("edge scale %a %s k=%u: status cpu %d dev %d, first diff %ld, on_gpu %d (%s)", scale[s],
                   wht_op_name((wht_op)op), k, sc, sg, i, gi.on_gpu, gi.fallback);
        }
        *left_seen |= fits && gi.on_gpu && (sc == WHT_ORACLE_OVERFLOW || s >= 2);
      }
  return ok;
}

/* a full 53-bit significand in [1, 2) from i and a salt */
static double full_significand(size_t i, uint64_t salt)
{
  const uint64_t h = (i + 1) * UINT64_C(0x9E3779B97F4A7C15) ^ salt;
  return 1.0 + (double)(h >> 12) * 0x1p-52;
}

/* Data of 129..256 bits (full significands, one element 2^-drop below the
 * others) at the edges of double: sums and products that overflow, lo or
 * hi subnormal (xor-conv of values near 2^-537 gives products below
 * 2^-1022). drop = 120: every op in 256-bit values throughout; drop = 62,
 * k = 9..12: the first transforms fit 128 bits and are lifted to 256
 * before the rest (two-way, smoothed, xor-conv; one-way stays in 128). 1
 * when every case gives the CPU's bits and status and ran on the executor
 * with a width above 128; *over_seen: one of them overflowed. */
static int edges_wide(wht_oracle_device dev, int drop, unsigned kmin, unsigned kmax, double *a, double *b,
                      wht_dd *ref, wht_dd *got, int *over_seen)
{
  static const double scale[] = { 0x1p1022, 0x1p-900, 0x1p-537, 0x1.8p511 };
  int ok = 1;
  for (int s = 0; s < 4; s++)
    for (unsigned k = kmin; k <= kmax; k++)
      for (int op = drop < 100 ? 1 : 0; op < WHT_NOPS; op++) {
        const size_t n = (size_t)1 << k;
        for (size_t i = 0; i < n; i++) {
          a[i] = scale[s] * full_significand(i, 1) * ((i * 13) % 3 ? 1 : -1);
          b[i] = (s >= 2 ? scale[s] : 1.0) * full_significand(i, 2) * ((i * 7) % 5 ? 1 : -1);
        }
        a[n - 1] = ldexp(a[n - 1], -drop);
        wht_oracle_info ci, gi;
        char m1[256], m2[256];
        const double tau = 0.5 * scale[s];
        const wht_oracle_status sc = wht_oracle_run((wht_op)op, k, a, b, tau, ref, &ci, m1, sizeof m1);
        const wht_oracle_status sg = run_dev(dev, (wht_op)op, k, a, b, tau, got, &gi, m2, sizeof m2);
        const long i = sc == sg ? dd_first_diff(got, ref, n) : 0;
        const int wide = ci.fast_path && ci.prec > 128 && ci.prec <= 256;
        if (sc != sg || i >= 0 || !wide || !gi.on_gpu) {
          ok = 0;
          tap_diag("wide edge scale %a drop %d %s k=%u: status cpu %d dev %d, first diff %ld, cpu prec %ld, "
                   "on_gpu %d (%s)", scale[s], drop, wht_op_name((wht_op)op), k, sc, sg, i, ci.prec, gi.on_gpu,
                   gi.fallback);
        }
        *over_seen |= sc == WHT_ORACLE_OVERFLOW;
      }
  return ok;
}

/* data wider than 256 bits (2^600 beside 2^-600) run on the CPU, with the
 * reason, and give its bits */
static int beyond_256(wht_oracle_device dev, double *a, double *b, wht_dd *ref, wht_dd *got)
{
  const unsigned k = 4;
  const size_t n = (size_t)1 << k;
  for (size_t i = 0; i < n; i++) a[i] = b[i] = (i % 2 ? 0x1p600 : 0x1p-600) * full_significand(i, 3);
  wht_oracle_info ci, gi;
  char m1[256], m2[256];
  const wht_oracle_status sc = wht_oracle_run(WHT_OP_ONE_WAY, k, a, b, 0, ref, &ci, m1, sizeof m1);
  const wht_oracle_status sg = run_dev(dev, WHT_OP_ONE_WAY, k, a, b, 0, got, &gi, m2, sizeof m2);
  const int ok = sc == sg && dd_first_diff(got, ref, n) < 0 && ci.prec > 256 && !gi.on_gpu &&
                 (strstr(gi.fallback, "256") || strstr(gi.fallback, "MPFR"));
  if (!ok) tap_diag("beyond 256: status %d %d, prec %ld, on_gpu %d, fallback '%s'", sc, sg, ci.prec, gi.on_gpu, gi.fallback);
  return ok;
}

/* The range scans of the executors against the host's (bounds.c) on
 * arrays of n values: plain data, zeros, subnormals alone and among
 * normals, and a non-finite value at a chosen place (its index must be the
 * first such). dev: the host pointers to the emulation, or device copies. */
static int ranges(const wht__fx_exec *ex, int on_device, double *a, size_t n)
{
  static const double bad[] = { INFINITY, -INFINITY, NAN };
  int ok = 1;
  for (int c = 0; c < 8 && ok; c++) {
    for (size_t i = 0; i < n; i++) {
      const double v = (double)((i * 2654435761u) % 1000) - 500.0;
      a[i] = c == 0 ? v * 0x1p-7 : c == 1 ? 0.0 : c == 2 ? v * 0x1p-1070 : c == 3 ? (i % 3 ? v : v * 0x1p-1060)
           : c == 4 ? (i % 5 ? 0.0 : v * 0x1p900) : v;
      if (c >= 5 && (i == n / 3 + c || i == n - 1)) a[i] = bad[c - 5]; /* two bad values: the first counts */
    }
    wht__range want = { 0, 0, 0 }, got = { 0, 0, 0 };
    size_t bw = 0, bg = 0;
    const int rw = wht__range_scan(a, n, &want, &bw);
    int rg = -1;
    if (!on_device) {
      rg = ex->range(a, n, &got, &bg);
    } else if (!wht_device_put(dbuf[0], a, n * 8)) {
      rg = ex->range(dbuf[0], n, &got, &bg);
    }
    ok = rg == (rw ? 1 : 0) && (rw ? bg == bw : got.any == want.any && got.q == want.q && got.t == want.t);
    if (!ok)
      tap_diag("range case %d, n %zu on %s: %d (any %d q %d t %d, bad %zu), host %d (any %d q %d t %d, bad %zu)",
               c, n, ex->name, rg, got.any, got.q, got.t, bg, rw, want.any, want.q, want.t, bw);
  }
  return ok;
}

/* every check above on one executor: the sweep to kmax, on the GPU a
 * sample from kmax + 1 to kbig, the edges, and data beyond 256 bits */
static void suite(wht_oracle_device dev, unsigned kmax, unsigned kbig, double *a, double *b, wht_dd *ref,
                  wht_dd *got)
{
  const int emu = dev == WHT_ORACLE_ON_EMULATED;
  const char *what = emu ? (resident ? "emulated, resident" : "emulated") : resident ? "gpu, resident" : "gpu";
  counts c = { 0, 0, 0, 0 };
  sweep(dev, what, kmax, 2, a, b, ref, got, &c);
  tap_ok(c.ran > c.ran_wide && c.ran_wide > 0 && c.fell_back == c.wide_fell_back,
         "%s: %ld cases ran on the GPU engine (%ld in 256-bit values), %ld beyond 256 bits fell back to the CPU",
         what, c.ran, c.ran_wide, c.wide_fell_back);
  if (!emu) {
    int ok = 1;
    for (unsigned k = kmax + 1; k <= kbig && ok; k++)
      for (int op = 0; op < WHT_NOPS && ok; op++)
        ok = one(dev, 1, WHT_F32, op, k, 1.0, 0, a, b, ref, got, &c) &&
             one(dev, 0, WHT_F16, op, k, 1.0, 1, a, b, ref, got, &c) &&
             one(dev, 1, WHT_F64, op, k, 1.0, 2, a, b, ref, got, &c);
    tap_ok(ok, "%s: norm f32, pmone f16 and norm f64 (256-bit values), every op, k = %u..%u == CPU bit for bit",
           what, kmax + 1, kbig);
  }
  int left = 0;
  tap_ok(edges(dev, a, b, ref, got, &left) && left,
         "%s: outputs overflowing or subnormal (left to the CPU engine) == CPU bit for bit, every op", what);
  int over = 0;
  tap_ok(edges_wide(dev, 120, 1, 6, a, b, ref, got, &over) && over,
         "%s: data of 129..256 bits at the edges of double (overflow, subnormal) == CPU bit for bit", what);
  over = 0;
  tap_ok(edges_wide(dev, 62, 9, 12, a, b, ref, got, &over) && over,
         "%s: the same with the first transforms in 128 bits, lifted to 256 == CPU bit for bit", what);
  tap_ok(beyond_256(dev, a, b, ref, got), "%s: data beyond 256 bits fall back to the CPU", what);
}

static const char *const gpu_checks[] = {
  "the CUDA executor against the CPU", "the CUDA executor at large k",
  "the CUDA executor on outputs left to the CPU engine", "the CUDA executor's 256-bit values at the edges of double",
  "the CUDA executor's lifted 256-bit values at the edges of double", "the CUDA executor beyond 256 bits",
};

/* resident data: the arguments a resident run refuses, and a non-finite
 * input found where it lies */
static void resident_args(int gpu, double *a, wht_dd *ref)
{
  char msg[256];
  wht_oracle_info info;
  for (size_t i = 0; i < 16; i++) a[i] = 1.0 + (double)i;
  wht_oracle_status st = wht_oracle_run_resident(WHT_ORACLE_ON_CPU, WHT_OP_ONE_WAY, 4, a, NULL, 0, ref, &info, msg,
                                                 sizeof msg);
  tap_ok(st == WHT_ORACLE_BADARG && strstr(msg, "gpu or emulated"), "resident data on the cpu device are refused: %s",
         msg);
  a[11] = NAN;
  st = wht_oracle_run_resident(WHT_ORACLE_ON_EMULATED, WHT_OP_XOR_CONV, 4, a, a, 0, ref, &info, msg, sizeof msg);
  tap_ok(st == WHT_ORACLE_NONFINITE && strstr(msg, "a[11] = nan"), "emulated, resident: a NaN is named: %s", msg);
  if (!gpu) {
    st = wht_oracle_run_resident(WHT_ORACLE_ON_GPU, WHT_OP_ONE_WAY, 4, a, NULL, 0, ref, &info, msg, sizeof msg);
    tap_ok(st == WHT_ORACLE_DEVICE && msg[0], "no GPU: resident data are refused: %s", msg);
    return;
  }
  a[11] = 12.0;
  a[13] = -INFINITY;
  st = WHT_ORACLE_NOMEM;
  if (!wht_device_put(dbuf[0], a, 16 * 8))
    st = wht_oracle_run_resident(WHT_ORACLE_ON_GPU, WHT_OP_SMOOTHED, 4, dbuf[0], NULL, 1.0, dbuf[2], &info, msg,
                                 sizeof msg);
  tap_ok(st == WHT_ORACLE_NONFINITE && strstr(msg, "a[13] = -inf"), "gpu, resident: an infinity is named: %s", msg);
}

int main(void)
{
  const unsigned KEMU = getenv("WHT_CHECK_LONG") ? 18 : 14;
  const int gpu = wht_gpu_available();
  const unsigned KGPU = env_k("WHT_GPU_ORACLE_KMAX", 22), KBIG = env_k("WHT_GPU_ORACLE_KBIG", 26);
  /* the buffers hold the largest case of either executor */
  unsigned KTOP = KEMU;
  if (gpu && KGPU > KTOP) KTOP = KGPU;
  if (gpu && KBIG > KTOP) KTOP = KBIG;
  const size_t nmax = (size_t)1 << KTOP;
  double *a = malloc(nmax * sizeof *a), *b = malloc(nmax * sizeof *b);
  wht_dd *ref = malloc(nmax * sizeof *ref), *got = malloc(nmax * sizeof *got);
  if (!a || !b || !ref || !got) return tap_skip_all("out of memory");
  if (gpu && (wht_device_alloc(&dbuf[0], nmax * 8) || wht_device_alloc(&dbuf[1], nmax * 8) ||
              wht_device_alloc(&dbuf[2], nmax * sizeof *ref)))
    return tap_skip_all("out of device memory");

  suite(WHT_ORACLE_ON_EMULATED, KEMU, 0, a, b, ref, got);
  resident = 1;
  suite(WHT_ORACLE_ON_EMULATED, KEMU - 2, 0, a, b, ref, got);
  resident = 0;
  int ok = 1;
  for (size_t n = 1; n <= nmax && n <= ((size_t)1 << 12) && ok; n = n * 3 + 1)
    ok = ranges(&wht__fx_exec_emulated, 0, a, n);
  tap_ok(ok, "emulated: the range scan == the host's (zeros, subnormals, mixtures, the first non-finite)");
  resident_args(gpu, a, ref);

  /* the device argument is checked, and a GPU asked for without one says why */
  char msg[256];
  wht_oracle_info info;
  for (size_t i = 0; i < 16; i++) a[i] = 1.0 + (double)i;
  tap_ok(wht_oracle_run_on((wht_oracle_device)7, WHT_OP_ONE_WAY, 0, a, NULL, 0, ref, &info, msg, sizeof msg) ==
             WHT_ORACLE_BADARG && strstr(msg, "device 7"),
         "an unknown device is refused: %s", msg);
  const size_t nchecks = sizeof gpu_checks / sizeof gpu_checks[0];
  if (!gpu) {
    wht_oracle_status st = wht_oracle_run_on(WHT_ORACLE_ON_GPU, WHT_OP_ONE_WAY, 4, a, NULL, 0, ref, &info, msg,
                                             sizeof msg);
    tap_ok(st == WHT_ORACLE_OK && !info.on_gpu && info.fallback[0], "no GPU: the CPU ran, because: %s",
           info.fallback);
    for (size_t i = 0; i < nchecks; i++) tap_skip("no GPU", "%s", gpu_checks[i]);
    for (size_t i = 0; i < nchecks; i++) tap_skip("no GPU", "%s, resident data", gpu_checks[i]);
    tap_skip("no GPU", "the CUDA executor's range scan");
  } else {
    suite(WHT_ORACLE_ON_GPU, KGPU, KBIG, a, b, ref, got);
    resident = 1;
    suite(WHT_ORACLE_ON_GPU, KGPU, KBIG, a, b, ref, got);
    resident = 0;
    ok = 1;
    for (size_t n = 1; n <= nmax && n <= ((size_t)1 << 20) && ok; n = n * 5 + 3)
      ok = ranges(&wht__fx_exec_gpu, 1, a, n); /* a and dbuf hold nmax */
    tap_ok(ok, "gpu: the range scan == the host's (zeros, subnormals, mixtures, the first non-finite)");
  }
  for (int i = 0; i < 3; i++) wht_device_free(dbuf[i]);
  free(a), free(b), free(ref), free(got);
  return tap_done();
}
