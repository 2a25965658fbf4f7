/* tensor_core_bulk.cuh - the tensor cores' rows of 2^15 on the exchange
 * kernel's blocks (tensor_core_tile.cuh's wht__tc_x12_step_in: 8 warps of
 * four 1024-element units, three blocks a multiprocessor), each row
 * copied into the block's 64 KB of shared memory by the bulk-copy engine
 * (sm_90) instead of by the warps' loads (issue 16: rows at the add-one
 * kernel's speed).
 *
 * Why: the exchange kernel's warps load their units into registers, so a
 * block has at most what its registers hold in flight and its warps wait
 * on the loads (long scoreboard 4.5 a issued instruction, 1.04-1.06x the
 * add-one kernel on an H200). Here one thread asks for the whole row in
 * CH requests of 64/CH KB, each counted on its own mbarrier, and warp w0
 * waits only for the piece that holds its next unit (unit w0 + 8j lies in
 * piece j for CH = 4), transforms it (stages 0, 1) and writes it back in
 * place, swizzled (SIN); the rest of the step is the exchange kernel's
 * (stages 2, 3 on the exchanged units, the natural units stored in
 * 16-byte vectors), so the same mma stages on the same operands: the same
 * bits. In place is safe: a row's copy reads only that row, which no
 * other block writes. A block takes rows b, b + G, ... (G the grid; one
 * row a block below 2^24 rows, or fewer under WHT_TC_X15_GRID, which the
 * tests set so that the loop and the mbarriers' later phases run), each
 * row's copy after the barrier that ends the last. ahead: as the exchange
 * kernel, the row that many blocks on asked of L2 first.
 * docs/PERFORMANCE.md has the figures, and those of two persistent
 * designs, a block a multiprocessor with a ring of three rows: one team
 * of 8 warps (1.10x the add-one kernel) and two teams taking alternate
 * rows on named barriers (1.09-1.10x); neither kept. */
#ifndef WHT_KERNELS_TENSOR_CORE_BULK_CUH
#define WHT_KERNELS_TENSOR_CORE_BULK_CUH

#include "tensor_core_tile.cuh"
#include "bulk_copy.cuh"

/* row (2^15 elements at src) into buffer dst in CH pieces, piece c
 * counted on bar[c]; one thread */
template <unsigned CH>
__device__ __forceinline__ void wht__tc_bulk_row(char *dst, const uint16_t *src, uint64_t *bar)
{
  constexpr unsigned BYTES = 2u << 15;
#pragma unroll
  for (unsigned c = 0; c < CH; c++)
    wht__bulk_to_smem<BYTES / CH>(dst + c * (BYTES / CH), (const char *)src + c * (BYTES / CH), BYTES / CH, bar + c);
}

/* the row and CH mbarriers, bytes */
template <unsigned CH>
__host__ __device__ constexpr size_t wht__tc_bulk_smem() { return ((size_t)1 << 16) + 8u * CH; }

template <class M, unsigned CH>
__global__ void __launch_bounds__(256, 3) wht__tc_bulk_kernel(uint16_t *x, uint64_t rows, unsigned masks, unsigned ahead)
{
  static_assert(CH == 1 || CH == 4, "a piece holds the units of one j (CH = 4) or all");
  extern __shared__ uint4 wht__tc_bulk_sm[];
  constexpr unsigned BYTES = 2u << 15, UW = 4;
  uint64_t *bar = (uint64_t *)(wht__tc_bulk_sm + BYTES / 16);
  uint32_t a[4][4];
#pragma unroll
  for (unsigned j = 0; j < 4; j++) wht__tc_afrag<M>(a[j], masks >> 4 * j & 15u);
  if (threadIdx.x == 0)
#pragma unroll
    for (unsigned c = 0; c < CH; c++) wht__mbar_init(bar + c);
  __syncthreads();
  unsigned parity = 0;
  for (uint64_t r = blockIdx.x; r < rows; r += gridDim.x, parity ^= 1u) {
    if (threadIdx.x == 0) wht__tc_bulk_row<CH>((char *)wht__tc_bulk_sm, x + (r << 15), bar);
    if (ahead && r + ahead < rows && (threadIdx.x & 31u) == 0) {
      /* the warp's units of the row `ahead` blocks on */
#pragma unroll
      for (unsigned j = 0; j < UW; j++)
        wht__l2_prefetch(x + ((r + ahead) << 15) + ((uint64_t)((threadIdx.x >> 5) + 8u * j) << 10), 2048);
    }
    /* ends with a barrier: every read of the row is done before the next copy */
    wht__tc_x12_step_in<M, false, 15, true, false, true, UW, true>(x, r << 15, rows << 15, (uint2 *)wht__tc_bulk_sm, a,
                                                                    0, 0, bar, CH == 4 ? 3u : 5u, parity);
  }
}

#endif
