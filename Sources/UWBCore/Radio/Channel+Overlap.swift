extension Channel {
    /// Whether this channel's band overlaps `other`'s, so that a frame on one disturbs a receiver
    /// on the other: their centres are closer than half their bandwidths together. Channels 2 and
    /// 4, 5 and 7, and each with itself overlap; 5 and 9, or neighbours such as 1 and 2 that only
    /// touch at a band edge, do not (UM Table 59; IEEE 802.15.4-2020 Table 15-11).
    public func overlaps(_ other: Channel) -> Bool {
        // In tenths of a megahertz, exact for every channel's centre and bandwidth.
        func tenths(_ frequency: Frequency) -> Int { Int((frequency.hertz / 100_000).rounded()) }
        let apart = abs(tenths(centreFrequency) - tenths(other.centreFrequency))
        return 2 * apart < tenths(bandwidth) + tenths(other.bandwidth)
    }
}
