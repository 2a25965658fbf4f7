/* test_compensated_cases - Kahan, Neumaier and Alman-Rao on small cases
 * worked by hand from the operation order of DESIGN.md section 4 (f64).
 *
 * Case 1, n = 4, x = (1, 2^-60, -1, 0). Stage 0 on (1, 2^-60): S = D = 1,
 * A' = B' = 1, eA' = ((1-1)-2^-60)+0 = -2^-60, eB' = +2^-60. Stage 1 on
 * element 0 (A = 1, eA = -2^-60) and 2 (B = -1, eB = 0): S = 0,
 * Es = -2^-60, A' = 2^-60 (already the exact sum). Kahan's recovery
 * ((A'-A)-B) computes fl(2^-60 - 1) = -1, then -1 - (-1) = 0, so
 * eA' = Es = -2^-60 and y0 = A' - eA' = 2^-59: the correction is counted
 * twice. Neumaier sees |A|, |B| > |A'| and takes ((-A-B)+A') = 2^-60, so
 * eA' = 0 and y0 = 2^-60, exact. Folklore loses 2^-60 at stage 0: y0 = 0.
 * Outputs 2, 3 are 2 for all (2 +- 2^-60 rounds to 2).
 *
 * Case 2, Alman-Rao n = 8 on e_1: prescaled b = 2, B1 = 2, tot = 1,
 * diff = -1, D = E = H = -1, outputs (1,-1,1,-1,1,-1,1,-1), row 1.
 * Case 3, Alman-Rao n = 8, x = (1, 2^-53, 0, ...): b = 2^-52, tot = 2^-53,
 * diff = 1 - 2^-53 (exact), out0 = 1 + 2^-53 -> 1 (tie to even), odd
 * outputs are E, E+B2, H, D+B3 = 1 - 2^-53, even ones (E+b), (D+B1),
 * (H+b) = 1 + 2^-53 -> 1: the correctly rounded H_8 x. */
#include "algo_check.h"

static int equal_vec(const double *a, const double *b, int n)
{
  return first_diff(a, b, (uint64_t)n) < 0;
}

int main(void)
{
  const double t60 = ldexp(1, -60), t53 = ldexp(1, -53);
  double x4[4] = { 1, t60, -1, 0 }, y[8], yk[4], yn[4];

  const double folk[4] = { 0, 0, 2, 2 };
  const double kah[4] = { ldexp(1, -59), -ldexp(1, -59), 2, 2 };
  const double neu[4] = { t60, -t60, 2, 2 };
  run_cpu("folklore", WHT_F64, x4, y, 4, 1);
  tap_ok(equal_vec(y, folk, 4), "folklore case 1: (0, 0, 2, 2), 2^-60 lost at stage 0");
  wht_status sk = run_cpu("kahan", WHT_F64, x4, yk, 4, 1);
  tap_ok(sk == WHT_OK && equal_vec(yk, kah, 4),
         "kahan case 1: y0 = 2^-59, y1 = -2^-59 (recovery of a tiny A' double-counts Es)");
  wht_status sn = run_cpu("neumaier", WHT_F64, x4, yn, 4, 1);
  tap_ok(sn == WHT_OK && equal_vec(yn, neu, 4),
         "neumaier case 1: y0 = 2^-60, y1 = -2^-60 exact (ordering branch (-A-B)+A' taken)");
  /* the computed outputs, not the expected constants: fails if the two
   * algorithms agree on this case (e.g. one of them became the other) */
  tap_ok(sk == WHT_OK && sn == WHT_OK && !equal_vec(yk, yn, 4),
         "case 1 separates kahan from neumaier (computed y0 %a vs %a)", yk[0], yn[0]);

  double e1[8] = { 0, 1, 0, 0, 0, 0, 0, 0 };
  const double row1[8] = { 1, -1, 1, -1, 1, -1, 1, -1 };
  run_cpu("alman-rao", WHT_F64, e1, y, 8, 1);
  tap_ok(equal_vec(y, row1, 8), "alman-rao case 2: e_1 gives Walsh row 1");

  double x8[8] = { 1, t53, 0, 0, 0, 0, 0, 0 };
  const double want3[8] = { 1, 1 - t53, 1, 1 - t53, 1, 1 - t53, 1, 1 - t53 };
  run_cpu("alman-rao", WHT_F64, x8, y, 8, 1);
  tap_ok(equal_vec(y, want3, 8), "alman-rao case 3: (1, 2^-53, 0..) gives 1 / 1 - 2^-53 alternating");

  /* Case 4: Alman-Rao's prescaling in f16 rounds like any multiply: at
   * k = 3 the prescale of x_1 is x2, so 65504 -> inf and the output
   * overflows, while folklore's 65504 - 0 stays finite at output 1. */
  double big[8] = { 0, 65504, 0, 0, 0, 0, 0, 0 };
  run_cpu("alman-rao", WHT_F16, big, y, 8, 1);
  tap_ok(isinf(y[1]) || isnan(y[1]), "alman-rao f16 case 4: prescaling 65504 by 2 overflows (output 1 = %g)", y[1]);
  run_cpu("folklore", WHT_F16, big, y, 8, 1);
  tap_ok(y[1] == -65504, "folklore f16 case 4: same input stays finite (output 1 = %g)", y[1]);
  return tap_done();
}
