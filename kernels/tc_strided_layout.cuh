/* tc_strided_layout.cuh - the index formulas of the tensor cores' strided
 * register passes (tensor_core_strided.cuh: 8 row bits; tensor_core_
 * strided10.cuh: 10), alone, so that a host program can call them too:
 * the elements a lane loads and stores and the shared-memory words of the
 * exchanges between the stage groups. tests/layout_dump.cu prints their
 * values over all their inputs, and tests/test_tc8_layout.py and
 * test_tc10_layout.py run their emulations of the groups on those values
 * (mma columns, bank conflicts, each word once, each element stored once
 * at its own place): a change here that breaks the layout fails make
 * check.
 *
 * The kernels' code is the one they had with these expressions inline
 * (the same PTX, checked on tensor_core.cu). That took care: NVVM
 * simplifies an inlined function's body on its own before it inlines it,
 * so a function whose body reads bits of its arguments (g & 1, t >> 1)
 * or calls another lost what the caller knows of them (g < 8, t < 4) and
 * changed instructions. Those formulas are macros of the kernel's own
 * values (the lane's bits g0..w2, as wht__tc10_tile names them); the rest
 * are functions. Notation as in the kernels: lane 4g + t of warp w; st[j]
 * the offset of the run index's bit j (p.stride + R); an element offset
 * adds its terms to the tile's base (tb) or to x + ol in the kernels'
 * order (P: uint16_t * in the kernels, uint64_t in the host dump). */
#ifndef WHT_KERNELS_TC_STRIDED_LAYOUT_CUH
#define WHT_KERNELS_TC_STRIDED_LAYOUT_CUH

#include <stdint.h>

/* The passes of 8 bits (wht__tc_rstrided_group) */

/* The exchange's word of run bits 5-7 = j, run bits 0-3 = rl, element p
 * (0..63) of a group: banks [p3 ^ rl0, p4, p5, j0 ^ rl1, j1 ^ rl2] */
__host__ __device__ __forceinline__ constexpr unsigned wht__tc_xw(unsigned j, unsigned rl, unsigned p)
{
  const unsigned bank = ((p >> 3 ^ rl) & 1u) | (p >> 4 & 3u) << 1 | ((j ^ rl >> 1) & 3u) << 3;
  return bank | (p & 7u) << 5 | rl << 8 | (j >> 2) << 12;
}

/* group a's loads: runs (2w + s) 16 + 2t + h + 8b, elements 8g.. (the
 * lane's part ol, then h, b, s) */
__host__ __device__ __forceinline__ uint64_t wht__tc_rs_ol(uint64_t tb, const uint64_t *st, unsigned g, unsigned t,
                                                           unsigned w)
{
  return tb + 8u * g + (t & 1u ? st[1] : 0) + (t & 2u ? st[2] : 0) + (w & 1u ? st[5] : 0) + (w & 2u ? st[6] : 0) +
         (w & 4u ? st[7] : 0);
}

template <class P>
__host__ __device__ __forceinline__ P wht__tc_rs_ld(P x, uint64_t ol, const uint64_t *st, unsigned h, unsigned b,
                                                    unsigned s)
{
  return x + ol + (h ? st[0] : 0) + (b ? st[3] : 0) + (s ? st[4] : 0);
}

/* group b's stores: runs (g + 8r) 16 + 2w + s, elements 8t.. (the lane's
 * part os, then s, r) and, the second vector, 32 + 8t.. */
__host__ __device__ __forceinline__ uint64_t wht__tc_rs_os(uint64_t tb, const uint64_t *st, unsigned g, unsigned t,
                                                           unsigned w)
{
  return tb + 8u * t + (w & 1u ? st[1] : 0) + (w & 2u ? st[2] : 0) + (w & 4u ? st[3] : 0) + (g & 1u ? st[4] : 0) +
         (g & 2u ? st[5] : 0) + (g & 4u ? st[6] : 0);
}

template <class P>
__host__ __device__ __forceinline__ P wht__tc_rs_st(P x, uint64_t os, const uint64_t *st, unsigned s, unsigned r)
{
  return x + os + (s ? st[0] : 0) + (r ? st[7] : 0);
}

/* the exchange's words: group a writes the lane's base xs (column 2t + hp)
 * plus q << 5 and r << 11 (q, r and b only move bits above the banks);
 * group b reads run bits 0-3 = rl = 2w + s, lane 4g + t the word (j = t,
 * elements 8 pi(g) + q), pi(g) = g / 2 + 4 (g mod 2), and (b = 1) j = t +
 * 4 */
__host__ __device__ __forceinline__ constexpr unsigned wht__tc_rs_xs(unsigned w, unsigned g, unsigned t, unsigned hp)
{
  return wht__tc_xw(w, g, 16u * t + 8u * hp);
}

__host__ __device__ __forceinline__ constexpr unsigned wht__tc_rs_put(unsigned xs, unsigned q, unsigned r)
{
  return xs + (q << 5) + (r << 11);
}

#define WHT__TC_RS_XR(t, rl, g) wht__tc_xw(t, rl, 8u * (((g) >> 1) | ((g) & 1u) << 2))

__host__ __device__ __forceinline__ constexpr unsigned wht__tc_rs_get(unsigned xr, unsigned q, unsigned b)
{
  return xr + (q << 5) + (b << 12);
}

