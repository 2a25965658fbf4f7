/* sweep_config.h - what a wht-sweep command line asks for, after parsing
 * and validation (sweep_cli.c): the selected names as flags in canonical
 * (registry / enum) order, the range, the run settings and the mode. */
#ifndef WHT_SWEEP_CONFIG_H
#define WHT_SWEEP_CONFIG_H

#include <stdint.h>
#include "wht.h"
#include "wht_oracle.h"
#include "wht_dist.h"
#include "run_log.h"

#define WHT_SWEEP_MAX_ALGOS 64
#define WHT_SWEEP_MAX_TAUS 16
#define WHT_SWEEP_DEFAULT_OUTPUT "data/sweep.h5"
#define WHT_SWEEP_MAX_SHARDS 1000000

typedef enum { WHT_SWEEP_CPU = 0, WHT_SWEEP_GPU, WHT_SWEEP_AUTO } wht_sweep_backend;
typedef enum { WHT_MODE_RUN = 0, WHT_MODE_HELP, WHT_MODE_LIST, WHT_MODE_MERGE } wht_sweep_mode;

typedef struct {
  wht_sweep_mode mode;
  /* selections: sel[i] = 1 when chosen; named = 1 when listed by name, not `all` */
  unsigned char algo[WHT_SWEEP_MAX_ALGOS], fmt[WHT_NFORMATS], dist[WHT_NDISTS], op[WHT_NOPS];
  int algo_named, fmt_named;
  /* --log2n: bit k set for each size 2^k (log2n_list.h); kmin, kmax its ends */
  uint64_t log2n;
  const char *log2n_text;
  unsigned kmin, kmax, trials;
  uint64_t seed;
  /* --tau: the smoothed operation runs once per taus[i] (distinct, in the
   * order given); tau = taus[0], which the other operations' rows carry */
  double tau, taus[WHT_SWEEP_MAX_TAUS];
  unsigned ntau;
  const char *tau_text;
  wht_sweep_backend backend;
  wht_oracle_device oracle; /* --oracle: CPU, GPU or AUTO (DESIGN.md section 8) */
  int threads;              /* --threads: host threads of libwht (wht_set_threads); 0: the default */
  /* --shard I/N: this run takes the inputs (dist, op, log2n, trial) whose
   * index in the run order is shard mod shards (shard = I - 1) */
  unsigned shard, shards;
  const char *output;
  int resume, force;
  /* --log FILE, or NULL: FILE.log beside the output (sweep_log.h), whose
   * name log_beside holds; log: the open log while a run goes on */
  const char *log_path;
  char log_beside[4100];
  wht_run_log *log;
  /* --merge OUT IN... [--supersede]: with supersede, a cell in several
   * inputs takes the last one's row (else they must agree) */
  const char *merge_out;
  char **merge_in;
  int nmerge_in, supersede;
  char command_line[4096];
} wht_sweep_config;
#endif
