/* gpu_fixed.cu - the CUDA executor of the GPU oracle (gpu_fixed.h): the
 * element functions of fixed_gpu_ops.h as grid-stride kernels on device
 * memory, one template per step for __int128 and 256-bit values. The
 * transform runs in tiles of 2^11 (2^10) values in shared memory, all the
 * stages a tile holds in one pass (radix-8 groups of registers inside it):
 * 3 passes over device memory at k = 28 where groups of three stages
 * took 10. Then the conversion to hi + lo. Launches are asynchronous on
 * the default stream; get() copies back and synchronises, so any error of
 * a step surfaces there at the latest. */
#include <cuda_runtime.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
extern "C" {
#include "gpu_fixed.h"
}
#include "fixed_gpu_ops.h"

static cudaError_t last_err = cudaSuccess;

static int check(cudaError_t e)
{
  if (e == cudaSuccess) e = cudaGetLastError();
  if (e != cudaSuccess) {
    last_err = e;
    cudaGetLastError(); /* clear it: the CPU oracle goes on */
    return -1;
  }
  return 0;
}

static unsigned grid_for(uint64_t items)
{
  const uint64_t b = (items + 255) / 256;
  return (unsigned)(b < 65535 * 16 ? (b ? b : 1) : 65535 * 16);
}

/* the element steps by value type: __int128 or 256-bit */
static __device__ __forceinline__ void load_one(wht__u128 *x, uint64_t u, int q) { *x = wht__fx_load(u, q); }
static __device__ __forceinline__ void load_one(wht__u256 *x, uint64_t u, int q) { *x = wht__fx_load_w(u, q); }
static __device__ __forceinline__ void group(wht__u128 *X, uint64_t base, unsigned s, unsigned r)
{
  wht__fx_group(X, base, s, r);
}
static __device__ __forceinline__ void group(wht__u256 *X, uint64_t base, unsigned s, unsigned r)
{
  wht__fx_group_w(X, base, s, r);
}
static __device__ __forceinline__ wht__u128 mul_one(wht__u128 a, wht__u128 b) { return wht__fx_mul(a, b); }
static __device__ __forceinline__ wht__u256 mul_one(wht__u256 a, wht__u256 b) { return wht__fx_mul_w(a, b); }
static __device__ __forceinline__ int store_one(wht__u128 x, int e, uint64_t *hl) { return wht__fx_store(x, e, hl); }
static __device__ __forceinline__ int store_one(wht__u256 x, int e, uint64_t *hl) { return wht__fx_store_w(x, e, hl); }

template <typename T>
static __global__ void load_kernel(T *X, const double *D, uint64_t n, int q)
{
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x)
    load_one(&X[i], (uint64_t)__double_as_longlong(D[i]), q);
}

/* stages s .. s+b-1 of the 2^k values, one tile of 2^b values in shared
 * memory per group g (fixed_gpu_ops.h, WHT__FX_TILE_LOG2_*) */
template <typename T, unsigned B>
static __global__ void __launch_bounds__(256) tile_kernel(T *X, uint64_t groups, unsigned s, unsigned b)
{
  __shared__ T sh[1u << B];
  const uint64_t m = (uint64_t)1 << s;
  const unsigned cnt = 1u << b;
  for (uint64_t g = blockIdx.x; g < groups; g += gridDim.x) {
    const uint64_t base = wht__fx_group_base(g, s, b);
    for (unsigned j = threadIdx.x; j < cnt; j += blockDim.x) sh[j] = X[base + j * m];
    __syncthreads();
    for (unsigned t = 0; t < b;) {
      const unsigned r = b - t >= 3 ? 3 : b - t;
      /* r as a constant: the group's values stay in registers */
      for (unsigned h = threadIdx.x; h < cnt >> r; h += blockDim.x) {
        const uint64_t hb = wht__fx_group_base(h, t, r);
        if (r == 3)
          group(sh, hb, t, 3);
        else if (r == 2)
          group(sh, hb, t, 2);
        else
          group(sh, hb, t, 1);
      }
      __syncthreads();
      t += r;
    }
    for (unsigned j = threadIdx.x; j < cnt; j += blockDim.x) X[base + j * m] = sh[j];
    __syncthreads(); /* the next group's loads overwrite sh */
  }
}

static __global__ void phi_kernel(wht__u128 *X, uint64_t n, wht__i128 T)
{
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x)
    X[i] = wht__fx_phi(X[i], T);
}

static __global__ void phi_kernel_w(wht__u256 *X, uint64_t n, wht__u256 T)
{
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x)
    X[i] = wht__fx_phi_w(X[i], T);
}

