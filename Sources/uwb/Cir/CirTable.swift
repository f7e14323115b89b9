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
        lines.append(pad("index", 6) + pad("real", 10) + pad("imaginary", 11) + pad("magnitude", 12))
        for (offset, sample) in document.samples.enumerated() {
            let tap = document.firstSampleIndex + offset
            let marked = markers.at(tap: tap).map { "\($0.name) \(index($0.index))" }
            lines.append(
                pad(String(tap), 6) + pad(String(sample.real), 10) + pad(String(sample.imaginary), 11)
                    + pad(String(format: "%.1f", locale: nil, sample.magnitude), 12)
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

    /// `text` right-aligned in `width` columns.
    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
