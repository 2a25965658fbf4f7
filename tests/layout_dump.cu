/* layout_dump - the kernels' own shared-memory and element index
 * functions (kernels/xp_layout.cuh, kernels/tc_strided_layout.cuh), called
 * on the host over all their inputs, printed one value a line: "name
 * arg... value". tests/test_xp_layout.py, test_tc8_layout.py and
 * test_tc10_layout.py read it (WHT_LAYOUT_DUMP, tests/local.mk) and check
 * these values against their layout models, so that a change of a
 * kernel's formula that breaks its layout fails make check. Where a
 * kernel composes two of the functions (a lane's base, then a word's
 * offsets from it), this program composes them the same way. Needs no
 * GPU. Usage: layout_dump xp|tc8|tc10 */
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include "../kernels/xp_layout.cuh"
#include "../kernels/tc_strided_layout.cuh"

/* rows_reg.cuh's and rows_comp.cuh's layouts of one PAD: the room, vector
 * i's slot, layout B's slot (index and address) and 2-byte pair slot,
 * layout C's word, the 2-byte stores' slots and the block form's words */
template <bool PAD>
static void dump_xp(void)
{
  /* room enough for any slot the functions could give: an address past a
   * broken formula's tile is printed, not dereferenced */
  static uint4 sh[1 << 12];
  const unsigned pad = PAD ? 1 : 0;
  printf("xp_room %u %u\n", pad, wht__rows_xp_room<PAD>);
  for (unsigned lane = 0; lane < 32; lane++) {
    for (unsigned i = 0; i < 8; i++) printf("xp_vslot %u %u %u %u\n", pad, lane, i, wht__rows_xp_vslot<PAD>(lane, i));
    for (unsigned j = 0; j < 8; j++) {
      printf("xp_bslot %u %u %u %u\n", pad, lane, j, wht__rows_xp_bslot<PAD>(lane, j));
      printf("xp_b %u %u %u %td\n", pad, lane, j, wht__rows_xp_b<PAD>(sh, lane, j) - sh);
    }
    for (unsigned j = 0; j < 4; j++)
      for (unsigned h = 0; h < 2; h++)
        printf("xp_p %u %u %u %u %td\n", pad, lane, j, h, wht__rows_xp_p<PAD>(sh, lane, j, h) - sh);
    for (unsigned L = 0; L < 32; L++) printf("xp_cword %u %u %u %u\n", pad, lane, L, wht__rows_xp_cword<PAD>(lane, L));
    /* the pair stores' slots as wht__rows_xp_store_pairs composes them */
    const unsigned a = wht__rows_xp_pa<PAD>(lane), b = wht__rows_xp_pb<PAD>(a);
    for (unsigned i = 0; i < 4; i++)
      for (unsigned h = 0; h < 2; h++) printf("xp_pstore %u %u %u %u %u\n", pad, lane, i, h, (h ? b : a) + wht__rows_xp_pstep<PAD> * i);
  }
  /* the block form's e base and words, 16 warps */
  printf("xp_blk_ns %u %u\n", pad, wht__rows_xp_blk_ns<PAD>);
  for (unsigned w = 0; w < 16; w++)
    for (unsigned lane = 0; lane < 32; lane++)
      for (unsigned L = 0; L < 32; L++) {
        printf("xp_blk_wput %u %u %u %u %u\n", pad, w, lane, L, wht__rows_xp_blk_wput<PAD>(w, lane, L));
        printf("xp_blk_wget %u %u %u %u %u\n", pad, w, lane, L, wht__rows_xp_blk_wget<PAD>(w, lane, L));
      }
}

/* The strides of a tile whose run index's bit j is tile bit R + j (the
 * emulations' elements u = e + 2^R run) */
static void strides(uint64_t *st, unsigned R, unsigned n)
{
  for (unsigned j = 0; j < n; j++) st[j] = (uint64_t)1 << (R + j);
}

/* tensor_core_strided.cuh's wht__tc_rstrided_group (R = 6, tile base 0):
 * group a's loads and exchange words, group b's reads and stores */
