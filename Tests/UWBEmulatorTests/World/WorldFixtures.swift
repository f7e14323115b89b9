import DW1000Driver
import Foundation
import UWBCore
@testable import UWBEmulator
import UWBTestSupport

/// Helpers that build small emulated worlds for tests.
enum WorldFixtures {
    /// The repository's shipped board description with this id.
    static func board(_ id: String) throws -> BoardDescription {
        try BoardDescription.load(from: Repository.path("Hardware/boards/\(id).json"))
    }

    /// A free-space world on channel 5.
    static func freeSpace(seed: UInt64 = 1, obstacles: [Obstacle] = []) throws -> Emulation {
        Emulation(seed: seed, channelModel: try ChannelModel(kind: .freeSpace, channel: .five), obstacles: obstacles)
    }

    /// A single-chip device standing at `position`.
    static func device(
        _ name: String, at position: Vector3, boardID: String = "ft232h-dw1000-single", clockOffset: Double = 0,
        orientation: Orientation = .identity, hardware: [ChipHardware]? = nil
    ) throws -> DeviceSetup {
        DeviceSetup(
            name: name, board: try board(boardID), hardware: hardware, clockOffset: ClockOffset(partsPerMillion: clockOffset),
            trajectory: .standing(at: Position(metres: position)), orientation: orientation)
    }
}
