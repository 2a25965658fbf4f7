/* format.c - the number formats: names, parameters, correctly rounded
 * conversion from double and host arithmetic (DESIGN.md section 3); the
 * array conversions are in format_arrays.c. */
#include <math.h>
#include <string.h>
#include "wht.h"
#include "arith.h"
#include "round_bits.h"

typedef struct {
  const char *name;
  size_t size;
  int p, emin, emax;
} format_desc;

static const format_desc formats[WHT_NFORMATS] = {
  [WHT_F64] = { "f64", 8, 53, -1022, 1023 },
  [WHT_F32] = { "f32", 4, 24, -126, 127 },
  [WHT_F16] = { "f16", 2, 11, -14, 15 },
  [WHT_BF16] = { "bf16", 2, 8, -126, 127 },
};

static int valid(wht_format f) { return (unsigned)f < WHT_NFORMATS; }

const char *wht_format_name(wht_format f) { return valid(f) ? formats[f].name : NULL; }
size_t wht_format_size(wht_format f) { return valid(f) ? formats[f].size : 0; }
int wht_format_precision(wht_format f) { return valid(f) ? formats[f].p : 0; }
int wht_format_emin(wht_format f) { return valid(f) ? formats[f].emin : 0; }
int wht_format_emax(wht_format f) { return valid(f) ? formats[f].emax : 0; }
double wht_format_unit_roundoff(wht_format f) { return valid(f) ? ldexp(1.0, -formats[f].p) : 0.0; }

int wht_format_from_name(const char *name, wht_format *f)
{
  if (!name || !f) return -1;
  for (int i = 0; i < WHT_NFORMATS; i++)
    if (wht_name_matches(name, formats[i].name)) {
      *f = (wht_format)i;
      return 0;
    }
  return -1;
}

uint16_t wht_f16_from_double(double x) { return wht__f16_from_double(x); }
uint16_t wht_bf16_from_double(double x) { return wht__bf16_from_double(x); }

double wht_round_to_format(double x, wht_format f)
{
  switch (f) {
  case WHT_F64: return x;
  case WHT_F32: return (double)(float)x;
  /* NaN stays x itself, payload and all */
  case WHT_F16: return isnan(x) ? x : (double)wht__f16_bits_to_float(wht__f16_from_double(x));
  case WHT_BF16: return isnan(x) ? x : (double)wht__bf16_bits_to_float(wht__bf16_from_double(x));
  default: return NAN;
  }
}

double wht_f16_to_double(uint16_t h) { return wht__f16_bits_to_float(h); }
double wht_bf16_to_double(uint16_t h) { return wht__bf16_bits_to_float(h); }

/* f16/bf16: the double result of a + b, a - b or a * b on p <= 11 bit
 * operands is rounded once more; 53 >= 2p + 2 makes that double rounding
 * innocuous. f32 operates in float. */
double wht_format_add(wht_format f, double a, double b)
{
  if (f == WHT_F32) return (double)((float)a + (float)b);
  return wht_round_to_format(a + b, f);
}

double wht_format_sub(wht_format f, double a, double b)
{
  if (f == WHT_F32) return (double)((float)a - (float)b);
  return wht_round_to_format(a - b, f);
}

double wht_format_mul(wht_format f, double a, double b)
{
  if (f == WHT_F32) return (double)((float)a * (float)b);
  return wht_round_to_format(a * b, f);
}
