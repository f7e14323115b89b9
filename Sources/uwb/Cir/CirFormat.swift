import ArgumentParser

/// How `uwb cir` writes the response (`Docs/cir.md`).
enum CirFormat: String, ExpressibleByArgument, CaseIterable {
    /// A table for people: a summary, then index, real, imaginary and magnitude per tap, with markers.
    case table
    /// One JSON object on one line, which `uwb plot cir` reads.
    case json
    /// Comma-separated values with a header line: index, real, imaginary, magnitude, marker.
    case csv
}
