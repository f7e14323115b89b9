import Foundation
import UWBPlot

/// `uwb cir --format table` (the default): two lines that describe the response, then one line per
/// tap with its index, real and imaginary parts and magnitude, and a `◀` with the markers of the
/// taps the first path and the truth fall in.
enum CirTable {
    /// The table, lines joined with newlines, without a final one.
    static func table(_ document: CIRDocument) -> String {
        let markers = CirMarkers(document)
        var lines = summary(document)
        lines.append(TableText.padded("index", 6, right: true) + TableText.padded("real", 10, right: true) + TableText.padded("imaginary", 11, right: true) + TableText.padded("magnitude", 12, right: true))
        for (offset, sample) in document.samples.enumerated() {
            let tap = document.firstSampleIndex + offset
            let marked = markers.at(tap: tap).map { "\($0.name) \(index($0.index))" }
            lines.append(
                TableText.padded(String(tap), 6, right: true) + TableText.padded(String(sample.real), 10, right: true) + TableText.padded(String(sample.imaginary), 11, right: true)
                    + TableText.padded(String(format: "%.1f", locale: nil, sample.magnitude), 12, right: true)
                    + (marked.isEmpty ? "" : "  ◀ " + marked.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }

    /// The two lines above the table: what was read, and where the first path and the truth are.
    private static func summary(_ document: CIRDocument) -> [String] {
        let indices = document.sampleIndices
        let length = document.accumulatorLength.map { " of \($0)" } ?? ""
        let symbols = document.preambleSymbols.map { ", \($0) preamble symbols accumulated" } ?? ""
        let read = "\(document.device) chip \(document.chip), \(document.accumulator) accumulator: taps "
            + "\(indices.lowerBound)..<\(indices.upperBound)\(length), "
            + "\(String(format: "%.4f", locale: nil, document.tapSpacingNanoseconds)) ns apart\(symbols)"
        var found = "detected first path " + (document.firstPathIndex.map(index) ?? "not given for this accumulator")
        if let truth = document.truth {
            found += "; emulator's truth: straight line \(index(truth.straightLineIndex)), true first path "
                + (truth.directPathIndex.map(index) ?? "none (no direct path came through)")
            if let threshold = truth.threshold {
                found += ", threshold \(String(format: "%.1f", locale: nil, threshold))"
            }
            if let noise = truth.noise {
                found += ", noise \(String(format: "%.1f", locale: nil, noise))"
            }
        }
        return [read, found]
    }

    /// A tap index with four decimals.
    private static func index(_ value: Double) -> String {
        String(format: "%.4f", locale: nil, value)
    }
}
