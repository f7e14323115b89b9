import Foundation
import UWBCore
import UWBEmulator

/// A DecaRanging accumulator log, read frame by frame (the format as the Kolakowski data set's logs show it,
/// `Docs/reference/measured-channels.md` §1.3): a first line naming DecaRanging, a `Mode: …, Chan …, PRF …`
/// line with the radio's settings, and per received frame an `RX OK` line of parenthesised fields (`WInd`,
/// `HLP`, `PSC`, `NTH`, `RSL`, `FSL` and others), `Accum Len N` and N lines `real, imaginary`. Every other
/// line (times, frame data, range results) is passed over.
struct DecaRangingLog {
    /// The file's lines, CR and NUL removed.
    let lines: [String]
    /// The file, for messages.
    let path: String

    /// What the first line of a DecaRanging log says.
    static let creatorMark = "DecaRanging"
    /// How the radio settings' line starts.
    static let modePrefix = "Mode:"
    /// How a received frame's line starts.
    static let framePrefix = "RX OK"
    /// How the accumulator's length line starts.
    static let lengthPrefix = "Accum Len"
    /// The fields an `RX OK` line may carry, and those detection needs.
    static let knownFields: Set<String> = ["WInd", "HLP", "PSC", "SLP", "RC", "DCR", "DCI", "NTH", "T", "RSL", "FSL", "RSMPL"]
    static let neededFields = ["HLP", "PSC", "NTH", "RSL", "FSL"]

