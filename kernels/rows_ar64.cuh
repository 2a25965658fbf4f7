/* rows_ar64.cuh - Alman-Rao's f64 rows of 2^6..2^10 in a warp's registers
 * and of 2^11..2^14 in a block's (below)
 * (issue 15: alman-rao at folklore's speed in every format; on the tiles
 * its f64 rows of 2^10 took 1.26x folklore on an H200), included by
 * rows_ar.cuh. rows_ar.cuh's warp tile holds 64 words a lane, which in
 * f64 would be 128 registers of values; here a warp holds a tile of 2^10
 * doubles, 32 a lane (five register bits), and since a radix-8 group
 * needs three of them, each group after the first gets a layout of its
 * own, the tile going through the warp's 8 KiB of shared memory once
 * more a group:
 *   - the 16-byte vectors land in shared memory in element order and are
 *     read back as layout B: lane L holds elements 32L .. 32L + 31
 *     (element bits 0-4 in registers); there the head round: folklore
 *     stages 0..f-1 (f = K mod 3), x_i *= 2^(nonzero octal digits of
 *     i >> f) (i the index in the row), the radix-8 group on bits f..f+2;
 *   - for each later group, on bits s..s+2 (s = f + 3, f + 6, .. up to
 *     K - 3), stored and read back as layout C_c, c = min(s, 5): register
 *     v of lane l is element (l mod 2^c) | v << c | (l >> c) << (c + 5),
 *     the group on register bits s - c .. s - c + 2;
 *   - each element stored from the last layout (c >= 3: a warp's store
 *     covers runs of at least 64 bytes, whole 32-byte sectors).
 * The groups run in increasing order with wht__alman_rao_alg's own head
 * and radix8, so the result is the tiles' and the CPU's bit for bit.
 * Shared memory holds 16-byte slots s (two doubles; row R = s >> 3 of
 * eight slots, column s & 7) at column (s & 7) ^ g(R), g(R) = ((R >> 1) &
 * 7) ^ (((R >> 4) & 1) << 2): the coalesced stores (eight consecutive
 * slots of a row a quarter warp) and layout B's loads and stores (lane
 * L's slots 16L + j: eight lanes, eight columns) are free of bank
 * conflicts, and so are layout C_c's 8-byte accesses (half a warp at a
 * time: 16 consecutive doubles of one row for c = 4, 5; for c = 3 eight
 * of row R and eight of row R + 16, which g sends to the other half of
 * the columns). */
#ifndef WHT_KERNELS_ROWS_AR64_CUH
#define WHT_KERNELS_ROWS_AR64_CUH

/* the double of element e (0..1023) of the tile, in doubles */
__device__ __forceinline__ unsigned wht__rows_ar64_pos(unsigned e)
{
  const unsigned s = e >> 1, R = s >> 3;
  return ((s ^ (((R >> 1) & 7u) ^ (((R >> 4) & 1u) << 2))) << 1) | (e & 1u);
}

/* ... of 16-byte slot s (0..511), in slots */
__device__ __forceinline__ unsigned wht__rows_ar64_slot(unsigned s) { return wht__rows_ar64_pos(s * 2u) >> 1; }

/* the element of register v of lane (or thread) l in layout C_c (and
 * the block rows' P_c below) */
template <unsigned c>
__device__ __forceinline__ unsigned wht__rows_ar64_elem(unsigned l, unsigned v)
{
  return (l & ((1u << c) - 1u)) | (v << c) | ((l >> c) << (c + 5));
}

/* the groups on bits s, s + 3, .. up to K - 3, each in its layout C_c
 * (x holds layout Cprev's values, Cprev = 0: layout B), then the stores:
 * to dst + base (the elements below N), or (TOROW) to the row in shared
 * memory at dst (the whole tile, for base < N) */
