import UWBEmulator
import UWBPlot

extension CIRTruth {
    /// What a virtual chip's `reading` of its preamble accumulator says about the frame: the tap of
    /// the straight line between the antennas, the direct path's tap (the straight line's plus the
    /// delay the obstacles add, in taps; none when no direct path comes through), and the threshold
    /// and noise its leading-edge detection worked with.
    init(_ reading: PreambleReading) {
        let straightLine = reading.accumulator.straightLineIndex
        self.init(
            straightLineIndex: straightLine,
            directPathIndex: reading.accumulator.response.directDelay.map { straightLine + $0 / AccumulatorFormat.tapSpacing },
            threshold: reading.edge.threshold, noise: reading.noise)
    }
}
