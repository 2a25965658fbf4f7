/* gpu_fixed.cu - the CUDA executor of the GPU oracle (gpu_fixed.h): the
 * element functions of fixed_gpu_ops.h as grid-stride kernels on device
 * memory, one template per step for __int128 and 256-bit values. The transform runs radix-8 passes (three stages per launch, each
 * thread one group of 8 values in registers), then a radix-4 or radix-2
 * tail: about k/3 passes of 32 bytes per element, milliseconds at k = 25
 * where the CPU engine takes a second; then the conversion to hi + lo in
 * place. Launches are asynchronous on the
 * default stream; get() copies back and synchronises, so any error of a
 * step surfaces there at the latest. */
#include <cuda_runtime.h>
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

template <unsigned R, typename T>
static __global__ void stages_kernel(T *X, uint64_t groups, unsigned s)
{
  for (uint64_t g = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; g < groups;
       g += (uint64_t)gridDim.x * blockDim.x)
    group(X, wht__fx_group_base(g, s, R), s, R);
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

template <typename T>
static int fwht_of(T *X, unsigned k)
{
  for (unsigned s = 0; s < k;) {
    const unsigned r = k - s >= 3 ? 3 : k - s;
    const uint64_t groups = (uint64_t)1 << (k - r);
    if (r == 3)
      stages_kernel<3><<<grid_for(groups), 256>>>(X, groups, s);
    else if (r == 2)
      stages_kernel<2><<<grid_for(groups), 256>>>(X, groups, s);
    else
      stages_kernel<1><<<grid_for(groups), 256>>>(X, groups, s);
    if (check(cudaSuccess)) return -1;
    s += r;
  }
  return 0;
}

static int fwht(void *X, unsigned k, unsigned L)
{
  return L == 4 ? fwht_of((wht__u256 *)X, k) : fwht_of((wht__u128 *)X, k);
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
                                                  load, fwht, phi, mul, store, why };
