import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBPlot
import UWBTestSupport

@Suite("PDoA and trace figures")
struct PDoAAndTraceFigureTests {
    @Test("PDoA samples: points per chip, corrected where given, the analytic curve from the scenario's board")
    func pdoa() throws {
        let input = try PlotInput.load(Fixtures.pdoaSamplesPath)
        #expect(input.kind == .pdoaSamples)
        let samples = try input.pdoaSamples(figure: "pdoa", path: Fixtures.pdoaSamplesPath)
        #expect(samples.count == 26)
        let scenario = try Scenario.load(from: Repository.path("Docs/scenarios/demo-room.json"), boardSearchPaths: [Repository.boardsDirectory])
        let curves = AnalyticPDoA.curves(in: scenario)
        let figure = try PDoAFigure.make(samples, source: "samples.jsonl", analytic: curves)
        let tree = try SVGTree(FigureRenderer.svg(figure))
        #expect(tree.legendNames == [
            "phone chip 1 PDoA", "phone chip 1 corrected", "phone chip 1 2πd·sinθ/λ",
            "phone chip 2 PDoA", "phone chip 2 corrected", "phone chip 2 2πd·sinθ/λ",
        ])
        #expect(tree.series("phone chip 1 PDoA")?.children.count == 13)
        #expect(tree.series("phone chip 2 corrected")?.children.count == 12)
        // The fixture's corrected values are the ideal 2π·d·sin θ/λ of the triple board (d = 20.8 mm along x,
        // channel 5): the analytic curve passes through them.
        let chip1 = try #require(curves.first { $0.device == "phone" && $0.chip == 1 })
        #expect(abs(chip1.baseline.metres - 0.0208) < 1e-9)
        for sample in samples where sample.chip == 1 {
            let corrected = try #require(sample.corrected)
            #expect(abs(chip1.pdoa(at: sample.trueAngle).radians - corrected.radians) < 1e-4)
        }
        // A corrected point maps back to its value in degrees through the ticks.
        let circle = try #require(tree.series("phone chip 1 corrected")?.children.first)
        let first = try #require(samples.first { $0.chip == 1 }?.corrected)
        let y = try #require(tree.value(of: circle, axis: "y-axis"))
        #expect(abs(y - first.degrees) < 0.5)
    }

    @Test("a DW3220 station's curve is its second port's, 16.9 mm from the first, as calibrate pdoa numbers its samples (chip 1)")
    func dw3220Curve() throws {
        let scenario = try Scenario.load(
            from: Repository.path("Docs/scenarios/pdoa-dw3220-sweep.json"), boardSearchPaths: [Repository.boardsDirectory])
        let curves = AnalyticPDoA.curves(in: scenario)
        #expect(curves.map(\.device) == ["station"] && curves.map(\.chip) == [1])
        let curve = try #require(curves.first)
        #expect(abs(curve.baseline.metres - 0.0169) < 1e-9)
        // At 30° on channel 5 (λ 46.20 mm): 2π·16.9·0.5/46.20 rad.
        #expect(abs(curve.pdoa(at: .degrees(30)).radians - 2 * .pi * 0.0169 * 0.5 / curve.wavelength.metres) < 1e-12)
        #expect(abs(curve.wavelength.metres - 0.04620) < 0.0001)
    }

    @Test("without a scenario the PDoA figure has only the points and says how to get the curve")
    func pdoaWithoutCurves() throws {
        let samples = try PlotInput.load(Fixtures.pdoaSamplesPath).pdoaSamples(figure: "pdoa", path: "f")
        let figure = try PDoAFigure.make(samples, source: "f")
        #expect(figure.series.allSatisfy { $0.style == .points })
        #expect(figure.caption.contains("--scenario"))
    }

    @Test("a trace: one series per receiver of the levels of the frames it decoded, the rest as one series")
    func trace() throws {
        let writer = PcapngWriter()
        for index in 0..<5 {
            try writer.append(TraceRecord(
                time: Int64(index) * 100_000_000_000, frame: [0x41, 0x88, UInt8(index), 0, 0], sender: "alice",
                receptions: [
                    TraceReception(receiver: "bob", level: PowerLevel(dBm: -70 - Double(index)), outcome: .received),
                    TraceReception(receiver: "carol <c>", level: PowerLevel(dBm: -95), outcome: index == 0 ? .received : .lost),
                ]))
        }
        let input = try PlotInput.parse(Data(writer.bytes), path: "t.pcapng")
        #expect(input.kind == .trace)
        let figure = try TraceFigure.make(try input.traceRecords(figure: "trace", path: "t.pcapng"), source: "t.pcapng")
        let tree = try SVGTree(FigureRenderer.svg(figure))
        #expect(tree.legendNames == ["received by bob", "received by carol <c>", "not decoded (any receiver)"])
        let bob = try #require(tree.series("received by bob")?.children)
        #expect(bob.count == 5)
        for (index, circle) in bob.enumerated() {
            let seconds = try #require(tree.value(of: circle, axis: "x-axis"))
            let level = try #require(tree.value(of: circle, axis: "y-axis"))
            #expect(abs(seconds - 0.1 * Double(index)) < 0.005)
            #expect(abs(level - (-70 - Double(index))) < 0.2)
        }
        #expect(tree.series("not decoded (any receiver)")?.children.count == 4)
    }
}
