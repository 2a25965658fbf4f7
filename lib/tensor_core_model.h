/* tensor_core_model.h - the numerics of the tensor-core algorithms
 * (`tensor-core`, `tensor-core-f16acc`) on the CPU, their stage structure
 * and their error bound. tensor_core_model.c states the semantics and
 * derives the bound. Internal (wht__ prefix); built with or without CUDA. */
#ifndef WHT_TENSOR_CORE_MODEL_H
#define WHT_TENSOR_CORE_MODEL_H

#include <stdint.h>
#include "wht.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Accumulation format of the 16-point stages. */
typedef enum { WHT__TC_ACC_F32 = 0, WHT__TC_ACC_F16 = 1 } wht__tc_acc;

/* Stages of a transform of 2^k: ceil(k / 4) of them. Stage j transforms
 * index bits [4j, min(4j + 4, k)), except for k >= 29 with k mod 4 = 1,
 * whose one-bit stage is the fourth, bit 12, and the later ones
 * [13 + 4i, 17 + 4i) (tensor_core_model.c says why). */
unsigned wht__tc_stage_count(unsigned k);

/* Stage j's lowest index bit; *w its width. */
unsigned wht__tc_stage_bits(unsigned k, unsigned j, unsigned *w);

/* 1 where the one-bit stage is bit 12 (k mod 4 = 1 and k >= 29, or k >=
 * WHT_TC_SHORT12_MIN, 16..64, read once: tests use it to reach this
 * grouping at small k on the GPU and here), else 0. */
unsigned wht__tc_short12(unsigned k);

/* The model: transform batch rows of 2^k elements of f (f16 or bf16 bit
 * patterns) in place. Returns 1 when every accumulation was exact (its
 * terms are multiples of 2^e with the largest below 2^(e + p_acc - 4)), in
 * which case any accumulation order gives the same result, else 0; -1 for
 * a format or accumulation the algorithms do not have. */
int wht__tc_model(wht_format f, wht__tc_acc acc, uint16_t *x, unsigned k, uint64_t batch);

/* The model with the short stage at [12, 12 + k mod 4) (short12 nonzero,
 * k >= 16) or last (0) whatever k: for the tests of the grouping (the
 * algorithms use the first for k mod 4 = 1 only, wht__tc_short12). */
int wht__tc_model_grouped(wht_format f, wht__tc_acc acc, uint16_t *x, unsigned k, uint64_t batch, int short12);

/* Bound on |y_i - (H x)_i| for every output of a row whose input has
 * 1-norm l1 (see tensor_core_model.c). */
double wht__tc_bound(wht_format f, wht__tc_acc acc, unsigned k, double l1);

#ifdef __cplusplus
}
#endif
#endif
