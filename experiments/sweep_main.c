/* sweep_main.c - wht-sweep, the accuracy sweep driver (DESIGN.md sections
 * 10-11): parse and validate everything, then open the output, run the
 * missing cells, and print one summary line. Exit 0 ok, 1 failed run,
 * 2 usage error (nothing written). Started by an MPI launcher (mpirun -n
 * N, srun) in a build with MPI, the same program runs the MPI driver
 * (sweep_mpi.c) instead. */
#include <stdio.h>
#include "sweep_cli.h"
#include "sweep_finish.h"
#include "sweep_grid.h"
#include "sweep_list.h"
#include "sweep_log.h"
#include "sweep_merge.h"
#include "sweep_mpi.h"
#include "sweep_output.h"
#include "sweep_run.h"

static int run(const wht_sweep_config *given)
{
  wht_sweep_grid g;
  wht_keyset *done = NULL;
  wht_sweep_summary s;
  wht_sweep_config c = *given; /* with its log, once open */
  /* the library's threads for this process; no row depends on them */
  if (c.threads) wht_set_threads(c.threads);
  int rc = wht_sweep_grid_build(&c, wht_gpu_available(), &g);
  if (rc == 0) rc = wht_sweep_log_check(&c);
  if (rc != 0) return rc;
  wht_h5 *h = wht_sweep_open_output(&c, &g, &done, &rc);
  if (!h) return rc;
  wht_sweep_log_open(&c);
  rc = wht_sweep_run(&c, &g, h, done, &s);
  rc = wht_sweep_finish(&c, h, done, &s, rc);
  wht_sweep_log_close(&c);
  return rc;
}

/* what the command asks for, but a sweep under MPI */
static int dispatch(const wht_sweep_config *c)
{
  switch (c->mode) {
  case WHT_MODE_HELP: wht_sweep_usage(stdout); return 0;
  case WHT_MODE_LIST: wht_sweep_list(stdout); return 0;
  case WHT_MODE_MERGE: return wht_sweep_merge(c);
  case WHT_MODE_RUN: break;
  }
  return run(c);
}

int main(int argc, char **argv)
{
  wht_sweep_config c;
#ifdef WHT_HAVE_MPI
  if (wht_sweep_mpi_launched()) return wht_sweep_mpi_main(argc, argv, dispatch);
#endif
  int rc = wht_sweep_parse(argc, argv, &c);
  return rc != 0 ? rc : dispatch(&c);
}
