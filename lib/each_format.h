/* each_format.h - instantiate an algorithm template once per format, in the
 * order of enum wht_format (f64, f32, f16, bf16). Before including:
 *   #define WHT__BODY "folklore_body.h"
 * The body includes fmt_begin.h / fmt_end.h itself; WHT__FORMAT_TABLE(p)
 * then lists p_f64, p_f32, p_f16, p_bf16 for the registry's table. */
#define FMT F64
#define SFX f64
#include WHT__BODY
#define FMT F32
#define SFX f32
#include WHT__BODY
#define FMT F16
#define SFX f16
#include WHT__BODY
#define FMT BF16
#define SFX bf16
#include WHT__BODY
#undef WHT__BODY

#ifndef WHT__FORMAT_TABLE
#define WHT__FORMAT_TABLE(p) { p##_f64, p##_f32, p##_f16, p##_bf16 }
#endif
