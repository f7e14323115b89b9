import Foundation
import UWBCore
import UWBEmulator

/// Logged accumulators, read whole or frame by frame: DecaRanging's accumulator logs (the PC application of
/// Decawave's EVK1000, as in the Kolakowski data set; ``DecaRangingLog``) and `uwb cir --format json` output,
/// one document per line. A frame that cannot be read is reported where it is and the frames after it are
/// still read; a file of neither kind is one failure.
public enum CIRLog {
    /// The entries of the file at `path`.
    public static func load(_ path: String) -> [CIRLogEntry] {
        do {
            return parse(try FileReadError.contents(ofFile: path), path: path)
        } catch {
            return [.failure(.cannotRead(error))]
        }
    }

    /// The entries of `data`, the contents of the file at `path` (for messages).
    public static func parse(_ data: Data, path: String) -> [CIRLogEntry] {
        // DecaRanging writes ASCII with CR LF line ends and the odd NUL. The octets are split into lines and
        // cleaned before they become text (cheaper than Swift's character-by-character view); an octet above
        // 0x7F (none in a well-formed log) reads as "?", so that any file is text and a bad octet shows in its
        // line's message.
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false).map { octets in
            String(decoding: octets.lazy.filter { $0 != 0x0D && $0 != 0x00 }.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
        }
        guard let first = lines.firstIndex(where: { !$0.allSatisfy(\.isWhitespace) }) else {
            return [.failure(.empty(path: path))]
        }
        let opening = lines[first].trimmingCharacters(in: .whitespaces)
        if opening.hasPrefix("{") {
            return documents(lines, path: path)
        }
        if opening.contains(DecaRangingLog.creatorMark) || opening.hasPrefix(DecaRangingLog.modePrefix) {
            return DecaRangingLog(lines: lines, path: path).entries()
        }
        if opening.hasPrefix(Self.csvHeader) || opening.contains(Self.tableMark) {
            return [.failure(.badLine(
                path: path, line: first + 1,
                reason: "`uwb cir`'s table and CSV output carry no preamble symbol count, which detection needs: "
                    + "write the response with `uwb cir --format json`"))]
        }
        let shown = opening.count > 60 ? String(opening.prefix(60)) + "…" : opening
        return [.failure(.badLine(
            path: path, line: first + 1,
            reason: "`\(shown)` opens neither a DecaRanging log (a first line `File:… created by DecaRanging …`) nor "
                + "`uwb cir --format json` output (a JSON object per line)"))]
    }

    /// How `uwb cir --format csv` output starts.
    static let csvHeader = "index,real,imaginary,magnitude,marker"
    /// What the first line of `uwb cir --format table` output says.
    static let tableMark = " accumulator: taps "

    /// The `uwb cir --format json` documents of `lines`, one per non-blank line.
    private static func documents(_ lines: [String], path: String) -> [CIRLogEntry] {
        lines.indices.compactMap { index -> CIRLogEntry? in
            let line = lines[index]
            guard !line.allSatisfy(\.isWhitespace) else { return nil }
            do throws(PlotError) {
                let object = try JSONLines.object(Substring(line), number: index + 1, path: path)
                let document: CIRDocument
                do throws(JSONFieldError) {
                    document = try CIRDocument(json: object)
                } catch {
                    throw .badLine(path: path, line: index + 1, reason: error.description)
                }
                return .frame(try accumulator(document, line: index + 1, path: path))
            } catch {
                return .failure(error)
            }
        }
    }

    /// The accumulator of a `uwb cir` document: the Ipatov one, with its symbol count.
    private static func accumulator(_ document: CIRDocument, line: Int, path: String) throws(PlotError) -> LoggedAccumulator {
        guard document.accumulator == .preamble, let symbols = document.preambleSymbols else {
            throw .badLine(
                path: path, line: line,
                reason: "the \(document.accumulator.rawValue) accumulator carries no preamble symbol count: "
                    + "give the Ipatov accumulator (`uwb cir --accumulator ipatov`)")
        }
        // The accumulator's length tells the PRF (every family's Ipatov accumulator is as long at a PRF).
        let prf = PulseRepetitionFrequency.allCases.first { AccumulatorFormat.dw1000($0).sampleCount == document.accumulatorLength }
            ?? .sixtyFourMegahertz
        return LoggedAccumulator(
            line: line, samples: document.samples, firstSampleIndex: document.firstSampleIndex, pulseRepetitionFrequency: prf,
            preambleSymbols: symbols,
            chip: ChipFirstPathReport(firstPathIndex: document.firstPathIndex, threshold: nil, receivedLevel: nil, firstPathLevel: nil))
    }
}
