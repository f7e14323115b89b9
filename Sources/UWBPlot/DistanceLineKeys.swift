/// The keys of a JSON line with a distance that `uwb plot` reads: those of `uwb range --format
/// jsonl` (`Docs/ranging-output.md`) and those of `uwb demo --format jsonl` (`Docs/demo-output.md`).
struct DistanceLineKeys: Hashable, Sendable {
    /// The time in seconds.
    let time: String
    /// The measuring device's name.
    let device: String
    /// The peer's name.
    let peer: String
    /// The measured distance in metres, or null.
    let distance: String
    /// The true distance in metres, or null.
    let trueDistance: String
    /// The measured direction `[x, y, z]`, or null.
    let direction: String
    /// The measured horizontal angle in radians, or null.
    let horizontalAngle: String
    /// The keys that tell this kind of line from the others; every line must have them.
    let markers: [String]

    /// `uwb range --format jsonl`.
    static let range = DistanceLineKeys(
        time: "t", device: "from", peer: "to", distance: "distance_m", trueDistance: "true_distance_m",
        direction: "direction", horizontalAngle: "horizontal_angle_rad", markers: ["from", "to", "distance_m"])

    /// `uwb demo --format jsonl`.
    static let demo = DistanceLineKeys(
        time: "t", device: "device", peer: "peer", distance: "distance", trueDistance: "true_distance",
        direction: "direction", horizontalAngle: "horizontal_angle", markers: ["device", "peer", "state"])
}
