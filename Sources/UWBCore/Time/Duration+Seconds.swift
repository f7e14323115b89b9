extension Duration {
    /// The duration in seconds as a `Double` (to about 16 significant digits).
    public var secondsValue: Double {
        // Zero, the most common value (no early-path attack, no delay), without `components`' 128-bit
        // division.
        if self == .zero {
            return 0
        }
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
