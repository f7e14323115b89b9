import DW1000Driver
import UWBCore

extension DeviceSpec {
    /// One element of the scenario's `devices` array, its board resolved through `boards` and its
    /// transmit script checked against its own `radio`, if it has one, or the scenario's `radio`.
    ///
    /// - Throws: ``ScenarioError`` naming the field of the first problem.
    init(scenarioField field: ScenarioField, radio: RadioConfig, boards: inout ScenarioBoards) throws(ScenarioError) {
        typealias Key = ScenarioKey
        let object = try field.object(
            required: [Key.name, Key.board, Key.position],
            optional: [
                Key.orientation, Key.path, Key.clock, Key.antennaDelays, Key.phaseOffsets, Key.phaseAtReset, Key.txPower,
                Key.transmit, Key.rogue, Key.anchor, Key.tag, Key.phone, Key.radio,
            ])
        let name = try object.field(Key.name).text()
        let boardField = try object.field(Key.board)
        let board = try boards.board(at: boardField)
        let position = try object.field(Key.position).worldPosition()
        self.init(name: name, board: board, position: position, antennaDelays: [])
        if let orientation = object.optionalField(Key.orientation) {
            self.orientation = try Self.orientation(from: orientation)
        }
        if let path = object.optionalField(Key.path) {
            self.path = try Self.path(from: path)
        }
        if let clock = object.optionalField(Key.clock) {
            self.clock = try Self.clock(from: clock)
        }
        if let delays = object.optionalField(Key.antennaDelays) {
            for element in try Self.perChip(delays, board: board) {
                antennaDelays.append(try Self.antennaDelays(from: element))
            }
        } else {
            antennaDelays = try Self.calibratedDelays(of: board, field: boardField)
        }
        if let phases = object.optionalField(Key.phaseOffsets) {
            var offsets: [Angle] = []
            for element in try Self.perChip(phases, board: board) {
                offsets.append(Angle(radians: try element.number(within: .phaseOffset)))
            }
            phaseOffsets = offsets
        }
        if let phaseAtReset = object.optionalField(Key.phaseAtReset) {
            self.phaseAtReset = try phaseAtReset.choice(PhaseAtReset.self)
        }
        if let power = object.optionalField(Key.txPower) {
            transmitPower = PowerLevel(dBm: try power.number(within: .transmitPower))
        }
        if let own = object.optionalField(Key.radio) {
            self.radio = try RadioConfig(scenarioField: own)
        }
        if let transmit = object.optionalField(Key.transmit) {
            self.transmit = try Self.transmitScript(from: transmit, radio: self.radio ?? radio)
        }
        if let rogue = object.optionalField(Key.rogue) {
            guard transmit == nil else { throw .rogueWithTransmitScript(field: rogue.path) }
            self.rogue = try Self.rogue(from: rogue)
        }
        let software = [Key.transmit, Key.rogue, Key.anchor, Key.tag, Key.phone].filter { object.optionalField($0) != nil }
        if software.count > 1, let second = object.optionalField(software[1]) {
            throw .softwareConflict(field: second.path, first: software[0], second: software[1])
        }
        if let anchor = object.optionalField(Key.anchor) {
            positioning = try Self.anchor(from: anchor)
        }
        if let tag = object.optionalField(Key.tag) {
            _ = try tag.object(required: [], optional: [])
            positioning = .tag
        }
        if let phone = object.optionalField(Key.phone) {
            let values = try phone.object(required: [Key.platform, Key.accessory], optional: [])
            self.phone = PhoneSpec(
                platform: try values.field(Key.platform).choice(PhonePlatform.self), accessory: try values.field(Key.accessory).text())
        }
    }

    /// An `anchor` object: its `cluster` and, optionally, its `surveyedPosition` and `floor`
    /// (`number` and `heightMetres`).
    private static func anchor(from field: ScenarioField) throws(ScenarioError) -> PositioningRole {
        let object = try field.object(required: [ScenarioKey.cluster], optional: [ScenarioKey.surveyedPosition, ScenarioKey.floor])
        let cluster = try object.field(ScenarioKey.cluster).text()
        let surveyed = try object.optionalField(ScenarioKey.surveyedPosition)?.worldPosition()
        var floor: FloorElevation?
        if let field = object.optionalField(ScenarioKey.floor) {
            let values = try field.object(required: [ScenarioKey.floorNumber, ScenarioKey.heightAboveFloor], optional: [])
            floor = FloorElevation(
                floorNumber: try values.field(ScenarioKey.floorNumber).integer(within: .floorNumber),
                heightAboveFloor: Distance(metres: try values.field(ScenarioKey.heightAboveFloor).number(within: .heightAboveFloor)))
        }
        return .anchor(cluster: cluster, surveyedPosition: surveyed, floor: floor)
    }

