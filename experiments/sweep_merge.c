/* sweep_merge.c - merge result files. Every input is read and checked
 * before OUT is touched: all of schema_version 1 and of one seed; a cell
 * present in several inputs must carry the same values (timing columns
 * aside) and is kept once, or, with --supersede, takes the last input's
 * row in the place of the first (how rows regenerated after a kernel
 * change replace stale ones; each input's line of merged_from counts the
 * rows it superseded and those of them with other values); /timings rows
 * are taken the same way by their case (algorithm, backend, format, log2n,
 * batch, in_place), since the analysis refuses two rows of one case with
 * other times as it refuses two of one cell. An input that is itself a
 * merge brings its own merged_from lines, indented by two spaces below its
 * line. OUT gets fresh provenance (this command, this build, now), device
 * = the inputs' devices, merged_from = one line of provenance per input,
 * and, where an input is unfinished (its attribute `unfinished`), the same
 * attribute naming each such input with its note. Shards (the attribute
 * `shard`, sweep_sets.h) are grouped by grid and N: a group without all N
 * shard numbers makes the merge unfinished too, its note naming the
 * missing ones (the rows are right, some are not there); groups of other
 * grids or N are other sets of rows, as files of other grids are. /timings
 * rows carry no device: they are read against each other under the one
 * device their file names, so timings of inputs that name other devices
 * are refused. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "h5store.h"
#include "sweep_cli.h"
#include "sweep_keys.h"
#include "sweep_merge.h"
#include "sweep_finish.h"
#include "sweep_output.h"
#include "sweep_sets.h"

/* memory running out is a failed run (1, README), not a usage error */
static int no_memory(void)
{
  fputs("wht-sweep: --merge: out of memory\n", stderr);
  return 1;
}

typedef struct {
  wht_result_row *rows;
  uint64_t n, cap;
} rowvec;

static int push(void **v, uint64_t *n, uint64_t *cap, size_t size, const void *x)
{
  if (*n == *cap) {
    uint64_t nc = *cap ? 2 * *cap : 1024;
    void *p = realloc(*v, nc * size);
    if (!p) return -1;
    *v = p;
    *cap = nc;
  }
  memcpy((char *)*v + *n * size, x, size);
  (*n)++;
  return 0;
}

/* append s to a growing text buffer */
static int cat(char **buf, size_t *len, const char *s)
{
  size_t n = strlen(s);
  char *p = realloc(*buf, *len + n + 1);
  if (!p) return -1;
  memcpy(p + *len, s, n + 1);
  *buf = p;
  *len += n;
  return 0;
}

static void attr(wht_h5 *h, const char *name, char *buf, size_t len)
{
  if (wht_h5_get_attr(h, name, buf, len) != 0) snprintf(buf, len, "?");
}

/* the shards of one grid and N among the inputs: which numbers came */
typedef struct {
  char *grid;          /* the options of the index (sweep_sets.h) */
  unsigned n;
  unsigned char *seen; /* seen[i - 1]: shard i came */
} shard_group;

typedef struct {
  rowvec res;
  wht_timing_row *tim;
  uint64_t ntim, captim;
  wht_keyset *keys, *tkeys;
  const char **row_file, **tim_file; /* input of each kept row */
  uint64_t nfile, capfile, ntfile, captfile;
  char *devices, *from, *unfinished, *unfinished_names; /* inputs' notes `unfinished` */
  size_t ldev, lfrom, linc, lincn;
  uint64_t seed;
  shard_group *shards;
  size_t nshards;
  char *tim_device;         /* the device of the inputs with /timings rows */
  const char *tim_device_file; /* the first of them */
} merged;

static void merged_free(merged *m)
{
  free(m->res.rows), free(m->tim), free(m->row_file), free(m->tim_file), free(m->devices), free(m->from);
  free(m->unfinished), free(m->unfinished_names), free(m->tim_device);
  for (size_t i = 0; i < m->nshards; i++) free(m->shards[i].grid), free(m->shards[i].seen);
  free(m->shards);
  wht_keyset_free(m->keys), wht_keyset_free(m->tkeys);
}

