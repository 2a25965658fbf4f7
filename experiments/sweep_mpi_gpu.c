/* sweep_mpi_gpu.c - which GPU a rank uses (sweep_mpi_proto.h): local_rank
 * mod the devices the rank sees, local_rank its place among the ranks of
 * its host (MPI_COMM_TYPE_SHARED). That is one GPU each when a host runs
 * at most one rank per GPU, whether each rank sees them all (mpirun) or
 * only its own (srun --gpus-per-task=1: device 0 of each). Two ranks of a
 * host on one GPU (the same PCI bus id) make *all_own 0: the driver then
 * refuses GPU algorithms and --oracle gpu, and --oracle auto runs the CPU
 * oracle on every rank (the two oracles' oracle_prec differ: one oracle
 * for the whole job keeps the rows independent of the ranks). */
#include <stdio.h>
#include <string.h>
#include "sweep_mpi_proto.h"
#ifdef WHT_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

void wht_sweep_mpi_gpu_use(int device)
{
#ifdef WHT_HAVE_CUDA
  if (device >= 0) cudaSetDevice(device);
#else
  (void)device;
#endif
}

void wht_sweep_mpi_gpu_plan(MPI_Comm world, MPI_Comm node, int *device, int *all_own, char *why, size_t len)
{
  int local = 0, nlocal = 1, count = 0, own;
  char bus[32] = "none", all[64][32];
  MPI_Comm_rank(node, &local);
  MPI_Comm_size(node, &nlocal);
  *device = -1;
#ifdef WHT_HAVE_CUDA
  if (wht_gpu_available() && cudaGetDeviceCount(&count) == cudaSuccess && count > 0) {
    *device = local % count;
    cudaSetDevice(*device);
    if (cudaDeviceGetPCIBusId(bus, (int)sizeof bus, *device) != cudaSuccess)
      snprintf(bus, sizeof bus, "device %d", *device);
  }
#endif
  own = *device >= 0;
  /* the bus ids of the host's ranks: a repeat is a shared GPU */
  if (nlocal <= 64) {
    MPI_Allgather(bus, (int)sizeof bus, MPI_CHAR, all, (int)sizeof bus, MPI_CHAR, node);
    for (int i = 0; i < nlocal && own; i++) own = i == local || strcmp(all[i], bus) != 0;
  } else
    own = own && nlocal <= count; /* more ranks on a host than ids gathered: by count */
  int most = nlocal, least = count;
  MPI_Allreduce(&own, all_own, 1, MPI_INT, MPI_MIN, world);
  MPI_Allreduce(MPI_IN_PLACE, &most, 1, MPI_INT, MPI_MAX, world);
  MPI_Allreduce(MPI_IN_PLACE, &least, 1, MPI_INT, MPI_MIN, world);
  snprintf(why, len, "%d ranks on a host that has %d GPUs", most, least);
}
