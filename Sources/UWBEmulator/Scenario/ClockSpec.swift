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
    /// Sudden steps of the frequency (a fault for tests: a crystal knocked, a supply glitch), in
    /// increasing order of time.
    public var steps: [ClockStep]

    /// A clock with the given offset, drift and steps.
    public init(offset: ClockOffset, driftPPMPerSqrtSecond: Double, steps: [ClockStep] = []) {
        self.offset = offset
        self.driftPPMPerSqrtSecond = driftPPMPerSqrtSecond
        self.steps = steps
    }

    /// The clock when a device has no `clock` key: no offset, no drift.
    public static let ideal = ClockSpec(offset: .zero, driftPPMPerSqrtSecond: 0)
}