/* The pass of 10 bits (wht__tc10_tile; its header comment names the
 * bits; g0 = g & 1, g1 = g >> 1 & 1, g2 = g >> 2, t0 = t & 1, t1 = t >>
 * 1, w0 = w & 1, w1 = w >> 1 & 1, w2 = w >> 2). Word addresses: the
 * kernel's 16-byte accesses take them >> 2. */

/* group a's loads: h = r0, t = r1 r2, b = r3, s0 = r4, w = r5..r7, g2 =
 * r8, s1 = r9, vector eb = g & 3 */
#define WHT__TC10_OL(tb, st, g, g2, t0, t1, w0, w1, w2)                                                              \
  ((tb) + 8u * ((g) & 3u) + ((t0) ? (st)[1] : 0) + ((t1) ? (st)[2] : 0) + ((w0) ? (st)[5] : 0) +                   \
   ((w1) ? (st)[6] : 0) + ((w2) ? (st)[7] : 0) + ((g2) ? (st)[8] : 0))

template <class P>
__host__ __device__ __forceinline__ P wht__tc10_ld(P x, uint64_t ol, const uint64_t *st, unsigned h, unsigned b,
                                                   unsigned s0, unsigned s1)
{
  return x + ol + (h ? st[0] : 0) + (b ? st[3] : 0) + (s0 ? st[4] : 0) + (s1 ? st[9] : 0);
}

/* X1 words written by group a: r0..r2 = g, r3 = r, eb0 = hp, eb1 = t0,
 * r8 = t1, r5..r7 = w, r9 = s1; the lane's base xa, then q = 4 q2 + 0..3 */
#define WHT__TC10_XA(g0, g1, g2, t0, t1, w0, w1, w2)                                                                 \
  ((t1) << 2 | ((t0) ^ (w0)) << 3 | ((g0) ^ (w1)) << 4 | (w0) << 7 | (w2) << 8 | (g1) << 9 | (g2) << 10 | (g0) << 12)

__host__ __device__ __forceinline__ constexpr unsigned wht__tc10_a_put(unsigned xa, unsigned q2, unsigned hh,
                                                                       unsigned rr, unsigned s1)
{
  return xa + (q2 << 5) + (hh << 6) + (rr << 11) + (s1 << 13);
}

/* group b (warp w = r1..r3, iteration r0, r9 in its region): X1 words
 * read (xb: r8 = g0, eb0 = g1, eb1 = g2, r5 = t0, r6 = t1, r7 = the
 * register), X2 words written in their place (x2: r4..r6 = g, r7 = r,
 * eb = t) */
#define WHT__TC10_XB(g0, g1, g2, t0, t1, w) \
  ((g0) << 2 | ((g2) ^ (t0)) << 3 | (t1) << 4 | (g1) << 6 | (t0) << 7 | (w) << 9)
#define WHT__TC10_X2(g0, g1, g2, t0, t1, w) \
  ((g0) << 2 | (t0) << 3 | ((t1) ^ (g1)) << 4 | (g1) << 6 | (g2) << 7 | (w) << 9)

__host__ __device__ __forceinline__ constexpr unsigned wht__tc10_b_get(unsigned xb, unsigned r0, unsigned r9,
                                                                       unsigned q2, unsigned reg)
{
  return (xb ^ r0 << 4) + (r0 << 12 | r9 << 13) + (q2 << 5) + (reg << 8);
}

__host__ __device__ __forceinline__ constexpr unsigned wht__tc10_b_put(unsigned x2, unsigned r0, unsigned r9,
                                                                       unsigned q2, unsigned r)
{
  return (x2 ^ r9 << 3) + (r0 << 12 | r9 << 13) + (q2 << 5) + (r << 8);
}

/* group c: X2 words read (r4 = g0, eb0 = g1, eb1 = g2, r9 = t0, r5 = t1,
 * r6 = the register; iteration r0, r7); its results stored as r8 = g0,
 * r9 = g1, r5 = g2, r6 = r, r4 = the half hv, eb = t */
#define WHT__TC10_XC(g0, g1, g2, t0, t1, w) \
  ((g0) << 2 | ((g1) ^ (t0)) << 3 | ((g2) ^ (t1)) << 4 | (t1) << 6 | (w) << 9 | (t0) << 13)

__host__ __device__ __forceinline__ constexpr unsigned wht__tc10_rc(unsigned xc, unsigned r0, unsigned r7)
{
  return xc + (r7 << 8) + (r0 << 12);
}

__host__ __device__ __forceinline__ constexpr unsigned wht__tc10_c_get(unsigned rc, unsigned q2, unsigned reg)
{
  return rc + (q2 << 5) + (reg << 7);
}

#define WHT__TC10_OS(tb, st, t, g0, g1, g2, w0, w1, w2)                                                              \
  ((tb) + 8u * (t) + ((g0) ? (st)[8] : 0) + ((g1) ? (st)[9] : 0) + ((g2) ? (st)[5] : 0) + ((w0) ? (st)[1] : 0) +   \
   ((w1) ? (st)[2] : 0) + ((w2) ? (st)[3] : 0))

template <class P>
__host__ __device__ __forceinline__ P wht__tc10_st(P x, uint64_t os, const uint64_t *st, unsigned r, unsigned hv,
                                                   unsigned r0, unsigned r7)
{
  return x + os + (r ? st[6] : 0) + (hv ? st[4] : 0) + (r0 ? st[0] : 0) + (r7 ? st[7] : 0);
}

#endif
