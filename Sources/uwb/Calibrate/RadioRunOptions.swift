import ArgumentParser

/// The options of a calibration on radios (USB boards, devices of the emulator service).
struct RadioRunOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Radios: measurements to collect (ranging rounds per pair for antenna delays; half to estimate, half to check for phase offsets).")
    var count = 100

    @Option(parsing: .unconditional, help: "Radios: seconds to wait for the measurements before giving up on a silent radio.")
    var timeout = 60.0

    func validate() throws {
        guard (10...100_000).contains(count) else { throw ValidationError("--count \(count): give 10 to 100000") }
        guard timeout.isFinite, timeout > 0, timeout <= 86_400 else { throw ValidationError("--timeout \(timeout): give 0 to 86400 seconds") }
    }

    /// ``timeout`` as a duration.
    var deadline: Duration { .seconds(timeout) }
}
