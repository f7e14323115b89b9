extension Emulation {
    /// Starts writing every frame from now on to a pcapng file at `path` (replacing it): time,
    /// octets, sender and what each other device made of the frame (format: ``PcapngWriter``).
    /// Frames go to the file in time order as soon as their outcomes are settled, so a trace of
    /// any length takes memory only for the frames on the air; ``finishTrace()`` writes the rest
    /// and closes the file.
    ///
    /// - Throws: ``EmulationError/trace(_:)`` if the file cannot be created, or a trace is already
    ///   being written.
    public func startTrace(writingTo path: String) throws(EmulationError) {
        if let current = medium.trace {
            throw .trace("a trace is already being written to \(current.path); call finishTrace() before starting another")
        }
        do {
            medium.trace = TraceQueue(writer: try PcapngFileWriter(path: path))
        } catch {
            throw .trace(error.description)
        }
    }

    /// Writes the frames the trace still holds (those on the air keep the outcomes they have so
    /// far) and closes the file. Does nothing if no trace is being written.
    ///
    /// - Throws: ``EmulationError/trace(_:)`` if a frame could not be encoded or the file written;
    ///   the file then holds the frames before the failure.
    public func finishTrace() throws(EmulationError) {
        guard let trace = medium.trace else { return }
        trace.collect(from: parts)
        medium.trace = nil
        do {
            try trace.finish()
        } catch {
            throw .trace(error.description)
        }
    }
}