    /// A `rogue` object: its `kind`, `startSeconds` and the parameters of that kind.
    private static func rogue(from field: ScenarioField) throws(ScenarioError) -> RogueSpec {
        typealias Key = ScenarioKey
        let kind = try field.object(required: [Key.kind], optional: [Key.start, Key.delay, Key.claim, Key.lead, Key.dutyCycle, Key.advance, Key.victims])
            .field(Key.kind).choice(RogueSpec.Kind.self)
        let parameters: [String] = switch kind {
        case .replayer: [Key.delay]
        case .forger: [Key.claim, Key.lead]
        case .earlyResponder: [Key.lead]
        case .jammer: [Key.dutyCycle]
        case .earlyPath: [Key.advance]
        }
        let object = try field.object(
            required: kind == .earlyPath ? [Key.kind, Key.victims] : [Key.kind], optional: [Key.start] + parameters)
        let start = try object.optionalField(Key.start)?.seconds(within: .rogueStart) ?? .zero
        let lead = try object.optionalField(Key.lead)?.seconds(within: .lead) ?? RogueSpec.defaultLead
        let behaviour: RogueSpec.Behaviour = switch kind {
        case .replayer:
            .replayer(delay: try object.optionalField(Key.delay)?.seconds(within: .replayDelay) ?? RogueSpec.defaultReplayDelay)
        case .forger:
            .forger(
                claimed: try object.optionalField(Key.claim).map { (claim: ScenarioField) throws(ScenarioError) in
                    Distance(metres: try claim.number(within: .claimedDistance))
                } ?? RogueSpec.defaultClaim,
                lead: lead)
        case .earlyResponder:
            .earlyResponder(lead: lead)
        case .jammer:
            .jammer(dutyCycle: try object.optionalField(Key.dutyCycle)?.number(within: .dutyCycle) ?? RogueSpec.defaultDutyCycle)
        case .earlyPath:
            .earlyPath(
                advance: try object.optionalField(Key.advance).map { (advance: ScenarioField) throws(ScenarioError) in
                    Distance(metres: try advance.number(within: .firstPathAdvance))
                } ?? RogueSpec.defaultAdvance,
                victims: try victims(from: object.field(Key.victims)))
        }
        return RogueSpec(behaviour: behaviour, start: start)
    }

    /// An early-path attacker's `victims`: a non-empty list of device names (that they name
    /// devices of the scenario is checked once every device is read).
    private static func victims(from field: ScenarioField) throws(ScenarioError) -> [String] {
        var names: [String] = []
        for element in try field.array() {
            names.append(try element.text())
        }
        guard !names.isEmpty else {
            throw .emptyList(field: field.path, needed: "an early-path attacker needs the name of at least one device to attack")
        }
        return names
    }

    private static func orientation(from field: ScenarioField) throws(ScenarioError) -> Orientation {
        let object = try field.object(required: [], optional: [ScenarioKey.yaw, ScenarioKey.pitch, ScenarioKey.roll])
        var angles: [Angle] = []
        for key in [ScenarioKey.yaw, ScenarioKey.pitch, ScenarioKey.roll] {
            let degrees = try object.optionalField(key)?.number(within: .orientationAngle) ?? 0
            angles.append(.degrees(degrees))
        }
        return Orientation(yaw: angles[0], pitch: angles[1], roll: angles[2])
    }

    private static func path(from field: ScenarioField) throws(ScenarioError) -> DevicePath {
        let object = try field.object(required: [ScenarioKey.waypoints], optional: [ScenarioKey.loop])
        let waypointsField = try object.field(ScenarioKey.waypoints)
        var waypoints: [Waypoint] = []
        for element in try waypointsField.array() {
            let waypoint = try element.object(required: [ScenarioKey.position, ScenarioKey.speed])
            waypoints.append(
                Waypoint(
                    position: try waypoint.field(ScenarioKey.position).worldPosition(),
                    speed: Speed(metresPerSecond: try waypoint.field(ScenarioKey.speed).number(within: .speed))))
        }
        guard !waypoints.isEmpty else {
            throw .emptyList(field: waypointsField.path, needed: "a path needs at least one waypoint; leave out path to stand still")
        }
        let loops = try object.optionalField(ScenarioKey.loop)?.bool() ?? false
        return DevicePath(waypoints: waypoints, loops: loops)
    }

