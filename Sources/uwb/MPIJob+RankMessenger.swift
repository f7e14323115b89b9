import UWBEmulator
import UWBMPI

/// An MPI job's ranks are how the processes of a world split over several reach each other.
extension MPIJob: RankMessenger {}
