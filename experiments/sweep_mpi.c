/* sweep_mpi.c - wht-sweep under MPI (sweep_mpi.h): rank 0 checks the
 * command (its usage errors, and only its, are printed), builds the grid
 * and opens the file; the other ranks take the grid and the oracle device
 * from it, so that every rank runs the same cells. Then every rank is a
 * worker (rank 0's on a thread beside its dealer, hence
 * MPI_THREAD_MULTIPLE) and rank 0 deals the input sets, gathers the rows
 * and finishes the file as the serial program does. Every rank exits with
 * rank 0's status. */
#define _GNU_SOURCE /* sched_getaffinity */
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sweep_cli.h"
#include "sweep_finish.h"
#include "sweep_log.h"
#include "sweep_mpi.h"
#include "sweep_mpi_proto.h"
#include "sweep_output.h"
#include "sweep_stop.h"

int wht_sweep_mpi_launched(void)
{
  static const char *const vars[] = { "OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE" };
  for (size_t i = 0; i < sizeof vars / sizeof *vars; i++)
    if (getenv(vars[i]) && *getenv(vars[i])) return 1;
  return 0;
}

/* rank 0 parses and reports; the others parse quietly once it accepted */
static int parse(int rank, int argc, char **argv, wht_sweep_config *c)
{
  int rc = rank == 0 ? wht_sweep_parse(argc, argv, c) : 0;
  MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rc != 0 || rank == 0) return rc;
  fflush(stderr);
  int saved = dup(STDERR_FILENO), null = open("/dev/null", O_WRONLY);
  if (null >= 0) dup2(null, STDERR_FILENO);
  rc = wht_sweep_parse(argc, argv, c);
  if (saved >= 0) dup2(saved, STDERR_FILENO), close(saved);
  if (null >= 0) close(null);
  return rc;
}

/* without --threads (or OMP_NUM_THREADS), the host's cores shared by its
 * ranks, at most the cores this rank is bound to */
static void default_threads(const wht_sweep_config *c, int nlocal)
{
  if (c->threads) {
    wht_set_threads(c->threads);
    return;
  }
  if (getenv("OMP_NUM_THREADS")) return;
  long online = sysconf(_SC_NPROCESSORS_ONLN), t = online > 0 ? online / nlocal : 1;
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) < t) t = CPU_COUNT(&set);
  wht_set_threads(t < 1 ? 1 : (int)t);
}

/* rank 0's grid to every rank, as (registry index, backend, formats) */
static void share_grid(int rank, wht_sweep_grid *g)
{
  int msg[1 + 3 * WHT_SWEEP_MAX_ALGOS] = { (int)g->nalgo };
  for (size_t i = 0; rank == 0 && i < g->nalgo; i++) {
    for (size_t j = 0; j < wht_algorithm_count(); j++)
      if (wht_algorithm_at(j) == g->algo[i].info) msg[1 + 3 * i] = (int)j;
    msg[2 + 3 * i] = (int)g->algo[i].backend, msg[3 + 3 * i] = (int)g->algo[i].formats;
  }
  MPI_Bcast(msg, 1 + 3 * WHT_SWEEP_MAX_ALGOS, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0) return;
  g->nalgo = (size_t)msg[0];
  for (size_t i = 0; i < g->nalgo; i++)
    g->algo[i] = (wht_sweep_algo){ wht_algorithm_at((size_t)msg[1 + 3 * i]), (wht_backend)msg[2 + 3 * i],
                                   (unsigned)msg[3 + 3 * i] };
}

/* rank 0: the oracle device of every rank, or a refusal (2) when ranks
 * would share a GPU the command needs (sweep_mpi_gpu.c) */
static int choose_oracle(const wht_sweep_config *c, const wht_sweep_grid *g, int all_own, const char *why,
                         wht_oracle_device *oracle)
{
  static const char *const backend[] = { "cpu", "gpu", "auto" };
  *oracle = c->oracle == WHT_ORACLE_ON_CPU ? WHT_ORACLE_ON_CPU : all_own ? WHT_ORACLE_ON_GPU : WHT_ORACLE_ON_CPU;
  if (all_own) return 0;
  if (wht_sweep_uses_gpu(g))
    return wht_sweep_usage_error("--backend %s: the GPU algorithms need a GPU per rank, and %s (accepted: at most "
                                 "one rank per GPU on each host, e.g. srun --gpus-per-task=1; or --backend cpu)",
                                 backend[c->backend], why);
  if (c->oracle == WHT_ORACLE_ON_GPU)
    return wht_sweep_usage_error("--oracle gpu: the GPU oracle needs a GPU per rank, and %s (accepted: at most one "
                                 "rank per GPU on each host; or --oracle cpu, or auto: the CPU oracle then)", why);
  return 0;
}

