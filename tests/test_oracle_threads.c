/* test_oracle_threads.c - the oracle on 1, 2 and 3 threads gives hi and lo
 * bit for bit equal to its serial result (wht_set_threads(1)), on every
 * operation and format, on each path: the automatic one at k = 17 (the
 * __int128 engine with blocks and passes above them, the limb engine for
 * f64 xor-conv), the limb engine forced with narrow slices at k = 16, the
 * MPFR path forced at k = 16 (blocks and the stages above them) and the
 * GPU engine's host emulation (its conversion is the CPU's), and the
 * automatic path with the __int128 engine's AVX-512 groups turned off
 * (where the CPU has them, the reference used them). The sizes are
 * above the library's threshold for threading, so 2 and 3 threads really
 * split every loop; 3 splits unevenly. The distributions rotate over the
 * cases (relu-norm's zeros, pagh's sparse data). A failed MPFR check
 * names the same step for every thread count. wht_set_threads refuses
 * counts out of range. Compiled with the build's OpenMP flag, so that
 * _OPENMP says whether the library threads. */
#include <stdlib.h>
#include <string.h>
#include "wht_oracle.h"
#include "oracle_internal.h"
#include "testdata.h"
#include "tap.h"
#include "dd_check.h"
#include "threads_check.h"

enum { K_AUTO = 17, K_WIDE = 16, K_MPFR = 16 };

typedef enum { PATH_AUTO, PATH_WIDE, PATH_MPFR, PATH_EMULATED, PATH_SCALAR, NPATHS } path;
static const char *const path_names[NPATHS] = { "automatic path", "limb engine (3 limbs, 23-bit slices)",
                                                "MPFR path", "GPU engine's emulation",
                                                "automatic path without AVX-512" };

static wht_oracle_status run(path p, wht_op op, unsigned k, const double *a, const double *b, wht_dd *out,
                             wht_oracle_info *info, char *msg, size_t len)
{
  if (p == PATH_WIDE) wht__oracle_force_limbs(3), wht__oracle_force_chunk(23);
  if (p == PATH_MPFR) wht_oracle_force_mpfr(-1);
  if (p == PATH_SCALAR) wht__oracle_force_scalar(1);
  const wht_oracle_device dev = p == PATH_EMULATED ? WHT_ORACLE_ON_EMULATED : WHT_ORACLE_ON_CPU;
  wht_oracle_status st = wht_oracle_run_on(dev, op, k, a, b, 0.75, out, info, msg, len);
  wht__oracle_force_limbs(0), wht__oracle_force_chunk(0), wht_oracle_force_mpfr(0), wht__oracle_force_scalar(0);
  return st;
}

/* path p at 1, 2, 3 threads against the serial automatic result ref */
static int same_for_all_counts(path p, wht_op op, unsigned k, const double *a, const double *b, const wht_dd *ref,
                               wht_dd *got, const char *what)
{
  const size_t n = (size_t)1 << k;
  int ok = 1;
  for (int t = 1; t <= 3; t++) {
    char msg[256] = "";
    wht_oracle_info info;
    wht_set_threads(t);
    memset(got, 0x5a, n * sizeof *got); /* no stale result can pass */
    thr_begin();
    wht_oracle_status st = run(p, op, k, a, b, got, &info, msg, sizeof msg);
    /* the MPFR path's stages run in a team that notes itself; the others'
     * loops ask wht__threads_for */
    thr_end(t, p == PATH_MPFR);
    long i = st == WHT_ORACLE_OK ? dd_first_diff(got, ref, n) : 0;
    /* the forced paths must have been taken */
    const int taken = p == PATH_MPFR ? !info.fast_path : p == PATH_WIDE ? info.prec >= 192
                      : p == PATH_EMULATED ? info.on_gpu : info.fast_path;
    if (st != WHT_ORACLE_OK || i >= 0 || !taken) {
      tap_diag("%s, %s, %d threads: status %s, path taken %d (prec %ld), first diff %ld: %a + %a, serial %a + %a (%s)",
               what, path_names[p], t, wht_oracle_status_name(st), taken, info.prec, i, i >= 0 ? got[i].hi : 0.0,
               i >= 0 ? got[i].lo : 0.0, i >= 0 ? ref[i].hi : 0.0, i >= 0 ? ref[i].lo : 0.0, msg);
      ok = 0;
    }
  }
  wht_set_threads(0);
  return ok;
}

