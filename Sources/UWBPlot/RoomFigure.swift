import Foundation
import UWBCore
import UWBEmulator

/// A scenario's room seen from above: the horizontal x–z plane of the world frame (+y is up,
/// `Docs/scenarios.md`), x to the right and z growing towards the bottom of the page, with equal
/// scales. It shows the obstacles, each device at its start with its name, the paths of devices
/// that move, the field-of-view cone of every board that measures an angle (two or three
/// phase-coherent chips), and optionally where a run's devices measured their peers, or where a
/// `uwb locate` run's tags fixed themselves and how their tracks went.
public enum RoomFigure {
    /// The top view of `scenario`, with cones of half-angle `fieldOfView` and, from `run` when
    /// given, each measured position of a peer: the device's position at the line's time plus the
    /// measured distance along the measured direction (or, on two-chip boards, along the
    /// horizontal angle with the peer taken as level).
    ///
    /// With `fixes` from `uwb locate`, each tag's fixes are points and its track a line; its true
    /// path is the scenario's.
    ///
    /// - Throws: ``PlotError/nothingToPlot(path:what:)`` when the run names a device the scenario
    ///   does not have.
    public static func make(
        _ scenario: Scenario, fieldOfView: Angle, run: (samples: [DistanceSample], source: String)? = nil,
        fixes: (samples: [PositionSample], source: String)? = nil
    ) throws(PlotError) -> Figure {
        let extent = TopViewExtent(scenario)
        let coneLength = max(PlotStyle.shortestCone, PlotStyle.coneLengthFraction * extent.largerSide)
        var regions = scenario.obstacles.map { obstacle in
            Region.rectangle(
                name: obstacle.name, from: PlotPoint(x: obstacle.minimum.metres.x, y: obstacle.minimum.metres.z),
                to: PlotPoint(x: obstacle.maximum.metres.x, y: obstacle.maximum.metres.z),
                colour: nil, opacity: PlotStyle.obstacleOpacity,
                labelAt: PlotPoint(x: (obstacle.minimum.metres.x + obstacle.maximum.metres.x) / 2, y: obstacle.minimum.metres.z))
        }
        var series: [Series] = []
        var labels: [PlotLabel] = []
        for (index, device) in scenario.devices.enumerated() {
            let start = topView(device.position)
            series.append(Series(name: device.name, style: .markers, colour: index, points: [start]))
            labels.append(PlotLabel(text: device.name, at: start))
            if let path = device.path {
                var points = [start] + path.waypoints.map { topView($0.position) }
                if path.loops { points.append(start) }
                series.append(Series(name: "\(device.name)'s path", style: .line, colour: index, points: points))
            }
            if device.board.coherentReceivers >= 2 {
                regions.append(cone(device, colour: index, halfAngle: fieldOfView, length: coneLength))
            }
        }
        var caption = scenario.name
        if let run {
            series += try measuredPositions(run.samples, source: run.source, scenario: scenario)
            caption += "; measured positions from \(run.source)"
        }
        if let fixes {
            series += try fixedPositions(fixes.samples, source: fixes.source, scenario: scenario)
            caption += "; fixes and tracks from \(fixes.source)"
        }
        return Figure(
            title: "Top view (x–z plane, seen from above)", caption: caption,
            xAxis: Axis(title: "x (m)"), yAxis: Axis(title: "z (m)", isReversed: true),
            regions: regions, series: series, labels: labels, hasEqualScales: true, mustShow: extent.corners)
    }

    /// A world position's place in the top view: (x, z).
    static func topView(_ position: Position) -> PlotPoint {
        PlotPoint(x: position.metres.x, y: position.metres.z)
    }

