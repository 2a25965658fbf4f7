/* tensor_core_mma.cuh - one 16-point stage on the tensor cores for the
 * three variants of the tensor-core algorithms: mma.sync m16n8k16 with a
 * constant 16 x 16 matrix A (a Hadamard block or the identity) and the
 * data as B, the result rounded to the storage format.
 *
 * Fragments (PTX ISA, "Matrix Fragments for mma.m16n8k16 with floating
 * point type"), lane = 4 g + t: A reg 0 = A[g][2t..2t+1], reg 1 = A[g+8][..],
 * reg 2 = A[g][2t+8..2t+9], reg 3 = A[g+8][2t+8..]; B reg 0 = B[2t..2t+1][g],
 * reg 1 = B[2t+8..2t+9][g]; D (f32) d0,d1 = D[g][2t..2t+1], d2,d3 = D[g+8][..]
 * (f16: reg 0 = D[g][2t..2t+1], reg 1 = D[g+8][..]). The lower half of a
 * register holds the lower column (or row) index. */
#ifndef WHT_KERNELS_TENSOR_CORE_MMA_CUH
#define WHT_KERNELS_TENSOR_CORE_MMA_CUH

#include <stdint.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

/* f16 storage, f32 accumulation */
struct wht__tc_f16 {
  static constexpr uint16_t ONE = 0x3c00, NEG = 0xbc00;
  static __device__ __forceinline__ void stage(uint32_t d[2], const uint32_t a[4], uint32_t b0,
                                               uint32_t b1)
  {
    float c0, c1, c2, c3;
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%10,%10,%10,%10};"
        : "=f"(c0), "=f"(c1), "=f"(c2), "=f"(c3)
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "f"(0.0f));
    const __half2 lo = __floats2half2_rn(c0, c1), hi = __floats2half2_rn(c2, c3);
    d[0] = *(const uint32_t *)&lo;
    d[1] = *(const uint32_t *)&hi;
  }
};

/* bf16 storage, f32 accumulation */
struct wht__tc_bf16 {
  static constexpr uint16_t ONE = 0x3f80, NEG = 0xbf80;
  static __device__ __forceinline__ void stage(uint32_t d[2], const uint32_t a[4], uint32_t b0,
                                               uint32_t b1)
  {
    float c0, c1, c2, c3;
    asm("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%10,%10,%10,%10};"
        : "=f"(c0), "=f"(c1), "=f"(c2), "=f"(c3)
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "f"(0.0f));
    const __nv_bfloat162 lo = __floats2bfloat162_rn(c0, c1), hi = __floats2bfloat162_rn(c2, c3);
    d[0] = *(const uint32_t *)&lo;
    d[1] = *(const uint32_t *)&hi;
  }
};

/* f16 storage, f16 accumulation: the tensor core's f16 result is the output */
struct wht__tc_f16acc {
  static constexpr uint16_t ONE = 0x3c00, NEG = 0xbc00;
  static __device__ __forceinline__ void stage(uint32_t d[2], const uint32_t a[4], uint32_t b0,
                                               uint32_t b1)
  {
    asm("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, "
        "{%8,%8};"
        : "=r"(d[0]), "=r"(d[1])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "r"(0u));
  }
};

/* This lane's A fragment of I (x) H over the k-index bits in `mask` (4 bits):
 * A[m][k] = 0 unless m and k agree outside the mask, else
 * (-1)^popcount(m & k & mask). mask 0 is the identity, 15 is H_16. */
template <class M>
__device__ __forceinline__ void wht__tc_afrag(uint32_t a[4], unsigned mask)
{
  const unsigned lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const unsigned rows[4] = { g, g + 8, g, g + 8 }, cols[4] = { 2 * t, 2 * t, 2 * t + 8, 2 * t + 8 };
#pragma unroll
  for (int r = 0; r < 4; r++) {
    uint32_t v = 0;
#pragma unroll
    for (int h = 0; h < 2; h++) {
      const unsigned m = rows[r], k = cols[r] + h;
      const uint32_t e = ((m ^ k) & ~mask & 15u) ? 0u
                         : (__popc(m & k & mask) & 1) ? M::NEG : M::ONE;
      v |= e << (16 * h);
    }
    a[r] = v;
  }
}

#endif
