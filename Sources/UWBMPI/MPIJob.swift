import CMPI
import Foundation

/// The MPI job this process is one rank of (Open MPI, started by `mpirun` or Slurm's `srun`): its rank,
/// how many ranks there are, and octet messages between them.
///
/// Every call goes through MPI's default error handler, which ends the whole job with Open MPI's own
/// message if a call fails, and `mpirun` ends the job when a rank dies: a rank never waits for one that
/// is gone. A rank that hangs instead (stopped, in a debugger, stuck on a stalled file system) is not
/// gone: in a job given a ``Silence`` limit, a rank that has waited that long for a message, or for the
/// others to reach a ``gather(_:)``, without hearing from any rank says so and ends the job. A rank that
/// runs (sends, or looks for messages without waiting) tells the others it lives a few times per limit,
/// so that a rank waiting for a slower one, which may trail it by any time, waits on. Messages from one rank to
/// another arrive in the order they were sent (MPI's non-overtaking rule), which the emulator relies
/// on. Use it from one thread: the job is joined without thread support.
public final class MPIJob {
    /// How long a rank waits for the others before it takes them for hung, and how it says so.
    public struct Silence {
        /// How long a rank waits, on the wall clock, for a message or a gather to complete: a deadline
        /// for a hung rank, never for a slow one, so generous.
        public let limit: Duration
        /// Says why the job ends, given the rank that waited and `limit`, once `limit` has passed; the
        /// job then ends with exit status 1 (``abort(status:)``).
        public let report: (_ rank: Int, _ limit: Duration) -> Void

        /// Waits of at most `limit`; `report` says why the job ends when one lasts longer.
        public init(limit: Duration, report: @escaping (_ rank: Int, _ limit: Duration) -> Void) {
            self.limit = limit
            self.report = report
        }
    }

    /// How many times a waiting rank looks for what it waits for between two readings of the clock.
    private static let looksPerClockReading = 1_000
    /// How many times a running rank tells the others it lives per ``Silence/limit``.
    private static let heartbeatsPerLimit = 4
    /// The tag of the empty messages by which a running rank tells the others it lives: apart from the
    /// messages ``receive(waiting:)`` hands over.
    private static let heartbeatTag: Int32 = 1

    /// This process's rank, from 0.
    public let rank: Int
    /// How many ranks the job has.
    public let size: Int
    /// How long this rank waits before it takes another for hung; `nil` to wait for ever.
    private let silence: Silence?
    /// When this rank last told the others it lives.
    private var lastHeartbeat = ContinuousClock.now
    /// Sends not yet complete and the copies of their messages, oldest first.
    private var pending: [(request: MPI_Request?, octets: UnsafeMutableRawBufferPointer?)] = []
    /// The tag of every point-to-point message: one stream per pair of ranks keeps their order.
    private static let tag: Int32 = 0

