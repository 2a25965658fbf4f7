/* test_compensated_zero - the identity behind the GPU kernels' short
 * first stage of kahan, neumaier, kahan-block and neumaier-block
 * (kernels/compensated.cuh's Z, DESIGN.md section 4): where both error
 * terms are +0, the compensated butterfly
 *   S = A+B; D = A-B; Es = eA+eB; Ed = eA-eB; A' = S-Es; B' = D-Ed;
 *   eA' = a(A', A, B) + Es; eB' = b(B', A, B) + Ed
 * gives bit for bit A' = S, B' = D, eA' = a(S, A, B), eB' = b(D, A, B),
 * for both recoveries a, b (kahan's fixed order and neumaier's smallest
 * term last, DESIGN.md's text): Es = Ed = +0, x - (+0) = x for every x,
 * and a(S, A, B), b(D, A, B) are never -0, so adding +0 keeps them. Checked
 * in f16 and bf16 (float arithmetic rounded once per operation, exact for
 * these formats) for every A against 64 B (every special and boundary
 * value of both signs, then random ones, 64 in all) and the same swapped, every pair
 * of the 2^32 in f16 under make check-long (WHT_CHECK_LONG), and in f32
 * and f64 for 2^20 pairs drawn from pools of special magnitudes (zeros,
 * subnormals, the largest finite, infinities, NaNs) and random ones of
 * random signs. NaNs compare equal to any NaN (the GPU's are canonical),
 * everything else bit for bit. A failure names the format, the recovery
 * and the pair. Needs no GPU. This checks the identity, DESIGN.md's claim,
 * on DESIGN.md's recoveries written out here; the kernels' own code for the
 * short form (compensated.cuh's Z, compensated_err.cuh's az and bz) is
 * checked against DESIGN.md by tests/test_neumaier_form and, run on the
 * host, by tests/test_gpu_emulated_bitident (both need CUDA compiled in). */
#include "tap.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "arith.h"

typedef float (*round_fn)(float);
static float round_f32(float x) { return x; }

/* DESIGN.md section 4's recoveries before "+ Es" / "+ Ed"; R rounds each
 * operation to the format (float arithmetic is exact before it here) */
#define ADD(a, b) R((a) + (b))
#define SUB(a, b) R((a) - (b))
#define KAHAN_A(Ap, A, B) SUB(SUB(Ap, A), B)
#define KAHAN_B(Bp, A, B) ADD(SUB(Bp, A), B)
#define NEU_A(Ap, A, B)                                                        \
  ((fabs(B) <= fabs(Ap) && fabs(B) <= fabs(A)) ? SUB(SUB(Ap, A), B)           \
   : (fabs(A) <= fabs(Ap) && fabs(A) <= fabs(B)) ? SUB(SUB(Ap, B), A)         \
   : ADD(SUB(-(A), B), Ap))
#define NEU_B(Bp, A, B)                                                        \
  ((fabs(B) <= fabs(Bp) && fabs(B) <= fabs(A)) ? ADD(SUB(Bp, A), B)           \
   : (fabs(A) <= fabs(Bp) && fabs(A) <= fabs(B)) ? SUB(ADD(Bp, B), A)         \
   : ADD(ADD(-(A), B), Bp))

/* the four outputs of both forms, for recovery r (0 kahan, 1 neumaier) */
#define BOTH_FORMS(T, r, A, B, full, part)                                                      \
  do {                                                                                          \
    const T z = 0, S = ADD(A, B), D = SUB(A, B), Es = ADD(z, z), Ed = SUB(z, z);                \
    const T Ap = SUB(S, Es), Bp = SUB(D, Ed);                                                   \
    full[0] = Ap;                                                                               \
    full[1] = Bp;                                                                               \
    full[2] = ADD((r) ? NEU_A(Ap, A, B) : KAHAN_A(Ap, A, B), Es);                               \
    full[3] = ADD((r) ? NEU_B(Bp, A, B) : KAHAN_B(Bp, A, B), Ed);                               \
    part[0] = S;                                                                                \
    part[1] = D;                                                                                \
    part[2] = (r) ? NEU_A(S, A, B) : KAHAN_A(S, A, B);                                          \
    part[3] = (r) ? NEU_B(D, A, B) : KAHAN_B(D, A, B);                                          \
  } while (0)

static const char *const recovery_names[2] = { "kahan", "neumaier" };
static const char *const output_names[4] = { "A'", "B'", "eA'", "eB'" };

/* 0 when the forms agree, else which output differs + 1 (float outputs
 * widened to double first: exact and one-to-one off NaN) */
static int first_difference(const double full[4], const double part[4])
{
  for (int i = 0; i < 4; i++) {
    if (isnan(full[i]) && isnan(part[i])) continue;
    uint64_t u, v;
    memcpy(&u, &full[i], 8);
    memcpy(&v, &part[i], 8);
    if (u != v) return i + 1;
  }
  return 0;
}

/* float-based formats, R rounding each operation to the format */
static int check_float(round_fn R, float A, float B, int r)
{
  float full[4], part[4];
  BOTH_FORMS(float, r, A, B, full, part);
  double wf[4], wp[4];
  for (int i = 0; i < 4; i++) {
    wf[i] = full[i];
    wp[i] = part[i];
  }
  return first_difference(wf, wp);
}

#undef ADD
#undef SUB
#define R(x) (x)
#define ADD(a, b) ((a) + (b))
#define SUB(a, b) ((a) - (b))
static int check_double(double A, double B, int r)
{
  double full[4], part[4];
  BOTH_FORMS(double, r, A, B, full, part);
  return first_difference(full, part);
}
#undef R
#undef ADD
#undef SUB

