import Testing
import UWBPlot

@Suite("SVG writer")
struct SVGWriterTests {
    @Test("text and attributes are escaped: device names with < & \" ' > survive a round trip")
    func escaping() throws {
        let name = "a<b & \"c\" 'd'>"
        #expect(SVGEscaping.escape(name) == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;")
        let lines = Fixtures.rangeLines(from: name, to: "bob", count: 3)
        let samples = try Fixtures.input(lines.joined(separator: "\n")).distances(figure: "distance", path: "run.jsonl")
        let tree = try SVGTree(FigureRenderer.svg(try DistanceFigure.make(samples, source: "run & <more>.jsonl")))
        #expect(tree.legendNames == ["\(name) → bob measured", "\(name) → bob true"])
        let caption = try #require(tree.root?.elements(class: "caption").first)
        #expect(caption.text.contains("run & <more>.jsonl"))
    }

    @Test("control characters that XML cannot carry become U+FFFD")
    func controlCharacters() throws {
        #expect(SVGEscaping.escape("a\u{1}b\tc") == "a\u{FFFD}b\tc")
        let figure = Figure(
            title: "bell \u{7}", xAxis: Axis(title: "x"), yAxis: Axis(title: "y"),
            series: [Series(name: "n\u{0}", style: .points, colour: 0, points: [PlotPoint(x: 1, y: 1)])])
        let tree = try SVGTree(FigureRenderer.svg(figure))
        #expect(tree.legendNames == ["n\u{FFFD}"])
    }

    @Test("numbers are written with at most two decimals, independent of the locale")
    func numbers() {
        #expect(SVGNumber.text(12.5) == "12.5")
        #expect(SVGNumber.text(-0.001) == "0")
        #expect(SVGNumber.text(3) == "3")
        #expect(SVGNumber.text(1.23456) == "1.23")
        #expect(SVGNumber.text(.nan) == "0")
    }

    @Test("points that are not finite are left out")
    func nonFinitePoints() throws {
        let figure = Figure(
            title: "t", xAxis: Axis(title: "x"), yAxis: Axis(title: "y"),
            series: [Series(name: "s", style: .points, colour: 0, points: [PlotPoint(x: 1, y: 1), PlotPoint(x: .nan, y: 2)])])
        let tree = try SVGTree(FigureRenderer.svg(figure))
        #expect(tree.series("s")?.children.count == 1)
    }
}