template <class A, unsigned K, bool TOROW, unsigned s, unsigned cprev>
__device__ __forceinline__ void wht__rows_ar64_later(double *x, double *sh, unsigned lane, unsigned long long *dst,
                                                     uint64_t base, uint64_t N)
{
  typedef wht__f64_ops F;
  if constexpr (s + 3 <= K) {
    constexpr unsigned c = s < 5 ? s : 5;
    __syncwarp(); /* every lane has read its doubles */
    if constexpr (cprev) {
#pragma unroll
      for (unsigned v = 0; v < 32; v++) sh[wht__rows_ar64_pos(wht__rows_ar64_elem<cprev>(lane, v))] = x[v];
    } else { /* layout B in 16-byte slots, as it was read (by the double, lanes L and L + 8 met in a bank) */
#pragma unroll
      for (unsigned j = 0; j < 16; j++)
        ((double2 *)sh)[wht__rows_ar64_slot(lane * 16u + j)] = make_double2(x[2 * j], x[2 * j + 1]);
    }
    __syncwarp();
#pragma unroll
    for (unsigned v = 0; v < 32; v++) x[v] = sh[wht__rows_ar64_pos(wht__rows_ar64_elem<c>(lane, v))];
#pragma unroll
    for (unsigned o = 0; o < 32; o++)
      if (((o >> (s - c)) & 7u) == 0) A::template group<F>(x, o, 1u << (s - c));
    wht__rows_ar64_later<A, K, TOROW, s + 3, c>(x, sh, lane, dst, base, N);
  } else if constexpr (TOROW) { /* c = 5 here: 16 consecutive doubles a half warp */
    __syncwarp(); /* the row's part the tile goes to is sh: every lane has read its doubles */
    if (base < N)
#pragma unroll
      for (unsigned v = 0; v < 32; v++) dst[wht__rows_ar64_elem<cprev>(lane, v)] = F::to_bits(x[v]);
  } else { /* the elements below N */
    static_assert(cprev >= 3, "the stores from a layout C_c");
#pragma unroll
    for (unsigned v = 0; v < 32; v++) {
      const uint64_t g = base + wht__rows_ar64_elem<cprev>(lane, v);
      if (g < N) dst[g] = F::to_bits(x[v]);
    }
  }
}

/* The warp tile at element base (2^10 doubles, rows of 2^K) by lane
 * `lane`, sh its 8 KiB of shared memory; TOROW: the tile is part of a row
 * of 2^ks (ks > K, ks - K a multiple of 3), whose index sets the head's scale, and
 * dst the tile's place in the row's shared memory (the block rows below) */
template <class A, unsigned K, bool TOROW = false>
__device__ __forceinline__ void wht__rows_ar64_warp(const unsigned long long *src, unsigned long long *dst, uint64_t N,
                                                    uint4 *sh, uint64_t base, unsigned lane, unsigned ks = K)
{
  typedef wht__f64_ops F;
  static_assert(A::HEAD_SCALE && K >= 6 && K <= 10, "Alman-Rao's f64 rows of 2^6..2^10");
  static_assert(!TOROW || K >= 8, "a lane's doubles in one row of 2^K: c = 5 last");
  constexpr unsigned f = K % 3, b = f + 3; /* b: the bits under the head's lowest digit */
  uint4 r[16];
  wht__rows_load<16, 1>(src, base, N, lane, r);
#pragma unroll
  for (unsigned i = 0; i < 16; i++) sh[wht__rows_ar64_slot(i * 32u + lane)] = r[i];
  __syncwarp();
  double x[32];
#pragma unroll
  for (unsigned j = 0; j < 16; j++) {
    const uint4 q = sh[wht__rows_ar64_slot(lane * 16u + j)];
    x[2 * j] = __hiloint2double((int)q.y, (int)q.x);
    x[2 * j + 1] = __hiloint2double((int)q.w, (int)q.z);
  }
  /* layout B: the head round. Register v of the lane holds element
   * i = (32 lane + v) mod 2^K of its row; its digits above the lowest, of
   * i >> b, share v >> b (2^(5-b) values) */
  unsigned hi[1u << (5 - b)];
  wht__rows_ar_head_lo<F, K, 5>(x, lane, hi);
  /* in a row of 2^ks the digits of the index of the lane's row of 2^K
   * in it add (K - f is a multiple of 3) */
  const unsigned rd = TOROW ? wht__rows_ar_digits64(((base + (lane << 5)) & (((uint64_t)1 << ks) - 1u)) >> K) : 0u;
#pragma unroll
  for (unsigned t = 0; t < 32; t++) x[t] = F::mul(x[t], F::pow2(rd + hi[t >> b] + (((t >> f) & 7u) != 0)));
#pragma unroll
  for (unsigned o = 0; o < 32; o++)
    if (((o >> f) & 7u) == 0) A::template group<F>(x, o, 1u << f);
  wht__rows_ar64_later<A, K, TOROW, f + 3, 0>(x, (double *)sh, lane, dst, base, N);
}

