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

/* Stages of a transform of 2^k: stage j transforms index bits
 * [4j, min(4j + 4, k)); there are ceil(k / 4) of them. */
unsigned wht__tc_stage_count(unsigned k);

/* The model: transform batch rows of 2^k elements of f (f16 or bf16 bit
 * patterns) in place. Returns 1 when every accumulation was exact (its
 * terms are multiples of 2^e with the largest below 2^(e + p_acc - 4)), in
 * which case any accumulation order gives the same result, else 0; -1 for
 * a format or accumulation the algorithms do not have. */
int wht__tc_model(wht_format f, wht__tc_acc acc, uint16_t *x, unsigned k, uint64_t batch);

/* Bound on |y_i - (H x)_i| for every output of a row whose input has
 * 1-norm l1 (see tensor_core_model.c). */
double wht__tc_bound(wht_format f, wht__tc_acc acc, unsigned k, double l1);

#ifdef __cplusplus
}
#endif
#endif
