/// The keys of a `uwb demo --format jsonl` line that `uwb plot` reads (`Docs/demo-output.md`).
enum DemoLineKey {
    static let time = "t"
    static let device = "device"
    static let peer = "peer"
    static let state = "state"
    static let distance = "distance"
    static let trueDistance = "true_distance"
    static let direction = "direction"
    static let horizontalAngle = "horizontal_angle"
}
