import UWBCore
import UWBPlot

extension CIRDocument {
    /// The document of `response`, read on chip `chip` of `device`, with the emulator's `truth` if
    /// there is one.
    init(_ response: ChannelImpulseResponse, device: String, chip: Int, truth: CIRTruth?) {
        self.init(
            device: device, chip: chip, accumulator: response.accumulator,
            tapSpacingNanoseconds: response.sampleSpacing.seconds * 1e9, accumulatorLength: response.accumulatorLength,
            firstSampleIndex: response.firstSampleIndex, samples: response.samples, firstPathIndex: response.firstPathIndex,
            preambleSymbols: response.accumulatedSymbols, truth: truth)
    }
}
