/* rows_comp.cuh - the compensated algorithms' (kahan, neumaier) batched
 * rows in a warp's registers, the error terms with them (issue 15:
 * compensation that costs instructions, not memory): the shape of
 * rows_reg.cuh's warp kernel, each element a value x and its error term
 * e (e = 0 at the start, y = x - e stored at the end, as the tiles'
 * first and last passes), f32 rows of 2^7..2^10 and f64 rows of
 * 2^6..2^9 (eight vectors a lane; the error terms double the registers).
 * 2-byte formats stay on the tiles (their lane pairs).
 *
 * Stages inside a vector and across vectors are compensated.cuh's
 * butterfly on (A, eA), (B, eB). Across lanes each lane computes its own
 * half from its partner's x and e (two shuffles): the lower lane A', eA',
 * the upper B', eB', in one sequence of operations:
 *   s = y + x'  (lower: x + y = S; upper: y + (-x) = y - x = D)
 *   es = f + e' (lower: Es;         upper: Ed)
 *   p = s - es  (A' or B')
 *   e_new = ERR::a(p, A, B'') + es, with A = the lower lane's x and
 *   B'' = the upper lane's x, negated on the upper lane,
 * where x' and e' are the lane's own x and e, negated on the upper lane.
 * ERR::b(P, A, B) is ERR::a(P, A, -B) bit for bit for both recoveries
 * (kahan: (P - A) + B = (P - A) - (-B); neumaier's three sums likewise,
 * and |-B| = |B|), IEEE addition is commutative and u - v is u + (-v),
 * so every lane's result is the CPU's. */
#ifndef WHT_KERNELS_ROWS_COMP_CUH
#define WHT_KERNELS_ROWS_COMP_CUH

#include "rows_reg.cuh"

template <class F, class ERR>
__device__ __forceinline__ void wht__rows_comp_bfly(typename F::T &A, typename F::T &eA, typename F::T &B,
                                                    typename F::T &eB)
{
  wht__compensated_butterfly<F, ERR>(A, eA, B, eB);
}

template <class F, class ERR, unsigned K>
__device__ __forceinline__ void wht__rows_comp_body(const typename F::U *src, typename F::U *dst, uint64_t N)
{
  typedef typename F::T T;
  typedef typename F::U U;
  typedef wht__rows_reg_shape<F> S;
  constexpr unsigned LV = S::LV, V = S::V, W = 8;
  const unsigned lane = threadIdx.x & 31u;
  const uint64_t base = ((blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) >> 5) << (LV + 8);
  if (base >= N) return; /* the whole warp */
  T x[W * V], e[W * V];
#pragma unroll
  for (unsigned i = 0; i < W; i++) {
    const uint64_t g = base + ((uint64_t)(i * 32u + lane) << LV);
    const uint4 r = g < N ? *(const uint4 *)(src + g) : make_uint4(0, 0, 0, 0);
    U u[V];
    memcpy(u, &r, sizeof u);
#pragma unroll
    for (unsigned v = 0; v < V; v++) {
      x[i * V + v] = F::from_bits(u[v]);
      e[i * V + v] = F::from_bits(0);
    }
  }
#pragma unroll
  for (unsigned s = 0; s < LV; s++)
#pragma unroll
    for (unsigned j = 0; j < W * V; j++)
      if (!(j & (1u << s))) wht__rows_comp_bfly<F, ERR>(x[j], e[j], x[j + (1u << s)], e[j + (1u << s)]);
#pragma unroll
  for (unsigned s = 0; s < 5; s++) {
    const bool upper = (lane >> s) & 1u;
#pragma unroll
    for (unsigned j = 0; j < W * V; j++) {
      const T y = __shfl_xor_sync(0xffffffffu, x[j], 1u << s), f = __shfl_xor_sync(0xffffffffu, e[j], 1u << s);
      const T xs = upper ? F::neg(x[j]) : x[j], es0 = upper ? F::neg(e[j]) : e[j];
      const T sum = F::add(y, xs), es = F::add(f, es0), p = F::sub(sum, es);
      const T A = upper ? y : x[j], Bn = upper ? xs : y;
      e[j] = F::add(ERR::template a<F>(p, A, Bn), es);
      x[j] = p;
    }
  }
#pragma unroll
  for (unsigned s = LV + 5; s < K; s++) {
    const unsigned h = V << (s - LV - 5);
#pragma unroll
    for (unsigned j = 0; j < W * V; j++)
      if (!(j & h)) wht__rows_comp_bfly<F, ERR>(x[j], e[j], x[j + h], e[j + h]);
  }
#pragma unroll
  for (unsigned i = 0; i < W; i++) {
    const uint64_t g = base + ((uint64_t)(i * 32u + lane) << LV);
    U u[V];
#pragma unroll
    for (unsigned v = 0; v < V; v++) u[v] = F::to_bits(F::sub(x[i * V + v], e[i * V + v]));
    uint4 r;
    memcpy(&r, u, sizeof r);
    if (g < N) *(uint4 *)(dst + g) = r;
  }
}

