import UWBCore
import UWBEmulator

/// One device of a ``RoomPlan``: what it is, which does not change while the room runs.
public struct PlanDevice: Hashable, Sendable {
    /// The device's name in the scenario.
    public var name: String
    /// Its board's id (`Hardware/boards`).
    public var board: String
    /// How many chips the board has.
    public var chips: Int
    /// What drives it.
    public var driven: DeviceDriver
    /// Whether its board finds directions (two or more coherent receivers, phase difference).
    public var findsDirections: Bool
    /// Its part in positioning, as the scenario gives it: an anchor (of a cluster, perhaps at a
    /// surveyed position other than its true one) or a tag; nil for none.
    public var positioning: PositioningRole?

    /// A device with the given properties.
    public init(
        name: String, board: String, chips: Int, driven: DeviceDriver, findsDirections: Bool, positioning: PositioningRole? = nil
    ) {
        self.name = name
        self.board = board
        self.chips = chips
        self.driven = driven
        self.findsDirections = findsDirections
        self.positioning = positioning
    }
}
