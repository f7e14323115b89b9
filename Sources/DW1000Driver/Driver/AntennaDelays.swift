import UWBCore

/// The TX and RX antenna delays of one DW1000: the time between the RMARKER at the antenna and
/// the moment the chip stamps it. The chip adds the TX delay to its TX timestamps and subtracts
/// the RX delay from its RX timestamps (User Manual §3.2, §7.2.41, §7.2.47.4).
public struct AntennaDelays: Hashable, Sendable {
    /// Added to every TX timestamp (TX_ANTD).
    public let transmit: DeviceDuration
    /// Subtracted from every RX timestamp (LDE_RXANTD).
    public let receive: DeviceDuration

    /// Delays for a chip.
    ///
    /// - Throws: ``DW1000Error/antennaDelayOutOfRange(_:which:)`` unless each is 0...65535 ticks,
    ///   the range of the 16-bit registers.
    public init(transmit: DeviceDuration, receive: DeviceDuration) throws(DW1000Error) {
        let range = 0...DW1000Constants.maximumAntennaDelayTicks
        guard range.contains(transmit.ticks) else { throw .antennaDelayOutOfRange(transmit, which: "TX") }
        guard range.contains(receive.ticks) else { throw .antennaDelayOutOfRange(receive, which: "RX") }
        self.transmit = transmit
        self.receive = receive
    }

    /// 16436 ticks (257.2 ns) on each side, the values Decawave's DS-TWR examples use at
    /// 64 MHz PRF (ex_05a/ex_05b). Calibrate each board for centimetre accuracy.
    public static let decawaveExample = AntennaDelays(validatedTicks: 16_436, 16_436)

    private init(validatedTicks transmit: Int64, _ receive: Int64) {
        self.transmit = DeviceDuration(ticks: transmit)
        self.receive = DeviceDuration(ticks: receive)
    }
}