/* the body under ptxas's own register choice, and capped at 80 registers
 * (three blocks of 256 per multiprocessor); wht__rows_comp_launch
 * chooses */
template <class F, class ERR, unsigned K>
__global__ void __launch_bounds__(256) wht__rows_comp_kernel(const typename F::U *src, typename F::U *dst, uint64_t N)
{
  wht__rows_comp_body<F, ERR, K>(src, dst, N);
}

template <class F, class ERR, unsigned K>
__global__ void __launch_bounds__(256, 3) wht__rows_comp_kernel3(const typename F::U *src, typename F::U *dst,
                                                                 uint64_t N)
{
  wht__rows_comp_body<F, ERR, K>(src, dst, N);
}

/* whether rows of 2^k in format F run here: f32 and f64 at the warp
 * kernel's sizes but its largest (W = 8), 16-byte aligned pointers;
 * WHT_GPU_ROWS_REG=0 sends them to the tiles, as folklore's */
template <class F>
static bool wht__rows_comp_fits(unsigned k, const void *src, const void *dst)
{
  typedef wht__rows_reg_shape<F> S;
  static int on = -1;
  if (on < 0) on = wht__rows_env("WHT_GPU_ROWS_REG", 1) != 0;
  return on && S::V != 8 && k >= S::KMIN && k <= S::LV + 8 && (uintptr_t)src % 16 == 0 &&
         (uintptr_t)dst % 16 == 0;
}

template <class F, class ERR>
static wht_status wht__rows_comp_launch(const void *src, void *dst, uint64_t N, unsigned k)
{
  typedef wht__rows_reg_shape<F> S;
  typedef typename F::U U;
  typedef void (*kern)(const U *, U *, uint64_t);
  static const kern by_k[2][4] = {
    { wht__rows_comp_kernel<F, ERR, S::KMIN>, wht__rows_comp_kernel<F, ERR, S::KMIN + 1>,
      wht__rows_comp_kernel<F, ERR, S::KMIN + 2>, wht__rows_comp_kernel<F, ERR, S::KMIN + 3> },
    { wht__rows_comp_kernel3<F, ERR, S::KMIN>, wht__rows_comp_kernel3<F, ERR, S::KMIN + 1>,
      wht__rows_comp_kernel3<F, ERR, S::KMIN + 2>, wht__rows_comp_kernel3<F, ERR, S::KMIN + 3> }
  };
  /* ptxas's own choice where it leaves three blocks per multiprocessor
   * (at most 80 registers), else the cap: on an H100 the better of the
   * two at every size but f64 kahan rows of 2^7 (equal), e.g. kahan f32
   * rows of 2^7 1.08x the add-one kernel at 48 registers against 1.17x
   * capped, rows of 2^10 1.71x at 90 against 1.43x (docs/PERFORMANCE.md);
   * WHT_GPU_ROWS_COMP_MINB=0 forces the first, =3 the second */
  static int capped[4] = { -1, -1, -1, -1 };
  int &c = capped[k - S::KMIN];
  if (c < 0) {
    const unsigned forced = wht__rows_env("WHT_GPU_ROWS_COMP_MINB", 1);
    cudaFuncAttributes at;
    const bool known = forced != 0 && forced != 3 && cudaFuncGetAttributes(&at, (const void *)by_k[0][k - S::KMIN]) == cudaSuccess;
    if (forced != 0 && forced != 3 && !known) cudaGetLastError(); /* leave no error for the launch check */
    c = forced == 0 ? 0 : forced == 3 ? 1 : !(known && at.numRegs <= 80);
  }
  const unsigned task = S::LV + 8; /* log2 of a warp's elements */
  const uint64_t warps = (N + ((uint64_t)1 << task) - 1) >> task, blocks = (warps + 7) / 8;
  if (blocks > 0x7fffffffu) return WHT_E_SIZE;
  by_k[c][k - S::KMIN]<<<(unsigned)blocks, 256>>>((const U *)src, (U *)dst, N);
  return cudaGetLastError() == cudaSuccess ? WHT_OK : WHT_E_CUDA;
}

#endif
