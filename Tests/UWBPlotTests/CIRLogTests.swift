import Foundation
import Testing
import UWBCore
import UWBPlot

/// Reading logged accumulators: DecaRanging logs as the Kolakowski data set has them, and `uwb cir` JSON
/// lines; bad input reported with its line while the frames around it are still read.
@Suite("Logged accumulators")
struct CIRLogTests {
    /// The real frames' text (CR LF line ends, as DecaRanging wrote them).
    static func realText() throws -> String {
        try String(contentsOfFile: Fixtures.realFramesPath, encoding: .isoLatin1)
    }

    /// The entries of `text`.
    static func entries(_ text: String) -> [CIRLogEntry] {
        CIRLog.parse(Data(text.utf8), path: "log")
    }

    /// The frames and failures of `entries`, apart.
    static func split(_ entries: [CIRLogEntry]) -> (frames: [LoggedAccumulator], failures: [PlotError]) {
        var frames: [LoggedAccumulator] = []
        var failures: [PlotError] = []
        for entry in entries {
            switch entry {
            case .frame(let frame): frames.append(frame)
            case .failure(let failure): failures.append(failure)
            }
        }
        return (frames, failures)
    }

    @Test("the real log's seven frames, each with 1016 taps and what the chip logged")
    func realFrames() throws {
        let (frames, failures) = Self.split(CIRLog.load(Fixtures.realFramesPath))
        #expect(failures.isEmpty, "\(failures)")
        try #require(frames.count == 7)
        #expect(frames.allSatisfy { $0.samples.count == 1016 && $0.firstSampleIndex == 0 && $0.pulseRepetitionFrequency == .sixtyFourMegahertz })
        // Line 4: RX OK WInd(0735), HLP(0745.3125), PSC(0274), …, NTH(077A), …, RSL(-078.9641), FSL(-081.7507), …
        let first = frames[0]
        #expect(first.line == 4)
        #expect(first.preambleSymbols == 274)
        #expect(first.chip.firstPathIndex == 745.3125)
        #expect(first.chip.threshold == 0x077A)
        #expect(first.chip.receivedLevel == PowerLevel(dBm: -78.9641))
        #expect(first.chip.firstPathLevel == PowerLevel(dBm: -81.7507))
        // Its first taps: -24, 100 / -242, 87; its last: 5, 46.
        #expect(first.samples.first == ImpulseResponseSample(real: -24, imaginary: 100))
        #expect(first.samples[1] == ImpulseResponseSample(real: -242, imaginary: 87))
        #expect(frames.map(\.line) == [4, 1023, 2042, 3061, 4080, 5099, 6118])
        // DecaRanging printed the last frame's RX level as -001.#INF: none.
        #expect(frames[6].chip.receivedLevel == nil)
        #expect(frames[6].chip.firstPathLevel != nil)
    }

