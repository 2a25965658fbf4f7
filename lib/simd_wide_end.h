/* simd_wide_end.h - undoes simd_wide_avx512.h, so that the next format can
 * be included. */
#undef WV
#undef WL
#undef WM
#undef WVT
#undef WBUF
#undef WLD
#undef WST
#undef WLDW
#undef WSTW
#undef WADDV
#undef WSUBV
#undef WNAN
#undef WBST
#undef WBGATH