/* an input's `shard` attribute (none: not a shard) into its group; 2 when
 * it is no shard text (a damaged or foreign file), 1 out of memory */
static int take_shard(merged *m, wht_h5 *h, const char *path)
{
  char text[1024];
  const char *grid;
  unsigned i, n;
  if (wht_h5_get_attr(h, WHT_SWEEP_SHARD, text, sizeof text) != 0) return 0;
  if (wht_sweep_shard_parse(text, &i, &n, &grid) != 0)
    return wht_sweep_usage_error("--merge: %s has the attribute shard '%s' (accepted: 'I/N of the input sets of "
                                 "OPTIONS', as wht-sweep --shard writes it)", path, text);
  size_t g = 0;
  while (g < m->nshards && !(m->shards[g].n == n && strcmp(m->shards[g].grid, grid) == 0)) g++;
  if (g == m->nshards) {
    shard_group *p = realloc(m->shards, (m->nshards + 1) * sizeof *p);
    if (!p) return 1;
    m->shards = p;
    p[g].n = n, p[g].grid = strdup(grid), p[g].seen = calloc(n, 1);
    m->nshards++; /* freed by merged_free, whole or not */
    if (!p[g].grid || !p[g].seen) return 1;
  }
  m->shards[g].seen[i - 1] = 1;
  return 0;
}

/* the numbers i of a group with seen[i - 1] == want, as ranges (2, 4-6),
 * the first 20 of them then how many in all; returns how many */
static unsigned shard_numbers(const shard_group *g, int want, char *out, size_t len)
{
  unsigned count = 0, ranges = 0;
  int o = 0;
  out[0] = '\0';
  for (unsigned i = 0; i < g->n; i++) {
    if (g->seen[i] != want) continue;
    unsigned j = i;
    while (j + 1 < g->n && g->seen[j + 1] == want) j++;
    count += j - i + 1;
    if (ranges++ < 20 && o >= 0 && (size_t)o < len)
      o += snprintf(out + o, len - (size_t)o, j > i ? "%s%u-%u" : "%s%u", o ? ", " : "", i + 1, j + 1);
    i = j;
  }
  if (ranges > 20 && o >= 0 && (size_t)o < len) snprintf(out + o, len - (size_t)o, ", ... (%u in all)", count);
  return count;
}

/* groups without all N shards: a line each in OUT's note `unfinished`,
 * and "shard 3 of 3" for the summary line in *brief */
static int note_missing_shards(merged *m, char **brief, size_t *lbrief)
{
  char missing[512], held[512], line[2048];
  for (size_t g = 0; g < m->nshards; g++) {
    const shard_group *s = &m->shards[g];
    const unsigned nmissing = shard_numbers(s, 0, missing, sizeof missing);
    if (!nmissing) continue;
    const unsigned nheld = shard_numbers(s, 1, held, sizeof held);
    snprintf(line, sizeof line, "missing %s %s of %u of the input sets of %s (the inputs hold %s %s)",
             nmissing > 1 ? "shards" : "shard", missing, s->n, s->grid, nheld > 1 ? "shards" : "shard", held);
    if ((m->unfinished && cat(&m->unfinished, &m->linc, "\n") < 0) || cat(&m->unfinished, &m->linc, line) < 0)
      return -1;
    snprintf(line, sizeof line, "%s%s %s of %u", *brief ? ", " : "", nmissing > 1 ? "shards" : "shard", missing,
             s->n);
    if (cat(brief, lbrief, line) < 0) return -1;
  }
  return 0;
}

/* one input's /timings rows into m, as take() does result rows: a case
 * already taken keeps one copy where the times agree, takes this input's
 * row with --supersede (counted in *nsuper, *nother), else is refused
 * (2) before OUT is touched */
