/* bench_kernels.cu - wht-bench's device helpers: random fill (so that no
 * timing runs on zeros) and the in-place add-one reference kernel, one
 * 16-byte load and store per thread (the floor of any in-place pass: one
 * read and one write of every byte). */
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <stdint.h>
#include "wht.h"

static __device__ __forceinline__ uint64_t bench_mix(uint64_t z)
{
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

template <class T>
static __device__ __forceinline__ T bench_from_double(double v);
template <> __device__ __forceinline__ double bench_from_double<double>(double v) { return v; }
template <> __device__ __forceinline__ float bench_from_double<float>(double v) { return (float)v; }
template <> __device__ __forceinline__ __half bench_from_double<__half>(double v) { return __double2half(v); }
template <> __device__ __forceinline__ __nv_bfloat16 bench_from_double<__nv_bfloat16>(double v)
{
  return __double2bfloat16(v);
}

template <class T>
static __global__ void bench_fill_kernel(T *x, uint64_t N, uint64_t seed, double scale)
{
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < N;
       i += (uint64_t)gridDim.x * blockDim.x) {
    const uint64_t r = bench_mix(seed ^ bench_mix(i));
    x[i] = bench_from_double<T>(((double)(r >> 11) * 0x1p-52 - 1.0) * scale);
  }
}

/* One 16-byte vector per thread: V elements of T, each + 1. */
template <class T>
static __device__ __forceinline__ T bench_plus_one(T v);
template <> __device__ __forceinline__ double bench_plus_one<double>(double v) { return v + 1.0; }
template <> __device__ __forceinline__ float bench_plus_one<float>(float v) { return v + 1.0f; }
template <> __device__ __forceinline__ __half bench_plus_one<__half>(__half v)
{
  return __hadd(v, __ushort_as_half(0x3c00u));
}
template <> __device__ __forceinline__ __nv_bfloat16 bench_plus_one<__nv_bfloat16>(__nv_bfloat16 v)
{
  return __hadd(v, __ushort_as_bfloat16(0x3f80u));
}

template <class T>
static __global__ void bench_add_one_kernel(T *x, uint64_t N)
{
  const unsigned V = 16 / sizeof(T);
  const uint64_t nvec = N / V, w = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x;
  if (w < nvec) {
    union { uint4 u; T t[16 / sizeof(T)]; } v;
    v.u = ((const uint4 *)x)[w];
#pragma unroll
    for (unsigned i = 0; i < V; i++) v.t[i] = bench_plus_one<T>(v.t[i]);
    ((uint4 *)x)[w] = v.u;
  }
  if (w < N % V) x[nvec * V + w] = bench_plus_one<T>(x[nvec * V + w]); /* the tail */
}

template <class T>
static int bench_fill_t(void *d, uint64_t N, uint64_t seed, double scale)
{
  const uint64_t blocks = (N + 255) / 256;
  bench_fill_kernel<T><<<(unsigned)(blocks < 65536 ? (blocks ? blocks : 1) : 65536), 256>>>((T *)d, N, seed,
                                                                                           scale);
  return cudaGetLastError() == cudaSuccess ? 0 : -1;
}

template <class T>
static int bench_add_one_t(void *d, uint64_t N)
{
  const uint64_t V = 16 / sizeof(T), threads = N / V > N % V ? N / V : N % V;
  const uint64_t blocks = (threads + 255) / 256;
  if (!blocks) return 0;
  if (blocks > 0x7fffffffu) return -1;
  bench_add_one_kernel<T><<<(unsigned)blocks, 256>>>((T *)d, N);
  return cudaGetLastError() == cudaSuccess ? 0 : -1;
}

extern "C" int bench_fill(void *d, wht_format f, uint64_t N, uint64_t seed, double scale)
{
  switch (f) {
  case WHT_F64: return bench_fill_t<double>(d, N, seed, scale);
  case WHT_F32: return bench_fill_t<float>(d, N, seed, scale);
  case WHT_F16: return bench_fill_t<__half>(d, N, seed, scale);
  case WHT_BF16: return bench_fill_t<__nv_bfloat16>(d, N, seed, scale);
  default: return -1;
  }
}

extern "C" int bench_add_one(void *d, wht_format f, uint64_t N)
{
  switch (f) {
  case WHT_F64: return bench_add_one_t<double>(d, N);
  case WHT_F32: return bench_add_one_t<float>(d, N);
  case WHT_F16: return bench_add_one_t<__half>(d, N);
  case WHT_BF16: return bench_add_one_t<__nv_bfloat16>(d, N);
  default: return -1;
  }
}