/* four warps a block, 8 KiB of shared memory each */
template <class A, unsigned K>
__global__ void __launch_bounds__(128)
    wht__rows_ar64_kernel(const unsigned long long *src, unsigned long long *dst, uint64_t N, unsigned ahead)
{
  __shared__ uint4 sh[4][512];
  const uint64_t base = ((blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) >> 5) << 10;
  wht__rows_prefetch<10>(src, base, N, ahead); /* rows_reg.cuh */
  if (base >= N) return; /* the whole warp */
  wht__rows_ar64_warp<A, K>(src, dst, N, sh[threadIdx.x >> 5], base, threadIdx.x & 31u);
}

/* Rows of 2^11..2^14 a block (8 warps, a row of 2^14 16), each row in
 * its part of the block's shared memory, as rows_ar_blk.cuh's: with K1 =
 * K - 3 (K = 14: K1 = 8) each warp runs its tile as rows of 2^K1 (the
 * warp rows above, the head with the digits of each element's index in
 * the row) and stores it into the row, in element order, over the 8 KiB
 * that served it as scratch; after the block's barrier the row's groups
 * on bits s = K1 (and K1 + 3) run in layout P_p, p = min(s, K - 5):
 * register v of thread t (of the row's 2^(K-5)) is element (t mod 2^p) |
 * v << p | (t >> p) << (p + 5), so that a warp's shared accesses and its
 * stores are 32 consecutive doubles a register. */
/* The warp rows' length (log2) in a block row of 2^K: K - 3, or 8 for K = 14 */
static constexpr unsigned wht__rows_ar64_k1(unsigned K) { return K == 14 ? 8 : K - 3; }

template <unsigned K>
struct wht__rows_ar64_blk_shape {
  static constexpr unsigned WPR = 1u << (K - 10), K1 = wht__rows_ar64_k1(K);
  static constexpr unsigned ROWS = WPR < 8 ? 8 / WPR : 1, THREADS = 32u * WPR * ROWS;
  static constexpr size_t SMEM = (size_t)ROWS << (K + 3);
  static constexpr unsigned MIN_BLOCKS = 65536u / (THREADS * 128u); /* at most 128 registers */
};

/* the row's groups on bits s, s + 3, .. up to K - 3 (x holds layout P_pprev's
 * values; none yet for pprev = 0), then the stores to out */
template <class A, unsigned K, unsigned s, unsigned pprev>
__device__ __forceinline__ void wht__rows_ar64_blk_groups(double *x, double *rd, unsigned t, unsigned long long *out,
                                                          bool store)
{
  typedef wht__f64_ops F;
  if constexpr (s + 3 <= K) {
    constexpr unsigned p = s < K - 5 ? s : K - 5;
    if constexpr (pprev) {
#pragma unroll
      for (unsigned v = 0; v < 32; v++) rd[wht__rows_ar64_elem<pprev>(t, v)] = x[v];
      __syncthreads();
    }
#pragma unroll
    for (unsigned v = 0; v < 32; v++) x[v] = rd[wht__rows_ar64_elem<p>(t, v)];
#pragma unroll
    for (unsigned o = 0; o < 32; o++)
      if (((o >> (s - p)) & 7u) == 0) A::template group<F>(x, o, 1u << (s - p));
    wht__rows_ar64_blk_groups<A, K, s + 3, p>(x, rd, t, out, store);
  } else if (store) {
#pragma unroll
    for (unsigned v = 0; v < 32; v++) out[wht__rows_ar64_elem<pprev>(t, v)] = F::to_bits(x[v]);
  }
}

template <class A, unsigned K>
__global__ void __launch_bounds__(wht__rows_ar64_blk_shape<K>::THREADS, wht__rows_ar64_blk_shape<K>::MIN_BLOCKS)
    wht__rows_ar64_blk_kernel(const unsigned long long *src, unsigned long long *dst, uint64_t N, unsigned ahead,
                              unsigned ks)
{
  typedef wht__rows_ar64_blk_shape<K> S;
  extern __shared__ uint4 wht__rows_ar64_smem[];
  { /* lane 0 of each warp asks L2 for its tile of the block `ahead` on
     * (a hint; rows_prefetch.cuh), whole blocks below N only */
    const uint64_t b0 = ((uint64_t)(blockIdx.x + ahead) * (S::THREADS >> 5)) << 10;
    if (ahead && (threadIdx.x & 31u) == 0 && b0 + ((uint64_t)(S::THREADS >> 5) << 10) <= N)
      wht__l2_prefetch(src + b0 + ((uint64_t)(threadIdx.x >> 5) << 10), 8u << 10);
  }
  /* warp w of the block's row j (a row a block: 0) */
  const unsigned lane = threadIdx.x & 31u, w = S::ROWS > 1 ? (threadIdx.x >> 5) & (S::WPR - 1u) : threadIdx.x >> 5,
                 j = S::ROWS > 1 ? threadIdx.x / (32u * S::WPR) : 0u;
  const uint64_t row = ((uint64_t)blockIdx.x * S::ROWS + j) << K;
  uint4 *const rs = wht__rows_ar64_smem + (j << (K - 1)); /* the row's 2^K doubles */
  wht__rows_ar64_warp<A, S::K1, true>(src, (unsigned long long *)rs + (w << 10), N, rs + w * 512u,
                                      row + ((uint64_t)w << 10), lane, ks);
  __syncthreads();
  double x[32];
  wht__rows_ar64_blk_groups<A, K, S::K1, 0>(x, (double *)rs, lane | (w << 5), dst + row,
                                             S::ROWS == 1 || row < N); /* not a last block's rows past the end */
}