static int take_timings(merged *m, const char *path, const wht_timing_row *tim, uint64_t nt, int supersede,
                        uint64_t *nsuper, uint64_t *nother)
{
  char key[200];
  for (uint64_t i = 0; i < nt; i++) {
    uint64_t old = 0;
    const int added = wht_keyset_add_timing(m->tkeys, &tim[i], m->ntim, &old);
    if (added < 0 || (added && (push((void **)&m->tim, &m->ntim, &m->captim, sizeof *tim, &tim[i]) < 0 ||
                                push((void **)&m->tim_file, &m->ntfile, &m->captfile, sizeof(char *), &path) < 0)))
      return no_memory();
    if (added) continue;
    const int same = wht_timings_same_values(&m->tim[old], &tim[i]);
    if (supersede) {
      ++*nsuper, *nother += !same;
      m->tim[old] = tim[i];
      m->tim_file[old] = path;
    } else if (!same) {
      wht_timing_key_text(&tim[i], key, sizeof key);
      return wht_sweep_usage_error("--merge: %s and %s disagree on the timing of %s (accepted: duplicate timings "
                                   "with equal values, or --supersede)", m->tim_file[old], path, key);
    }
  }
  return 0;
}

/* read one input into m; 0 ok, 2 refused. supersede: a cell already
 * taken gets this input's row (else the two must agree) */