int main(void)
{
  const size_t nmax = (size_t)1 << K_AUTO;
  double *a = malloc(nmax * sizeof *a), *b = malloc(nmax * sizeof *b);
  wht_dd *ref = malloc(nmax * sizeof *ref), *got = malloc(nmax * sizeof *got);
  if (!a || !b || !ref || !got) return tap_skip_all("out of memory");
  char msg[256];
  wht_oracle_info info;

  tap_diag("this CPU %s the __int128 engine's AVX-512 groups", wht__i128x4_available() ? "runs" : "lacks");
  /* the setting itself */
  const int dflt = wht_get_threads();
  tap_ok(dflt >= 1, "default thread count %d", dflt);
  tap_ok(wht_set_threads(-1) == WHT_E_THREADS && wht_set_threads(WHT_MAX_THREADS + 1) == WHT_E_THREADS &&
             wht_get_threads() == dflt,
         "wht_set_threads(-1) and (%d) are refused, the count unchanged (%s)", WHT_MAX_THREADS + 1,
         wht_strerror(WHT_E_THREADS));
#ifdef _OPENMP
  wht_set_threads(3);
  const int three = wht_get_threads();
  wht_set_threads(0);
  tap_ok(three == 3 && wht_get_threads() == dflt, "wht_set_threads(3) gives 3, (0) the default again");
#else
  tap_skip("built without OpenMP: every count runs serial", "wht_set_threads(3) gives 3");
#endif

  int case_no = 0;
  for (int op = 0; op < WHT_NOPS; op++)
    for (int f = 0; f < WHT_NFORMATS; f++, case_no++) {
      const int d = case_no % TD_NDISTS;
      char what[96];
      snprintf(what, sizeof what, "%s %s %s", td_dist_names[d], wht_format_name((wht_format)f),
               wht_op_name((wht_op)op));
      for (int p = 0; p < NPATHS; p++) {
        const unsigned k = p == PATH_WIDE ? K_WIDE : p == PATH_MPFR ? K_MPFR : K_AUTO;
        const size_t n = (size_t)1 << k;
        td_rng r;
        td_seed(&r, 7001u * (unsigned)case_no + k);
        td_fill(&r, d, (wht_format)f, a, n);
        td_fill(&r, d, (wht_format)f, b, n);
        wht_set_threads(1);
        wht_oracle_status st = run(PATH_AUTO, (wht_op)op, k, a, b, ref, &info, msg, sizeof msg);
        wht_set_threads(0);
        if (st != WHT_ORACLE_OK) {
          tap_ok(0, "%s k=%u: serial oracle failed: %s", what, k, msg);
          continue;
        }
        if (p == PATH_EMULATED && info.prec > 256) {
          tap_skip("wider than the GPU engine's 256 bits", "%s k=%u, %s", what, k, path_names[p]);
          continue;
        }
        tap_ok(same_for_all_counts((path)p, (wht_op)op, k, a, b, ref, got, what),
               "%s k=%u, %s: 1, 2, 3 threads == serial bit for bit (serial width %ld)", what, k, path_names[p],
               info.prec);
      }
    }

  /* a failed MPFR check names the same step and call for every thread
   * count: 53-bit values near 1 at precision 53 fail in a stage */
  const size_t n = (size_t)1 << K_MPFR;
  td_rng r;
  td_seed(&r, 99);
  td_fill(&r, TD_NORM, WHT_F64, a, n);
  for (size_t i = 0; i < n; i++) a[i] = a[i] * 0x1p-30 + 1.0;
  char first[256] = "";
  int same = 1;
  for (int t = 1; t <= 3; t++) {
    wht_set_threads(t);
    wht_oracle_force_mpfr(53);
    msg[0] = '\0';
    wht_oracle_status st = wht_oracle_run(WHT_OP_ONE_WAY, K_MPFR, a, NULL, 0, got, &info, msg, sizeof msg);
    wht_oracle_force_mpfr(0);
    if (t == 1) snprintf(first, sizeof first, "%s", msg);
    same &= st == WHT_ORACLE_INEXACT && strcmp(msg, first) == 0;
  }
  wht_set_threads(0);
  tap_ok(same && strstr(first, "stage"), "an inexact MPFR step is reported alike on 1, 2, 3 threads: %s", first);
  thr_report("every path, operation and format");
  free(a), free(b), free(ref), free(got);
  return tap_done();
}
