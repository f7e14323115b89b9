import ArgumentParser
import UWBCore
import UWBPlot
import UWBRanging

/// `uwb plot room --scenario FILE [--run FILE] -o out.svg`: a scenario's room seen from above.
struct PlotRoomCommand: PlotSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "room",
        abstract: "A scenario's room from above: devices, paths, obstacles, field-of-view cones, measured positions.",
        discussion: """
            The horizontal x–z plane of the scenario's world, z growing down the page. Boards with \
            two or three phase-coherent chips get a cone of --field-of-view around where their back \
            faces at the start. With --run, every line of the run that has a distance and a \
            direction (or a horizontal angle) adds the position where the device measured its peer; \
            with the run of `uwb locate`, each tag's fixes and its track, beside its true path.
            """)

    @Option(help: "The scenario file (JSON); see Docs/scenarios.md.")
    var scenario: String

    @Option(name: .customLong("run"), help: "The JSON lines of a run of the scenario (`uwb range`, `uwb demo` or `uwb locate` with --format jsonl).")
    var runFile: String?

    @Option(parsing: .unconditional, help: "The half-angle of the field-of-view cones, in degrees.")
    var fieldOfView = FieldOfView.defaultHalfAngle.degrees

    @OptionGroup var output: PlotOutputOptions

    func validate() throws {
        guard fieldOfView > 0, fieldOfView <= 180 else {
            throw ValidationError("--field-of-view \(fieldOfView): give a half-angle in degrees above 0 and at most 180")
        }
    }

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func makeFigure() throws(PlotError) -> Figure {
        let room = try PlotInput.load(scenario).scenario(figure: "room --scenario", path: scenario)
        guard let path = runFile else { return try RoomFigure.make(room, fieldOfView: .degrees(fieldOfView)) }
        let input = try PlotInput.load(path)
        if let positions = try input.positionsOrDistances(figure: "room --run", path: path) {
            return try RoomFigure.make(room, fieldOfView: .degrees(fieldOfView), fixes: (positions, path))
        }
        return try RoomFigure.make(
            room, fieldOfView: .degrees(fieldOfView), run: (try input.distances(figure: "room --run", path: path), path))
    }
}