static int take(merged *m, const char *path, int first, int supersede)
{
  char err[600], buf[4096], line[8192], key[200];
  wht_h5 *h = wht_h5_open_read(path, err, sizeof err);
  wht_result_row *rows = NULL;
  wht_timing_row *tim = NULL;
  uint64_t n = 0, nt = 0, seed = 0, nsuper = 0, nother = 0, tsuper = 0, tother = 0;
  int rc = 0;
  if (!h)
    return wht_sweep_usage_error("--merge: %s (accepted: wht-sweep results files of schema_version %d)", err,
                                 WHT_SCHEMA_VERSION);
  if (wht_h5_get_seed(h, &seed) != 0)
    rc = wht_sweep_usage_error("--merge: %s has no seed attribute (accepted: wht-sweep result files)", path);
  else if (first)
    m->seed = seed;
  else if (seed != m->seed)
    rc = wht_sweep_usage_error("--merge: %s has seed %llu, the first input %llu (accepted: files of one seed)", path,
                               (unsigned long long)seed, (unsigned long long)m->seed);
  if (rc == 0 && (wht_h5_read_results(h, &rows, &n) != 0 || wht_h5_read_timings(h, &tim, &nt) != 0))
    rc = wht_sweep_usage_error("--merge: %s", wht_h5_error(h));
  else if (rc == 0 && wht_h5_rows_problem(path, rows, n, tim, nt, line, sizeof line) != 0)
    rc = wht_sweep_usage_error("--merge: %s (accepted: wht-sweep results files)", line);
  for (uint64_t i = 0; rc == 0 && i < n; i++) {
    uint64_t old = 0;
    int added;
    if (rows[i].seed != m->seed) {
      rc = wht_sweep_usage_error("--merge: %s has a row of seed %llu, not %llu (accepted: files of one seed)", path,
                                 (unsigned long long)rows[i].seed, (unsigned long long)m->seed);
      break;
    }
    added = wht_keyset_add(m->keys, &rows[i], m->res.n, &old);
    if (added < 0 || (added && (push((void **)&m->res.rows, &m->res.n, &m->res.cap, sizeof *rows, &rows[i]) < 0 ||
                                push((void **)&m->row_file, &m->nfile, &m->capfile, sizeof(char *), &path) < 0)))
      rc = no_memory();
    else if (!added && supersede) {
      nsuper++;
      nother += !wht_rows_same_values(&m->res.rows[old], &rows[i]);
      m->res.rows[old] = rows[i];
      m->row_file[old] = path;
    } else if (!added && !wht_rows_same_values(&m->res.rows[old], &rows[i])) {
      wht_row_key_text(&rows[i], key, sizeof key);
      rc = wht_sweep_usage_error("--merge: %s and %s disagree on cell %s (accepted: duplicate cells with equal "
                                 "values)", m->row_file[old], path, key);
    }
  }
  /* a merge's /timings rows are read under its one device: those of two
   * GPUs would be divided by each other (data/README.md, /timings) */
  if (rc == 0 && nt > 0) {
    attr(h, "device", buf, sizeof buf);
    if (!m->tim_device) {
      if (!(m->tim_device = strdup(buf))) rc = no_memory();
      m->tim_device_file = path;
    } else if (strcmp(buf, m->tim_device) != 0)
      rc = wht_sweep_usage_error("--merge: %s has /timings of device '%s', %s of device '%s' (accepted: /timings of "
                                 "one device, the same device attribute, in one merge)", m->tim_device_file,
                                 m->tim_device, path, buf);
  }
  if (rc == 0) rc = take_timings(m, path, tim, nt, supersede, &tsuper, &tother);
  if (rc == 0 && (rc = take_shard(m, h, path)) == 1) rc = no_memory();
  if (rc == 0) {
    /* device: each distinct one once (an input's may be a list); by the
     * whole name, since one can hold another ("NVIDIA H200 NVL") */
    attr(h, "device", buf, sizeof buf);
    for (char *d = buf, *end; *d; d = end ? end + 2 : d + strlen(d)) {
      if ((end = strstr(d, ", "))) *end = '\0';
      if (!m->devices || !wht_sweep_device_listed(m->devices, d)) {
        if (m->devices) cat(&m->devices, &m->ldev, ", ");
        cat(&m->devices, &m->ldev, d);
      }
    }
    char created[64], host[256], git[128], dev[256];
    attr(h, "created", created, sizeof created);
    attr(h, "host", host, sizeof host);
    attr(h, "git_revision", git, sizeof git);
    attr(h, "device", dev, sizeof dev);
    attr(h, "command_line", buf, sizeof buf);
    snprintf(line, sizeof line, "%s%s: %llu rows, created %s, host %s, device %s, git_revision %s, command_line %s",
             m->from ? "\n" : "", path, (unsigned long long)n, created, host, dev, git, buf);
    cat(&m->from, &m->lfrom, line);
    if (supersede && !first) {
      snprintf(line, sizeof line, "; superseded %llu rows of earlier inputs, %llu of them with other values",
               (unsigned long long)nsuper, (unsigned long long)nother);
      if (tsuper) /* said only where timings were superseded: results files mostly have none */
        snprintf(line + strlen(line), sizeof line - strlen(line), ", and %llu timing rows, %llu of them with other "
                 "times", (unsigned long long)tsuper, (unsigned long long)tother);
      cat(&m->from, &m->lfrom, line);
      fprintf(stderr, "wht-sweep: %s %s\n", path, line + 2);
    }
    /* an unfinished input (a run killed, interrupted or failed) makes an
     * unfinished merge: OUT's note `unfinished` names it with its note */
    char *note = malloc(1u << 16);
    if (note && wht_h5_get_attr(h, WHT_SWEEP_UNFINISHED, note, 1u << 16) == 0) {
      if (m->unfinished) cat(&m->unfinished, &m->linc, "\n");
      cat(&m->unfinished, &m->linc, path);
      cat(&m->unfinished, &m->linc, ": ");
      cat(&m->unfinished, &m->linc, note);
      if (m->unfinished_names) cat(&m->unfinished_names, &m->lincn, ", ");
      cat(&m->unfinished_names, &m->lincn, path);
    }
    free(note);
    /* an input that is itself a merge: its inputs' lines, indented below
     * its own, so that no merge loses the provenance of its parts */
    char *inner = malloc(1u << 20);
    if (inner && wht_h5_get_attr(h, "merged_from", inner, 1u << 20) == 0)
      for (char *l = inner, *nl; *l; l = nl ? nl + 1 : l + strlen(l)) {
        nl = strchr(l, '\n');
        if (nl) *nl = '\0';
        cat(&m->from, &m->lfrom, "\n  ");
        cat(&m->from, &m->lfrom, l);
      }
    free(inner);
  }
  free(rows);
  free(tim);
  wht_h5_close(h);
  return rc;
}

