import DW1000Driver
import UWBCore

/// Why a scenario was rejected.
///
/// Every message starts with the JSON field path it is about (for example
/// `devices[2].clock.offsetPPM`) and says what is wrong and what would be accepted; ``field``
/// gives the path alone.
public enum ScenarioError: Error, Hashable, Sendable, CustomStringConvertible, JSONFieldErrorConvertible {
    /// The file at `path` could not be read.
    case cannotRead(path: String, reason: String)
    /// An error in the scenario file at `path`.
    indirect case inFile(path: String, error: ScenarioError)
    /// Not JSON, or a key unknown or missing, or a value of the wrong JSON type, not finite,
    /// not whole or too large.
    case json(JSONFieldError)
    /// A name that must say something is empty or only white space.
    case emptyText(field: String)
    /// A list that needs at least one element is empty; `needed` says what it needs.
    case emptyList(field: String, needed: String)
    /// A number outside the limit documented for its key.
    case outOfRange(field: String, value: Double, limit: ScenarioLimit)
    /// A radio setting the DW1000 cannot use, or that does not fit the others.
    case radio(field: String, error: RadioConfigError)
    /// The board id is unknown or its file is invalid.
    case board(field: String, error: BoardDescriptionError)
    /// A per-chip list whose length differs from the board's number of chips.
    case chipCountMismatch(field: String, board: String, chips: Int, found: Int)
    /// An antenna delay the chip's 16-bit register cannot hold.
    case antennaDelay(field: String, error: DW1000Error)
    /// A `devices` list longer than ``Scenario/maximumDeviceCount``.
    case tooManyDevices(field: String, count: Int)
    /// A device name used twice.
    case duplicateName(field: String, name: String, firstField: String)
    /// Two devices start closer than ``DeviceSpec/minimumSeparation``.
    case devicesTooClose(field: String, otherField: String, distance: Distance)
    /// A transmit interval shorter than the airtime of the frame it sends.
    case intervalShorterThanAirtime(field: String, interval: Duration, airtime: Duration, frameLength: Int)
    /// An obstacle whose `max` corner is below its `min` corner on an axis.
    case obstacleInverted(field: String, axis: String, min: Double, max: Double)
    /// Two obstacles share some volume: each point of space is one material.
    case obstaclesOverlap(field: String, otherField: String)
    /// An obstacle is not one of a material with a thickness, or an attenuation alone.
    case obstacleComposition(field: String, problem: String)
    /// A clock step comes no later than the one before it (`previous`, its second).
    case clockStepsOutOfOrder(field: String, second: Int, previous: Int)
    /// A device has both a `transmit` script and a `rogue` behaviour; it can run only one.
    case rogueWithTransmitScript(field: String)
    /// An early-path attacker's `victims` names no device of the scenario.
    case unknownVictim(field: String, name: String)
    /// A device is given two kinds of software (a transmit script, a rogue behaviour, an anchor, a
    /// tag); each device runs one.
    case softwareConflict(field: String, first: String, second: String)
    /// A cluster has one anchor: a DL-TDoA round needs an initiator and at least one responder.
    case loneAnchor(field: String, cluster: String)
    /// A phone's `accessory` cannot be its accessory: no device has the name, or the device is
    /// the phone itself, runs software of its own, or is another phone's accessory (`reason` says).
    case unavailableAccessory(field: String, name: String, reason: String)
    /// A phone or its accessory is on a board without an STS (a DW1000): the accessory protocol's
    /// FiRa sessions range with a static STS.
    case accessoryWithoutSTS(field: String, device: String)

    /// Wraps an error of the shared JSON decoder.
    public init(_ error: JSONFieldError) {
        self = .json(error)
    }

    /// The JSON field path the error is about; `nil` if it concerns the whole file, and empty
    /// for the top level of the document.
    public var field: String? {
        switch self {
        case .cannotRead:
            nil
        case .inFile(_, let error):
            error.field
        case .json(let error):
            if case .malformed = error.problem { nil } else { error.field }
        case .emptyText(let field), .emptyList(let field, _), .outOfRange(let field, _, _), .radio(let field, _),
            .board(let field, _), .chipCountMismatch(let field, _, _, _), .antennaDelay(let field, _),
            .tooManyDevices(let field, _), .duplicateName(let field, _, _), .devicesTooClose(let field, _, _),
            .intervalShorterThanAirtime(let field, _, _, _), .obstacleInverted(let field, _, _, _),
            .clockStepsOutOfOrder(let field, _, _), .rogueWithTransmitScript(let field), .unknownVictim(let field, _),
            .softwareConflict(let field, _, _), .loneAnchor(let field, _), .obstaclesOverlap(let field, _), .obstacleComposition(let field, _),
            .unavailableAccessory(let field, _, _), .accessoryWithoutSTS(let field, _):
            field
        }
    }

