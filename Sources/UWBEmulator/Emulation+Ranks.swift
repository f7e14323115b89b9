extension Emulation {
    /// Runs this process's part of a world split over the processes of a job, one part per rank (an MPI
    /// job, decision 0030), until `end`: every rank builds the same world, split into as many parts as
    /// the job has ranks, and runs only its own part's devices (``RankedRun``); frames that other ranks'
    /// devices may hear go to them as messages. Returns once every rank has run to `end`. What each
    /// device sent and heard is then known to its own rank only.
    ///
    /// - Throws: ``EmulationError/rankCount(parts:ranks:)`` if the world is not split into one part per
    ///   rank; ``EmulationError/emptyPart(_:)`` if a part holds no device (every rank waits for every
    ///   other to carry each frame, and a rank without devices is sent none); ``EmulationError/rankMessage(_:)`` if another rank sent a message this one cannot read.
    public func run(until end: SimulationTime, rankOf messenger: any RankMessenger) throws(EmulationError) {
        guard messenger.size == parts.count, parts.indices.contains(messenger.rank) else {
            throw .rankCount(parts: parts.count, ranks: messenger.size)
        }
        if let empty = parts.firstIndex(where: { $0.members.isEmpty }) {
            throw .emptyPart(empty)
        }
        let part = parts[messenger.rank]
        if !started {
            started = true
            for device in devices where device.part == part.index {
                device.start()
            }
        }
        let run = RankedRun(part: part, of: parts, medium: medium, messenger: messenger, end: end)
        try run.run(after: nextRunMessages)
        nextRunMessages = run.nextRunMessages
        part.simulator.advanceClock(to: end)
    }
}
