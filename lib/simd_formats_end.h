/* simd_formats_end.h - undoes simd_formats_avx512.h, so that the next
 * format can be included. */
#undef VT
#undef WT
#undef MT
#undef L
#undef IDX
#undef VSET0
#undef VNEG
#undef VABS
#undef VLE
#undef VNAN
#undef VBLEND
#undef VGATHER
#undef VSTA
#undef IDXLOAD
#undef T
#undef RND
#undef LOADV
#undef STOREV
#undef VADD
#undef VSUB
#undef VHALF
#undef FMT_V
#undef SFX_V