/* provenance: one line per MPI run in the attribute `mpi` (data/README.md) */
static int note_ranks(int rank, int size, wht_h5 *h, wht_oracle_device oracle, int device)
{
  char host[64] = "unknown", *all = rank == 0 ? calloc((size_t)size, sizeof host) : NULL;
  int rc = 0, gpus = device >= 0, any_gpu;
  gethostname(host, sizeof host - 1);
  MPI_Reduce(&gpus, &any_gpu, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Gather(host, (int)sizeof host, MPI_CHAR, all, rank == 0 && all ? (int)sizeof host : 0, MPI_CHAR, 0,
             MPI_COMM_WORLD);
  if (rank != 0) return 0;
  if (!all) return -1;
  char line[2048];
  int o = snprintf(line, sizeof line, "%d rank%s (--threads %d each), the oracle on the %s, %d with a GPU; hosts:",
                   size, size == 1 ? "" : "s", wht_get_threads(), oracle == WHT_ORACLE_ON_GPU ? "GPU" : "CPU", any_gpu);
  for (int i = 0, distinct = 0; i < size && o > 0 && (size_t)o < sizeof line - 80; i++) {
    int seen = 0;
    for (int j = 0; j < i; j++) seen |= !strcmp(all + (size_t)j * sizeof host, all + (size_t)i * sizeof host);
    if (!seen && distinct++ < 16) o += snprintf(line + o, sizeof line - (size_t)o, " %s", all + (size_t)i * sizeof host);
  }
  rc = wht_sweep_attr_add_line(h, "mpi", line);
  free(all);
  return rc;
}

typedef struct {
  MPI_Comm up, down;
  const wht_sweep_config *c;
  const wht_sweep_grid *g;
  wht_oracle_device oracle;
  int device, rc;
} local_worker;

static void *work_thread(void *arg)
{
  local_worker *L = arg;
  L->rc = wht_sweep_mpi_work(L->up, L->down, L->c, L->g, L->oracle, L->device);
  return NULL;
}

/* rank 0: its worker on a thread (when MPI allows), the dealer here */
static int lead(local_worker *L, int size, int multiple, wht_h5 *h, wht_keyset *done)
{
  wht_sweep_summary s;
  pthread_t thread;
  int threaded = multiple && pthread_create(&thread, NULL, work_thread, L) == 0;
  if (!threaded && size == 1) { /* no worker at all */
    fprintf(stderr, "wht-sweep: this MPI gives no MPI_THREAD_MULTIPLE, so rank 0 only deals: run with -n 2 or more, "
                    "or without mpirun\n");
    memset(&s, 0, sizeof s);
    return wht_sweep_finish(L->c, h, done, &s, 1);
  }
  int rc = wht_sweep_mpi_deal(L->up, L->down, threaded ? size : size - 1, L->c, L->g, h, done, &s);
  if (threaded) {
    pthread_join(thread, NULL);
    rc |= L->rc;
  }
  return wht_sweep_finish(L->c, h, done, &s, rc);
}

static int sweep(const wht_sweep_config *given, int rank, int size, int multiple)
{
  wht_sweep_config copy = *given, *c = &copy; /* with its log, once open (rank 0) */
  MPI_Comm node;
  wht_sweep_grid g;
  wht_h5 *h = NULL;
  wht_keyset *done = NULL;
  local_worker L = { .c = c, .g = &g };
  int rc = 0, nlocal = 1, all_own = 0, oracle = WHT_ORACLE_ON_CPU;
  char why[160];
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_size(node, &nlocal);
  default_threads(c, nlocal);
  wht_sweep_catch_signals();
  if (rank == 0) rc = wht_sweep_grid_build(c, wht_gpu_available(), &g);
  MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rc == 0) {
    share_grid(rank, &g);
    wht_sweep_mpi_gpu_plan(MPI_COMM_WORLD, node, &L.device, &all_own, why, sizeof why);
    if (rank == 0) {
      wht_oracle_device o;
      rc = choose_oracle(c, &g, all_own, why, &o);
      oracle = (int)o;
      if (rc == 0) rc = wht_sweep_log_check(c);
      if (rc == 0) h = wht_sweep_open_output(c, &g, &done, &rc);
      if (h) wht_sweep_log_open(c);
    }
    int decided[2] = { rc, oracle };
    MPI_Bcast(decided, 2, MPI_INT, 0, MPI_COMM_WORLD);
    rc = decided[0], L.oracle = (wht_oracle_device)decided[1];
  }
  MPI_Comm_free(&node);
  if (rc != 0) return rc;
  if (note_ranks(rank, size, h, L.oracle, L.device) != 0) fprintf(stderr, "wht-sweep: %s\n", wht_h5_error(h));
  MPI_Comm_dup(MPI_COMM_WORLD, &L.up);
  MPI_Comm_dup(MPI_COMM_WORLD, &L.down);
  if (rank == 0) {
    rc = lead(&L, size, multiple, h, done);
    wht_sweep_log_close(c);
  } else
    rc = wht_sweep_mpi_work(L.up, L.down, c, &g, L.oracle, L.device);
  MPI_Comm_free(&L.up);
  MPI_Comm_free(&L.down);
  return rc;
}

int wht_sweep_mpi_main(int argc, char **argv, int (*serial)(const wht_sweep_config *c))
{
  int provided = MPI_THREAD_SINGLE, rank = 0, size = 1;
  wht_sweep_config c;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int rc = parse(rank, argc, argv, &c);
  if (rc == 0 && c.mode != WHT_MODE_RUN)
    rc = rank == 0 ? serial(&c) : 0;
  else if (rc == 0)
    rc = sweep(&c, rank, size, provided == MPI_THREAD_MULTIPLE);
  MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return rc;
}
