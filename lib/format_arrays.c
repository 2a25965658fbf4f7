/* format_arrays.c - wht_store_doubles and wht_load_doubles: whole arrays
 * converted element by element (format.c's correctly rounded conversions,
 * f16 and bf16 inline from round_bits.h), one contiguous chunk per thread
 * (wht_parallel.h); loads sixteen at a time on AVX-512
 * (format_load_avx512.c). Each element's conversion depends on that element
 * alone, so the result is the same for any thread count. */
#include "wht.h"
#include "wht_parallel.h"
#include "round_bits.h"
#include "wht_internal.h"

static void store_block(wht_format f, void *dst, const double *src, size_t b, size_t e)
{
  switch (f) {
  case WHT_F64:
    for (size_t i = b; i < e; i++) ((double *)dst)[i] = src[i];
    break;
  case WHT_F32:
    for (size_t i = b; i < e; i++) ((float *)dst)[i] = (float)src[i];
    break;
  case WHT_F16:
    for (size_t i = b; i < e; i++) ((uint16_t *)dst)[i] = wht__f16_from_double(src[i]);
    break;
  case WHT_BF16:
    for (size_t i = b; i < e; i++) ((uint16_t *)dst)[i] = wht__bf16_from_double(src[i]);
    break;
  default:
    break;
  }
}

static void load_block(wht_format f, double *dst, const void *src, size_t b, size_t e)
{
  /* sixteen at a time where the CPU can (format_load_avx512.c: the same
   * doubles), the rest here */
  if (f != WHT_F64 && e > b + 16 && wht__format_load_simd())
    b += wht__format_load_avx512(f, dst + b, (const char *)src + b * wht_format_size(f), e - b);
  switch (f) {
  case WHT_F64:
    for (size_t i = b; i < e; i++) dst[i] = ((const double *)src)[i];
    break;
  case WHT_F32:
    for (size_t i = b; i < e; i++) dst[i] = ((const float *)src)[i];
    break;
  case WHT_F16:
    for (size_t i = b; i < e; i++) dst[i] = wht_f16_to_double(((const uint16_t *)src)[i]);
    break;
  case WHT_BF16:
    for (size_t i = b; i < e; i++) dst[i] = wht_bf16_to_double(((const uint16_t *)src)[i]);
    break;
  default:
    break;
  }
}

/* the arrays of a conversion, for wht__parallel_chunks */
typedef struct {
  wht_format f;
  void *dst;
  const void *src;
} arrays;

static void store_chunk(const void *cv, uint64_t b, uint64_t e)
{
  const arrays *c = cv;
  store_block(c->f, c->dst, c->src, (size_t)b, (size_t)e);
}

static void load_chunk(const void *cv, uint64_t b, uint64_t e)
{
  const arrays *c = cv;
  load_block(c->f, c->dst, c->src, (size_t)b, (size_t)e);
}

/* one past the last byte of n elements of esz bytes at p, saturated (an
 * array that long does not exist, but the comparisons must not wrap) */
static uintptr_t end_of(const void *p, size_t n, size_t esz)
{
  const uintptr_t a = (uintptr_t)p;
  return n > (UINTPTR_MAX - a) / esz ? UINTPTR_MAX : a + n * esz;
}

/* the arguments of a conversion: a format, and wherever n > 0 arrays
 * aligned to their elements (dsz, ssz bytes) that do not overlap: the
 * threads' chunks of an overlapping pair would read bytes another chunk
 * has written (and a load in place overwrites elements before it reads
 * them) */
static wht_status check(wht_format f, const void *dst, size_t dsz, const void *src, size_t ssz, size_t n)
{
  if ((unsigned)f >= WHT_NFORMATS) return WHT_E_FORMAT;
  if (!n) return WHT_OK;
  if (!dst || !src) return WHT_E_NULL;
  if ((uintptr_t)dst % dsz || (uintptr_t)src % ssz) return WHT_E_ALIGN;
  if ((uintptr_t)dst < end_of(src, n, ssz) && (uintptr_t)src < end_of(dst, n, dsz)) return WHT_E_OVERLAP;
  return WHT_OK;
}

wht_status wht_store_doubles(wht_format f, void *dst, const double *src, size_t n)
{
  const wht_status st = check(f, dst, wht_format_size(f), src, sizeof *src, n);
  if (st != WHT_OK) return st;
  const arrays c = { f, dst, src };
  wht__parallel_chunks(n, n, store_chunk, &c);
  return WHT_OK;
}

wht_status wht_load_doubles(wht_format f, double *dst, const void *src, size_t n)
{
  const wht_status st = check(f, dst, sizeof *dst, src, wht_format_size(f), n);
  if (st != WHT_OK) return st;
  const arrays c = { f, dst, src };
  wht__parallel_chunks(n, n, load_chunk, &c);
  return WHT_OK;
}

void wht__load_doubles_serial(wht_format f, double *dst, const void *src, size_t n) { load_block(f, dst, src, 0, n); }