    /// The field-of-view cone of `device`: the horizontal sector of `halfAngle` around where the
    /// back of the device (its −z axis) looks, at its start.
    static func cone(_ device: DeviceSpec, colour: Int, halfAngle: Angle, length: Double) -> Region {
        let facing = device.orientation.toWorld(Vector3(x: 0, y: 0, z: -1))
        let horizontal = (facing.x * facing.x + facing.z * facing.z).squareRoot()
        let apex = topView(device.position)
        // A board facing straight up or down has no horizontal facing; draw its cone along −z.
        let (fx, fz) = horizontal > 0 ? (facing.x / horizontal, facing.z / horizontal) : (0, -1)
        var corners = [apex]
        for step in 0...PlotStyle.coneArcSteps {
            let angle = -halfAngle.radians + 2 * halfAngle.radians * Double(step) / Double(PlotStyle.coneArcSteps)
            // A turn by `angle` about world +y, as a yaw turns a device (Orientation).
            let x = fx * cos(angle) + fz * sin(angle)
            let z = -fx * sin(angle) + fz * cos(angle)
            corners.append(PlotPoint(x: apex.x + length * x, y: apex.y + length * z))
        }
        let degrees = String(format: "%.0f", locale: nil, halfAngle.degrees)
        return Region(name: "\(device.name) field of view (±\(degrees)°)", corners: corners, colour: colour, opacity: PlotStyle.coneOpacity)
    }

    /// Per tag, its fixes as points and its track as a line, in the colour of the tag.
    private static func fixedPositions(_ samples: [PositionSample], source: String, scenario: Scenario) throws(PlotError) -> [Series] {
        let colours = Dictionary(scenario.devices.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let unknown = Set(samples.map(\.device)).filter { colours[$0] == nil }.sorted()
        guard unknown.isEmpty else {
            throw .nothingToPlot(
                path: source,
                what: "the run names devices the scenario does not have (\(unknown.joined(separator: ", "))); give the run of this scenario")
        }
        var series: [Series] = []
        for (device, ofDevice) in OrderedGroups(samples, by: \.device).groups {
            let colour = colours[device] ?? 0
            let fixes = ofDevice.compactMap { $0.position.map { PlotPoint(x: $0.x, y: $0.z) } }
            let track = ofDevice.compactMap { $0.tracked.map { PlotPoint(x: $0.x, y: $0.z) } }
            if !fixes.isEmpty {
                series.append(Series(name: "\(device) fixes", style: .points, colour: colour, points: fixes))
            }
            if !track.isEmpty {
                series.append(Series(name: "\(device) track", style: .line, colour: colour, points: track))
            }
        }
        return series
    }

    /// One series per pair of the positions where the device measured its peer.
    private static func measuredPositions(_ samples: [DistanceSample], source: String, scenario: Scenario) throws(PlotError) -> [Series] {
        var devices: [String: (spec: DeviceSpec, index: Int, trajectory: Trajectory)] = [:]
        for (index, device) in scenario.devices.enumerated() {
            devices[device.name] = (device, index, Trajectory(start: device.position, path: device.path))
        }
        let unknown = Set(samples.flatMap { [$0.device, $0.peer] }).filter { devices[$0] == nil }.sorted()
        guard unknown.isEmpty else {
            throw .nothingToPlot(
                path: source,
                what: "the run names devices the scenario does not have (\(unknown.joined(separator: ", "))); give the run of this scenario")
        }
        var series: [Series] = []
        for (pair, ofPair) in OrderedGroups(samples, by: \.pairName).groups {
            var points: [PlotPoint] = []
            var colour = 0
            for sample in ofPair {
                guard let observer = devices[sample.device], let distance = sample.measured,
                      let local = sample.direction ?? sample.horizontalAngle.map({ Vector3(x: sin($0.radians), y: 0, z: -cos($0.radians)) })
                else { continue }
                colour = devices[sample.peer]?.index ?? 0
                let origin = observer.trajectory.position(at: SimulationTime(seconds: sample.seconds)).metres
                let world = origin + observer.spec.orientation.toWorld(local) * distance.metres
                points.append(PlotPoint(x: world.x, y: world.z))
            }
            if !points.isEmpty {
                series.append(Series(name: "\(pair) measured", style: .points, colour: colour, points: points))
            }
        }
        return series
    }
}

/// The top view of a scenario's extent (``RoomExtent``: its contents with a border).
struct TopViewExtent {
    /// Two opposite corners of the extent in the top view.
    let corners: [PlotPoint]

    /// The extent of the devices' starts, their waypoints and the obstacles of `scenario`.
    init(_ scenario: Scenario) {
        let extent = RoomExtent(
            trajectories: scenario.devices.map { Trajectory(start: $0.position, path: $0.path) }, obstacles: scenario.obstacles)
        corners = [RoomFigure.topView(extent.minimum), RoomFigure.topView(extent.maximum)]
    }

    /// The longer of the extent's two sides.
    var largerSide: Double {
        max(corners[1].x - corners[0].x, corners[1].y - corners[0].y)
    }
}
