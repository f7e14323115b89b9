// Open MPI for the UWBMPI module (the only module that imports it). Headers come from pkg-config
// `ompi-c` (Debian: libopenmpi-dev). Open MPI's handles (MPI_COMM_WORLD, MPI_BYTE, MPI_STATUS_IGNORE)
// are macros Swift cannot import, so they are returned by the inline functions below.
#ifndef SWIFT_UWB_CMPI_SHIM_H
#define SWIFT_UWB_CMPI_SHIM_H
#include <mpi.h>

/// The communicator of every rank of the job.
static inline MPI_Comm cmpi_world(void) { return MPI_COMM_WORLD; }
/// The datatype of one octet.
static inline MPI_Datatype cmpi_byte(void) { return MPI_BYTE; }
/// The datatype of one 32-bit signed integer.
static inline MPI_Datatype cmpi_int32(void) { return MPI_INT32_T; }
/// A source that matches every rank.
static inline int cmpi_any_source(void) { return MPI_ANY_SOURCE; }
/// The null request, which a completed request becomes.
static inline MPI_Request cmpi_request_null(void) { return MPI_REQUEST_NULL; }
/// Where a receive that needs no status puts it.
static inline MPI_Status *cmpi_status_ignore(void) { return MPI_STATUS_IGNORE; }
#endif
