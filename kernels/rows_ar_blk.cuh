/* rows_ar_blk.cuh - rows of 2^12..2^15 (f32) and 2^12..2^16 (f16, bf16)
 * of Alman-Rao and the block algorithms on its schedule in one block's
 * registers and shared memory (issue 15: alman-rao at folklore's speed in
 * every size; the tiles take these rows in one pass over shared memory at
 * 1.3-1.9x the add-one kernel on an H200), included by single_ar.cuh.
 * With K1 = 9 + K mod 3 a row is 2^(K-11) warp tiles of rows_ar.cuh
 * (2^11 words each), a block a row (2-byte rows of 2^12..2^14: 8, 4, 2
 * rows a block, each in its own part of the shared memory):
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
 * Each block first asks L2 for the block WHT_GPU_SAR_BLK_PF_BYTES (4 MiB)
 * on, as folklore's block rows do (rows_prefetch.cuh, wht__rows_ahead): a
 * block of 16 warps a multiprocessor otherwise leaves DRAM idle between
 * its stores and the next block's loads; and the first wave's blocks start
 * apart, as theirs do (rows_reg.cuh's wht__rows_stagger).
 * The groups are the algorithm's own in increasing order (the warp rows'
 * then these), so the result is the CPU's bit for bit; the host twin is
 * single_ar.cuh's wht__sar_emulate (the rows of 2^K1, then these groups). */
#ifndef WHT_KERNELS_ROWS_AR_BLK_CUH
#define WHT_KERNELS_ROWS_AR_BLK_CUH

template <class F, unsigned K>
struct wht__sar_blk_shape {
  static constexpr unsigned EL = sizeof(typename F::U) == 2 ? 1 : 0;
  static constexpr unsigned KW = K - EL;               /* the row's words, log2 */
  static constexpr unsigned WPR = 1u << (KW - 11);      /* a row's warps: a warp a tile of 2^11 words */
  static constexpr unsigned K1 = 9 + K % 3, R = K - K1; /* R: the stages here, 3 or 6 */
  /* rows a block: 2-byte rows of 2^12..2^14 in blocks of 8 warps, which
   * keeps the warps of several rows on the same code (on an H200, f16
   * rows of 2^13 a block a row stalled 2.1 cycles an issued instruction
   * on instruction fetch, 8 warps a block 0.2, 6-7 % faster at 2^13 and
   * 2^14; f32 rows gained nothing: docs/PERFORMANCE.md) */
  static constexpr unsigned ROWS = EL && WPR < 8 ? 8 / WPR : 1;
  static constexpr unsigned THREADS = 32u * WPR * ROWS;
  static constexpr size_t SMEM = (size_t)ROWS << (KW + 2);
  /* at most 128 registers: 2^16 of them over the resident blocks */
  static constexpr unsigned MIN_BLOCKS = 65536u / (THREADS * 128u);
};

/* A block's shared memory for rows of 2^k of esz-byte elements */
static constexpr size_t wht__sar_blk_smem_of(unsigned esz, unsigned k)
{
  return esz == 2 && k < 15 ? (size_t)1 << 16 : (size_t)1 << (k + (esz == 2 ? 1 : 2));
}

/* The smallest and largest k of these rows by element size */
#define WHT__SAR_BLK_KMIN 12u
static constexpr unsigned wht__sar_blk_kmax(unsigned esz) { return esz == 2 ? 16u : 15u; }

/* ROWS rows of 2^K from row blk * ROWS on 32 WPR ROWS threads and their
 * ROWS 2^(KW+2) bytes of shared memory at sm: the kernel below (ROWS:
 * the shape's), and single_ar.cuh's pair, whose first-pass tile is a
 * block of 8 warps (2^(14 - K) f32 rows, 2^(15 - K) 2-byte ones) */
template <class F, class A, unsigned K, unsigned ROWS>
__device__ __forceinline__ void wht__sar_blk_rows(const typename F::U *src, typename F::U *dst, uint64_t N,
                                                  unsigned ks, uint64_t blk, uint4 *sm)
{
  typedef wht__sar_blk_shape<F, K> S;
  typedef typename wht__rows_ar_vals<F>::FV FV;
  constexpr unsigned T = wht__rows_ar_vals<F>::T; /* a warp's tile, log2 */
  /* warp w of the block's row j (a row a block: 0) */
  const unsigned lane = threadIdx.x & 31u, w = ROWS > 1 ? (threadIdx.x >> 5) & (S::WPR - 1u) : threadIdx.x >> 5,
                 j = ROWS > 1 ? threadIdx.x / (32u * S::WPR) : 0u;
  const uint64_t row = (blk * ROWS + j) << K;
  uint4 *const rs = sm + (j << (S::KW - 2)); /* the row's 2^KW words */
  wht__rows_ar_warp<F, A, S::K1, true, true>(src, (typename F::U *)rs + ((size_t)w << T), N, rs + w * 512u,
                                             row + ((uint64_t)w << T), lane, ks);
  __syncthreads();
  const unsigned *wd = (const unsigned *)rs;
  typename FV::T x[64];
  const unsigned t = lane | (w << 5);
#pragma unroll
  for (unsigned v = 0; v < 64; v++) x[v] = FV::from_bits(wd[t | (v << (S::KW - 6))]);
#pragma unroll
  for (unsigned g = 6 - S::R; g < 6; g += 3) wht__sar_group<F, A>(x, g);
  unsigned *out = (unsigned *)(dst + row);
  if (ROWS == 1 || row < N) /* not a last block's rows past the end */
#pragma unroll
    for (unsigned v = 0; v < 64; v++) out[t | (v << (S::KW - 6))] = FV::to_bits(x[v]);
}

