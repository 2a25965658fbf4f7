/* test_gpu_bitident - on a GPU, every algorithm in every format gives bit
 * for bit the CPU result (DESIGN.md section 3), for k = 0..26 and several
 * batch counts, on fresh random data (seed printed) and, to k = 20, on
 * data near the smallest normal and data with an infinity and a NaN
 * (gpu_check.h; NaNs compared as NaNs), through device
 * pointers (automatic tiles, and forced small tiles so that small k take
 * many passes), out of place (destination poisoned, source unchanged) and
 * through WHT_HOST_POINTER plans. The workspace, the destination and the
 * host result buffer are poisoned before every run. Then f32 folklore at
 * k = 30 against the CPU, and exact spot checks of the largest sizes: a
 * sparse integer input, whose outputs are small exact sums
 * y_i = sum_j x_j (-1)^popcount(i & j), checked at a million random indices.
 *
 * Skips without CUDA or without a device. Environment:
 *   WHT_GPU_TEST_MAXK  largest k of the sweep (default 26)
 *   WHT_GPU_TEST_MINK  smallest k of the sweep (default 0)
 *   WHT_GPU_TEST_BATCH one batch count for every k instead of 1, 3, 64
 *                      (k <= 10), 1, 3 (k <= 20), 1 (e.g. 64: the rows
 *                      kernels' look-ahead then crosses blocks)
 *   WHT_GPU_TEST_BIG   0 skips k = 30 and the spot checks (default 1)
 *   WHT_GPU_TEST_K30   0 skips k = 30 alone (default 1)
 *   WHT_GPU_TEST_SPOT  spot checks, ALGO:FMT:K,... (default
 *                      folklore:f32:32,alman-rao:f32:32,kahan:f32:31,folklore:f16:33)
 *   WHT_GPU_TEST_SEED  repeat a run
 *   WHT_GPU_TEST_ALGOS only these algorithms, a,b,... (gpu_check.h; default all) */
#include "tap.h"

#ifndef WHT_HAVE_CUDA
int main(void) { return tap_skip_all("CUDA not compiled in"); }
#else
#include "gpu_check.h"
#include <pthread.h>
#include <unistd.h>
#include "wht_internal.h"
#include "gpu_util.h"

typedef struct {
  const char *algo;
  wht_format f;
  unsigned k;
  gc_input input;
  uint64_t batch, seed;
  unsigned char *in, *ref; /* input and CPU result */
  wht_status cpu_status;
} job;

static void *job_cpu(void *arg)
{
  job *j = arg;
  const uint64_t N = j->batch << j->k;
  const size_t bytes = (size_t)(N * wht_format_size(j->f));
  j->in = malloc(bytes);
  j->ref = malloc(bytes);
  if (!j->in || !j->ref) { j->cpu_status = WHT_E_NOMEM; return NULL; }
  gc_fill_input(j->input, j->f, j->k, j->in, j->batch, j->seed);
  memcpy(j->ref, j->in, bytes);
  j->cpu_status = gc_cpu_transform(j->algo, j->f, (uint64_t)1 << j->k, j->batch, j->ref);
  return NULL;
}

static void job_free(job *j)
{
  free(j->in);
  free(j->ref);
  j->in = j->ref = NULL;
}

static void report(const job *j, const char *path, wht_status st, const unsigned char *got)
{
  const size_t esz = wht_format_size(j->f);
  const uint64_t N = j->batch << j->k;
  uint64_t first = 0;
  const int bad = j->cpu_status != WHT_OK || st != WHT_OK || gc_differs_input(j->input, got, j->ref, N, j->f, &first);
  char h1[20], h2[20];
  if (tap_ok(!bad, "%s %s k=%u batch=%llu %s %s", j->algo, wht_format_name(j->f), j->k,
             (unsigned long long)j->batch, gc_input_names[j->input], path))
    return;
  if (j->cpu_status != WHT_OK || st != WHT_OK)
    tap_diag("status: CPU %s, GPU %s", wht_strerror(j->cpu_status), wht_strerror(st));
  else
    tap_diag("first difference at element %llu: GPU %s, CPU %s", (unsigned long long)first,
             gc_hex(got, first, esz, h1), gc_hex(j->ref, first, esz, h2));
}

/* Device pointers: copy in, poison the workspace, transform, copy back
 * into a poisoned host buffer. */
