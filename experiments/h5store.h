/* h5store.h - the HDF5 results file of data/README.md (schema_version 1):
 * root provenance attributes, /results and /timings as extendible, chunked,
 * compressed tables of compound rows, appended and flushed row by row so a
 * killed writer leaves a readable file. */
#ifndef WHT_H5STORE_H
#define WHT_H5STORE_H

#include <stdint.h>

#define WHT_SCHEMA_VERSION 1

typedef struct {
  char algorithm[32], backend[8], format[8], dist[16], op[16];
  int32_t log2n, trial;
  uint64_t seed;
  double tau, max_abs, mean_abs, mean_rel, max_rel;
  int64_t n_zero, zero_miss;
  double norm_rel, max_ulp;
  int64_t n_nonfinite;
  char status[12];
  int32_t oracle_prec;
  double oracle_s, run_s;
} wht_result_row;

typedef struct {
  char algorithm[32], backend[8], format[8];
  int32_t log2n;
  int64_t batch;
  int8_t in_place;
  double median_ms, min_ms;
  int32_t reps;
  double gbps, memcpy_ms, addone_ms, cufft_ms;
} wht_timing_row;

/* Provenance written as root attributes when a file is created. */
typedef struct {
  const char *command_line;
  uint64_t seed;
  const char *device; /* GPU name or "none" */
} wht_h5_provenance;

typedef struct wht_h5 wht_h5;

/* Create a new file (fails if it exists unless overwrite), or open an
 * existing one of schema_version 1 for appending. On failure returns NULL
 * and writes a one-line reason to err (a file that is not HDF5, another
 * schema, unwritable...). */
wht_h5 *wht_h5_create(const char *path, const wht_h5_provenance *prov, int overwrite,
                      char *err, size_t errlen);
wht_h5 *wht_h5_open_append(const char *path, char *err, size_t errlen);
int wht_h5_append_result(wht_h5 *h, const wht_result_row *row);   /* 0 ok; flushes */
int wht_h5_append_timing(wht_h5 *h, const wht_timing_row *row);   /* 0 ok; flushes */
/* Read every row of /results (caller frees *rows). 0 ok. */
int wht_h5_read_results(wht_h5 *h, wht_result_row **rows, uint64_t *nrows);
void wht_h5_close(wht_h5 *h);
#endif
