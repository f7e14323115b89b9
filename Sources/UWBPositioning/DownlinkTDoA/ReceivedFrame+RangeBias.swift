import UWBCore

extension ReceivedFrame {
    /// The RX timestamp less the DW1000's range bias at the level the frame was received at
    /// (``UWBCore/RangeBiasTable``, Decawave APS011): a weak frame is timestamped late, a strong one
    /// early. Two-way ranging subtracts the bias from the distance (whose error it is, once per
    /// round); a DL-TDoA anchor or tag, which compares receptions of different levels one by one,
    /// takes it off each timestamp, to the nearest tick.
    func rangeBiasCorrectedTimestamp(configuration: RadioConfig) -> DeviceTime {
        let bias = RangeBiasTable.bias(
            receivedLevel: diagnostics.receivedLevel, prf: configuration.pulseRepetitionFrequency,
            wideband: configuration.channel.isWideband)
        let ticks = bias.metres / PhysicalConstants.speedOfLight.metresPerSecond * DeviceClock.ticksPerSecond
        return timestamp - DeviceDuration(ticks: Int64(ticks.rounded()))
    }
}