    /// Whether this process was started as a rank of a job: `mpirun` (Open MPI) sets
    /// `OMPI_COMM_WORLD_SIZE`, and PMIx, as Slurm's `srun --mpi=pmix` starts ranks, `PMIX_RANK`.
    public static var launched: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["OMPI_COMM_WORLD_SIZE"] != nil || environment["PMIX_RANK"] != nil
    }

    /// Joins the job (`MPI_Init`), its waits limited as `silence` says (for ever if `nil`). Call once,
    /// before any other MPI call, and ``leave()`` before the process ends.
    public init(silence: Silence? = nil) {
        self.silence = silence
        MPI_Init(nil, nil)
        var rank: Int32 = 0
        var size: Int32 = 0
        MPI_Comm_rank(cmpi_world(), &rank)
        MPI_Comm_size(cmpi_world(), &size)
        self.rank = Int(rank)
        self.size = Int(size)
    }

    /// Sends `message` to rank `destination` without waiting for it to be received.
    public func send(_ message: [UInt8], to destination: Int) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(message.count, 1), alignment: 8)
        message.withUnsafeBytes { copy.copyMemory(from: $0) }
        var request = cmpi_request_null()
        MPI_Isend(copy.baseAddress, Int32(message.count), cmpi_byte(), Int32(destination), Self.tag, cmpi_world(), &request)
        pending.append((request, copy))
        releaseCompletedSends()
        beatIfDue()
    }

    /// The next message sent to this rank and where it came from: waits for one if `waiting`, otherwise
    /// returns `nil` when none has arrived.
    public func receive(waiting: Bool) -> (source: Int, message: [UInt8])? {
        var status = MPI_Status()
        var arrived: Int32 = 0
        if waiting {
            waitUntil { MPI_Iprobe(cmpi_any_source(), Self.tag, cmpi_world(), &arrived, &status) == MPI_SUCCESS && arrived != 0 }
        } else {
            beatIfDue()
            MPI_Iprobe(cmpi_any_source(), Self.tag, cmpi_world(), &arrived, &status)
            guard arrived != 0 else { return nil }
        }
        var count: Int32 = 0
        MPI_Get_count(&status, cmpi_byte(), &count)
        let source = status.MPI_SOURCE
        let message = [UInt8](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
            MPI_Recv(buffer.baseAddress, count, cmpi_byte(), source, Self.tag, cmpi_world(), cmpi_status_ignore())
            initialized = Int(count)
        }
        return (Int(source), message)
    }

    /// Every rank's `message`, in rank order, on every rank (`MPI_Allgatherv`): each rank must call it,
    /// in the same place of its run. Under a ``Silence`` limit the wait may last `allowance` longer: for
    /// a gather after work every rank does alone, without a word to the others (building its world).
    public func gather(_ message: [UInt8], allowing allowance: Duration = .zero) -> [[UInt8]] {
        var count = Int32(message.count)
        var counts = [Int32](repeating: 0, count: size)
        var request: MPI_Request? = cmpi_request_null()
        counts.withUnsafeMutableBufferPointer { counts in
            MPI_Iallgather(&count, 1, cmpi_int32(), counts.baseAddress, 1, cmpi_int32(), cmpi_world(), &request)
            complete(&request, allowing: allowance)
        }
        var offsets = [Int32](repeating: 0, count: size)
        for index in counts.indices.dropFirst() {
            offsets[index] = offsets[index - 1] + counts[index - 1]
        }
        var all = [UInt8](repeating: 0, count: Int(counts.reduce(0, +)))
        message.withUnsafeBytes { octets in
            all.withUnsafeMutableBytes { all in
                counts.withUnsafeBufferPointer { counts in
                    offsets.withUnsafeBufferPointer { offsets in
                        MPI_Iallgatherv(
                            octets.baseAddress, count, cmpi_byte(), all.baseAddress, counts.baseAddress, offsets.baseAddress,
                            cmpi_byte(), cmpi_world(), &request)
                        complete(&request, allowing: allowance)
                    }
                }
            }
        }
        return counts.indices.map { Array(all[Int(offsets[$0])..<Int(offsets[$0] + counts[$0])]) }
    }

    /// Waits until `request` has completed (the buffers it uses must stay in place meanwhile), for up to
    /// `allowance` beyond the ``Silence`` limit.
    private func complete(_ request: inout MPI_Request?, allowing allowance: Duration) {
        var done: Int32 = 0
        waitUntil(allowing: allowance) { MPI_Test(&request, &done, cmpi_status_ignore()) == MPI_SUCCESS && done != 0 }
    }

    /// Returns once `arrived` holds, asking it again and again (each ask drives MPI's progress, as its
    /// blocking calls do); ends the job once the wait has lasted the ``Silence`` limit since it began or
    /// since another rank last said it lives, and `allowance` more. A waiting rank says nothing itself: two
    /// ranks waiting for a third that hangs must not keep each other waiting.
    private func waitUntil(allowing allowance: Duration = .zero, _ arrived: () -> Bool) {
        guard let silence else {
            while !arrived() {}
            return
        }
        var deadline = ContinuousClock.now + silence.limit + allowance
        while true {
            for _ in 0..<Self.looksPerClockReading where arrived() {
                return
            }
            let now = ContinuousClock.now
            if heardHeartbeats() {
                deadline = now + silence.limit + allowance
            } else if now >= deadline {
                silence.report(rank, silence.limit + allowance)
                abort(status: 1)
            }
        }
    }

    /// Tells every other rank that this one lives, if a ``Silence`` limit asks for it and the last time
    /// was long enough ago. A running rank's calls come every few events.
    private func beatIfDue() {
        guard let silence else { return }
        let now = ContinuousClock.now
        guard now - lastHeartbeat >= silence.limit / Self.heartbeatsPerLimit else { return }
        lastHeartbeat = now
        for destination in 0..<size where destination != rank {
            var request = cmpi_request_null()
            MPI_Isend(nil, 0, cmpi_byte(), Int32(destination), Self.heartbeatTag, cmpi_world(), &request)
            pending.append((request, nil))
        }
    }

    /// Takes every heartbeat that has arrived; returns whether there was one.
    private func heardHeartbeats() -> Bool {
        var heard = false
        var arrived: Int32 = 0
        var status = MPI_Status()
        while MPI_Iprobe(cmpi_any_source(), Self.heartbeatTag, cmpi_world(), &arrived, &status) == MPI_SUCCESS, arrived != 0 {
            MPI_Recv(nil, 0, cmpi_byte(), status.MPI_SOURCE, Self.heartbeatTag, cmpi_world(), cmpi_status_ignore())
            heard = true
        }
        return heard
    }

    /// Ends the whole job at once (`MPI_Abort`), every rank with exit status `status`: for a rank that
    /// cannot go on while the others wait for it.
    public func abort(status: Int32) -> Never {
        MPI_Abort(cmpi_world(), status)
        exit(status)
    }

    /// Waits for this rank's sends to complete, takes the heartbeats still waiting, and leaves the job
    /// (`MPI_Finalize`).
    public func leave() {
        for send in pending {
            var request = send.request
            MPI_Wait(&request, cmpi_status_ignore())
            send.octets?.deallocate()
        }
        pending.removeAll()
        _ = heardHeartbeats()
        MPI_Finalize()
    }

    /// Frees the copies of the messages whose sends have completed, oldest first.
    private func releaseCompletedSends() {
        while let oldest = pending.first {
            var request = oldest.request
            var done: Int32 = 0
            MPI_Test(&request, &done, cmpi_status_ignore())
            guard done != 0 else { return }
            oldest.octets?.deallocate()
            pending.removeFirst()
        }
    }
}
