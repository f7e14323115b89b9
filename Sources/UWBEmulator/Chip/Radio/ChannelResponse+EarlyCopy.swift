extension ChannelResponse {
    /// The response with an early-path attacker's copy of the first path added `advance` seconds before
    /// it, as strong as it (the direct path, or the earliest path when none comes through).
    func withEarlyCopy(advance: Double) -> ChannelResponse {
        guard advance > 0, let first = delays.indices.first else { return self }
        let original = directDelay.flatMap { direct in delays.firstIndex { abs($0 - direct) < ChannelResponse.mergeSpan } } ?? first
        return ChannelResponse(
            delays: [delays[original] - advance] + delays, real: [real[original]] + real,
            imaginary: [imaginary[original]] + imaginary, directDelay: directDelay, latePower: latePower)
    }
}
