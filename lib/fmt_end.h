/* fmt_end.h - undo fmt_begin.h (see there). */
#undef T
#undef W
#undef LD
#undef ST
#undef ADD
#undef SUB
#undef MUL
#undef FN
#undef WHT__CAT3
#undef WHT__CAT3_
#undef FMT
#undef SFX
