/* sweep_output.c - open the output of a sweep. Validation happens before
 * any write: a foreign or non-HDF5 file is refused even with --resume
 * (read-only probe first, so a refusal changes nothing), and so is a file
 * made with another seed or tau, since its cells are not the cells of this
 * command. --resume on a missing file starts it. From its first publish
 * on, the file is marked unfinished (sweep_output.h) until wht_sweep_finish
 * finds every cell of the run in it; a shard run's file says which shard
 * of which grid it is (sweep_sets.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "output_path.h"
#include "sweep_cli.h"
#include "sweep_finish.h"
#include "sweep_output.h"
#include "sweep_sets.h"

int wht_sweep_check_output(const char *path, int exists, int may_exist, const char *opt, const char *hint)
{
  char why[4200];
  const int rc = wht_output_path_problem(path, why, sizeof why);
  if (rc) { /* 2 a bad name, 1 an unwritable folder */
    wht_sweep_usage_error("%s %s: %s", opt, path, why);
    return rc;
  }
  if (exists && !may_exist)
    return wht_sweep_usage_error("%s %s: file exists (accepted: %s, or another file)", opt, path, hint);
  return 0;
}

int wht_sweep_check_replace(const char *path, const char *opt)
{
  if (wht_h5_is_results_file(path)) return 0;
  return wht_sweep_usage_error("%s %s --force: not a results file (no HDF5 file with a schema_version attribute); "
                               "--force replaces results files only (accepted: a results file, a new file name, or "
                               "remove the file first)", opt, path);
}

/* every row of an existing file must be of this seed, and some of this tau */
static int same_cells(const wht_sweep_config *c, wht_h5 *h, wht_keyset **done)
{
  wht_result_row *rows = NULL;
  uint64_t n = 0, seed = 0;
  int rc = 0;
  if (wht_h5_get_seed(h, &seed) != 0)
    return wht_sweep_usage_error("--resume %s: no seed attribute (accepted: a file written by wht-sweep)", c->output);
  if (seed != c->seed)
    return wht_sweep_usage_error("--resume %s: the file has seed %llu, not --seed %llu (accepted: --seed %llu, or "
                                 "another -o FILE)", c->output, (unsigned long long)seed,
                                 (unsigned long long)c->seed, (unsigned long long)seed);
  char bad[700];
  if (wht_h5_read_results(h, &rows, &n) != 0) {
    fprintf(stderr, "wht-sweep: %s\n", wht_h5_error(h));
    return 1;
  }
  if (wht_h5_rows_problem(c->output, rows, n, NULL, 0, bad, sizeof bad) != 0) {
    free(rows);
    return wht_sweep_usage_error("--resume: %s (accepted: a wht-sweep results file)", bad);
  }
  /* the file's cells are this command's when it holds rows of this tau
   * (a merge may hold several), or none yet */
  int tau_seen = n == 0, ndistinct = 0;
  double distinct[6]; /* the first few of the file's taus, for the message */
  for (uint64_t i = 0; i < n && !tau_seen; i++) {
    const double t = rows[i].tau + 0.0;
    int known = 0;
    for (unsigned j = 0; j < c->ntau; j++) tau_seen |= t == c->taus[j];
    for (int j = 0; j < ndistinct; j++) known |= distinct[j] == t;
    if (!known && ndistinct < 6) distinct[ndistinct++] = t;
  }
  if (!tau_seen) {
    char taus[6 * 26] = "";
    for (int j = 0, tl = 0; j < ndistinct; j++)
      tl += snprintf(taus + tl, sizeof taus - (size_t)tl, "%s%.17g", j ? ", " : "", distinct[j]);
    free(rows);
    return wht_sweep_usage_error("--resume %s: the file has no rows of --tau %s (accepted: --tau %s, or another "
                                 "-o FILE)", c->output, c->tau_text, taus);
  }
  if (!(*done = wht_keyset_new())) rc = 1;
  for (uint64_t i = 0; rc == 0 && i < n; i++) {
    if (rows[i].seed != c->seed) /* seed: the attribute is every row's */
      rc = wht_sweep_usage_error("--resume %s: the file has rows of seed %llu, not --seed %llu (accepted: another "
                                 "-o FILE)", c->output, (unsigned long long)rows[i].seed, (unsigned long long)c->seed);
    else if (wht_keyset_add(*done, &rows[i], i, NULL) < 0)
      rc = 1;
  }
  if (rc == 1) fprintf(stderr, "wht-sweep: out of memory reading %s\n", c->output);
  free(rows);
  return rc;
}

/* a run that has not yet put all its cells in the file (wht_sweep_finish
 * replaces or removes it; a kill leaves it) */
static const char running[] = "a wht-sweep run is writing this file, or was killed: cells of its command may be "
                              "missing (--resume runs them)";

