extension Duration {
    /// The duration in seconds as a `Double` (to about 16 significant digits).
    public var secondsValue: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