static uint64_t rng(uint64_t *s)
{
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* NPROBE values of a 16-bit format: its specials of both signs, then random */
#define NPROBE 64
static void probes16(const uint16_t *special, size_t ns, uint16_t *v)
{
  uint64_t s = 16;
  size_t n = 0;
  for (size_t i = 0; i < ns; i++) {
    v[n++] = special[i];
    v[n++] = (uint16_t)(special[i] | 0x8000u);
  }
  while (n < NPROBE) v[n++] = (uint16_t)rng(&s);
}

/* every A of a 16-bit format against the probes, both orders (all pairs
 * where all): the pairs that differ, the first described */
static void check16(const char *name, float (*to_float)(uint16_t), round_fn R, const uint16_t *probe, int all)
{
  for (int r = 0; r < 2; r++) {
    uint64_t bad = 0, n = 0;
    char what[200] = "";
    for (uint32_t a = 0; a < 65536; a++)
      for (uint32_t j = 0; j < (all ? 65536u : 2u * NPROBE); j++) {
        const uint16_t b = all ? (uint16_t)j : probe[j % NPROBE];
        const float fa = to_float((uint16_t)a), fb = to_float(b);
        const float A = all || j < NPROBE ? fa : fb, B = all || j < NPROBE ? fb : fa;
        const int d = check_float(R, A, B, r);
        n++;
        if (d && !bad++) snprintf(what, sizeof what, ": %s differs at A = %.9g, B = %.9g", output_names[d - 1], A, B);
      }
    tap_ok(bad == 0, "%s %s: %llu pairs, %llu differ%s", name, recovery_names[r], (unsigned long long)n,
           (unsigned long long)bad, what);
  }
}

/* a value of magnitude class c (random sign): 0 zero, 1 smallest
 * subnormal, 2 a subnormal, 3 the largest finite, 4 infinity, 5 NaN, else
 * random bits */
static double pick(uint64_t *s, int dbl)
{
  const unsigned c = (unsigned)(rng(s) % 12), neg = (unsigned)(rng(s) & 1);
  double v;
  if (dbl) {
    const double sp[6] = { 0.0, 4.9406564584124654e-324, 1e-310, 1.7976931348623157e308, INFINITY, NAN };
    if (c < 6) v = sp[c];
    else {
      uint64_t u = rng(s) & 0x7fefffffffffffffull;
      if (c >= 9) u = (u & 0x000fffffffffffffull) | (0x3ffull + (uint64_t)(rng(s) % 40) - 20) << 52;
      memcpy(&v, &u, 8);
    }
  } else {
    const float sp[6] = { 0.0f, 1.40129846e-45f, 1e-40f, 3.40282347e38f, INFINITY, NAN };
    float f;
    if (c < 6) f = sp[c];
    else {
      uint32_t u = (uint32_t)rng(s) & 0x7f7fffffu;
      if (c >= 9) u = (u & 0x007fffffu) | (uint32_t)(127 + (int)(rng(s) % 40) - 20) << 23;
      memcpy(&f, &u, 4);
    }
    v = f;
  }
  return neg ? -v : v;
}

static void check_random(int dbl, uint64_t pairs)
{
  for (int r = 0; r < 2; r++) {
    uint64_t s = 0x5eed + (uint64_t)r, bad = 0;
    char what[200] = "";
    for (uint64_t i = 0; i < pairs; i++) {
      /* two draws of a pair from the same pool: ties and cancellations */
      const double A = pick(&s, dbl), B = (rng(&s) & 3) == 0 ? -A : pick(&s, dbl);
      const int d = dbl ? check_double(A, B, r) : check_float(round_f32, (float)A, (float)B, r);
      if (d && !bad++) snprintf(what, sizeof what, ": %s differs at A = %.17g, B = %.17g", output_names[d - 1], A, B);
    }
    tap_ok(bad == 0, "%s %s: %llu random pairs, %llu differ%s", dbl ? "f64" : "f32", recovery_names[r],
           (unsigned long long)pairs, (unsigned long long)bad, what);
  }
}

static float f16_to_float(uint16_t h) { return wht__f16_bits_to_float(h); }
static float bf16_to_float(uint16_t h) { return wht__bf16_bits_to_float(h); }

int main(void)
{
  const int all = getenv("WHT_CHECK_LONG") != NULL;
  static const uint16_t f16_special[] = { 0x0000, 0x0001, 0x0002, 0x03ff, 0x0400, 0x0401, 0x3bff, 0x3c00,
                                          0x3c01, 0x7bfe, 0x7bff, 0x7c00, 0x7c01, 0x7e00 };
  static const uint16_t bf16_special[] = { 0x0000, 0x0001, 0x0002, 0x007f, 0x0080, 0x0081, 0x3f7f, 0x3f80,
                                           0x3f81, 0x7f7e, 0x7f7f, 0x7f80, 0x7f81, 0x7fc0 };
  uint16_t p16[NPROBE], pb16[NPROBE];
  probes16(f16_special, sizeof f16_special / sizeof f16_special[0], p16);
  probes16(bf16_special, sizeof bf16_special / sizeof bf16_special[0], pb16);
  check16("f16", f16_to_float, wht__f16_round, p16, all);
  check16("bf16", bf16_to_float, wht__bf16_round, pb16, 0);
  check_random(0, (uint64_t)1 << 20);
  check_random(1, (uint64_t)1 << 20);
  return tap_done();
}
