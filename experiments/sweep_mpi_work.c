/* sweep_mpi_work.c - a worker of the MPI driver (sweep_mpi_proto.h): one
 * set at a time from rank 0; its rows are collected in one message and
 * sent only when the whole set ran, so a failed set sends nothing but the
 * line naming its cell. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "sweep_mpi_proto.h"
#include "sweep_stop.h"
#include "sweep_worker.h"

/* the message under construction: head, then the rows */
typedef struct {
  unsigned char *buf;
  size_t nrows, cap;
} batch;

/* room for the head and nrows rows; 0 ok */
static int reserve(batch *b, size_t nrows)
{
  const size_t need = sizeof(wht_mpi_rows_head) + nrows * sizeof(wht_result_row);
  if (need <= b->cap) return 0;
  const size_t cap = need > 2 * b->cap ? need : 2 * b->cap;
  unsigned char *p = realloc(b->buf, cap);
  if (!p) return 1;
  b->buf = p, b->cap = cap;
  return 0;
}

static int batch_add(void *ctx, const wht_result_row *r)
{
  batch *b = ctx;
  if (reserve(b, b->nrows + 1) != 0) return 1; /* the worker reports an empty error as out of memory */
  memcpy(b->buf + sizeof(wht_mpi_rows_head) + b->nrows * sizeof *r, r, sizeof *r);
  b->nrows++;
  return 0;
}

/* the next message from rank 0: polled, briefly spinning, then sleeping
 * in short naps, since rank 0's worker shares its cores with the dealer
 * (a blocking probe of Open MPI spins and would hold them) */
static void next_message(MPI_Comm down, MPI_Status *st)
{
  for (int tries = 0, flag = 0;; tries++) {
    MPI_Iprobe(0, MPI_ANY_TAG, down, &flag, st);
    if (flag) return;
    if (tries > 100) nanosleep(&(struct timespec){ 0, 50000 }, NULL);
  }
}

static void send_failure(MPI_Comm up, const char *why)
{
  MPI_Send(why, (int)strlen(why) + 1, MPI_CHAR, 0, WHT_MPI_FAIL, up);
}

int wht_sweep_mpi_work(MPI_Comm up, MPI_Comm down, const wht_sweep_config *c, const wht_sweep_grid *g,
                       wht_oracle_device oracle, int device)
{
  wht_sweep_summary s;
  batch b = { NULL, 0, 0 };
  wht_sweep_set set;
  int failed = 0;
  wht_sweep_mpi_gpu_use(device);
  wht_sweep_worker *W = wht_sweep_worker_new(c, g, oracle, batch_add, &b, NULL, &s);
  if (!W) {
    memset(&s, 0, sizeof s);
    send_failure(up, "out of memory starting a worker");
    failed = 1;
  } else
    MPI_Send(NULL, 0, MPI_BYTE, 0, WHT_MPI_READY, up);
  for (;;) {
    MPI_Status st;
    int len = 0;
    next_message(down, &st);
    MPI_Get_count(&st, MPI_BYTE, &len);
    if (st.MPI_TAG != WHT_MPI_WORK || len != (int)sizeof set) {
      MPI_Recv(NULL, 0, MPI_BYTE, 0, st.MPI_TAG, down, MPI_STATUS_IGNORE);
      break; /* STOP */
    }
    MPI_Recv(&set, (int)sizeof set, MPI_BYTE, 0, WHT_MPI_WORK, down, MPI_STATUS_IGNORE);
    b.nrows = 0;
    /* stopped by a signal: run nothing more, say so with an empty batch */
    int rc = wht_sweep_stop_requested() ? 0 : wht_sweep_worker_run(W, &set);
    if (rc == 0 && wht_sweep_worker_wait(W) != 0) rc = 1;
    if (rc != 0) {
      const char *why = wht_sweep_worker_error(W);
      send_failure(up, *why ? why : "out of memory collecting the rows of a set");
      failed = 1;
      continue; /* rank 0 answers STOP */
    }
    if (reserve(&b, b.nrows) != 0) { /* a set without rows: the head alone */
      send_failure(up, "out of memory collecting the rows of a set");
      failed = 1;
      continue;
    }
    const wht_mpi_rows_head head = { set.index, b.nrows, set.k, wht_sweep_stop_requested() };
    memcpy(b.buf, &head, sizeof head);
    MPI_Send(b.buf, (int)(sizeof head + b.nrows * sizeof(wht_result_row)), MPI_BYTE, 0, WHT_MPI_ROWS, up);
  }
  if (wht_sweep_worker_free(W) != 0) failed = 1;
  MPI_Send(&s, (int)sizeof s, MPI_BYTE, 0, WHT_MPI_DONE, up);
  free(b.buf);
  return failed;
}