    /// The frames and failures, in file order.
    func entries() -> [CIRLogEntry] {
        var entries: [CIRLogEntry] = []
        var prf: PulseRepetitionFrequency?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix(Self.modePrefix), prf == nil {
                do throws(PlotError) {
                    prf = try pulseRepetitionFrequency(line, number: index + 1)
                } catch {
                    // Without the PRF no frame can be read.
                    return entries + [.failure(error)]
                }
            }
            guard line.hasPrefix(Self.framePrefix) else {
                index += 1
                continue
            }
            do throws(PlotError) {
                guard let prf else {
                    throw .badLine(
                        path: path, line: index + 1,
                        reason: "a frame before the `Mode: …, PRF …` line: the log's radio settings must come first")
                }
                let (frame, next) = try self.frame(at: index, prf: prf)
                entries.append(.frame(frame))
                index = next
            } catch {
                entries.append(.failure(error))
                index += 1
            }
        }
        return entries
    }

    /// The PRF the `Mode:` line names.
    private func pulseRepetitionFrequency(_ line: String, number: Int) throws(PlotError) -> PulseRepetitionFrequency {
        let settings = line.dropFirst(Self.modePrefix.count).split(separator: ",").map { $0.split(separator: " ") }
        guard let value = settings.first(where: { $0.first == "PRF" })?.last else {
            throw .badLine(path: path, line: number, reason: "the `Mode:` line names no PRF (`PRF 16` or `PRF 64`)")
        }
        switch value {
        case "16": return .sixteenMegahertz
        case "64": return .sixtyFourMegahertz
        default: throw .badLine(path: path, line: number, reason: "PRF \(value) is not a DW1000's: 16 or 64 (MHz)")
        }
    }

    /// The frame whose `RX OK` line is `lines[start]`, and the index of the line after it.
    private func frame(at start: Int, prf: PulseRepetitionFrequency) throws(PlotError) -> (LoggedAccumulator, Int) {
        let fields = try self.fields(lines[start], number: start + 1)
        let lengthIndex = start + 1
        guard lengthIndex < lines.count, lines[lengthIndex].hasPrefix(Self.lengthPrefix),
            let length = Int(lines[lengthIndex].dropFirst(Self.lengthPrefix.count).trimmingCharacters(in: .whitespaces))
        else {
            throw .badLine(
                path: path, line: min(lengthIndex, lines.count) + 1,
                reason: "the frame of line \(start + 1) has no `Accum Len N` line after it")
        }
        let expected = AccumulatorFormat.dw1000(prf).sampleCount
        guard length == expected else {
            throw .badLine(
                path: path, line: lengthIndex + 1,
                reason: "`Accum Len \(length)`: a DW1000's accumulator at PRF \(prf.rawValue) has \(expected) taps")
        }
        var samples: [ImpulseResponseSample] = []
        samples.reserveCapacity(length)
        var index = lengthIndex + 1
        while samples.count < length {
            guard index < lines.count, let sample = try sample(lines[index], number: index + 1) else {
                throw .badLine(
                    path: path, line: min(index, lines.count) + 1,
                    reason: "the accumulator of line \(start + 1) ends after \(samples.count) of the \(length) samples "
                        + "`Accum Len` states: the log is cut short")
            }
            samples.append(sample)
            index += 1
        }
        // A line after the last tap that reads as one more: the frame has more taps than it states.
        if index < lines.count, (try? sample(lines[index], number: index + 1)) != nil {
            throw .badLine(
                path: path, line: index + 1,
                reason: "the accumulator of line \(start + 1) has more than the \(length) samples `Accum Len` states")
        }
        let report = ChipFirstPathReport(
            firstPathIndex: fields.hlp, threshold: Double(fields.nth),
            receivedLevel: fields.rsl.map { PowerLevel(dBm: $0) }, firstPathLevel: fields.fsl.map { PowerLevel(dBm: $0) })
        let frame = LoggedAccumulator(
            line: start + 1, samples: samples, firstSampleIndex: 0, pulseRepetitionFrequency: prf, preambleSymbols: fields.psc,
            chip: report)
        return (frame, index)
    }

    /// The values of an `RX OK` line that detection needs.
    private struct FrameFields {
        let hlp: Double
        let psc: Int
        let nth: Int
        let rsl: Double?
        let fsl: Double?
    }

    /// A logged level: a number of dBm, or none where DecaRanging printed an infinite one (`-001.#INF`, how
    /// Windows' C library prints −∞: the chip's formula on a zero register).
    private static func level(_ text: String) -> Double?? {
        if text.hasSuffix("#INF") || text.hasSuffix("#IND") { return .some(nil) }
        return Double(text).map { .some($0) }
    }

    /// The fields of an `RX OK` line: `Name(value)` separated by commas.
    private func fields(_ line: String, number lineNumber: Int) throws(PlotError) -> FrameFields {
        var values: [String: String] = [:]
        for part in line.dropFirst(Self.framePrefix.count).split(separator: ",") {
            let text = part.trimmingCharacters(in: .whitespaces)
            guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
                throw .badLine(path: path, line: lineNumber, reason: "`\(text)` is not a field `Name(value)`")
            }
            let name = String(text[..<open])
            guard Self.knownFields.contains(name) else {
                throw .badLine(
                    path: path, line: lineNumber,
                    reason: "unknown field `\(name)`; an `RX OK` line has \(Self.knownFields.sorted().joined(separator: ", "))")
            }
            values[name] = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        }
        if let missing = Self.neededFields.first(where: { values[$0] == nil }) {
            throw .badLine(path: path, line: lineNumber, reason: "the `RX OK` line has no `\(missing)(…)` field")
        }
        func number<Value>(_ name: String, _ parse: (String) -> Value?) throws(PlotError) -> Value {
            let text = values[name] ?? ""
            guard let value = parse(text.trimmingCharacters(in: .whitespaces)) else {
                throw .badLine(path: path, line: lineNumber, reason: "`\(name)(\(text))` is not a number")
            }
            return value
        }
        let fields = FrameFields(
            hlp: try number("HLP") { Double($0) }, psc: try number("PSC") { Int($0) }, nth: try number("NTH") { Int($0, radix: 16) },
            rsl: try number("RSL", Self.level), fsl: try number("FSL", Self.level))
        guard fields.psc > 0 else {
            throw .badLine(path: path, line: lineNumber, reason: "`PSC(\(fields.psc))`: a received frame accumulated at least one symbol")
        }
        return fields
    }

    /// The sample on a line `real, imaginary`; nil for a line that is no attempt at one (no comma); a line
    /// with a comma whose parts are not whole numbers is an error.
    private func sample(_ line: String, number: Int) throws(PlotError) -> ImpulseResponseSample? {
        let parts = line.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count > 1, !line.hasPrefix(Self.framePrefix) else { return nil }
        guard parts.count == 2,
            let real = Int32(parts[0].trimmingCharacters(in: .whitespaces)),
            let imaginary = Int32(parts[1].trimmingCharacters(in: .whitespaces))
        else {
            throw .badLine(path: path, line: number, reason: "`\(line)` is not a sample: give two whole numbers `real, imaginary`")
        }
        return ImpulseResponseSample(real: real, imaginary: imaginary)
    }
}
