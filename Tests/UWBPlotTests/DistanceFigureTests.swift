import Foundation
import Testing
import UWBCore
import UWBPlot

@Suite("Distance and error figures")
struct DistanceFigureTests {
    /// 12 lines of alice → bob and 5 of bob → alice, interleaved as a run prints them.
    static let run = (Fixtures.rangeLines(count: 12) + Fixtures.rangeLines(from: "bob", to: "alice", count: 5, start: 20))
        .joined(separator: "\n") + "\n"

    @Test("one points series and one line per pair, as many points as the pair has lines")
    func seriesPerPair() throws {
        let samples = try Fixtures.input(Self.run).distances(figure: "distance", path: "run.jsonl")
        let tree = try SVGTree(FigureRenderer.svg(try DistanceFigure.make(samples, source: "run.jsonl")))
        #expect(tree.legendNames == ["alice → bob measured", "alice → bob true", "bob → alice measured", "bob → alice true"])
        #expect(tree.series("alice → bob measured")?.children.filter { $0.name == "circle" }.count == 12)
        #expect(tree.series("bob → alice measured")?.children.filter { $0.name == "circle" }.count == 5)
        let truth = try #require(tree.series("alice → bob true")?.children.first { $0.name == "polyline" })
        #expect(truth.attributes["points"]?.split(separator: " ").count == 12)
    }

    @Test("a point's coordinates map back to its time and distance through the axes' ticks")
    func pointsMapBack() throws {
        let samples = try Fixtures.input(Self.run).distances(figure: "distance", path: "run.jsonl")
        let tree = try SVGTree(FigureRenderer.svg(try DistanceFigure.make(samples, source: "run.jsonl")))
        let circles = try #require(tree.series("alice → bob measured")?.children)
        for (index, circle) in circles.enumerated() {
            let time = try #require(tree.value(of: circle, axis: "x-axis"))
            let distance = try #require(tree.value(of: circle, axis: "y-axis"))
            #expect(abs(time - 0.1 * Double(index)) < 0.01, "point \(index): t = \(time)")
            #expect(abs(distance - (2 + 0.01 * Double(index))) < 0.01, "point \(index): d = \(distance)")
        }
    }

    @Test("demo lines: pairs by device and peer, nulls left out")
    func demoLines() throws {
        let waiting = "{\"t\":0.1,\"device\":\"alice\",\"peer\":\"bob\",\"state\":\"waiting\",\"reason\":null,"
            + "\"distance\":null,\"direction\":null,\"horizontal_angle\":null,\"true_distance\":2.4}"
        let input = try Fixtures.input(waiting + "\n" + Fixtures.demoLine + "\n", name: "demo.jsonl")
        #expect(input.kind == .demoLines)
        let samples = try input.distances(figure: "distance", path: "demo.jsonl")
        #expect(samples.map(\.measured) == [nil, Distance(metres: 2.4145)])
        let tree = try SVGTree(FigureRenderer.svg(try DistanceFigure.make(samples, source: "demo.jsonl")))
        #expect(tree.series("alice → bob measured")?.children.count == 1)
    }

    @Test("the error histogram counts every line with both distances and names count, median and p95 in its title")
    func errorHistogram() throws {
        let samples = try Fixtures.input(Self.run).distances(figure: "error", path: "run.jsonl")
        let figure = try ErrorFigure.make(samples, source: "run.jsonl")
        // The errors, by hand: alice → bob 0, 1, …, 11 cm, bob → alice 20, 21, …, 24 cm; 17 in all.
        // Sorted, the median is the 9th: 8 cm. The 95th percentile of the magnitudes is at rank
        // 0.95 × 16 = 15.2 (from 0): 23 + 0.2 × (24 − 23) = 23.2 cm.
        #expect(figure.title.contains("n = 17"), "\(figure.title)")
        #expect(figure.title.contains("median +8.00 cm"), "\(figure.title)")
        #expect(figure.title.contains("p95 |error| 23.20 cm"), "\(figure.title)")
        let tree = try SVGTree(FigureRenderer.svg(figure))
        let bars = tree.root?.elements(class: "region") ?? []
        let counted = bars.compactMap { $0.attributes["data-name"]?.split(separator: " ").last.flatMap { Int($0) } }
        #expect(counted.reduce(0, +) == 17)
    }

    @Test("quantiles interpolate between ranks")
    func quantiles() throws {
        let statistics = try #require(SampleStatistics([4, -1, 2, 3]))
        #expect(statistics.median == 2.5)
        #expect(abs(statistics.absolute95 - 3.85) < 1e-12)
        #expect(SampleStatistics([]) == nil)
    }
}
