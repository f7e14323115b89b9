/// The excess delay of a blocked link's first path, as the medium turns a draw in seconds into
/// whole picoseconds.
enum ExcessDelay {
    /// `Duration.seconds(seconds).picoseconds` for `seconds` ≥ 0, without building the `Duration`:
    /// the same arithmetic as the standard library's `Duration(_:scale:)` (whole seconds exactly,
    /// the fraction times 10¹⁸ rounded to the nearest attosecond), then truncated to the
    /// picosecond. A test holds it to the standard library's result.
    static func picoseconds(ofSeconds seconds: Double) -> Int64 {
        let whole = seconds.rounded(.towardZero)
        let attoseconds = Int64(((seconds - whole) * 1_000_000_000_000_000_000).rounded())
        return Int64(whole) * 1_000_000_000_000 + attoseconds / 1_000_000
    }
}
