import ArgumentParser
import UWBCore

/// Which taps `uwb cir` gives: the whole accumulator, `--samples LOWER..<UPPER`, or `--around N`,
/// the taps up to N either side of the one the detected first path falls in.
enum CirSampleChoice: Equatable {
    /// Every valid tap of the accumulator.
    case all
    /// The taps `LOWER..<UPPER`, as asked (the driver checks them against the accumulator).
    case range(Range<Int>)
    /// The taps within this many of the first path's, cut to the accumulator.
    case around(Int)

    /// The choice `--samples` and `--around` make.
    ///
    /// - Throws: `ValidationError` for both at once, a range not written `LOWER..<UPPER` with
    ///   0 ≤ LOWER < UPPER, or a negative `--around`.
    init(samples: String?, around: Int?) throws(ValidationError) {
        switch (samples, around) {
        case (nil, nil):
            self = .all
        case (_?, _?):
            throw ValidationError("give --samples or --around, not both")
        case (let text?, nil):
            let bounds = text.split(separator: "..<", omittingEmptySubsequences: false)
            guard bounds.count == 2, let lower = Int(bounds[0].trimmingCharacters(in: .whitespaces)),
                  let upper = Int(bounds[1].trimmingCharacters(in: .whitespaces)), lower >= 0, lower < upper else {
                throw ValidationError("--samples \(text): give LOWER..<UPPER with 0 ≤ LOWER < UPPER, for example 700..<800")
            }
            self = .range(lower..<upper)
        case (nil, let count?):
            guard count >= 0 else {
                throw ValidationError("--around \(count): give a number of taps of 0 or more either side of the first path")
            }
            self = .around(count)
        }
    }

    /// The taps to ask the driver for: `nil` (all of them) unless `--samples` named some.
    var requested: Range<Int>? {
        if case .range(let range) = self { return range }
        return nil
    }

    /// `response` cut to the taps chosen: with `--around`, those within the count of the tap its
    /// first path falls in; otherwise unchanged.
    ///
    /// - Throws: `CommandFailure` with `--around` when the accumulator carries no first path.
    func trimmed(_ response: ChannelImpulseResponse) throws -> ChannelImpulseResponse {
        guard case .around(let count) = self else { return response }
        guard let firstPath = response.firstPathIndex, let centre = Int(exactly: firstPath.rounded(.down)) else {
            throw CommandFailure(
                "--around \(count): the \(response.accumulator) accumulator carries no detected first path to centre on; "
                    + "give --samples LOWER..<UPPER instead")
        }
        let read = response.sampleIndices
        // No wider than what was read, so that a huge count cannot overflow.
        let reach = min(count, read.count)
        let lower = max(read.lowerBound, centre - reach)
        let upper = min(read.upperBound, centre + reach + 1)
        guard lower < upper else { return response }
        var trimmed = response
        trimmed.firstSampleIndex = lower
        trimmed.samples = Array(response.samples[(lower - read.lowerBound)..<(upper - read.lowerBound)])
        return trimmed
    }
}
