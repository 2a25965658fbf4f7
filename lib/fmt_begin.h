/* fmt_begin.h - instantiate an algorithm template for one format.
 * Before including: #define FMT to F64, F32, F16 or BF16 and SFX to f64, ...
 * Defines T (storage), W (working type), LD, ST, ADD, SUB, MUL (arith.h) and
 * FN(name) -> name_SFX. fmt_end.h undoes all of it. */
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
