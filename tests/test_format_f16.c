/* test_format_f16 - IEEE binary16 conversions and arithmetic against MPFR
 * at p = 11 with subnormalization (least subnormal 2^-24, largest 65504). */
#include "format_check.h"

static float bits_to_float(uint16_t h) { return wht__f16_bits_to_float(h); }
static uint16_t float_to_bits(float x) { return wht__float_to_f16_bits(x); }
static float round_f(float x) { return wht__f16_round(x); }

int main(void)
{
  const fmt_check c = { WHT_F16, 11, -23, 16, wht_f16_from_double, wht_f16_to_double,
                        round_f, float_to_bits, bits_to_float };
  return run_format_checks(&c, "f16");
}