int wht_sweep_device_listed(const char *list, const char *name)
{
  const size_t n = strlen(name);
  for (const char *p = list; p; p = strstr(p, ", ") ? strstr(p, ", ") + 2 : NULL)
    if (strncmp(p, name, n) == 0 && (p[n] == '\0' || strncmp(p + n, ", ", 2) == 0)) return 1;
  return 0;
}

/* the `shard` attribute (sweep_sets.h) of a --shard I/N run, N > 1: what
 * --merge checks to tell that all N shards of a grid came. Like
 * `unfinished`, it concerns the last run's command: a resume without
 * --shard (the whole grid) removes it. */
static int note_shard(const wht_sweep_config *c, wht_h5 *h)
{
  char text[1024];
  if (c->shards <= 1) return wht_h5_delete_attr(h, WHT_SWEEP_SHARD);
  wht_sweep_shard_text(c, text, sizeof text);
  return wht_h5_set_attr(h, WHT_SWEEP_SHARD, text);
}

/* provenance of a resumed file: one line per resume in `resumed` (with the
 * build, which may not be the file's, and the first row it adds), the GPU
 * in `device` when this run adds GPU rows, and the note `unfinished` */
static int note_resume(const wht_sweep_config *c, const wht_sweep_grid *g, wht_h5 *h)
{
  char line[sizeof c->command_line + 512], when[32], host[256] = "unknown", dev[512];
  time_t now = time(NULL);
  struct tm tm;
  gmtime_r(&now, &tm);
  strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
  gethostname(host, sizeof host - 1);
  snprintf(line, sizeof line, "%s %s git_revision %s, from row %llu: %s", when, host, wht_h5_build_revision(),
           wht_h5_published_results(h), c->command_line);
  int rc = wht_sweep_attr_add_line(h, "resumed", line);
  if (rc == 0) rc = wht_h5_set_attr(h, WHT_SWEEP_UNFINISHED, running);
  if (rc == 0) rc = note_shard(c, h);
  const char *gpu = wht_sweep_uses_gpu(g) ? wht_sweep_device_name(1) : NULL;
  if (rc == 0 && gpu && wht_h5_get_attr(h, "device", dev, sizeof dev) == 0 &&
      !wht_sweep_device_listed(dev, gpu)) {
    char both[1100];
    snprintf(both, sizeof both, "%s%s%s", strcmp(dev, "none") ? dev : "", strcmp(dev, "none") ? ", " : "", gpu);
    rc = wht_h5_set_attr(h, "device", both);
  }
  return rc;
}

wht_h5 *wht_sweep_open_output(const wht_sweep_config *c, const wht_sweep_grid *g, wht_keyset **done, int *rc)
{
  char err[600];
  struct stat st;
  int exists = stat(c->output, &st) == 0;
  wht_h5 *h;
  *done = NULL;
  *rc = 0;
  if ((*rc = wht_sweep_check_output(c->output, exists, c->resume || c->force, "-o",
                                    "--resume to continue it, --force to overwrite it")) != 0 ||
      (exists && c->force && (*rc = wht_sweep_check_replace(c->output, "-o")) != 0))
    return NULL;
  if (exists && c->resume) {
    /* probe read-only: a file that is not ours is a usage error */
    h = wht_h5_open_read(c->output, err, sizeof err);
    if (!h)
      return wht_sweep_usage_error("--resume: %s (accepted: a wht-sweep results file of schema_version %d)", err,
                                   WHT_SCHEMA_VERSION), *rc = 2, NULL;
    wht_h5_close(h);
    if (!(h = wht_h5_open_append(c->output, err, sizeof err))) {
      fprintf(stderr, "wht-sweep: %s\n", err);
      *rc = 1;
    }
    /* the finished cells, read under the lock so that no other writer
     * adds cells meanwhile; a refusal closes h unchanged (not dirty) */
    else if ((*rc = same_cells(c, h, done)) != 0)
      wht_h5_close(h);
    if (*rc == 0 && note_resume(c, g, h) != 0) {
      fprintf(stderr, "wht-sweep: %s\n", wht_h5_error(h));
      wht_h5_discard(h); /* unpublished: FILE stays as it was */
      *rc = 1;
    }
    if (*rc != 0) {
      wht_keyset_free(*done);
      *done = NULL;
      return NULL;
    }
    return h;
  }
  wht_h5_provenance prov = { c->command_line, c->seed, wht_sweep_device_name(wht_sweep_uses_gpu(g)) };
  h = wht_h5_create_unfinished(c->output, &prov, running, c->force, err, sizeof err);
  if (!h) {
    fprintf(stderr, "wht-sweep: %s\n", err);
    *rc = 1;
  } else if (note_shard(c, h) != 0) { /* published with the first rows: until then the file is unfinished */
    fprintf(stderr, "wht-sweep: %s\n", wht_h5_error(h));
    wht_h5_discard(h);
    h = NULL, *rc = 1;
  }
  return h;
}
