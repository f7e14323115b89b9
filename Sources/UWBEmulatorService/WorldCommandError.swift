import Foundation
import UWBCore
import UWBEmulator

/// Why the emulator service refused a ``WorldCommand``; the description is a sentence to show to
/// the person who gave it, saying what would be accepted.
public enum WorldCommandError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The room has no device of that name.
    case unknownDevice(String, available: [String])
    /// The position is outside the room's extent.
    case outsideRoom(device: String, position: Position, extent: RoomExtent)
    /// The position is inside an obstacle.
    case insideObstacle(device: String, position: Position, obstacle: String)
    /// A value the scenario format would not accept (a coordinate, an angle, a speed, a step).
    case invalid(String)
    /// Stepping while the world runs.
    case notPaused

    /// The message to show.
    public var description: String {
        switch self {
        case .unknownDevice(let name, let available):
            "the room has no device \"\(name)\"; its devices are " + available.joined(separator: ", ")
        case .outsideRoom(let device, let position, let extent):
            "\(device) cannot go to \(Self.text(position)): outside the room, which spans "
                + "\(Self.text(extent.minimum)) to \(Self.text(extent.maximum))"
        case .insideObstacle(let device, let position, let obstacle):
            "\(device) cannot go to \(Self.text(position)): that is inside \"\(obstacle)\"; put it beside the obstacle"
        case .invalid(let reason):
            reason
        case .notPaused:
            "step works only while the world is paused; pause it first"
        }
    }

    private static func text(_ position: Position) -> String {
        let point = position.metres
        return "(" + [point.x, point.y, point.z].map { String(format: "%.2f", $0) }.joined(separator: ", ") + ") m"
    }
}