int wht_sweep_merge(const wht_sweep_config *c)
{
  char err[600];
  struct stat so, si;
  merged m;
  int rc = 0, out_exists = stat(c->merge_out, &so) == 0;
  memset(&m, 0, sizeof m);
  if ((rc = wht_sweep_check_output(c->merge_out, out_exists, c->force, "--merge", "--force to overwrite it")) != 0 ||
      (out_exists && c->force && (rc = wht_sweep_check_replace(c->merge_out, "--merge")) != 0))
    return rc;
  for (int i = 0; i < c->nmerge_in; i++)
    if (out_exists && stat(c->merge_in[i], &si) == 0 && si.st_dev == so.st_dev && si.st_ino == so.st_ino)
      return wht_sweep_usage_error("--merge %s: the output is also an input (accepted: a new OUT file)", c->merge_out);
  if (!(m.keys = wht_keyset_new()) || !(m.tkeys = wht_keyset_new())) {
    merged_free(&m);
    return no_memory();
  }
  int taken = 0;
  for (int i = 0; i < c->nmerge_in && rc == 0; i++) {
    /* a file named twice (by any path) is taken once: its result rows
     * would be dropped as duplicates, but its timings would repeat */
    int again = 0;
    struct stat sj;
    if (stat(c->merge_in[i], &si) == 0)
      for (int j = 0; j < i && !again; j++)
        again = stat(c->merge_in[j], &sj) == 0 && sj.st_dev == si.st_dev && sj.st_ino == si.st_ino;
    if (!again) rc = take(&m, c->merge_in[i], taken++ == 0, c->supersede);
  }
  char *missing = NULL; /* "shard 3 of 3" for the summary line */
  size_t lmissing = 0;
  if (rc == 0 && note_missing_shards(&m, &missing, &lmissing) != 0)
    rc = no_memory();
  if (rc != 0) {
    free(missing);
    merged_free(&m);
    return rc;
  }
  wht_h5_provenance prov = { c->command_line, m.seed, m.devices ? m.devices : "none" };
  wht_h5 *h = wht_h5_create_whole(c->merge_out, &prov, c->force, err, sizeof err);
  if (!h) {
    fprintf(stderr, "wht-sweep: %s\n", err);
    free(missing);
    merged_free(&m);
    return 1;
  }
  /* a merge of hundreds of files (a Slurm array's shards) keeps the first
   * input's line and the latest ones, as the run logs do */
  if (m.from) wht_sweep_log_fit(m.from);
  if (m.unfinished) wht_sweep_log_fit(m.unfinished);
  rc = wht_h5_set_attr(h, "merged_from", m.from ? m.from : "");
  if (rc == 0 && m.unfinished) rc = wht_h5_set_attr(h, WHT_SWEEP_UNFINISHED, m.unfinished);
  for (uint64_t i = 0; rc == 0 && i < m.res.n; i++) rc = wht_h5_append_result(h, &m.res.rows[i]);
  for (uint64_t i = 0; rc == 0 && i < m.ntim; i++) rc = wht_h5_append_timing(h, &m.tim[i]);
  if (rc == 0) rc = wht_h5_flush(h);
  if (rc != 0) {
    fprintf(stderr, "wht-sweep: %s (%s left as it was)\n", wht_h5_error(h), c->merge_out);
    wht_h5_discard(h);
  } else
    wht_h5_close(h);
  /* an unfinished merge (an unfinished input, a missing shard) is written
   * all the same, exit 0: its rows are right, and it says what it lacks */
  if (rc == 0)
    fprintf(stderr, "wht-sweep: merged %d files into %s: %llu result rows, %llu timing rows%s%s%s%s%s%s%s\n", taken,
            c->merge_out, (unsigned long long)m.res.n, (unsigned long long)m.ntim,
            m.unfinished ? "; unfinished, " : "", m.unfinished_names ? "like " : "",
            m.unfinished_names ? m.unfinished_names : "", m.unfinished_names && missing ? ", and " : "",
            missing ? "without " : "", missing ? missing : "", m.unfinished ? " (attribute unfinished)" : "");
  merged_free(&m);
  free(missing);
  return rc == 0 ? 0 : 1;
}