template <typename T>
static __global__ void mul_kernel(T *X, const T *Y, uint64_t n)
{
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x)
    X[i] = mul_one(X[i], Y[i]);
}

static __global__ void lift_kernel(wht__u256 *Z, const wht__u128 *X, const wht__u128 *Y, uint64_t n)
{
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x)
    Z[i] = Y ? wht__fx_mul_lift(X[i], Y[i]) : wht__fx_lift(X[i]);
}

/* O: hi + lo, 16 bytes an element (O == X for __int128 values; an element
 * left to the CPU copies its integer there); counts[0]: overflows,
 * counts[1]: elements left to the CPU */
template <typename T>
static __global__ void store_kernel(const T *X, uint64_t n, int e, uint64_t *O, unsigned char *flags,
                                    unsigned long long *counts)
{
  unsigned long long over = 0, slow = 0;
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x) {
    uint64_t hl[2];
    const T x = X[i];
    const int r = store_one(x, e, hl);
    flags[i] = r == WHT__FX_SLOW;
    over += r == WHT__FX_OVERFLOW;
    slow += r == WHT__FX_SLOW;
    if (r == WHT__FX_SLOW) {
      hl[0] = (uint64_t)*(const wht__u128 *)&x;
      hl[1] = (uint64_t)(*(const wht__u128 *)&x >> 64);
    }
    O[2 * i] = hl[0];
    O[2 * i + 1] = hl[1];
  }
  if (over) atomicAdd(&counts[0], over);
  if (slow) atomicAdd(&counts[1], slow);
}

/* the range scan: per block the least lowest-bit exponent, the greatest
 * leading-bit one and the first non-finite index, merged by atomics (min
 * and max are exact whatever the order) into R: { low, lead, any } and bad */
struct range_acc {
  int low, lead, any;
  unsigned long long bad;
};

static __global__ void __launch_bounds__(256) range_kernel(const double *D, uint64_t n, range_acc *R)
{
  int low = INT_MAX, lead = INT_MIN, any = 0;
  unsigned long long bad = ULLONG_MAX;
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < n; i += (uint64_t)gridDim.x * blockDim.x) {
    int lo, ld;
    const int c = wht__fx_exps((uint64_t)__double_as_longlong(D[i]), &lo, &ld);
    if (c > 0) {
      low = lo < low ? lo : low;
      lead = ld > lead ? ld : lead;
      any = 1;
    } else if (c < 0 && i < bad) {
      bad = i;
    }
  }
  __shared__ int sl[8], sd[8], sa[8];
  __shared__ unsigned long long sb[8];
  low = __reduce_min_sync(0xffffffffu, low);
  lead = __reduce_max_sync(0xffffffffu, lead);
  any = __reduce_or_sync(0xffffffffu, (unsigned)any);
  for (int o = 16; o; o >>= 1) {
    const unsigned long long v = __shfl_xor_sync(0xffffffffu, bad, o);
    bad = v < bad ? v : bad;
  }
  const unsigned w = threadIdx.x / 32;
  if (threadIdx.x % 32 == 0) sl[w] = low, sd[w] = lead, sa[w] = any, sb[w] = bad;
  __syncthreads();
  if (threadIdx.x == 0) {
    for (unsigned j = 1; j < blockDim.x / 32; j++) {
      low = sl[j] < low ? sl[j] : low;
      lead = sd[j] > lead ? sd[j] : lead;
      any |= sa[j];
      bad = sb[j] < bad ? sb[j] : bad;
    }
    if (any) {
      atomicMin(&R->low, low);
      atomicMax(&R->lead, lead);
      atomicOr(&R->any, 1);
    }
    if (bad != ULLONG_MAX) atomicMin(&R->bad, bad);
  }
}

static int range(const void *D, size_t n, wht__range *r, size_t *bad)
{
  range_acc h = { INT_MAX, INT_MIN, 0, ULLONG_MAX }, *d = NULL;
  if (check(cudaMalloc(&d, sizeof h)) || check(cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice))) {
    if (d) cudaFree(d);
    return -1;
  }
  /* a few blocks per SM, each looping: one atomic per block */
  const unsigned blocks = grid_for(n) < 2048 ? grid_for(n) : 2048;
  range_kernel<<<blocks, 256>>>((const double *)D, n, d);
  const int rc = check(cudaSuccess) || check(cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost)) ? -1 : 0;
  cudaFree(d);
  if (rc) return -1;
  if (h.bad != ULLONG_MAX) {
    *bad = (size_t)h.bad;
    return 1;
  }
  r->any = h.any;
  r->q = h.any ? h.low : 0;
  r->t = h.any ? h.lead : 0;
  return 0;
}

