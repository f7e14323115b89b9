/// The keys of a `uwb locate --format jsonl` line that `uwb plot` reads (`Docs/positioning.md`).
enum PositionLineKey {
    static let time = "t"
    static let device = "device"
    static let method = "method"
    static let position = "position_m"
    static let tracked = "tracked_position_m"
    static let truth = "true_position_m"
}
