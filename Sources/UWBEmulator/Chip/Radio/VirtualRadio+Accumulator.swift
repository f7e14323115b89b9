import Foundation
import UWBCore

extension VirtualRadio {
    /// The raw receive time of `arrival` along the straight line, in this chip's ticks and not yet
    /// wrapped: when its RMARKER reached the antenna, plus the true receive antenna delay. The chip's
    /// leading-edge detection moves it to the first path it finds (``leadingEdgeTicks(_:configuration:)``).
    final func straightLineTicks(of arrival: Arrival) -> Double {
        straightLineTicks(at: arrival.rmarker)
    }

    /// ``straightLineTicks(of:)`` for a frame whose RMARKER reached the antenna at `rmarker`.
    final func straightLineTicks(at rmarker: SimulationTime) -> Double {
        localTicks(at: rmarker) + Double(hardware.receiveAntennaDelay.ticks)
    }

    /// Accumulates the preamble (or the STS) of a frame whose RMARKER reached the antenna at `rmarker`
    /// through `channel`, as this chip's `format` does, with room for `symbols` symbols, its direct path at
    /// carrier `phase`, and runs `detector` on it. An `advance` above zero adds an early-path attacker's
    /// copy that many seconds early (the preamble's accumulator; never the STS's). Returns the reading and
    /// how the accumulation was made, for the chip to keep (``LastAccumulation``).
    final func accumulate(
        _ channel: ChannelLookup, rmarker: SimulationTime, advance: Double = 0, format: AccumulatorFormat,
        symbols: AccumulationRoom, phase: Double, detector: LeadingEdgeDetector
    ) -> (reading: PreambleReading, kept: LastAccumulation) {
        let sixtyFourths = straightLineTicks(at: rmarker) / 64
        let kept = LastAccumulation(
            channel: channel, advance: advance, rmarker: rmarker, format: format, symbols: symbols,
            subTap: sixtyFourths - sixtyFourths.rounded(.down), phase: phase, noiseSeed: random.next(), detector: detector)
        return (PreambleReading(accumulator: kept.accumulator, detector: detector), kept)
    }

    /// How far the chip's detected first path moves the timestamp from the straight line's arrival, in ticks:
    /// the detected tap less the straight line's, less the lead the detection has on a clean pulse (which the
    /// antenna-delay calibration absorbs), plus the range bias the DW1000's receiver shows at the level it
    /// reports (Decawave APS011, ``RangeBiasTable``: measured on line-of-sight links, it is not what the
    /// leading edge does to the pulse but what the receiver adds at each level).
    final func leadingEdgeTicks(_ reading: PreambleReading, configuration: RadioConfig) -> Double {
        let taps = reading.edge.index - reading.accumulator.straightLineIndex - PreambleAccumulator.referenceLead
        let bias = RangeBiasTable.bias(
            receivedLevel: reading.receivedLevel, prf: configuration.pulseRepetitionFrequency,
            wideband: configuration.channel.isWideband)
        return taps * 64 + bias.metres / PhysicalConstants.speedOfLight.metresPerSecond * DeviceClock.ticksPerSecond
    }

    /// The symbols a preamble of `configuration` leaves room for: its length less what acquiring it takes
    /// (``ReceiverCalibration/acquisitionOverhead`` past a PAC), and the SFD symbols the chip counts with
    /// them, which add nothing (DW1000 UM §7.2.40.12 and Table 18: RXPACC less 5, 64, 10, 18 or 82 is the
    /// count the level formulas want when accumulation ran to the end).
    static func accumulationRoom(_ configuration: RadioConfig) -> AccumulationRoom {
        let delimiter = switch (configuration.startOfFrameDelimiter, configuration.dataRate) {
        case (.standard, .kbps110): 64
        case (.standard, _): 5
        case (.decawave, .kbps110): 82
        case (.decawave, .kbps850): 18
        case (.decawave, .mbps6_8): 10
        }
        return AccumulationRoom(
            preamble: max(1, configuration.preambleLength.symbols - configuration.preambleAcquisitionChunk.symbols
                - ReceiverCalibration.acquisitionOverhead),
            delimiter: delimiter)
    }
}
