import UWBCore
import UWBEmulator

/// What an emulator service's room is made of, which does not change while it runs: its extent,
/// obstacles and devices. A page draws it once; the snapshots (``EmulatorSnapshot``) then say
/// where the devices are and what goes on between them.
public struct RoomPlan: Hashable, Sendable {
    /// The room: where its contents are, with a border. Devices move only inside it.
    public var extent: RoomExtent
    /// The obstacles, walls included.
    public var obstacles: [Obstacle]
    /// The devices, in the scenario's order.
    public var devices: [PlanDevice]

    /// A plan with the given contents.
    public init(extent: RoomExtent, obstacles: [Obstacle], devices: [PlanDevice]) {
        self.extent = extent
        self.obstacles = obstacles
        self.devices = devices
    }
}
