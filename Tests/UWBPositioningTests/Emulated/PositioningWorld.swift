import Foundation
import UWBCore
import UWBEmulator

/// Scenarios for the emulated positioning tests: a 20 m × 15 m hall with eight anchors 3 m up on
/// its walls, their backs to the hall, in two clusters, and tags 1 m up lying face down (their
/// backs, where the body does not shadow them, to the anchors).
enum PositioningWorld {
    /// The anchors' horizontal positions (x, z) and clock offsets in ppm; the first four are
    /// cluster "west", the rest "east", each initiated by its first.
    static let anchors: [(x: Double, z: Double, ppm: Double)] = [
        (0, 0, 3), (0, 15, -2), (10, 0, 5), (0, 7.5, 8), (20, 0, -7), (20, 15, 12), (10, 15, -11), (20, 7.5, 1),
    ]

    /// The hall with tags at `tags` (x, z, clock offset in ppm), `extra` keys on the root.
    static func scenario(tags: [(x: Double, z: Double, ppm: Double)], seed: UInt64 = 3, extra: [String: Any] = [:]) throws -> Scenario {
        var devices: [[String: Any]] = []
        for (index, anchor) in anchors.enumerated() {
            let yaw = atan2(-(10 - anchor.x), -(7.5 - anchor.z)) * 180 / .pi
            devices.append([
                "name": "A\(index + 1)", "board": "ft232h-dw1000-single", "position": [anchor.x, 3, anchor.z],
                "orientation": ["yawDegrees": yaw], "clock": ["offsetPPM": anchor.ppm],
                "anchor": ["cluster": index < 4 ? "west" : "east"],
            ])
        }
        for (index, tag) in tags.enumerated() {
            devices.append([
                "name": "T\(index + 1)", "board": "ft232h-dw1000-single", "position": [tag.x, 1, tag.z],
                "orientation": ["pitchDegrees": 90], "clock": ["offsetPPM": tag.ppm], "tag": [String: Any](),
            ])
        }
        var document: [String: Any] = [
            "name": "positioning hall", "seed": seed, "durationSeconds": 2, "channel": ["model": "free-space"], "devices": devices,
        ]
        document.merge(extra) { $1 }
        return try Scenario(jsonData: JSONSerialization.data(withJSONObject: document))
    }
}
