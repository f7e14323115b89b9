import UWBCore

/// The message `uwb cir` gives when the driver refuses to read a response, in the command's words
/// where the driver's speak of its API (`--samples`, `--accumulator` instead of ranges and cases).
enum CirReadFailure {
    /// The failure for `error`, met reading `accumulator` on `source` (for example `bob chip 0`);
    /// `noReception` says what to do when the chip has received nothing.
    static func failure(_ error: TransceiverError, source: String, accumulator: CirAccumulatorChoice, noReception: String) -> CommandFailure {
        switch error {
        case .noReceptionToRead:
            return CommandFailure("\(source) has received no frame, so its accumulator holds no channel impulse response; \(noReception)")
        case .accumulatorUnavailable:
            return CommandFailure("--accumulator \(accumulator.rawValue): \(source): \(inCommandWords(error.description))")
        case .samplesOutsideAccumulator(let requested, let valid, let accumulator):
            return CommandFailure(
                "--samples \(requested.lowerBound)..<\(requested.upperBound) is not within \(source)'s \(accumulator) accumulator, "
                    + "whose taps are \(valid.lowerBound)..<\(valid.upperBound) in this configuration; give a range within it, "
                    + "or leave --samples out for all of them")
        default:
            return CommandFailure("\(source): the channel impulse response could not be read: \(error.description)")
        }
    }

    /// The driver's names of the accumulators (`.preamble`, …) in `text` replaced by the options
    /// that choose them (`--accumulator ipatov`, …); the longest name first, as it contains the others.
    private static func inCommandWords(_ text: String) -> String {
        let byLength = CirAccumulatorChoice.allCases.sorted { caseName($0.accumulator).count > caseName($1.accumulator).count }
        return byLength.reduce(text) { text, choice in
            text.replacingOccurrences(of: ".\(caseName(choice.accumulator))", with: "--accumulator \(choice.rawValue)")
        }
    }

    /// The name of `accumulator`'s case, as the driver's messages write it after a dot.
    private static func caseName(_ accumulator: ImpulseResponseAccumulator) -> String {
        switch accumulator {
        case .preamble: "preamble"
        case .secureTimestamp: "secureTimestamp"
        case .secureTimestampSecondHalf: "secureTimestampSecondHalf"
        }
    }
}
