import Foundation
import UWBCore
import UWBEmulator

/// A move or turn a person made on the emulator service's page, as the service's log of moves
/// keeps it so that the run can be replayed (`uwb emulator serve --replay-moves`): the command and
/// where in the run it took effect, after how many of the world's events and at which virtual
/// instant. Its JSON line:
///
/// ```json
/// {"events":18244,"t":1.234567890123,"move":"bob","position":[0.5,1,-1.5]}
/// {"events":20511,"t":1.4,"rotate":"bob","yawDegrees":90}
/// ```
///
/// The event count places it exactly: a move changes what the medium computes for the frames
/// sent after it, so one applied after the same event gives the same run.
public struct RecordedMove: Hashable, Sendable {
    /// The world's events run before it took effect (``Simulator/eventsRun``).
    public var events: Int
    /// The virtual instant it took effect.
    public var at: SimulationTime
    /// What was done: a ``WorldCommand/move(device:to:)`` or a ``WorldCommand/rotate(device:yaw:)``.
    public var command: WorldCommand

    /// A recorded move or turn.
    public init(events: Int, at: SimulationTime, command: WorldCommand) {
        self.events = events
        self.at = at
        self.command = command
    }

    /// Whether the log keeps `command`: moves and turns change the run; pausing, stepping and the
    /// speed only change how fast it goes on the wall clock.
    public static func isRecorded(_ command: WorldCommand) -> Bool {
        switch command {
        case .move, .rotate: true
        case .pause, .resume, .step, .speed: false
        }
    }

    /// The JSON line, without its newline; nil for a command the log does not keep.
    public var jsonLine: String? {
        let head = "{\"events\":\(events),\"t\":\(Self.seconds(at))"
        switch command {
        case .move(let device, let position):
            let point = position.metres
            return head + ",\"move\":\(JSONStringText.quoted(device)),\"position\":[\(point.x),\(point.y),\(point.z)]}"
        case .rotate(let device, let yaw):
            return head + ",\"rotate\":\(JSONStringText.quoted(device)),\"yawDegrees\":\(yaw.degrees)}"
        case .pause, .resume, .step, .speed:
            return nil
        }
    }

    /// Reads one JSON line of the log.
    ///
    /// - Throws: ``RecordedMoveError`` naming what is wrong with the line.
    public init(jsonLine: String) throws(RecordedMoveError) {
        guard let data = jsonLine.data(using: .utf8),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .malformed("not a JSON object")
        }
        guard let events = object["events"] as? Int, events >= 0 else {
            throw .malformed("\"events\" must be a whole number of events, 0 or more")
        }
        guard let seconds = object["t"] as? Double, seconds.isFinite, seconds >= 0, seconds <= ScenarioLimit.duration.upperBound else {
            throw .malformed("\"t\" must be the virtual instant in seconds, from 0 to one day")
        }
        let command: WorldCommand
        if let device = object["move"] as? String {
            guard let values = object["position"] as? [Double], values.count == 3 else {
                throw .malformed("\"position\" must be [x, y, z] in metres")
            }
            command = .move(device: device, to: Position(metres: Vector3(x: values[0], y: values[1], z: values[2])))
        } else if let device = object["rotate"] as? String {
            guard let degrees = object["yawDegrees"] as? Double else {
                throw .malformed("\"yawDegrees\" must be a number of degrees")
            }
            command = .rotate(device: device, yaw: .degrees(degrees))
        } else {
            throw .malformed("a line must have \"move\" (with \"position\") or \"rotate\" (with \"yawDegrees\")")
        }
        self.init(events: events, at: SimulationTime(seconds: seconds), command: command)
    }

    /// `time` in seconds with every picosecond.
    private static func seconds(_ time: SimulationTime) -> String {
        let picoseconds = time.picoseconds
        let whole = picoseconds / 1_000_000_000_000
        let fraction = String(picoseconds % 1_000_000_000_000)
        return "\(whole)." + String(repeating: "0", count: 12 - fraction.count) + fraction
    }
}

extension RecordedMove {
    /// The moves of a log file, in order, checked to follow one another.
    ///
    /// - Throws: ``RecordedMoveError/file(path:reason:)`` if it cannot be read,
    ///   ``RecordedMoveError/line(_:_:)`` for a line that is not a move or comes before the one above it.
    public static func load(from path: String) throws(RecordedMoveError) -> [RecordedMove] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .file(path: path, reason: "no such file, or it cannot be read")
        }
        var moves: [RecordedMove] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let move: RecordedMove
            do throws(RecordedMoveError) {
                move = try RecordedMove(jsonLine: String(line))
            } catch {
                throw .line(index + 1, error.description)
            }
            if let last = moves.last, move.events < last.events || move.at < last.at {
                throw .line(index + 1, "it comes before the line above it (events \(move.events) at \(move.at.seconds) s)")
            }
            moves.append(move)
        }
        return moves
    }
}
