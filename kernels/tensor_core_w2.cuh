/* tensor_core_w2.cuh - two 16-point stages in registers (a "W2 unit"), and
 * the frames that say which tile index bits a warp's registers hold.
 *
 * A frame is 8 tile bits [H, B, T0, T1 | G0, G1, G2, S]. Lane 4g + t holds,
 * for s = 0, 1, a 64-bit word w[s] = 4 elements at (h, b) = 0..3 (element
 * h + 2b; the low 32 bits are b = 0), at T0,T1 = the bits of t, G0..G2 = the
 * bits of g, S = s. As mma operand B, {w[s].lo, w[s].hi} has k-index
 * k = h + 2 t + 8 b and column g: stage a (A = H_a) transforms the bits
 * (H, T0, T1, B) = k bits 0..3. Its result, D[m][n] with m = the transformed
 * k and n = g, lands with n in the half and lane-t positions and m in lane g
 * and the register pair: {D_s=0, D_s=1} is again a B operand, over
 * k' = (G0, G1, G2, S), for stage b (A = H_b), whose result is back in the
 * starting layout. No shuffles: the mma moves the data between lanes.
 *
 * A warp handles 4 such units at once (index i = 0..3 over two more tile
 * bits P0, P1) so that a thread holds 16 elements per s. Shared memory
 * keeps tile bits 0, 1 inside each 64-bit word; a frame with (H, B) other
 * than (0, 1) uses P0, P1 = H, B and transposes the 4 x 4 block of halves
 * (tile bits 0,1 <-> H,B) in registers before and after the stages. */
#ifndef WHT_KERNELS_TENSOR_CORE_W2_CUH
#define WHT_KERNELS_TENSOR_CORE_W2_CUH

#include "tensor_core_mma.cuh"

#define WHT__TC_TILE_LOG2 15u
#define WHT__TC_THREADS 256u

template <unsigned H, unsigned B, unsigned T0, unsigned T1, unsigned G0, unsigned G1,
          unsigned G2, unsigned S, unsigned P0, unsigned P1>
struct wht__tc_frame {
  static constexpr unsigned h = H, b = B, t0 = T0, t1 = T1, g0 = G0, g1 = G1, g2 = G2, s = S, p0 = P0, p1 = P1;
  static constexpr bool TR = !(H == 0 && B == 1);
  static constexpr unsigned USED = 3u | 1u << T0 | 1u << T1 | 1u << G0 | 1u << G1 | 1u << G2 |
                                   1u << S | 1u << P0 | 1u << P1 | 1u << H | 1u << B;
  /* the 5 remaining tile bits number the 32 slabs of 1024 elements */
  static constexpr unsigned SLAB = ((1u << WHT__TC_TILE_LOG2) - 1) & ~USED;

  static __device__ __forceinline__ unsigned lane_offset(unsigned lane)
  {
    return (lane & 1u) << T0 | (lane >> 1 & 1u) << T1 | (lane >> 2 & 1u) << G0 |
           (lane >> 3 & 1u) << G1 | (lane >> 4 & 1u) << G2;
  }
  static __device__ __forceinline__ unsigned slab_base(unsigned j)
  {
    unsigned u = 0, bit = 0;
#pragma unroll
    for (unsigned i = 0; i < WHT__TC_TILE_LOG2; i++)
      if (SLAB >> i & 1u) u |= (j >> bit++ & 1u) << i;
    return u;
  }
  /* tile offset of word i of side s (bits 0, 1 of it are 0) */
  static __device__ __forceinline__ unsigned word(unsigned i, unsigned sv)
  {
    return (i & 1u) << P0 | (i >> 1) << P1 | sv << S;
  }
  /* After stage a alone (wht__tc_w1): lane 4g + t holds in y[s][i][r],
   * half hv, the element at g's bits on tile bits H, T0, T1 (the stage's
   * output row m = g + 8r, m's bits those of k), t's on G1, G2 (column n
   * = 2t + hv), hv on G0, r on B, s on S and i on P0, P1. */
  static __device__ __forceinline__ unsigned w1_lane_offset(unsigned lane)
  {
    return (lane & 1u) << G1 | (lane >> 1 & 1u) << G2 | (lane >> 2 & 1u) << H | (lane >> 3 & 1u) << T0 |
           (lane >> 4 & 1u) << T1;
  }
  static __host__ __device__ constexpr unsigned w1_offset(unsigned hv, unsigned r, unsigned sv)
  {
    return hv << G0 | r << B | sv << S;
  }
};

/* The frames of the tile kernel: the first W2 of a natural tile (stages on
 * bits 0-3, 4-7), its second (8-11, then 12-14 with bit 7 as filler), and
 * those of a strided tile with 8-element runs (tile bits 3-6, 7-10; then
 * 11-14 with 3-6 as the filler of an identity stage). */