static void check_device(const job *j, const char *path)
{
  const uint64_t N = j->batch << j->k;
  const size_t bytes = (size_t)(N * wht_format_size(j->f));
  wht_status st;
  unsigned char *out = malloc(bytes);
  void *d = NULL;
  wht_plan *p = wht_plan_create_batched((uint64_t)1 << j->k, j->batch, j->f, j->algo,
                                        WHT_BACKEND_GPU, 0, &st);
  if (p && out) st = wht__gpu_alloc(&d, bytes);
  if (st == WHT_OK) st = wht__gpu_copy(d, j->in, bytes, 1);
  if (st == WHT_OK && p->work) st = wht__gpu_memset(p->work, 0xff, bytes * p->algo->work_per_elem);
  if (st == WHT_OK) st = wht_execute(p, d);
  if (st == WHT_OK) st = wht__gpu_sync();
  if (out) memset(out, 0xff, bytes);
  if (st == WHT_OK) st = wht__gpu_copy(out, d, bytes, 0);
  report(j, path, out ? st : WHT_E_NOMEM, out);
  wht__gpu_free(d);
  wht_plan_destroy(p);
  free(out);
}

/* Out of place on the device: dst poisoned before the run, src unchanged. */
static void check_out_of_place(const job *j)
{
  const uint64_t N = j->batch << j->k;
  const size_t bytes = (size_t)(N * wht_format_size(j->f));
  wht_status st;
  unsigned char *out = malloc(bytes), *back = malloc(bytes);
  void *src = NULL, *dst = NULL;
  wht_plan *p = wht_plan_create_batched((uint64_t)1 << j->k, j->batch, j->f, j->algo,
                                        WHT_BACKEND_GPU, 0, &st);
  if (p && out && back) st = wht__gpu_alloc(&src, bytes);
  if (st == WHT_OK) st = wht__gpu_alloc(&dst, bytes);
  if (st == WHT_OK) st = wht__gpu_copy(src, j->in, bytes, 1);
  if (st == WHT_OK) st = wht__gpu_memset(dst, 0xff, bytes);
  if (st == WHT_OK && p->work) st = wht__gpu_memset(p->work, 0xff, bytes * p->algo->work_per_elem);
  if (st == WHT_OK) st = wht__gpu_execute_out_of_place(p, src, dst);
  if (st == WHT_OK) st = wht__gpu_sync();
  if (out) memset(out, 0xff, bytes);
  if (st == WHT_OK) st = wht__gpu_copy(out, dst, bytes, 0);
  if (st == WHT_OK) st = wht__gpu_copy(back, src, bytes, 0);
  report(j, "out of place", out && back ? st : WHT_E_NOMEM, out);
  tap_ok(st == WHT_OK && memcmp(back, j->in, bytes) == 0, "%s %s k=%u batch=%llu %s out of place: source unchanged",
         j->algo, wht_format_name(j->f), j->k, (unsigned long long)j->batch, gc_input_names[j->input]);
  wht__gpu_free(src);
  wht__gpu_free(dst);
  wht_plan_destroy(p);
  free(out);
  free(back);
}

/* WHT_HOST_POINTER plan: the plan copies in and out itself. */
static void check_host_pointer(const job *j)
{
  const uint64_t N = j->batch << j->k;
  const size_t bytes = (size_t)(N * wht_format_size(j->f));
  wht_status st;
  unsigned char *x = malloc(bytes);
  wht_plan *p = wht_plan_create_batched((uint64_t)1 << j->k, j->batch, j->f, j->algo,
                                        WHT_BACKEND_GPU, WHT_HOST_POINTER, &st);
  if (p && x) {
    memcpy(x, j->in, bytes);
    st = wht__gpu_memset(p->dbuf, 0xff, bytes);
    if (st == WHT_OK && p->work) st = wht__gpu_memset(p->work, 0xff, bytes * p->algo->work_per_elem);
    if (st == WHT_OK) st = wht_execute(p, x);
  }
  report(j, "host pointer", x ? st : WHT_E_NOMEM, x);
  wht_plan_destroy(p);
  free(x);
}

static uint64_t job_seed(uint64_t seed, int ai, int fi, unsigned k, uint64_t batch)
{
  return gc_mix(seed ^ gc_mix(((uint64_t)ai << 56) ^ ((uint64_t)fi << 48) ^ ((uint64_t)k << 40) ^ batch));
}

