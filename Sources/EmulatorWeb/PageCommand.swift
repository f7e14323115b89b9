import Foundation
import UWBCore
import UWBEmulator
import UWBEmulatorService

/// A command a page sends over the stream (Docs/emulator-web.md, "Page to server"): a
/// ``WorldCommand``, or loading another scenario, with the `id` its answer repeats.
struct PageCommand: Hashable, Sendable {
    /// What a page asks for.
    enum Action: Hashable, Sendable {
        /// Something done to the world.
        case world(WorldCommand)
        /// Replacing the room by the scenario of this name (``WebRoom/load(_:)``).
        case load(String)
        /// The last channel impulse response of a device's chip, by their indices
        /// (``WebRoom/lastImpulseResponse(device:chip:)``): read-only, so observers may ask too.
        case impulseResponse(device: Int, chip: Int)
    }

    /// The whole number the page chose, repeated in the answer.
    let id: Int
    /// What to do.
    let action: Action

    /// The command `text` (one JSON object) spells.
    ///
    /// - Throws: ``PageCommandError`` naming the problem: text that is not JSON or not an object, a
    ///   missing or unknown `type`, a missing, unknown or mistyped field, a step the scenario format
    ///   would not accept; with the message's `id` when it could be read.
    init(text: String) throws(PageCommandError) {
        let root = try JSONField<PageCommandError>(parsing: Data(text.utf8))
        guard case .object(let members) = root.value else {
            throw root.failure(.wrongType(expected: "an object with a \"type\"", found: root.value.kind))
        }
        let readableID = members["id"].flatMap { try? JSONField<PageCommandError>(path: "id", value: $0).integer() }
        do throws(PageCommandError) {
            guard let typeValue = members["type"] else {
                throw PageCommandError(JSONFieldError(field: "type", problem: .missingKey))
            }
            let type = JSONField<PageCommandError>(path: "type", value: typeValue)
            let name = try type.string()
            guard let fields = Self.fields[name] else {
                throw type.failure(.unsupportedValue(value: "\"\(name)\"", allowed: Self.types.map { "\"\($0)\"" }))
            }
            let object = try root.object(required: ["type", "id"] + fields)
            id = try object.field("id").integer()
            action = try Self.action(name, from: object)
        } catch {
            throw error.answering(readableID)
        }
    }

    /// The commands' types, in the order messages list them.
    static let types = ["move", "rotate", "pause", "resume", "step", "speed", "load", "cir"]

    /// The fields each type takes besides `type` and `id`.
    private static let fields: [String: [String]] = [
        "move": ["device", "position"], "rotate": ["device", "yawDegrees"], "pause": [], "resume": [],
        "step": ["seconds"], "speed": ["speed"], "load": ["scenario"], "cir": ["device", "chip"],
    ]

    /// The action of type `name` (one of ``types``) from its fields.
    private static func action(_ name: String, from object: JSONObject<PageCommandError>) throws(PageCommandError) -> Action {
        if name == "load" {
            return .load(try object.field("scenario").string())
        }
        if name == "cir" {
            return try impulseResponse(from: object)
        }
        return .world(try command(name, from: object))
    }

    /// The world command of type `name` (one of ``types`` but `load` and `cir`) from its fields.
    private static func command(_ name: String, from object: JSONObject<PageCommandError>) throws(PageCommandError) -> WorldCommand {
        switch name {
        case "move":
            return .move(device: try object.field("device").string(), to: try object.field("position").position())
        case "rotate":
            return .rotate(device: try object.field("device").string(), yaw: .degrees(try object.field("yawDegrees").number()))
        case "pause":
            return .pause
        case "resume":
            return .resume
        case "step":
            let field = try object.field("seconds")
            let seconds = try field.number()
            guard ScenarioLimit.duration.contains(seconds) else {
                throw PageCommandError(description: "\(field.path): " + ScenarioLimit.duration.problem(with: seconds))
            }
            return .step(.seconds(seconds))
        default:
            return .speed(try object.field("speed").number())
        }
    }
}
