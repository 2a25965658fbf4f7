/* bench_output.c - what wht-bench checks of an existing -o FILE before it
 * times anything (exit 2, the file untouched, when one fails):
 *   - it is a results file (wht_h5_open_read);
 *   - its /timings holds none of the rows this run would write: a case
 *     timed again is a second row of the same key (algorithm, backend,
 *     format, log2n, batch, in_place) with other times, which wht-table and
 *     wht-plot refuse as conflicting duplicates, so the whole file would be
 *     unusable; a new file keeps both runs;
 *   - its device attribute (the GPU, or "none", of the run that made it)
 *     is this run's GPU (checked once the device is known): wht-plot reads
 *     a file's timings against each other and names that attribute as
 *     their device, so a file's timings come from the GPU it names; a
 *     results file made elsewhere takes its timings in a file of its own.
 * The rows a run would write are those of bench_main.c's loops: every
 * algorithm x format it supports x log2n x batch x place asked for (out of
 * place counted even where the device later holds only one copy). */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include "bench.h"
#include "h5store.h"

/* whether this run times rows of 2^k in batches of `batch` */
static int batch_planned(const bench_config *c, unsigned k, uint64_t batch)
{
  if (c->total_log2 >= 0) return batch == ((unsigned)c->total_log2 > k ? (uint64_t)1 << (c->total_log2 - k) : 1);
  for (int i = 0; i < c->nbatches; i++)
    if (c->batches[i] == batch) return 1;
  return 0;
}

/* whether this run writes a row of r's key */
static int planned(const bench_config *c, const wht_timing_row *r)
{
  if (strcmp(r->backend, "gpu") != 0 || r->log2n < 0 || (r->in_place ? !c->in_place : !c->out_of_place)) return 0;
  int alg = 0, fmt = 0, k = 0;
  for (int i = 0; i < c->nalgos && !alg; i++) alg = strcmp(c->algos[i], r->algorithm) == 0;
  for (int i = 0; i < c->nformats && !fmt; i++) fmt = strcmp(wht_format_name(c->formats[i]), r->format) == 0;
  for (int i = 0; i < c->nlog2n && !k; i++) k = c->log2n[i] == (unsigned)r->log2n;
  if (!alg || !fmt || !k) return 0;
  const wht_algorithm_info *info = wht_algorithm_find(r->algorithm);
  wht_format f;
  if (!info || wht_format_from_name(r->format, &f) != 0 || !(info->formats & (1u << f))) return 0;
  return batch_planned(c, (unsigned)r->log2n, (uint64_t)r->batch);
}

/* path opened for reading, or NULL and the one-line reason in msg */
static wht_h5 *open_existing(const char *path, char *msg, size_t len)
{
  char err[512];
  wht_h5 *h = wht_h5_open_read(path, err, sizeof err);
  if (!h) snprintf(msg, len, "-o %s (accepted: a results file to append to, or a new file)", err);
  return h;
}

int bench_output_clash(const bench_config *c, char *msg, size_t len)
{
  wht_h5 *h = open_existing(c->output, msg, len);
  if (!h) return 1;
  wht_timing_row *rows = NULL;
  uint64_t n = 0;
  if (wht_h5_read_timings(h, &rows, &n) != 0) {
    snprintf(msg, len, "-o %s: %s (accepted: a results file to append to, or a new file)", c->output,
             wht_h5_error(h));
    wht_h5_close(h);
    return 1;
  }
  wht_h5_close(h);
  int clash = 0;
  for (uint64_t i = 0; i < n && !clash; i++)
    if ((clash = planned(c, &rows[i])))
      snprintf(msg, len,
               "-o %s already holds a timing of %s %s log2n=%d batch=%lld %s, which this run would time again "
               "(accepted: a file without this run's cases, or a new file)",
               c->output, rows[i].algorithm, rows[i].format, (int)rows[i].log2n, (long long)rows[i].batch,
               rows[i].in_place ? "in place" : "out of place");
  free(rows);
  return clash;
}

int bench_output_device(const char *path, const char *device, char *msg, size_t len)
{
  char had[256];
  wht_h5 *h = open_existing(path, msg, len);
  if (!h) return 1;
  const int got = wht_h5_get_attr(h, "device", had, sizeof had) == 0;
  wht_h5_close(h);
  if (got && strcmp(had, device) == 0) return 0;
  snprintf(msg, len, "-o %s holds timings of device '%s', this run is on '%s' (accepted: a file of this device, or "
           "a new file)", path, got ? had : "(no device attribute)", device);
  return 1;
}