typedef wht__tc_frame<0, 1, 2, 3, 4, 5, 6, 7, 8, 9> wht__tc_f1nat;
typedef wht__tc_frame<8, 9, 10, 11, 12, 13, 14, 7, 8, 9> wht__tc_f2nat;
typedef wht__tc_frame<3, 4, 5, 6, 7, 8, 9, 10, 3, 4> wht__tc_f1str;
typedef wht__tc_frame<11, 12, 13, 14, 3, 4, 5, 6, 11, 12> wht__tc_f2str;
/* A strided tile with 128-element runs (tile bits 0-6) and two stage groups
 * on tile bits {7, 8, 10, 11} and {12, 13, 14, 9}: bits 10-13 on the lanes of
 * a half-warp keep its shared-memory words in distinct banks. */
typedef wht__tc_frame<7, 8, 10, 11, 12, 13, 14, 9, 7, 8> wht__tc_f1run;
/* The register kernels' (units of 1024 elements per warp): stages 0 and 1
 * in wht__tc_f1nat; stage 2 after the 4 x 4 transpose has swapped tile bits
 * 0, 1 with 8, 9 (the word index), its b stage an identity: for rows of
 * 2^9, 2^10 in the warp's own unit, for 2^11, 2^12 in the unit exchanged
 * through shared memory, whose lane bits 0, 1 are tile bits 10, 11
 * (wht__tc_x12_kernel). */
typedef wht__tc_frame<8, 9, 2, 3, 4, 5, 6, 7, 0, 1> wht__tc_f3nat;
typedef wht__tc_frame<8, 9, 10, 11, 2, 3, 4, 5, 0, 1> wht__tc_fx12;
/* Rows of 2^13..2^15 (wht__tc_x12_kernel<M, K>): the exchanged unit's b
 * stage does stage 3 on tile bits 12..K-1, which take the word half S and
 * lane bits 4 (13) and 3 (14) from tile bits 5, 4, 3 (those go to the warp
 * index). */
typedef wht__tc_frame<8, 9, 10, 11, 2, 3, 4, 12, 0, 1> wht__tc_fx13;
typedef wht__tc_frame<8, 9, 10, 11, 2, 3, 13, 12, 0, 1> wht__tc_fx14;
typedef wht__tc_frame<8, 9, 10, 11, 2, 14, 13, 12, 0, 1> wht__tc_fx15;
template <unsigned K> struct wht__tc_xframe { typedef wht__tc_fx12 F; };
template <> struct wht__tc_xframe<13> { typedef wht__tc_fx13 F; };
template <> struct wht__tc_xframe<14> { typedef wht__tc_fx14 F; };
template <> struct wht__tc_xframe<15> { typedef wht__tc_fx15 F; };

/* 4 x 4 transpose of halves: word i holds bits (0, 1) = element index,
 * words indexed by (P0, P1); afterwards the roles are swapped. Its own
 * inverse. */
__device__ __forceinline__ void wht__tc_transpose(uint2 w[4])
{
  uint2 o[4];
#pragma unroll
  for (unsigned i = 0; i < 2; i++)
#pragma unroll
    for (unsigned j = 0; j < 2; j++) {
      const unsigned sel = i ? 0x7632u : 0x5410u;
      const uint32_t lo = __byte_perm(j ? w[0].y : w[0].x, j ? w[1].y : w[1].x, sel);
      const uint32_t hi = __byte_perm(j ? w[2].y : w[2].x, j ? w[3].y : w[3].x, sel);
      o[i + 2 * j] = make_uint2(lo, hi);
    }
#pragma unroll
  for (unsigned i = 0; i < 4; i++) w[i] = o[i];
}

/* Stage a alone on the 4 units, where a W2's b stage would be an identity
 * (tile bits already transformed): y[s][i][r] = output rows g + 8r of
 * side s (the frame's w1_ layout). The identity stage it saves only
 * copies finite values (the CPU model has no such stage); it would turn
 * a zero times an infinity of the tile into NaN, which the model does
 * not cover. */
template <class M>
__device__ __forceinline__ void wht__tc_w1(const uint2 v[2][4], const uint32_t aa[4], uint32_t y[2][4][2])
{
#pragma unroll
  for (unsigned i = 0; i < 4; i++)
#pragma unroll
    for (unsigned s = 0; s < 2; s++) M::stage(y[s][i], aa, v[s][i].x, v[s][i].y);
}

/* Two stages (A = aa, then A = ab) on the 4 units v[s][i]. */
template <class M>
__device__ __forceinline__ void wht__tc_w2(uint2 v[2][4], const uint32_t aa[4], const uint32_t ab[4])
{
#pragma unroll
  for (unsigned i = 0; i < 4; i++) {
    uint32_t y0[2], y1[2], z0[2], z1[2];
    M::stage(y0, aa, v[0][i].x, v[0][i].y);
    M::stage(y1, aa, v[1][i].x, v[1][i].y);
    M::stage(z0, ab, y0[0], y1[0]);
    M::stage(z1, ab, y0[1], y1[1]);
    v[0][i] = make_uint2(z0[0], z1[0]);
    v[1][i] = make_uint2(z0[1], z1[1]);
  }
}

#endif
