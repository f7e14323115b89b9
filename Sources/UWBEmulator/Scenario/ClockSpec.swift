import UWBCore

/// A device's oscillator relative to true (simulation) time (JSON key `clock`). All chips of a
/// device share it.
public struct ClockSpec: Hashable, Sendable {
    /// The frequency offset at the start of the run; positive runs fast.
    public var offset: ClockOffset
    /// How fast the offset wanders, in ppm per √second: the offset does a random walk (Wiener
    /// process) whose standard deviation after `t` seconds is `driftPPMPerSqrtSecond · √t` ppm.
    /// 0 keeps the offset constant.
    public var driftPPMPerSqrtSecond: Double

    /// A clock with the given offset and drift.
    public init(offset: ClockOffset, driftPPMPerSqrtSecond: Double) {
        self.offset = offset
        self.driftPPMPerSqrtSecond = driftPPMPerSqrtSecond
    }

    /// The clock when a device has no `clock` key: no offset, no drift.
    public static let ideal = ClockSpec(offset: .zero, driftPPMPerSqrtSecond: 0)
}
