/* rows_ar_blk.cuh - rows of 2^12..2^15 (f32) and 2^12..2^16 (f16, bf16)
 * of Alman-Rao and the block algorithms on its schedule in one block's
 * registers and shared memory (issue 15: alman-rao at folklore's speed in
 * every size; the tiles take these rows in one pass over shared memory at
 * 1.3-1.9x the add-one kernel on an H200), included by single_ar.cuh.
 * With K1 = 9 + K mod 3 a row is 2^(K-11) warp tiles of rows_ar.cuh
 * (2^11 words each), a block a row:
 *   - each warp runs its tile as rows of 2^K1 (rows_ar.cuh's warp rows: the
 *     head with the digits of each element's index in the row, the groups
 *     up to bit K1 - 1) and stores it, in element order, into the row's
 *     shared memory, its own 8 KB (which served it as scratch);
 *   - after the block's barrier each lane holds 64 words of the row: word
 *     lane | w << 5 | v << (KW - 6) (KW: log2 of the row's 32-bit words; a
 *     2-byte row's word two neighbouring elements, on lane pairs), the
 *     register bits the row's top six word bits, which hold its stages
 *     K1..K-1 (3 or 6 of them): their groups run there, and each warp
 *     stores 32 consecutive words a register (whole 128-byte lines; the
 *     shared reads likewise free of bank conflicts).
 * The groups are the algorithm's own in increasing order (the warp rows'
 * then these), so the result is the CPU's bit for bit; the host twin is
 * single_ar.cuh's wht__sar_emulate (the rows of 2^K1, then these groups). */
#ifndef WHT_KERNELS_ROWS_AR_BLK_CUH
#define WHT_KERNELS_ROWS_AR_BLK_CUH

template <class F, unsigned K>
struct wht__sar_blk_shape {
  static constexpr unsigned EL = sizeof(typename F::U) == 2 ? 1 : 0;
  static constexpr unsigned KW = K - EL;               /* the row's words, log2 */
  static constexpr unsigned THREADS = 32u << (KW - 11); /* a warp a tile of 2^11 words */
  static constexpr unsigned K1 = 9 + K % 3, R = K - K1; /* R: the stages here, 3 or 6 */
  static constexpr size_t SMEM = (size_t)4 << KW;
  /* at most 128 registers: 2^16 of them over the resident blocks */
  static constexpr unsigned MIN_BLOCKS = 65536u / (THREADS * 128u);
};

/* The smallest and largest k of these rows by element size */
#define WHT__SAR_BLK_KMIN 12u
static constexpr unsigned wht__sar_blk_kmax(unsigned esz) { return esz == 2 ? 16u : 15u; }

template <class F, class A, unsigned K>
__global__ void __launch_bounds__(wht__sar_blk_shape<F, K>::THREADS, wht__sar_blk_shape<F, K>::MIN_BLOCKS)
    wht__sar_blk_kernel(const typename F::U *src, typename F::U *dst, uint64_t N)
{
  typedef wht__sar_blk_shape<F, K> S;
  typedef typename wht__rows_ar_vals<F>::FV FV;
  extern __shared__ uint4 wht__sar_blk_smem[];
  const unsigned lane = threadIdx.x & 31u, w = threadIdx.x >> 5;
  const uint64_t row = (uint64_t)blockIdx.x << K;
  wht__rows_ar_warp<F, A, S::K1, true, true>(src, (typename F::U *)wht__sar_blk_smem, N, wht__sar_blk_smem + w * 512u,
                                             row + ((uint64_t)w << wht__rows_ar_vals<F>::T), lane, K);
  __syncthreads();
  const unsigned *wd = (const unsigned *)wht__sar_blk_smem;
  typename FV::T x[64];
  const unsigned t = lane | (w << 5);
#pragma unroll
  for (unsigned v = 0; v < 64; v++) x[v] = FV::from_bits(wd[t | (v << (S::KW - 6))]);
#pragma unroll
  for (unsigned g = 6 - S::R; g < 6; g += 3) wht__sar_group<F, A>(x, g);
  unsigned *out = (unsigned *)(dst + row);
#pragma unroll
  for (unsigned v = 0; v < 64; v++) out[t | (v << (S::KW - 6))] = FV::to_bits(x[v]);
}

template <class F, class A, unsigned K>
static wht_status wht__sar_blk_launch_k(const typename F::U *src, typename F::U *dst, uint64_t N)
{
  typedef wht__sar_blk_shape<F, K> S;
  static size_t raised[WHT__MAX_DEVICES];
  const wht_status st = wht__rows_raise_smem((const void *)wht__sar_blk_kernel<F, A, K>, S::SMEM, raised);
  if (st != WHT_OK) return st;
  const uint64_t rows = N >> K;
  if (rows > 0x7fffffffu) return WHT_E_SIZE;
  wht__sar_blk_kernel<F, A, K><<<(unsigned)rows, S::THREADS, S::SMEM>>>(src, dst, N);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* Rows of 2^k (k = 12..wht__sar_blk_kmax), N elements in all */
template <class F, class A>
static wht_status wht__sar_blk_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef typename F::U U;
  typedef wht_status (*fn)(const U *, U *, uint64_t);
  static const fn by_k[5] = { wht__sar_blk_launch_k<F, A, 12>, wht__sar_blk_launch_k<F, A, 13>,
                              wht__sar_blk_launch_k<F, A, 14>, wht__sar_blk_launch_k<F, A, 15>,
                              sizeof(U) == 2 ? wht__sar_blk_launch_k<F, A, (sizeof(U) == 2 ? 16 : 15)> : NULL };
  if (k < WHT__SAR_BLK_KMIN || k > wht__sar_blk_kmax((unsigned)sizeof(U)) || !by_k[k - 12]) return WHT_E_SIZE;
  return by_k[k - 12]((const U *)src, (U *)dst, N);
}

#endif