static int available(size_t bytes, char *why, size_t len)
{
  int count = 0;
  size_t free_b = 0, total = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    cudaGetLastError();
    wht__msg(why, len, "no GPU");
    return -1;
  }
  if (check(cudaMemGetInfo(&free_b, &total)) != 0) {
    wht__msg(why, len, "cudaMemGetInfo: %s", cudaGetErrorString(last_err));
    return -1;
  }
  /* leave room for the transforms' own buffers of the sweep */
  if (bytes > free_b / 10 * 9) {
    wht__msg(why, len, "needs %zu MiB of device memory, %zu MiB free", bytes >> 20, free_b >> 20);
    return -1;
  }
  return 0;
}

static void *alloc(size_t bytes)
{
  void *p = NULL;
  return check(cudaMalloc(&p, bytes ? bytes : 16)) == 0 ? p : NULL;
}
static void release(void *p)
{
  if (p) cudaFree(p);
}
static int put(void *dst, const void *src, size_t bytes)
{
  return check(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice));
}
static int get(void *dst, const void *src, size_t bytes)
{
  return check(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost));
}

static int load(void *X, const void *D, size_t n, int q, unsigned L)
{
  if (L == 4)
    load_kernel<<<grid_for(n), 256>>>((wht__u256 *)X, (const double *)D, n, q);
  else
    load_kernel<<<grid_for(n), 256>>>((wht__u128 *)X, (const double *)D, n, q);
  return check(cudaSuccess);
}

template <typename T, unsigned B>
static int fwht_of(T *X, unsigned k)
{
  for (unsigned s = 0; s < k;) {
    const unsigned b = k - s >= B ? B : k - s;
    const uint64_t groups = (uint64_t)1 << (k - b);
    tile_kernel<T, B><<<(unsigned)(groups < 65535 * 16 ? groups : 65535 * 16), 256>>>(X, groups, s, b);
    if (check(cudaSuccess)) return -1;
    s += b;
  }
  return 0;
}

static int fwht(void *X, unsigned k, unsigned L)
{
  return L == 4 ? fwht_of<wht__u256, WHT__FX_TILE_LOG2_256>((wht__u256 *)X, k)
                : fwht_of<wht__u128, WHT__FX_TILE_LOG2_128>((wht__u128 *)X, k);
}

static int phi(void *X, size_t n, uint64_t tau_bits, int q, unsigned L)
{
  if (L == 4)
    phi_kernel_w<<<grid_for(n), 256>>>((wht__u256 *)X, n, wht__fx_load_w(tau_bits, q));
  else
    phi_kernel<<<grid_for(n), 256>>>((wht__u128 *)X, n, (wht__i128)wht__fx_load(tau_bits, q));
  return check(cudaSuccess);
}

static int mul(void *X, const void *Y, size_t n, unsigned L)
{
  if (L == 4)
    mul_kernel<<<grid_for(n), 256>>>((wht__u256 *)X, (const wht__u256 *)Y, n);
  else
    mul_kernel<<<grid_for(n), 256>>>((wht__u128 *)X, (const wht__u128 *)Y, n);
  return check(cudaSuccess);
}

static int lift(void *Z, const void *X, const void *Y, size_t n)
{
  lift_kernel<<<grid_for(n), 256>>>((wht__u256 *)Z, (const wht__u128 *)X, (const wht__u128 *)Y, n);
  return check(cudaSuccess);
}

static int store(void *X, size_t n, int e, unsigned L, void *O, void *flags, size_t *over, size_t *slow)
{
  unsigned long long *dc = NULL, hc[2] = { 0, 0 };
  if (check(cudaMalloc(&dc, sizeof hc)) || check(cudaMemset(dc, 0, sizeof hc))) {
    if (dc) cudaFree(dc);
    return -1;
  }
  if (L == 4)
    store_kernel<<<grid_for(n), 256>>>((const wht__u256 *)X, n, e, (uint64_t *)O, (unsigned char *)flags, dc);
  else
    store_kernel<<<grid_for(n), 256>>>((const wht__u128 *)X, n, e, (uint64_t *)O, (unsigned char *)flags, dc);
  const int rc = check(cudaSuccess) || check(cudaMemcpy(hc, dc, sizeof hc, cudaMemcpyDeviceToHost)) ? -1 : 0;
  cudaFree(dc);
  *over = (size_t)hc[0];
  *slow = (size_t)hc[1];
  return rc;
}

static const char *why(void) { return cudaGetErrorString(last_err); }

extern "C" const wht__fx_exec wht__fx_exec_gpu = { "gpu", available, alloc, release, put, get,
                                                  load, fwht, phi, mul, lift, store, range, why };
