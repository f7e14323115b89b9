import UWBCore
import UWBEmulator

/// Two single-chip devices in free space facing each other: "alice" at (0, 1, 0) and "bob"
/// `distance` along −z, turned round so that each one's back looks at the other.
public enum FacingPair {
    /// The world with the two devices added, not yet run, and after them the single-chip
    /// `bystanders`, standing 2 m to the side one metre apart (devices for tests to misuse); split
    /// into `parts` parts, the devices dealt to them in turn (alice to the first, bob to the second).
    ///
    /// - Throws: a board or emulation error (the repository's board files are broken, or `parts` is
    ///   below 1).
    public static func emulation(
        seed: UInt64, distance: Double = 3, bystanders: [String] = [], board name: String = "ft232h-dw1000-single", parts: Int = 1
    ) throws -> Emulation {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/\(name).json"))
        let emulation = try Emulation(seed: seed, channelModel: try ChannelModel(kind: .freeSpace, channel: .five), parts: parts)
        try emulation.add(DeviceSetup(
            name: "alice", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 1, z: 0)))))
        try emulation.add(DeviceSetup(
            name: "bob", board: board, trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 1, z: -distance))),
            orientation: Orientation(yaw: .degrees(180))), part: 1 % parts)
        for (index, name) in bystanders.enumerated() {
            try emulation.add(DeviceSetup(
                name: name, board: board, trajectory: .standing(at: Position(metres: Vector3(x: 2, y: 1, z: -Double(index))))),
                part: (index + 2) % parts)
        }
        return emulation
    }
}