    private static func clock(from field: ScenarioField) throws(ScenarioError) -> ClockSpec {
        let object = try field.object(required: [], optional: [ScenarioKey.offset, ScenarioKey.drift, ScenarioKey.steps])
        let offset = try object.optionalField(ScenarioKey.offset)?.number(within: .clockOffset) ?? 0
        let drift = try object.optionalField(ScenarioKey.drift)?.number(within: .clockDrift) ?? 0
        var steps: [ClockStep] = []
        for element in try object.optionalField(ScenarioKey.steps)?.array() ?? [] {
            let step = try element.object(required: [ScenarioKey.atSeconds, ScenarioKey.offset])
            let timeField = try step.field(ScenarioKey.atSeconds)
            let second = try timeField.integer(within: .clockStepTime)
            if let previous = steps.last, second <= previous.atSecond {
                throw .clockStepsOutOfOrder(field: timeField.path, second: second, previous: previous.atSecond)
            }
            steps.append(ClockStep(
                atSecond: second, offset: ClockOffset(partsPerMillion: try step.field(ScenarioKey.offset).number(within: .clockOffset))))
        }
        return ClockSpec(offset: ClockOffset(partsPerMillion: offset), driftPPMPerSqrtSecond: drift, steps: steps)
    }

    /// The elements of a per-chip array, which must have one per chip of `board`.
    private static func perChip(_ field: ScenarioField, board: BoardDescription) throws(ScenarioError) -> [ScenarioField] {
        let elements = try field.array()
        guard elements.count == board.chips.count else {
            throw .chipCountMismatch(field: field.path, board: board.id, chips: board.chips.count, found: elements.count)
        }
        return elements
    }

    private static func antennaDelays(from field: ScenarioField) throws(ScenarioError) -> AntennaDelays {
        let object = try field.object(required: [ScenarioKey.txTicks, ScenarioKey.rxTicks])
        let txField = try object.field(ScenarioKey.txTicks)
        let rxField = try object.field(ScenarioKey.rxTicks)
        let transmit = DeviceDuration(ticks: Int64(try txField.integer()))
        let receive = DeviceDuration(ticks: Int64(try rxField.integer()))
        do throws(DW1000Error) {
            return try AntennaDelays(transmit: transmit, receive: receive)
        } catch {
            let isReceive = if case .antennaDelayOutOfRange(_, which: "RX") = error { true } else { false }
            throw .antennaDelay(field: isReceive ? rxField.path : txField.path, error: error)
        }
    }

    /// The delays the board's calibration states: a perfectly calibrated device.
    private static func calibratedDelays(of board: BoardDescription, field: ScenarioField) throws(ScenarioError) -> [AntennaDelays] {
        var delays: [AntennaDelays] = []
        for chip in board.chips {
            do throws(DW1000Error) {
                delays.append(
                    try AntennaDelays(transmit: chip.calibration.txAntennaDelay, receive: chip.calibration.rxAntennaDelay))
            } catch {
                throw .antennaDelay(field: field.path, error: error)
            }
        }
        return delays
    }

    private static func transmitScript(from field: ScenarioField, radio: RadioConfig) throws(ScenarioError) -> TransmitScript {
        let object = try field.object(
            required: [ScenarioKey.interval], optional: [ScenarioKey.payloadLength, ScenarioKey.start])
        let intervalField = try object.field(ScenarioKey.interval)
        let interval = try intervalField.seconds(within: .transmitInterval)
        let payloadLength = try object.optionalField(ScenarioKey.payloadLength)?.integer(within: .payloadLength)
            ?? TransmitScript.defaultPayloadLength
        let start = try object.optionalField(ScenarioKey.start)?.seconds(within: .transmitStart) ?? .zero
        let script = TransmitScript(interval: interval, payloadLength: payloadLength, start: start)
        let airtime = radio.airtime(frameLength: script.frameLength)
        guard interval >= airtime else {
            throw .intervalShorterThanAirtime(
                field: intervalField.path, interval: interval, airtime: airtime, frameLength: script.frameLength)
        }
        return script
    }
}
