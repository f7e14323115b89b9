/// A device loop that passes on what its sessions measured and where its positioning software
/// put it: a stack that ranges on the loop (NearbyInteraction's device service) calls `report(_:)`
/// with each measurement at the instant it takes it, and a tag that fixes its position
/// (`uwb locate --device`) with each fix, when its loop conforms. A device of the emulator service
/// sends them to the service, which shows them to observers beside the true distance and
/// position; a loop with nowhere to send them (a USB board's) lets them go, and loops that do not
/// conform are told nothing.
public protocol MeasurementReporting: DeviceLoop {
    /// Passes on `measurement`. Loop only; it must not block for long.
    func report(_ measurement: ReportedMeasurement)
    /// Passes on `position`. Loop only; it must not block for long.
    func report(_ position: ReportedPosition)
}