    /// What is wrong, where, and what would be accepted.
    public var description: String {
        switch self {
        case .cannotRead(let path, let reason):
            FileReadError(path: path, reason: reason).description + ", or name a shipped scenario ("
                + Scenario.shippedNames.joined(separator: ", ") + ")"
        case .inFile(let path, let error):
            "\(path): \(error)"
        case .json(let error):
            error.description
        case .emptyText(let field):
            "\(field): must not be empty"
        case .emptyList(let field, let needed):
            "\(field): empty; \(needed)"
        case .outOfRange(let field, let value, let limit):
            "\(field): \(limit.problem(with: value))"
        case .radio(let field, let error):
            "\(field): \(error.problem)"
        case .board(let field, let error):
            "\(field): \(error)"
        case .chipCountMismatch(let field, let board, let chips, let found):
            "\(field): \(found) entr\(found == 1 ? "y" : "ies"), but board \(board) has \(chips) chip\(chips == 1 ? "" : "s"); give one per chip, in the board's chip order"
        case .antennaDelay(let field, let error):
            "\(field): \(error)"
        case .tooManyDevices(let field, let count):
            "\(field): \(count) devices, more than the \(Scenario.maximumDeviceCount) a scenario may have; the emulator is built for worlds of up to \(Scenario.maximumDeviceCount) devices and a run's cost grows faster than the device count; split the world into smaller scenarios"
        case .duplicateName(let field, let name, let firstField):
            "\(field): \"\(name)\" is already the name of \(firstField); device names must be unique"
        case .devicesTooClose(let field, let otherField, let distance):
            "\(field): \(JSONNumberText.text(distance.metres)) m from \(otherField), closer than \(JSONNumberText.text(DeviceSpec.minimumSeparation.metres)) m; the antennas would be collocated: move one of them at least \(JSONNumberText.text(DeviceSpec.minimumSeparation.metres)) m away (positions are in metres)"
        case .intervalShorterThanAirtime(let field, let interval, let airtime, let frameLength):
            "\(field): \(Self.seconds(interval)) s is shorter than the \(Self.milliseconds(airtime)) ms airtime of a \(frameLength)-octet frame at this radio configuration; send less often or use a faster data rate or shorter preamble"
        case .obstacleInverted(let field, let axis, let min, let max):
            "\(field): \(axis) = \(JSONNumberText.text(max)) is below min \(axis) = \(JSONNumberText.text(min)); min is the lower corner and max the upper one"
        case .obstaclesOverlap(let field, let otherField):
            "\(field): this box shares volume with \(otherField); obstacles may touch but not overlap: make one of them smaller, or describe the overlap as one obstacle"
        case .obstacleComposition(let field, let problem):
            "\(field): \(problem)"
        case .clockStepsOutOfOrder(let field, let second, let previous):
            "\(field): a step at second \(second) comes after one at second \(previous); list the steps in increasing order of time, one per second at most"
        case .rogueWithTransmitScript(let field):
            "\(field): a rogue device runs its attack and nothing else; remove its transmit script, or make a second device for the scripted frames"
        case .unknownVictim(let field, let name):
            "\(field): no device is named \"\(name)\"; name the devices whose receptions the attacker advances as the scenario's devices list names them"
        case .softwareConflict(let field, let first, let second):
            "\(field): a device runs one piece of software, but this one has both \(first) and \(second); keep one, or make a second device for the other"
        case .loneAnchor(let field, let cluster):
            "\(field): cluster \"\(cluster)\" has only this anchor, and a DL-TDoA round needs an initiator and at least one responder; add anchors to the cluster or give this one another cluster's name"
        case .unavailableAccessory(let field, let name, let reason):
            "\(field): \"\(name)\" cannot be this phone's accessory: \(reason); name a device of the scenario that runs no software of its own and serves no other phone"
        case .accessoryWithoutSTS(let field, let device):
            "\(field): \"\(device)\" is on a board without an STS, and the accessory protocol's FiRa sessions range with a static STS; give the phone and its accessory DW3000-family boards"
        }
    }

    private static func seconds(_ duration: Duration) -> String {
        JSONNumberText.text(duration.secondsValue)
    }

    /// Milliseconds rounded to the microsecond, for example `0.19`.
    private static func milliseconds(_ duration: Duration) -> String {
        JSONNumberText.text((duration.secondsValue * 1_000_000).rounded() / 1000)
    }
}
