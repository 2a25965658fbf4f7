/* wht_dist.h - the input distributions of DESIGN.md section 7, drawn in f64
 * with GSL; every cell has its own RNG stream derived from the global seed
 * and the cell's fields (documented hash in dist.c), so data never depend
 * on the order, subset or split of cells. */
#ifndef WHT_DIST_H
#define WHT_DIST_H

#include <stdint.h>
#include "wht_oracle.h"

typedef enum {
  WHT_DIST_PMONE = 0,
  WHT_DIST_NORM,
  WHT_DIST_RELU_NORM,
  WHT_DIST_PAGH_NORM,
  WHT_DIST_PAGH_PMONE,
  WHT_NDISTS
} wht_dist;

const char *wht_dist_name(wht_dist d);                 /* "pmone", "norm", "relu-norm", "pagh-norm", "pagh-pmone" */
int wht_dist_from_name(const char *name, wht_dist *d); /* 0 ok, -1 unknown; accepts PMONE, RELU_NORM, ... */

/* 64-bit stream id of input `input` (0, or 1 for xor-conv's b) of a cell. */
uint64_t wht_cell_stream(uint64_t seed, wht_dist d, wht_op op, unsigned log2n,
                         unsigned trial, unsigned input);

/* Fill x[0 .. n) with distribution d from stream `stream`. 0 ok, -1 no memory. */
int wht_dist_fill(wht_dist d, uint64_t stream, double *x, uint64_t n);
#endif