/* ks: the rows' length (rows of 2^K), or that of the vectors whose first
 * pass they are (single_ar64.cuh: the head's scale by the digits of each
 * element's index in them) */
template <class A, unsigned K>
static wht_status wht__rows_ar64_blk_launch(const void *src, void *dst, uint64_t N, unsigned ks)
{
  typedef wht__rows_ar64_blk_shape<K> S;
  static size_t raised[WHT__MAX_DEVICES];
  const wht_status st = wht__rows_raise_smem((const void *)wht__rows_ar64_blk_kernel<A, K>, S::SMEM, raised);
  if (st != WHT_OK) return st;
  const uint64_t blocks = ((N >> K) + S::ROWS - 1) / S::ROWS;
  if (blocks > 0x7fffffffu) return WHT_E_SIZE;
  wht__rows_ar64_blk_kernel<A, K><<<(unsigned)blocks, S::THREADS, S::SMEM>>>(
      (const unsigned long long *)src, (unsigned long long *)dst, N, wht__rows_ahead(S::SMEM), ks);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

/* The block's shared memory for rows of 2^k, k = 11..14 */
static constexpr size_t wht__rows_ar64_smem_of(unsigned k) { return (k < 13 ? (size_t)8 >> (k - 10) : 1) << (k + 3); }

/* Rows of 2^K (K = 6..14) of N doubles, 16-byte aligned pointers; ks > K
 * (K = 11..14): the first pass of vectors of 2^ks */
template <class A>
static wht_status wht__rows_ar64_launch(const void *src, void *dst, uint64_t N, unsigned K, unsigned ks)
{
  typedef unsigned long long U;
  typedef void (*kern)(const U *, U *, uint64_t, unsigned);
  typedef wht_status (*blk)(const void *, void *, uint64_t, unsigned);
  static const kern by_k[5] = { wht__rows_ar64_kernel<A, 6>, wht__rows_ar64_kernel<A, 7>, wht__rows_ar64_kernel<A, 8>,
                                wht__rows_ar64_kernel<A, 9>, wht__rows_ar64_kernel<A, 10> };
  static const blk blk_by_k[4] = { wht__rows_ar64_blk_launch<A, 11>, wht__rows_ar64_blk_launch<A, 12>,
                                   wht__rows_ar64_blk_launch<A, 13>, wht__rows_ar64_blk_launch<A, 14> };
  static_assert(wht__rows_ar64_smem_of(11) == wht__rows_ar64_blk_shape<11>::SMEM &&
                    wht__rows_ar64_smem_of(12) == wht__rows_ar64_blk_shape<12>::SMEM &&
                    wht__rows_ar64_smem_of(13) == wht__rows_ar64_blk_shape<13>::SMEM &&
                    wht__rows_ar64_smem_of(14) == wht__rows_ar64_blk_shape<14>::SMEM,
                "the fits' shared memory");
  if (K >= 11 && K <= 14 && (ks == K || (ks > K && (ks - K) % 3 == 0))) return blk_by_k[K - 11](src, dst, N, ks);
  if (K < 6 || K > 10 || ks != K) return WHT_E_SIZE;
  const uint64_t tiles = (N + 1023u) >> 10, blocks = (tiles + 3) / 4;
  if (blocks > 0x7fffffffu) return WHT_E_SIZE;
  by_k[K - 6]<<<(unsigned)blocks, 128>>>((const U *)src, (U *)dst, N, wht__rows_ahead(sizeof(U) << 12));
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

#endif
