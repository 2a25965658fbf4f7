/* test_format_bf16 - bfloat16 conversions and arithmetic against MPFR at
 * p = 8 with subnormalization (float's exponent range, least 2^-133). */
#include "format_check.h"

static float bits_to_float(uint16_t h) { return wht__bf16_bits_to_float(h); }
static uint16_t float_to_bits(float x) { return wht__float_to_bf16_bits(x); }
static float round_f(float x) { return wht__bf16_round(x); }

int main(void)
{
  const fmt_check c = { WHT_BF16, 8, -132, 128, wht_bf16_from_double, wht_bf16_to_double,
                        round_f, float_to_bits, bits_to_float };
  return run_format_checks(&c, "bf16");
}
