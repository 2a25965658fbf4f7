/* h5store.h - the HDF5 results file of data/README.md (schema_version 1):
 * root provenance attributes, /results and /timings as extendible, chunked,
 * compressed tables of compound rows.
 *
 * Crash safety (data/README.md, "Crash safety"): a writer keeps the file it
 * works on in memory and publishes it by writing a complete image to
 * FILE.tmp and renaming it over FILE, right after it is opened and then
 * after appends (at most every 20 publish-costs of time, and at close).
 * FILE is therefore always a complete, cleanly written HDF5 file, whenever
 * the writer is killed; a kill loses only the rows appended since the last
 * publish (a resumed sweep redoes them). One writer per FILE (FILE.lock). */
#ifndef WHT_H5STORE_H
#define WHT_H5STORE_H

#include <stddef.h>
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
 * schema, unwritable, locked by another writer...). Either publishes FILE
 * at once, so a created file exists (with /results, no rows) on return. */
wht_h5 *wht_h5_create(const char *path, const wht_h5_provenance *prov, int overwrite,
                      char *err, size_t errlen);
/* As wht_h5_create, but FILE is not touched until wht_h5_flush or
 * wht_h5_close publish the whole file at once (a merge: a failed or killed
 * run leaves FILE as it was); wht_h5_discard drops it unpublished. */
wht_h5 *wht_h5_create_whole(const char *path, const wht_h5_provenance *prov, int overwrite,
                            char *err, size_t errlen);
/* As wht_h5_create, with the root string attribute `unfinished` = note in
 * FILE from its first publish on: a writer killed before it removes the
 * note (wht_h5_delete_attr) leaves a file that says it is unfinished */
wht_h5 *wht_h5_create_unfinished(const char *path, const wht_h5_provenance *prov, const char *note,
                                 int overwrite, char *err, size_t errlen);
void wht_h5_discard(wht_h5 *h);
wht_h5 *wht_h5_open_append(const char *path, char *err, size_t errlen);
/* Read-only access (no lock, nothing written): appends fail. */
wht_h5 *wht_h5_open_read(const char *path, char *err, size_t errlen);
/* 1 where path is an HDF5 file with a root attribute schema_version (one
 * of ours, even damaged or of another version), else 0: what --force may
 * replace */
int wht_h5_is_results_file(const char *path);

int wht_h5_append_result(wht_h5 *h, const wht_result_row *row);   /* 0 ok; -1 see wht_h5_error */
int wht_h5_append_timing(wht_h5 *h, const wht_timing_row *row);   /* 0 ok; -1 see wht_h5_error */
/* Overwrite the last n rows of /results with rows (this writer's own rows
 * put in another order: the MPI sweep's serial order); published with the
 * next flush. 0 ok; -1 see wht_h5_error (fewer than n rows, write error). */
int wht_h5_rewrite_last_results(wht_h5 *h, const wht_result_row *rows, uint64_t n);
/* Publish FILE now (otherwise done after appends as above, and at close). */
int wht_h5_flush(wht_h5 *h);
/* Read every row of /results or /timings (caller frees *rows; a file without
 * the table gives 0 rows and *rows = NULL). 0 ok. */
int wht_h5_read_results(wht_h5 *h, wht_result_row **rows, uint64_t *nrows);
int wht_h5_read_timings(wht_h5 *h, wht_timing_row **rows, uint64_t *nrows);

/* Rows no writer of this schema produces (a name column that is not
 * printable ASCII, an unknown backend or status, a negative log2n, trial or
 * count): the reason, or NULL for a plausible row. The store round-trips
 * any row; programs that read a sweep's rows refuse such a file as damaged
 * (data/README.md, "Damaged files"). wht_h5_rows_problem checks all rows and
 * writes "PATH is damaged (...)" to err: 0 plausible, -1 not. */
const char *wht_h5_result_problem(const wht_result_row *r);
const char *wht_h5_timing_problem(const wht_timing_row *r);
int wht_h5_rows_problem(const char *path, const wht_result_row *rows, uint64_t n, const wht_timing_row *tim,
                        uint64_t nt, char *err, size_t len);

/* Root attributes. get: a string attribute into buf (0 ok, -1 absent or not
 * a string); the seed attribute. set: write or replace a string attribute
 * (e.g. merged_from); published with the next flush. A value is at most
 * WHT_H5_ATTR_MAX bytes (its terminator included), else set fails: HDF5
 * 1.10 keeps an attribute in one object header message of at most 64 KiB,
 * and one a few bytes short of that it writes as a header that no reader
 * can open (the whole file lost at the next publish). */
#define WHT_H5_ATTR_MAX 64000
int wht_h5_get_attr(wht_h5 *h, const char *name, char *buf, size_t len);
int wht_h5_get_seed(wht_h5 *h, uint64_t *seed);
int wht_h5_set_attr(wht_h5 *h, const char *name, const char *value);
/* remove a root attribute (absent: nothing to do); published with the next
 * flush. 0 ok; -1 see wht_h5_error */
int wht_h5_delete_attr(wht_h5 *h, const char *name);
/* `git describe --always --dirty` of this build (the git_revision a new
 * file gets), or "unknown" */
const char *wht_h5_build_revision(void);

/* The command_line attribute of argv: prog for argv[0], then each word as a
 * POSIX shell takes it back (bare when safe, else single-quoted with ' as
 * '\''); cut at len - 1 bytes. */
void wht_h5_command_line(char *out, size_t len, const char *prog, int argc, char **argv);

/* /results rows of FILE as last published (what a reader sees now). */
unsigned long long wht_h5_published_results(const wht_h5 *h);

/* One-line reason of the last failure on h. */
const char *wht_h5_error(const wht_h5 *h);
/* Publish, close and free. 0 ok; -1 when the final publish failed, FILE then
 * keeps its last published state (call wht_h5_flush first for the reason). */
int wht_h5_close(wht_h5 *h);
#endif
