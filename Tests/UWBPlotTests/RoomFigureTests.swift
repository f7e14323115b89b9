import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBPlot
import UWBTestSupport

@Suite("Room top view")
struct RoomFigureTests {
    static func scenario(_ name: String) throws -> Scenario {
        try Scenario.load(from: Repository.path("Docs/scenarios/\(name)"), boardSearchPaths: [Repository.boardsDirectory])
    }

    @Test("office wall: the wall, both devices with names, one cone for the two-chip desk facing +x")
    func officeWall() throws {
        let figure = try RoomFigure.make(try Self.scenario("office-wall.json"), fieldOfView: .degrees(60))
        let tree = try SVGTree(FigureRenderer.svg(figure))
        let regions = tree.root?.elements(class: "region") ?? []
        #expect(regions.compactMap { $0.attributes["data-name"] } == ["plasterboard wall", "desk field of view (±60°)"])
        #expect(tree.root?.elements(class: "label").map(\.text) == ["desk", "meeting-room"])
        let cone = try #require(figure.regions.last)
        let apex = try #require(cone.corners.first)
        #expect(apex == PlotPoint(x: 0, y: 0))
        // Yaw −90° turns the back of the desk (−z) to world +x: the arc lies at larger x, spread ±60° around z = 0.
        let arc = cone.corners.dropFirst()
        #expect(arc.allSatisfy { $0.x > 0 })
        #expect(abs(arc.map(\.y).reduce(0, +)) < 1e-9)
        let widest = arc.map { abs(atan2($0.y, $0.x)) }.max() ?? 0
        #expect(abs(widest - Double.pi / 3) < 1e-9)
    }

    @Test("demo room: the tag's looping path and measured positions from a run")
    func demoRoomWithRun() throws {
        let scenario = try Self.scenario("demo-room.json")
        // The phone at [0, 1, 0] facing −z sees the tag straight ahead, 2 m away.
        let line = "{\"t\":0.5,\"device\":\"phone\",\"peer\":\"tag\",\"state\":\"ranging\",\"reason\":null,\"distance\":2.0,"
            + "\"direction\":[0.0,0.0,-1.0],\"horizontal_angle\":0.0,\"true_distance\":2.0}"
        let samples = try Fixtures.input(line).distances(figure: "room --run", path: "run.jsonl")
        let figure = try RoomFigure.make(scenario, fieldOfView: .degrees(60), run: (samples, "run.jsonl"))
        let path = try #require(figure.series.first { $0.name == "tag's path" })
        #expect(path.points.count == 6)
        #expect(path.points.first == path.points.last)
        let measured = try #require(figure.series.first { $0.name == "phone → tag measured" })
        #expect(measured.points == [PlotPoint(x: 0, y: -2)])
        let tree = try SVGTree(FigureRenderer.svg(figure))
        let circle = try #require(tree.series("phone → tag measured")?.children.first)
        #expect(abs((tree.value(of: circle, axis: "y-axis") ?? 0) - -2) < 0.01)
        // Two cones: the three-chip phone and the two-chip laptop; the single-chip tag has none.
        #expect(figure.regions.map(\.name) == ["phone field of view (±60°)", "laptop field of view (±60°)"])
    }

    @Test("warehouse with a uwb locate run: each tag's fixes as points and its track as a line, read back from the SVG")
    func locateRun() throws {
        let scenario = try Self.scenario("warehouse.json")
        let lines = [
            "{\"t\":0.11,\"device\":\"forklift\",\"method\":\"dl-tdoa\",\"position_m\":[2.6,2.2,1.7],\"tracked_position_m\":[2.6,2.2,1.7],"
                + "\"no_fix\":null,\"true_position_m\":[2.5,2.2,1.8]}",
            "{\"t\":0.21,\"device\":\"forklift\",\"method\":\"dl-tdoa\",\"position_m\":null,\"tracked_position_m\":null,"
                + "\"no_fix\":{\"reason\":\"too-few-measurements\",\"message\":\"…\"},\"true_position_m\":[2.5,2.2,2.1]}",
            "{\"t\":0.31,\"device\":\"forklift\",\"method\":\"dl-tdoa\",\"position_m\":[2.4,2.2,2.9],\"tracked_position_m\":[2.5,2.2,2.6],"
                + "\"no_fix\":null,\"true_position_m\":[2.5,2.2,2.4]}",
        ]
        let input = try PlotInput.parse(Data(lines.joined(separator: "\n").utf8), path: "locate.jsonl")
        #expect(input.kind == .locateLines)
        let samples = try #require(try input.positionsOrDistances(figure: "room --run", path: "locate.jsonl"))
        #expect(samples.map(\.position) == [Vector3(x: 2.6, y: 2.2, z: 1.7), nil, Vector3(x: 2.4, y: 2.2, z: 2.9)])
        let figure = try RoomFigure.make(scenario, fieldOfView: .degrees(60), fixes: (samples, "locate.jsonl"))
        #expect(figure.series.first { $0.name == "forklift fixes" }?.points == [PlotPoint(x: 2.6, y: 1.7), PlotPoint(x: 2.4, y: 2.9)])
        #expect(figure.series.first { $0.name == "forklift track" }?.points == [PlotPoint(x: 2.6, y: 1.7), PlotPoint(x: 2.5, y: 2.6)])
        let tree = try SVGTree(FigureRenderer.svg(figure))
        let fix = try #require(tree.series("forklift fixes")?.children.last)
        #expect(abs((tree.value(of: fix, axis: "y-axis") ?? 0) - 2.9) < 0.01)
        #expect(throws: PlotError.self) {
            try RoomFigure.make(try Self.scenario("demo-room.json"), fieldOfView: .degrees(60), fixes: (samples, "locate.jsonl"))
        }
    }

    @Test("a run of another scenario is refused with the names it does not know")
    func foreignRun() throws {
        let samples = try Fixtures.input(Fixtures.rangeLines(from: "x", to: "y", count: 1)[0]).distances(figure: "room --run", path: "r")
        #expect(throws: PlotError.self) {
            try RoomFigure.make(try Self.scenario("demo-room.json"), fieldOfView: .degrees(60), run: (samples, "r"))
        }
    }
}