/* Input kinds at row length 2^k: the rarer kinds to k = 20. */
static int input_count(unsigned k) { return k <= 20 ? GC_NINPUTS : 1; }

static void sweep(uint64_t seed, unsigned mink, unsigned maxk)
{
  const unsigned one = gc_env_unsigned("WHT_GPU_TEST_BATCH", 0);
  for (unsigned k = mink; k <= maxk; k++) {
    const uint64_t batches[] = { one ? one : 1, 3, 64 };
    const int nb = one ? 1 : k <= 10 ? 3 : k <= 20 ? 2 : 1;
    for (int bi = 0; bi < nb; bi++) {
      static job jobs[GC_MAX_ALGOS * WHT_NFORMATS * GC_NINPUTS];
      static pthread_t th[GC_MAX_ALGOS * WHT_NFORMATS * GC_NINPUTS];
      const char *algos[GC_MAX_ALGOS];
      const int nalgos = (int)gc_algorithm_list(algos);
      int nj = 0;
      for (int in = 0; in < input_count(k); in++)
        for (int ai = 0; ai < nalgos; ai++)
          for (int fi = 0; fi < WHT_NFORMATS; fi++, nj++) {
            job *j = &jobs[nj];
            memset(j, 0, sizeof *j);
            j->algo = algos[ai];
            j->f = (wht_format)fi;
            j->k = k;
            j->input = (gc_input)in;
            j->batch = batches[bi];
            j->seed = job_seed(seed, ai, fi, k, batches[bi]) ^ (uint64_t)in;
          }
      /* CPU references in parallel: they dominate the run time */
      for (int i = 0; i < nj; i++)
        if (pthread_create(&th[i], NULL, job_cpu, &jobs[i])) job_cpu(&jobs[i]), th[i] = 0;
      for (int i = 0; i < nj; i++)
        if (th[i]) pthread_join(th[i], NULL);
      for (int i = 0; i < nj; i++) {
        const job *j = &jobs[i];
        const unsigned tmin = wht__gpu_tile_log2_min(j->f);
        wht__gpu_set_tile_log2(0);
        check_device(j, "device pointer");
        if (k >= 1 && k <= 18) {
          /* the smallest tiles: L2-blocked pairs from k = 11 or so, for
           * the compensated algorithms too (off by default) */
          char path[64];
          snprintf(path, sizeof path, "device pointer, tile 2^%u, L2 blocking", tmin);
          wht__gpu_set_tile_log2(tmin);
          wht__gpu_set_l2_chunk(23, 1);
          check_device(j, path);
          wht__gpu_set_l2_chunk(0, 1);
          wht__gpu_set_tile_log2(0);
        }
        if (k <= 22) check_host_pointer(j);
        if (k <= 24) check_out_of_place(j);
        job_free(&jobs[i]);
      }
    }
  }
}

/* f32 folklore at k = 30 (4 GiB) against the CPU. */
static void check_k30(uint64_t seed)
{
  job j;
  memset(&j, 0, sizeof j);
  j.algo = "folklore";
  j.f = WHT_F32;
  j.k = 30;
  j.batch = 1;
  j.seed = job_seed(seed, 0, WHT_F32, 30, 1);
  job_cpu(&j);
  check_device(&j, "device pointer");
  job_free(&j);
}

