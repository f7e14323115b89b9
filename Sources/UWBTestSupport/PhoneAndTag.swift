import Foundation
import UWBCore
import UWBEmulator

/// A phone with an antenna array and a tag in free space: "phone", a three-chip array at
/// (0, 1, 0) looking along −z, and "tag", a single chip `distance` away at `azimuth` to the
/// phone's right, turned to face it.
public enum PhoneAndTag {
    /// The world with the two devices added, not yet run.
    ///
    /// - Throws: a board or emulation error (the repository's board files are broken).
    public static func emulation(distance: Double, azimuth: Angle, seed: UInt64) throws -> Emulation {
        let triple = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-triple.json"))
        let single = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let emulation = Emulation(seed: seed, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        try emulation.add(DeviceSetup(
            name: "phone", board: triple, trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 1, z: 0)))))
        let tag = Vector3(x: distance * sin(azimuth.radians), y: 1, z: -distance * cos(azimuth.radians))
        try emulation.add(DeviceSetup(
            name: "tag", board: single, trajectory: .standing(at: Position(metres: tag)),
            orientation: Orientation(yaw: .degrees(180))))
        return emulation
    }
}
