/* bulk_copy.cuh - a row copied from device memory into shared memory by
 * the bulk-copy engine (cp.async.bulk, sm_90), its completion counted on
 * an mbarrier: the copy costs its one issuing thread a few instructions
 * and no load instructions or registers of the others. Used by the
 * tensor cores' rows of 2^15 (tensor_core_bulk.cuh). Compiled for an
 * arch below sm_90 the functions trap; their launcher takes them only
 * where the device's code is sm_90's or later (tensor_core.cu). */
#ifndef WHT_KERNELS_BULK_COPY_CUH
#define WHT_KERNELS_BULK_COPY_CUH

#include <stdint.h>

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define WHT__BULK_COPY_DEVICE 1
#endif

__device__ __forceinline__ unsigned wht__smem_u32(const void *p) { return (unsigned)__cvta_generic_to_shared(p); }

/* the mbarrier at bar: one arrival a phase (the thread that issues the
 * copy), its transaction bytes the copy's; made visible to the copy
 * engine (the async proxy) before any copy signals it */
__device__ __forceinline__ void wht__mbar_init(uint64_t *bar)
{
#ifdef WHT__BULK_COPY_DEVICE
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(wht__smem_u32(bar)) : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#else
  __trap();
#endif
}

/* until the phase of parity `parity` of bar has completed (the copy's
 * bytes have all landed); acquire: the waiting thread then sees them */
__device__ __forceinline__ void wht__mbar_wait(uint64_t *bar, unsigned parity)
{
#ifdef WHT__BULK_COPY_DEVICE
  asm volatile("{\n\t.reg .pred p;\n"
               "WHT_MBAR_WAIT_%=:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 p, [%0], %1;\n\t"
               "@!p bra WHT_MBAR_WAIT_%=;\n}" ::"r"(wht__smem_u32(bar)),
               "r"(parity)
               : "memory");
#else
  __trap();
#endif
}

/* bytes (a multiple of CHUNK, itself of 16) from src (16-byte aligned)
 * into shared memory at dst, completion on bar; one thread. The fence
 * orders the block's earlier accesses of dst (generic proxy, ordered
 * before this thread by a barrier) before the copy's writes (async
 * proxy). */
template <unsigned CHUNK>
__device__ __forceinline__ void wht__bulk_to_smem(void *dst, const void *src, unsigned bytes, uint64_t *bar)
{
#ifdef WHT__BULK_COPY_DEVICE
  const unsigned b = wht__smem_u32(bar), d = wht__smem_u32(dst);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(b), "r"(bytes) : "memory");
  for (unsigned o = 0; o < bytes; o += CHUNK)
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(d + o),
                 "l"((const char *)src + o), "r"(CHUNK), "r"(b)
                 : "memory");
#else
  __trap();
#endif
}

#endif
