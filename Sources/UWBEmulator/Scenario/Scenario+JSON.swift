import Foundation
import UWBCore

extension Scenario {
    /// Decodes and checks a scenario from JSON (format in `Docs/scenarios.md`), resolving board
    /// ids in `boardSearchPaths`.
    ///
    /// - Throws: ``ScenarioError`` naming the JSON field path of the first problem: invalid JSON,
    ///   unknown or missing keys, wrong types, values outside their documented limits, radio
    ///   settings the DW1000 cannot use, unknown boards, per-chip lists of the wrong length,
    ///   more than ``maximumDeviceCount`` devices, duplicate device names, devices closer than 1 cm,
    ///   obstacles with inverted corners and transmit intervals shorter than a frame.
    public init(jsonData: Data, boardSearchPaths: [String] = BoardCatalog.defaultSearchPaths) throws(ScenarioError) {
        try self.init(json: ScenarioField(parsing: jsonData).value, boardSearchPaths: boardSearchPaths)
    }

    /// Decodes and checks a scenario from a JSON document already parsed, as
    /// ``init(jsonData:boardSearchPaths:)`` does from its text: for a reader that has parsed the
    /// file to learn what it is.
    ///
    /// - Throws: ``ScenarioError`` naming the JSON field path of the first problem, as
    ///   ``init(jsonData:boardSearchPaths:)`` does.
    public init(json: JSONValue, boardSearchPaths: [String] = BoardCatalog.defaultSearchPaths) throws(ScenarioError) {
        typealias Key = ScenarioKey
        let root = try ScenarioField(path: "", value: json).object(
            required: [Key.name, Key.devices],
            optional: [Key.seed, Key.duration, Key.radio, Key.channel, Key.obstacles])

        let name = try root.field(Key.name).text()
        var seed = Scenario.defaultSeed
        if let field = root.optionalField(Key.seed) {
            seed = UInt64(try field.integer(within: .seed))
        }
        var duration = Scenario.defaultDuration
        if let field = root.optionalField(Key.duration) {
            duration = try field.seconds(within: .duration)
        }
        var radio = RadioConfig.ranging
        if let field = root.optionalField(Key.radio) {
            radio = try RadioConfig(scenarioField: field)
        }
        var channel = ScenarioChannel.default
        if let field = root.optionalField(Key.channel) {
            channel = try Self.channel(from: field)
        }
        var obstacles: [Obstacle] = []
        if let field = root.optionalField(Key.obstacles) {
            for element in try field.array() {
                obstacles.append(try Self.obstacle(from: element))
            }
        }
        let devices = try Self.devices(from: root.field(Key.devices), radio: radio, boardSearchPaths: boardSearchPaths)
        self.init(
            name: name, seed: seed, duration: duration, radio: radio, channel: channel, obstacles: obstacles,
            devices: devices)
    }

    /// Reads, decodes and checks the scenario file at `path`.
    ///
    /// - Throws: ``ScenarioError/cannotRead(path:reason:)`` if the file cannot be read;
    ///   otherwise ``ScenarioError/inFile(path:error:)`` wrapping the problem found.
    public static func load(
        from path: String, boardSearchPaths: [String] = BoardCatalog.defaultSearchPaths
    ) throws(ScenarioError) -> Scenario {
        let data: Data
        do {
            data = try FileReadError.contents(ofFile: path)
        } catch {
            throw .cannotRead(path: path, reason: error.reason)
        }
        do {
            return try Scenario(jsonData: data, boardSearchPaths: boardSearchPaths)
        } catch {
            throw .inFile(path: path, error: error)
        }
    }

    private static func channel(from field: ScenarioField) throws(ScenarioError) -> ScenarioChannel {
        let object = try field.object(
            required: [ScenarioKey.model], optional: [ScenarioKey.pathLossExponent, ScenarioKey.shadowing, ScenarioKey.frameLoss])
        var channel = ScenarioChannel(model: try object.field(ScenarioKey.model).choice(ChannelModelKind.self))
        if let exponent = object.optionalField(ScenarioKey.pathLossExponent) {
            channel.pathLossExponent = try exponent.number(within: .pathLossExponent)
        }
        if let shadowing = object.optionalField(ScenarioKey.shadowing) {
            channel.shadowingDeviation = PowerRatio(decibels: try shadowing.number(within: .shadowing))
        }
        if let loss = object.optionalField(ScenarioKey.frameLoss) {
            channel.frameLoss = try loss.number(within: .frameLoss) / 100
        }
        return channel
    }

    private static func obstacle(from field: ScenarioField) throws(ScenarioError) -> Obstacle {
        let object = try field.object(
            required: [ScenarioKey.name, ScenarioKey.min, ScenarioKey.max, ScenarioKey.attenuation])
        let name = try object.field(ScenarioKey.name).text()
        let min = try object.field(ScenarioKey.min).worldPosition()
        let maxField = try object.field(ScenarioKey.max)
        let max = try maxField.worldPosition()
        let axes = [("x", min.metres.x, max.metres.x), ("y", min.metres.y, max.metres.y), ("z", min.metres.z, max.metres.z)]
        for (axis, low, high) in axes where high < low {
            throw .obstacleInverted(field: maxField.path, axis: axis, min: low, max: high)
        }
        let attenuation = try object.field(ScenarioKey.attenuation).number(within: .attenuation)
        do {
            return try Obstacle(name: name, minimum: min, maximum: max, attenuation: PowerRatio(decibels: attenuation))
        } catch {
            throw .json(JSONFieldError(field: field.path, problem: .malformed(reason: error.description)))
        }
    }

    /// The devices, at most ``maximumDeviceCount`` of them (counted before any is decoded, so a huge
    /// list fails at once), with unique names and at least ``DeviceSpec/minimumSeparation`` apart.
    private static func devices(
        from field: ScenarioField, radio: RadioConfig, boardSearchPaths: [String]
    ) throws(ScenarioError) -> [DeviceSpec] {
        let elements = try field.array()
        guard !elements.isEmpty else {
            throw .emptyList(field: field.path, needed: "a scenario needs at least one device")
        }
        guard elements.count <= maximumDeviceCount else {
            throw .tooManyDevices(field: field.path, count: elements.count)
        }
        var boards = ScenarioBoards(searchPaths: boardSearchPaths)
        var devices: [DeviceSpec] = []
        var nameFields: [String: String] = [:]
        for element in elements {
            let device = try DeviceSpec(scenarioField: element, radio: radio, boards: &boards)
            let nameField = JSONPath.member(ScenarioKey.name, of: element.path)
            if let first = nameFields[device.name] {
                throw .duplicateName(field: nameField, name: device.name, firstField: first)
            }
            nameFields[device.name] = nameField
            let positionField = JSONPath.member(ScenarioKey.position, of: element.path)
            for (index, other) in devices.enumerated() {
                let distance = device.position.distance(to: other.position)
                if distance < DeviceSpec.minimumSeparation {
                    let otherField = JSONPath.member(ScenarioKey.position, of: JSONPath.element(index, of: field.path))
                    throw .devicesTooClose(field: positionField, otherField: otherField, distance: distance)
                }
            }
            devices.append(device)
        }
        for (index, device) in devices.enumerated() {
            guard case .earlyPath(_, let victims)? = device.rogue?.behaviour else { continue }
            for victim in victims where nameFields[victim] == nil {
                let rogueField = JSONPath.member(ScenarioKey.rogue, of: JSONPath.element(index, of: field.path))
                throw .unknownVictim(field: JSONPath.member(ScenarioKey.victims, of: rogueField), name: victim)
            }
        }
        return devices
    }
}
