/// The keys of a `uwb range --format jsonl` line that `uwb plot` reads (`Docs/ranging-output.md`).
enum RangeLineKey {
    static let time = "t"
    static let from = "from"
    static let to = "to"
    static let distance = "distance_m"
    static let trueDistance = "true_distance_m"
    static let direction = "direction"
    static let horizontalAngle = "horizontal_angle_rad"
}
