import UWBPlot

/// `uwb cir --format json`: the document as one JSON object on one line (`Docs/cir.md`), with
/// its keys in a fixed order and the samples last.
enum CirJSON {
    /// The line, without its newline.
    static func line(_ document: CIRDocument) -> String {
        var fields: [(String, String)] = [
            (CIRDocumentKey.kind, JSONText.string(CIRDocumentKey.kindValue)),
            (CIRDocumentKey.device, JSONText.string(document.device)),
            (CIRDocumentKey.chip, String(document.chip)),
            (CIRDocumentKey.accumulator, JSONText.string(document.accumulator.rawValue)),
            (CIRDocumentKey.tapSpacing, JSONText.number(document.tapSpacingNanoseconds, decimals: 6)),
            (CIRDocumentKey.accumulatorLength, document.accumulatorLength.map(String.init) ?? "null"),
            (CIRDocumentKey.firstSampleIndex, String(document.firstSampleIndex)),
            (CIRDocumentKey.firstPathIndex, JSONText.number(document.firstPathIndex, decimals: 6)),
            (CIRDocumentKey.preambleSymbols, document.preambleSymbols.map(String.init) ?? "null"),
        ]
        if let truth = document.truth {
            fields += [
                (CIRDocumentKey.straightLineIndex, JSONText.number(truth.straightLineIndex, decimals: 6)),
                (CIRDocumentKey.trueFirstPathIndex, JSONText.number(truth.directPathIndex, decimals: 6)),
                (CIRDocumentKey.threshold, JSONText.number(truth.threshold, decimals: 3)),
                (CIRDocumentKey.noise, JSONText.number(truth.noise, decimals: 3)),
            ]
        }
        let samples = document.samples.map { "[\($0.real),\($0.imaginary)]" }.joined(separator: ",")
        fields.append((CIRDocumentKey.samples, "[\(samples)]"))
        return JSONText.object(fields)
    }
}
