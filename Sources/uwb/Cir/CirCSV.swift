import Foundation
import UWBPlot

/// `uwb cir --format csv`: a header line, then one line per tap with its index, real and imaginary
/// parts, magnitude and the words of the markers that fall in it (`;`-separated).
enum CirCSV {
    /// The CSV, lines joined with newlines, without a final one.
    static func text(_ document: CIRDocument) -> String {
        let markers = CirMarkers(document)
        var lines = ["index,real,imaginary,magnitude,marker"]
        for (offset, sample) in document.samples.enumerated() {
            let tap = document.firstSampleIndex + offset
            let marked = markers.at(tap: tap).map(\.key).joined(separator: ";")
            lines.append("\(tap),\(sample.real),\(sample.imaginary),\(String(format: "%.3f", locale: nil, sample.magnitude)),\(marked)")
        }
        return lines.joined(separator: "\n")
    }
}
