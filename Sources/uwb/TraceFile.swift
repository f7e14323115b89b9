import UWBEmulator

/// The `--trace FILE` of the commands that run an emulated world: every frame on the air goes to
/// a pcapng file as the run goes (Wireshark and tshark open it; `Docs/emulator.md`, "Traces").
struct TraceFile {
    /// The file, or `nil` when no trace was asked for.
    let path: String?

    /// Starts streaming `emulation`'s frames to ``path``, before the run.
    ///
    /// - Throws: ``CommandFailure`` with the trace writer's message when the file cannot be written
    ///   (a problem met while running, not a bad argument: no usage line).
    func start(_ emulation: Emulation) throws {
        guard let path else { return }
        do {
            try emulation.startTrace(writingTo: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }

    /// Writes the frames still waiting and closes the file, after the run; says where it is on
    /// standard error.
    ///
    /// - Throws: ``CommandFailure`` with the trace writer's message when the file cannot be finished.
    func finish(_ emulation: Emulation) throws {
        guard let path else { return }
        do {
            try emulation.finishTrace()
        } catch {
            throw CommandFailure(error.description)
        }
        StandardError.line("trace: \(path)")
    }
}
