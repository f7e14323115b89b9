extension SecureTimestampLength {
    /// An STS symbol: 512 chips of the 499.2 MHz chip clock, 1.0256 µs (IEEE 802.15.4z HRP; the
    /// DW3000 counts its STS length in these, `Docs/reference/uwb-physics.md` §1.3a). The gap the
    /// standard allows around the STS is not modelled.
    static let symbolSeconds = 512 / 499.2e6

    /// How long the STS takes on the air.
    public var airtime: Duration {
        .seconds(Double(symbols) * Self.symbolSeconds)
    }
}
