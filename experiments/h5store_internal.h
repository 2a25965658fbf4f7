/* h5store_internal.h - shared between the h5store sources: the handle, the
 * table descriptions (one row per column, the single source of the compound
 * types), provenance attributes and the publish/lock scheme. */
#ifndef WHT_H5STORE_INTERNAL_H
#define WHT_H5STORE_INTERNAL_H

#include <stddef.h>
#include <hdf5.h>
#include "h5store.h"

struct wht_h5 {
  char *path;     /* the published file */
  char *tmp;      /* path.tmp: the image being written before the rename */
  char *lockpath; /* path.lock: flock'ed by the one writer */
  int lockfd;     /* -1 for a read-only handle */
  hid_t file, results, timings; /* timings/results: H5I_INVALID_HID when absent */
  int dirty;      /* appended since the last publish */
  int whole;      /* published only by flush / close (wht_h5_create_whole) */
  unsigned long long published_results; /* /results rows in FILE as last published */
  unsigned mode;  /* permission bits of FILE to keep when republishing (0: umask default) */
  double last_publish, publish_cost; /* monotonic seconds */
  char err[512];
};

/* ---- tables (h5store_schema.c) ---- */
typedef enum { WHT__COL_STR, WHT__COL_I8, WHT__COL_I32, WHT__COL_I64, WHT__COL_U64, WHT__COL_F64 } wht__col_kind;
typedef struct {
  const char *name;
  size_t offset;
  wht__col_kind kind;
  size_t len; /* string length (bytes incl. the terminator) */
} wht__column;
typedef struct {
  const char *dataset; /* "results", "timings" */
  size_t row_size;
  const wht__column *cols;
  size_t ncols;
} wht__table;
extern const wht__table wht__results_table, wht__timings_table;

hid_t wht__table_mem_type(const wht__table *t);  /* native layout of the C struct */
hid_t wht__table_file_type(const wht__table *t); /* packed, little-endian */
/* Every column of t present in dataset d with a convertible class. */
int wht__table_check(const wht__table *t, hid_t d, char *err, size_t len);
hid_t wht__table_create(const wht__table *t, hid_t file);

/* ---- integrity (h5store_check.c) ---- */
/* Every attribute and row of an opened file readable and plausible; -1
 * with h->err naming the file as damaged. */
int wht__check_whole(wht_h5 *h);

/* ---- attributes (h5store_attrs.c) ---- */
int wht__write_provenance(hid_t file, const wht_h5_provenance *prov);
int wht__attr_write_string(hid_t obj, const char *name, const char *value);
int wht__attr_read_string(hid_t obj, const char *name, char *buf, size_t len);
int wht__attr_read_u64(hid_t obj, const char *name, uint64_t *v);
/* schema_version: 0 ok; -1 absent; -2 not an integer; else stores it. */
int wht__attr_schema(hid_t file, int *version);

/* ---- publish and lock (h5store_publish.c) ---- */
double wht__now(void);
int wht__lock(wht_h5 *h);   /* 0 ok, -1 with h->err */
void wht__unlock(wht_h5 *h);
int wht__publish(wht_h5 *h); /* 0 ok, -1 with h->err */
unsigned long long wht__rows_of(hid_t dataset); /* its length (0 on error) */
/* the innermost message of the HDF5 error stack, or "" */
const char *wht__h5_reason(char *buf, size_t len);
#endif