static void dump_tc8(void)
{
  uint64_t st[8];
  strides(st, 6, 8);
  for (unsigned w = 0; w < 8; w++)
    for (unsigned g = 0; g < 8; g++)
      for (unsigned t = 0; t < 4; t++) {
        const uint64_t ol = wht__tc_rs_ol(0, st, g, t, w), os = wht__tc_rs_os(0, st, g, t, w);
        for (unsigned s = 0; s < 2; s++)
          for (unsigned h = 0; h < 2; h++)
            for (unsigned b = 0; b < 2; b++)
              printf("tc8_ld %u %u %u %u %u %u %llu\n", w, g, t, s, h, b,
                     (unsigned long long)wht__tc_rs_ld<uint64_t>(0, ol, st, h, b, s));
        for (unsigned hp = 0; hp < 2; hp++) {
          const unsigned xs = wht__tc_rs_xs(w, g, t, hp);
          for (unsigned q = 0; q < 8; q++)
            for (unsigned r = 0; r < 2; r++)
              printf("tc8_put %u %u %u %u %u %u %u\n", w, g, t, hp, q, r, wht__tc_rs_put(xs, q, r));
        }
        for (unsigned s = 0; s < 2; s++) {
          const unsigned rl = 2u * w + s, xr = WHT__TC_RS_XR(t, rl, g);
          for (unsigned q = 0; q < 8; q++)
            for (unsigned b = 0; b < 2; b++)
              printf("tc8_get %u %u %u %u %u %u %u\n", w, g, t, s, q, b, wht__tc_rs_get(xr, q, b));
          for (unsigned r = 0; r < 2; r++)
            printf("tc8_st %u %u %u %u %u %llu\n", w, g, t, s, r,
                   (unsigned long long)wht__tc_rs_st<uint64_t>(0, os, st, s, r));
        }
      }
}

/* tensor_core_strided10.cuh's wht__tc10_tile (tile base 0): group a's
 * loads and X1 words, group b's X1 reads and X2 writes, group c's X2
 * reads and stores (word addresses); the lane's bits as the kernel takes
 * them */
static void dump_tc10(void)
{
  uint64_t st[10];
  strides(st, 5, 10);
  for (unsigned w = 0; w < 8; w++)
    for (unsigned g = 0; g < 8; g++)
      for (unsigned t = 0; t < 4; t++) {
        const unsigned g0 = g & 1u, g1 = g >> 1 & 1u, g2 = g >> 2, t0 = t & 1u, t1 = t >> 1, w0 = w & 1u,
                       w1 = w >> 1 & 1u, w2 = w >> 2;
        const uint64_t ol = WHT__TC10_OL(0, st, g, g2, t0, t1, w0, w1, w2);
        const uint64_t os = WHT__TC10_OS(0, st, t, g0, g1, g2, w0, w1, w2);
        const unsigned xa = WHT__TC10_XA(g0, g1, g2, t0, t1, w0, w1, w2), xb = WHT__TC10_XB(g0, g1, g2, t0, t1, w),
                       x2 = WHT__TC10_X2(g0, g1, g2, t0, t1, w), xc = WHT__TC10_XC(g0, g1, g2, t0, t1, w);
        for (unsigned i = 0; i < 16; i++) {
          const unsigned h = i & 1u, b = i >> 1 & 1u, s0 = i >> 2 & 1u, s1 = i >> 3;
          printf("tc10_ld %u %u %u %u %u %u %u %llu\n", w, g, t, h, b, s0, s1,
                 (unsigned long long)wht__tc10_ld<uint64_t>(0, ol, st, h, b, s0, s1));
          const unsigned q2 = i & 1u, hh = i >> 1 & 1u, rr = i >> 2 & 1u;
          printf("tc10_a_put %u %u %u %u %u %u %u %u\n", w, g, t, q2, hh, rr, s1, wht__tc10_a_put(xa, q2, hh, rr, s1));
          /* group b's and c's iterations (r0 and r9 or r7) and accesses (q2
           * and the register or r) */
          const unsigned r0 = i & 1u, rx = i >> 1 & 1u, qq = i >> 2 & 1u, reg = i >> 3;
          printf("tc10_b_get %u %u %u %u %u %u %u %u\n", w, g, t, r0, rx, qq, reg,
                 wht__tc10_b_get(xb, r0, rx, qq, reg));
          printf("tc10_b_put %u %u %u %u %u %u %u %u\n", w, g, t, r0, rx, qq, reg,
                 wht__tc10_b_put(x2, r0, rx, qq, reg));
          printf("tc10_c_get %u %u %u %u %u %u %u %u\n", w, g, t, r0, rx, qq, reg,
                 wht__tc10_c_get(wht__tc10_rc(xc, r0, rx), qq, reg));
          const unsigned r = i & 1u, hv = i >> 1 & 1u, c0 = i >> 2 & 1u, r7 = i >> 3;
          printf("tc10_st %u %u %u %u %u %u %u %llu\n", w, g, t, r, hv, c0, r7,
                 (unsigned long long)wht__tc10_st<uint64_t>(0, os, st, r, hv, c0, r7));
        }
      }
}

int main(int argc, char **argv)
{
  const char *what = argc == 2 ? argv[1] : "";
  if (!strcmp(what, "xp")) {
    for (unsigned s = 0; s < 256; s++) printf("xp_slot %u %u\n", s, wht__rows_xp_slot(s));
    dump_xp<false>();
    dump_xp<true>();
  } else if (!strcmp(what, "tc8")) {
    dump_tc8();
  } else if (!strcmp(what, "tc10")) {
    dump_tc10();
  } else {
    fprintf(stderr, "usage: layout_dump xp|tc8|tc10\n");
    return 2;
  }
  return fflush(stdout) == 0 && !ferror(stdout) ? 0 : 1;
}
