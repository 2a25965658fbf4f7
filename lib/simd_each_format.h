/* simd_each_format.h - instantiate a vector body once per format, as
 * each_format.h does for the scalar ones (groups_avx512.c,
 * widened_avx512.c): the body sees simd_formats_avx512.h's macros for
 * FMT_V and SFX_V. Before including: #define WHT__SIMD_BODY "x_body.h". */
#define FMT_V WHT__F64V
#define SFX_V f64
#include "simd_formats_avx512.h"
#include WHT__SIMD_BODY
#include "simd_formats_end.h"
#define FMT_V WHT__F32V
#define SFX_V f32
#include "simd_formats_avx512.h"
#include WHT__SIMD_BODY
#include "simd_formats_end.h"
#define FMT_V WHT__F16V
#define SFX_V f16
#include "simd_formats_avx512.h"
#include WHT__SIMD_BODY
#include "simd_formats_end.h"
#define FMT_V WHT__BF16V
#define SFX_V bf16
#include "simd_formats_avx512.h"
#include WHT__SIMD_BODY
#include "simd_formats_end.h"
#undef WHT__SIMD_BODY