static int cmp_u64(const void *a, const void *b)
{
  const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Exact spot check of one large transform (see the top of the file). */
static void spot_check(const char *algo, wht_format f, unsigned k, uint64_t seed)
{
  enum { NNZ = 48, SAMPLES = 1000000 };
  const uint64_t n = (uint64_t)1 << k, chunk = (uint64_t)1 << 27;
  const size_t esz = wht_format_size(f);
  uint64_t pos[NNZ];
  double val[NNZ];
  uint64_t s = gc_mix(seed ^ k);
  for (int j = 0; j < NNZ; j++) {
    int dup;
    do {
      s = gc_mix(s);
      pos[j] = j == 0 ? 0 : j == 1 ? n - 1 : s & (n - 1);
      dup = 0;
      for (int i = 0; i < j; i++) dup |= pos[i] == pos[j];
    } while (dup);
    s = gc_mix(s);
    val[j] = (double)(int)(1 + s % 4) * ((s >> 8) & 1 ? -1 : 1);
  }
  wht_status st;
  void *d = NULL;
  wht_plan *p = wht_plan_create(n, f, algo, WHT_BACKEND_GPU, 0, &st);
  if (p) st = wht__gpu_alloc(&d, (size_t)(n * esz));
  if (st == WHT_E_NOMEM) {
    /* counted as a skipped assertion, not a bare diagnostic */
    tap_skip("not enough device memory", "spot check %s %s k=%u: %d exact values", algo, wht_format_name(f), k,
             (int)SAMPLES);
    wht_plan_destroy(p);
    return;
  }
  if (st == WHT_OK) st = wht__gpu_memset(d, 0, (size_t)(n * esz));
  if (st == WHT_OK && p->work) st = wht__gpu_memset(p->work, 0xff, (size_t)(n * esz));
  for (int j = 0; j < NNZ && st == WHT_OK; j++) {
    unsigned char b[8];
    wht_store_doubles(f, b, &val[j], 1);
    st = wht__gpu_copy((char *)d + pos[j] * esz, b, esz, 1);
  }
  if (st == WHT_OK) st = wht_execute(p, d);
  if (st == WHT_OK) st = wht__gpu_sync();
  /* sampled indices, sorted so the result can come back chunk by chunk */
  uint64_t *idx = malloc(SAMPLES * sizeof *idx);
  unsigned char *host = malloc((size_t)(chunk * esz));
  uint64_t bad = 0, first_bad = 0;
  if (!idx || !host) st = WHT_E_NOMEM;
  for (int i = 0; i < SAMPLES && idx; i++) {
    s = gc_mix(s);
    idx[i] = i == 0 ? 0 : i == 1 ? n - 1 : s & (n - 1);
  }
  if (idx) qsort(idx, SAMPLES, sizeof *idx, cmp_u64);
  int i = 0;
  for (uint64_t c0 = 0; c0 < n && st == WHT_OK; c0 += chunk) {
    const uint64_t m = n - c0 < chunk ? n - c0 : chunk;
    st = wht__gpu_copy(host, (char *)d + c0 * esz, (size_t)(m * esz), 0);
    for (; st == WHT_OK && i < SAMPLES && idx[i] < c0 + m; i++) {
      double want = 0, got;
      for (int j = 0; j < NNZ; j++)
        want += __builtin_popcountll(idx[i] & pos[j]) & 1 ? -val[j] : val[j];
      wht_load_doubles(f, &got, host + (idx[i] - c0) * esz, 1);
      if (got != want && !bad++) first_bad = idx[i];
    }
  }
  if (!tap_ok(st == WHT_OK && bad == 0, "spot check %s %s k=%u: %d exact values", algo,
              wht_format_name(f), k, SAMPLES))
    tap_diag("status %s, %llu wrong, first at %llu", wht_strerror(st), (unsigned long long)bad,
             (unsigned long long)first_bad);
  free(idx);
  free(host);
  wht__gpu_free(d);
  wht_plan_destroy(p);
}

static void spot_checks(const char *list, uint64_t seed)
{
  char *copy = strdup(list), *save = NULL;
  for (char *item = strtok_r(copy, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
    char algo[32], fmt[8];
    unsigned k;
    wht_format f;
    if (sscanf(item, "%31[^:]:%7[^:]:%u", algo, fmt, &k) != 3 || wht_format_from_name(fmt, &f) ||
        !wht_algorithm_find(algo) || k > 40) {
      tap_ok(0, "WHT_GPU_TEST_SPOT item '%s' (expected ALGO:FMT:K)", item);
      continue;
    }
    spot_check(algo, f, k, seed);
  }
  free(copy);
}

int main(void)
{
  if (!wht_gpu_available()) return tap_skip_all("no GPU");
  char name[256];
  wht__gpu_device_name(name, sizeof name);
  tap_diag("device: %s", name);
  const uint64_t seed = gc_seed();
  sweep(seed, gc_env_unsigned("WHT_GPU_TEST_MINK", 0), gc_env_unsigned("WHT_GPU_TEST_MAXK", 26));
  if (gc_env_unsigned("WHT_GPU_TEST_BIG", 1)) {
    if (gc_env_unsigned("WHT_GPU_TEST_K30", 1)) check_k30(seed);
    const char *spots = getenv("WHT_GPU_TEST_SPOT");
    spot_checks(spots ? spots : "folklore:f32:32,alman-rao:f32:32,kahan:f32:31,folklore:f16:33", seed);
  }
  return tap_done();
}
#endif
