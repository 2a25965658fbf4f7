/* sweep_grid.h - the cells a validated configuration will run: per
 * algorithm the backend it runs on and the formats it runs in. Checks the
 * combinations against the registry and the largest k against memory. */
#ifndef WHT_SWEEP_GRID_H
#define WHT_SWEEP_GRID_H

#include "sweep_config.h"

typedef struct {
  const wht_algorithm_info *info;
  wht_backend backend;
  unsigned formats; /* bit (1u << fmt) per format it runs in */
} wht_sweep_algo;

typedef struct {
  size_t nalgo;
  wht_sweep_algo algo[WHT_SWEEP_MAX_ALGOS];
} wht_sweep_grid;

/* 0 ok; 2 usage error, reported (unknown combination, no GPU, empty grid,
 * k beyond memory). gpu_available: wht_gpu_available(). */
int wht_sweep_grid_build(const wht_sweep_config *c, int gpu_available, wht_sweep_grid *g);
/* Bytes a cell of size 2^k needs at most (inputs, copies, exact result,
 * oracle workspace), and the memory this process may use. */
uint64_t wht_sweep_cell_bytes(const wht_sweep_config *c, unsigned k);
uint64_t wht_sweep_memory_limit(void);
/* Whether any algorithm of the grid runs on the GPU. */
int wht_sweep_uses_gpu(const wht_sweep_grid *g);
/* The name of the GPU the sweep uses (sweep_device.c), or "none". */
const char *wht_sweep_device_name(int uses_gpu);
#endif
