/* fmt_begin.h - instantiate an algorithm template for one format.
 * Before including: #define FMT to F64, F32, F16 or BF16 and SFX to f64, ...
 * Defines T (storage), W (working type), LD, ST, ADD, SUB, MUL (arith.h),
 * the wider format's WIDE, WIDEN, WADD, WSUB, WMUL, NARROW, and
 * FN(name) -> name_SFX. fmt_end.h undoes all of it: a body that defines
 * macros of its own #undefs them before including fmt_end.h, since the
 * body is included once per format. */
#define WHT__CAT3_(a, b, c) a##b##c
#define WHT__CAT3(a, b, c) WHT__CAT3_(a, b, c)
#define T WHT__CAT3(WHT__, FMT, _T)
#define W WHT__CAT3(WHT__, FMT, _W)
#define LD WHT__CAT3(WHT__, FMT, _LD)
#define ST WHT__CAT3(WHT__, FMT, _ST)
#define ADD WHT__CAT3(WHT__, FMT, _ADD)
#define SUB WHT__CAT3(WHT__, FMT, _SUB)
#define MUL WHT__CAT3(WHT__, FMT, _MUL)
#define FN(name) WHT__CAT3(name, _, SFX)
/* the next wider format (arith.h): WIDE its type, WIDEN(w) exact,
 * WADD/WSUB/WMUL one rounding in it, NARROW(v) one rounding to FMT */
#define WIDE WHT__CAT3(WHT__, FMT, _WIDE)
#define WIDEN WHT__CAT3(WHT__, FMT, _WIDEN)
#define NARROW WHT__CAT3(WHT__, FMT, _NARROW)
#define WADD(a, b) ((WIDE)((a) + (b)))
#define WSUB(a, b) ((WIDE)((a) - (b)))
#define WMUL(a, b) ((WIDE)((a) * (b)))