template <class F, class A, unsigned K>
__global__ void __launch_bounds__(wht__sar_blk_shape<F, K>::THREADS, wht__sar_blk_shape<F, K>::MIN_BLOCKS)
    wht__sar_blk_kernel(const typename F::U *src, typename F::U *dst, uint64_t N, unsigned ahead, unsigned ks,
                        unsigned stagger, unsigned wave, unsigned gm)
{
  typedef wht__sar_blk_shape<F, K> S;
  wht__rows_stagger_sleep(stagger, wave, gm); /* the first wave started apart: rows_reg.cuh */
  constexpr unsigned T = wht__rows_ar_vals<F>::T; /* a warp's tile, log2 */
  extern __shared__ uint4 wht__sar_blk_smem[];
  { /* lane 0 of each warp asks L2 for its tile of the block `ahead` on
     * (a hint; rows_prefetch.cuh), whole blocks below N only */
    const uint64_t b0 = ((uint64_t)(blockIdx.x + ahead) * (S::THREADS >> 5)) << T;
    if (ahead && (threadIdx.x & 31u) == 0 && b0 + ((uint64_t)(S::THREADS >> 5) << T) <= N)
      wht__l2_prefetch(src + b0 + ((uint64_t)(threadIdx.x >> 5) << T), (unsigned)(sizeof(typename F::U) << T));
  }
  wht__sar_blk_rows<F, A, K, S::ROWS>(src, dst, N, ks, blockIdx.x, wht__sar_blk_smem);
}

/* Blocks ahead for a block of smem bytes: WHT_GPU_SAR_BLK_PF_BYTES (read
 * once; 0: none) over smem, else 4 MiB over it, where folklore's block
 * rows take 2 MiB (wht__rows_ahead). With the first wave started apart,
 * on an H200 4 MiB took f32 rows of 2^15 from 1.07-1.08x the add-one
 * kernel to 1.05-1.06x, f16 2^16 from 1.19x to 1.18-1.19x (folklore's:
 * 1.05-1.06x -> 1.08-1.09x, so it keeps 2 MiB), 8 MiB lost 7-10 % at
 * 2^14, 2^15 (docs/PERFORMANCE.md, "the block rows' look-ahead") */
static unsigned wht__sar_blk_ahead(size_t smem)
{
  static unsigned bytes = ~0u;
  if (bytes == ~0u) bytes = wht__rows_env("WHT_GPU_SAR_BLK_PF_BYTES", 4u << 20);
  return wht__ahead_blocks(bytes, smem);
}

template <class F, class A, unsigned K>
static wht_status wht__sar_blk_launch_k(const typename F::U *src, typename F::U *dst, uint64_t N, unsigned ks)
{
  typedef wht__sar_blk_shape<F, K> S;
  static_assert(S::SMEM == wht__sar_blk_smem_of(sizeof(typename F::U), K), "the fits' shared memory");
  static size_t raised[WHT__MAX_DEVICES];
  static unsigned resident[WHT__MAX_DEVICES];
  const void *f = (const void *)wht__sar_blk_kernel<F, A, K>;
  const wht_status st = wht__rows_raise_smem(f, S::SMEM, raised);
  if (st != WHT_OK) return st;
  const uint64_t blocks = ((N >> K) + S::ROWS - 1) / S::ROWS;
  if (blocks > 0x7fffffffu) return WHT_E_SIZE;
  const wht__stagger sg = wht__rows_stagger_of(f, S::THREADS, S::SMEM, resident);
  wht__sar_blk_kernel<F, A, K><<<(unsigned)blocks, S::THREADS, S::SMEM>>>(src, dst, N, wht__sar_blk_ahead(S::SMEM), ks,
                                                                          sg.ns, sg.wave, sg.gm);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* Rows of 2^k (k = 12..wht__sar_blk_kmax), N elements in all, as the
 * first pass of vectors of 2^ks (ks >= k, the head's digits those of each
 * element's index in them; ks - k a multiple of 3; rows: ks = k) */
template <class F, class A>
static wht_status wht__sar_blk_launch(const void *src, void *dst, uint64_t N, unsigned k, unsigned ks)
{
  typedef typename F::U U;
  typedef wht_status (*fn)(const U *, U *, uint64_t, unsigned);
  static const fn by_k[5] = { wht__sar_blk_launch_k<F, A, 12>, wht__sar_blk_launch_k<F, A, 13>,
                              wht__sar_blk_launch_k<F, A, 14>, wht__sar_blk_launch_k<F, A, 15>,
                              sizeof(U) == 2 ? wht__sar_blk_launch_k<F, A, (sizeof(U) == 2 ? 16 : 15)> : NULL };
  if (k < WHT__SAR_BLK_KMIN || k > wht__sar_blk_kmax((unsigned)sizeof(U)) || !by_k[k - 12]) return WHT_E_SIZE;
  return by_k[k - 12]((const U *)src, (U *)dst, N, ks);
}

#endif
