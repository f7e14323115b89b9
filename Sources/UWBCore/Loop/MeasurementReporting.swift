/// A device loop that passes on what its sessions measured: a stack that ranges on the loop
/// (NearbyInteraction's device service) calls ``report(_:)`` at the instant it delivers each
/// measurement to its app, when its loop conforms. A device of the emulator service sends it to
/// the service, which shows it to observers beside the true distance; a loop with nowhere to send
/// it (a USB board's) lets it go, and loops that do not conform are told nothing.
public protocol MeasurementReporting: DeviceLoop {
    /// Passes on `measurement`. Loop only; it must not block for long.
    func report(_ measurement: ReportedMeasurement)
}
