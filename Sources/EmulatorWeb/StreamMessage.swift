import UWBEmulator
import UWBEmulatorService

/// A message the server sends a page over the stream: a JSON object with a `"type"`
/// (Docs/emulator-web.md, "Stream messages").
enum StreamMessage: Sendable {
    /// The version of the messages, in every ``plan(_:scenario:role:loadable:)``.
    static let version = 3

    /// What the room is made of and what this page may do (its role, the scenarios it may load);
    /// the first message on a stream, and again whenever another scenario is loaded.
    case plan(RoomPlan, scenario: String, role: PageRole, loadable: LoadableScenarios)
    /// The room now.
    case state(EmulatorSnapshot)
    /// The command `id` took effect at `time`.
    case done(id: Int, time: SimulationTime)
    /// The command `id` (nil: a message that could not be read far enough to find one) was refused.
    case refused(id: Int?, message: String)
    /// The answer to the `cir` command `id`: a chip's last channel impulse response.
    case impulseResponse(id: Int, ChipImpulseResponse)

    /// The message as JSON text.
    var text: String {
        json.text
    }

    private var json: StreamJSON {
        switch self {
        case .plan(let plan, let scenario, let role, let loadable):
            Self.planJSON(plan, scenario: scenario, role: role, loadable: loadable)
        case .state(let snapshot):
            Self.stateJSON(snapshot)
        case .done(let id, let time):
            .object([("type", .string("done")), ("id", .integer(id)), ("t", Self.seconds(time))])
        case .refused(let id, let message):
            .object([("type", .string("refused")), ("id", .optional(id) { .integer($0) }), ("message", .string(message))])
        case .impulseResponse(let id, let response):
            Self.impulseResponseJSON(id: id, response)
        }
    }

    /// A virtual instant in seconds, to the microsecond.
    static func seconds(_ time: SimulationTime) -> StreamJSON {
        .number(time.seconds, decimals: 6)
    }
}