    @Test("a log cut short in an accumulator: the frames before it, then the line where it ends")
    func truncated() throws {
        let lines = try Self.realText().components(separatedBy: "\r\n")
        // The third frame starts on line 2042; keep 500 of its taps.
        let text = lines.prefix(2043 + 500).joined(separator: "\r\n")
        let (frames, failures) = Self.split(Self.entries(text))
        #expect(frames.count == 2)
        #expect(failures == [.badLine(
            path: "log", line: 2544,
            reason: "the accumulator of line 2042 ends after 500 of the 1016 samples `Accum Len` states: the log is cut short")])
    }

    @Test("fewer taps than stated, more, a tap that is not numbers: each frame refused with its line, the others read")
    func badSamples() throws {
        var lines = try Self.realText().components(separatedBy: "\r\n")
        // Frame 1 (line 4): a word where tap 11 is (line 16). Frame 2 (line 1023): one tap fewer, so its taps
        // end at line 2039 and line 2040 is blank. Frame 3 (now line 2041, taps on lines 2043–3058): one more tap
        // on line 3059, and the frames after it are where they were.
        lines[15] = "12, abc"
        lines.remove(at: 1023 + 1 + 1000)
        lines.insert("7, 7", at: 2042 - 1 + 2 + 1016 - 1)
        let (frames, failures) = Self.split(Self.entries(lines.joined(separator: "\r\n")))
        #expect(frames.map(\.line) == [3061, 4080, 5099, 6118])
        #expect(failures == [
            .badLine(path: "log", line: 16, reason: "`12, abc` is not a sample: give two whole numbers `real, imaginary`"),
            .badLine(
                path: "log", line: 2040,
                reason: "the accumulator of line 1023 ends after 1015 of the 1016 samples `Accum Len` states: the log is cut short"),
            .badLine(path: "log", line: 3059, reason: "the accumulator of line 2041 has more than the 1016 samples `Accum Len` states"),
        ])
    }

    @Test("an unknown header, field or length, a frame before the settings, a missing field: refused with the line")
    func badHeaders() throws {
        let text = try Self.realText()
        let unknown = Self.entries("Hello\r\n" + text)
        #expect(unknown.count == 1)
        #expect(unknown.first.map { "\($0)" }?.contains("line 1: `Hello` opens neither a DecaRanging log") == true)

        let field = Self.split(Self.entries(text.replacingOccurrences(of: "RX OK WInd(0735), HLP(0745.3125)", with: "RX OK WInd(0735), XYZ(1), HLP(0745.3125)")))
        #expect(field.frames.count == 6)
        #expect(field.failures.first.map { "\($0)" }?.contains("log: line 4: unknown field `XYZ`") == true)

        let missing = Self.split(Self.entries(text.replacingOccurrences(of: "PSC(0274), ", with: "")))
        #expect(missing.failures == [.badLine(path: "log", line: 4, reason: "the `RX OK` line has no `PSC(…)` field")])

        let length = Self.split(Self.entries(text.replacingOccurrences(of: "Accum Len 1016\r\n-24, 100", with: "Accum Len 500\r\n-24, 100")))
        #expect(length.failures.first == .badLine(path: "log", line: 5, reason: "`Accum Len 500`: a DW1000's accumulator at PRF 64 has 1016 taps"))
        #expect(length.frames.count == 6)

        let noSettings = Self.entries(text.replacingOccurrences(of: "Mode: 2,", with: "Mood: 2,"))
        #expect(Self.split(noSettings).frames.isEmpty)
        #expect(Self.split(noSettings).failures.count == 7)
        #expect(noSettings.first == .failure(.badLine(
            path: "log", line: 4, reason: "a frame before the `Mode: …, PRF …` line: the log's radio settings must come first")))

        let prf = Self.entries(text.replacingOccurrences(of: "PRF 64,", with: "PRF 32,"))
        #expect(prf == [.failure(.badLine(path: "log", line: 2, reason: "PRF 32 is not a DW1000's: 16 or 64 (MHz)"))])
        #expect(Self.entries("") == [.failure(.empty(path: "log"))])
        let csv = Self.entries("index,real,imaginary,magnitude,marker\n744,1,2,2.2,first_path\n")
        #expect(csv == [.failure(.badLine(
            path: "log", line: 1,
            reason: "`uwb cir`'s table and CSV output carry no preamble symbol count, which detection needs: write the response with `uwb cir --format json`"))])
        let table = Self.entries("bob chip 0, Ipatov accumulator: taps 743..<746 of 1016, 1.0016 ns apart, 83 preamble symbols accumulated\n")
        #expect(table.count == 1)
        #expect(table.first.map { "\($0)" }?.contains("write the response with `uwb cir --format json`") == true)
    }

    @Test("uwb cir JSON lines: each document a frame with its chip's index; an STS accumulator or a broken line refused with its line")
    func documents() {
        let samples = (0..<1016).map { "[\($0 % 7),\(-($0 % 5))]" }.joined(separator: ",")
        let good = "{\"kind\":\"uwb-cir\",\"device\":\"tag\",\"chip\":0,\"accumulator\":\"ipatov\",\"tap_spacing_ns\":1.001603,"
            + "\"accumulator_length\":1016,\"first_sample_index\":0,\"first_path_index\":744.5,\"preamble_symbols\":300,\"samples\":[\(samples)]}"
        let sts = good.replacingOccurrences(of: "\"ipatov\"", with: "\"sts1\"").replacingOccurrences(of: "\"preamble_symbols\":300", with: "\"preamble_symbols\":null")
        let (frames, failures) = Self.split(Self.entries([good, "", sts, "{\"kind\":", good].joined(separator: "\n")))
        #expect(frames.map(\.line) == [1, 5])
        #expect(frames.first?.preambleSymbols == 300)
        #expect(frames.first?.chip.firstPathIndex == 744.5)
        #expect(frames.first?.samples[3] == ImpulseResponseSample(real: 3, imaginary: -3))
        #expect(failures.count == 2)
        #expect(failures.first == .badLine(
            path: "log", line: 3,
            reason: "the sts1 accumulator carries no preamble symbol count: give the Ipatov accumulator (`uwb cir --accumulator ipatov`)"))
        #expect(failures.last.map { "\($0)" }?.contains("line 4") == true)
    }
}
