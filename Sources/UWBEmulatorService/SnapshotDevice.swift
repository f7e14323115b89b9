import UWBCore
import UWBEmulator

/// One device of the emulator service's room in an ``EmulatorSnapshot``.
public struct SnapshotDevice: Hashable, Sendable {
    /// The device's name in the scenario.
    public var name: String
    /// Its board's id (`Hardware/boards`).
    public var board: String
    /// Where it is at the snapshot's instant.
    public var position: Position
    /// Which way it faces about the vertical axis at the snapshot's instant (its orientation's yaw).
    public var yaw: Angle
    /// How far its clock runs from nominal at the snapshot's instant (the emulator's truth: the
    /// oscillator's offset with its drift and steps), zero for a device without chips.
    public var clockOffset: ClockOffset
    /// Whether apps may attach to it (false: the scenario's script drives it).
    public var isFree: Bool
    /// The app attached to it, if one is.
    public var app: AttachedApp?
    /// The latest position its app fixed of it, with its track; nil before the first fix, and
    /// after the app leaves.
    public var fix: SnapshotFix?

    /// A device with the given properties.
    public init(
        name: String, board: String, position: Position, yaw: Angle = .zero, clockOffset: ClockOffset = ClockOffset(partsPerMillion: 0),
        isFree: Bool, app: AttachedApp?, fix: SnapshotFix? = nil
    ) {
        self.name = name
        self.board = board
        self.position = position
        self.yaw = yaw
        self.clockOffset = clockOffset
        self.isFree = isFree
        self.app = app
        self.fix = fix
    }
}
