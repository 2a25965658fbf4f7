/* sweep_mpi.h - wht-sweep under MPI (mpirun -n N wht-sweep OPTION...,
 * DESIGN.md "The MPI driver"): the same options and rows as the serial
 * program; the input sets are dealt to the ranks, rank 0 owns the file.
 * This header needs no mpi.h: sweep_main.c calls it in a build with MPI. */
#ifndef WHT_SWEEP_MPI_H
#define WHT_SWEEP_MPI_H

#include "sweep_config.h"

/* 1 when an MPI launcher started this process (mpirun/mpiexec of Open MPI
 * or MPICH, srun --mpi=pmi2|pmix): its environment says so */
int wht_sweep_mpi_launched(void);
/* The program under MPI; serial(c) runs on rank 0 what is not a sweep
 * (--help, --list, --merge). Returns the exit status, the same on every rank. */
int wht_sweep_mpi_main(int argc, char **argv, int (*serial)(const wht_sweep_config *c));
#endif
