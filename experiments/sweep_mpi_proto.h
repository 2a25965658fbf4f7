/* sweep_mpi_proto.h - the messages of the MPI driver (DESIGN.md "The MPI
 * driver"). Workers (every rank; rank 0's on a thread of its own) send on
 * `up` to rank 0's dealer and receive on `down`, so that on rank 0 neither
 * thread can take the other's messages. Every rank runs the same binary:
 * structs travel as bytes. */
#ifndef WHT_SWEEP_MPI_PROTO_H
#define WHT_SWEEP_MPI_PROTO_H

#include <mpi.h>
#include "h5store.h"
#include "sweep_run.h"
#include "sweep_sets.h"

enum {
  WHT_MPI_READY = 1, /* worker -> 0, empty: the first set, please */
  WHT_MPI_ROWS,      /* worker -> 0: wht_mpi_rows_head, then its rows; and the next set */
  WHT_MPI_FAIL,      /* worker -> 0: the set failed, one line naming the cell; nothing of it sent */
  WHT_MPI_DONE,      /* worker -> 0: its wht_sweep_summary, its last message */
  WHT_MPI_WORK,      /* 0 -> worker: a wht_sweep_set (its done bitmap from the file) */
  WHT_MPI_STOP       /* 0 -> worker, empty: no more sets */
};

typedef struct {
  uint64_t index, nrows; /* the set's index in the run order; rows after this head */
  uint32_t k;
  int32_t interrupted; /* a signal stopped the worker: the set may be partial */
} wht_mpi_rows_head;

/* A worker: sets from `down` until STOP, their rows to rank 0 on `up`,
 * then its summary. GPU work on device (-1: none). 0 ok, 1 this rank failed. */
int wht_sweep_mpi_work(MPI_Comm up, MPI_Comm down, const wht_sweep_config *c, const wht_sweep_grid *g,
                       wht_oracle_device oracle, int device);
/* Rank 0's dealer: the sets of the run largest first to nworkers workers,
 * their rows into h (this run's rows put in the serial order at the end),
 * progress on stderr, the summary of the whole job in s. 0 ok, 1 failed
 * or interrupted (said). */
int wht_sweep_mpi_deal(MPI_Comm up, MPI_Comm down, int nworkers, const wht_sweep_config *c,
                       const wht_sweep_grid *g, wht_h5 *h, const wht_keyset *done, wht_sweep_summary *s);

/* This rank's GPU, local_rank mod the devices it sees (-1: none), made
 * current; *all_own: every rank of the job has a GPU no other rank of its
 * host has. why: a line for rank 0's refusal. Collective over world. */
void wht_sweep_mpi_gpu_plan(MPI_Comm world, MPI_Comm node, int *device, int *all_own, char *why, size_t len);
/* makes device current in the calling thread (CUDA's device is per thread) */
void wht_sweep_mpi_gpu_use(int device);
#endif
