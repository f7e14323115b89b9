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
    ///   obstacles with inverted corners, overlapping obstacles, obstacles that are not one of a material with a
    ///   thickness or an attenuation, and transmit intervals shorter than a frame.
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
            optional: [Key.seed, Key.duration, Key.radio, Key.channel, Key.obstacles, Key.positioning])

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
                let obstacle = try Self.obstacle(from: element)
                if let other = obstacles.firstIndex(where: { $0.overlaps(obstacle) }) {
                    throw .obstaclesOverlap(field: element.path, otherField: "\(field.path)[\(other)]")
                }
                obstacles.append(obstacle)
            }
        }
        let devicesField = try root.field(Key.devices)
        let devices = try Self.devices(from: devicesField, radio: radio, boardSearchPaths: boardSearchPaths)
        try Self.checkClusters(of: devices, field: devicesField)
        let positioning = try root.optionalField(Key.positioning).map(Self.positioning(from:)) ?? .default
        self.init(
            name: name, seed: seed, duration: duration, radio: radio, channel: channel, obstacles: obstacles,
            devices: devices, positioning: positioning)
    }

    /// Reads, decodes and checks the scenario file at `path`; a path that names no file but whose file
    /// name, with or without `.json`, is a shipped scenario's (``shippedNames``) loads the copy built into
    /// the program, so `Docs/scenarios/demo-room.json` and `demo-room` work from any folder.
    ///
    /// - Throws: ``ScenarioError/cannotRead(path:reason:)`` if the file cannot be read;
    ///   otherwise ``ScenarioError/inFile(path:error:)`` wrapping the problem found.
    public static func load(
        from path: String, boardSearchPaths: [String] = BoardCatalog.defaultSearchPaths
    ) throws(ScenarioError) -> Scenario {
        let data = try fileContents(at: path)
        do {
            return try Scenario(jsonData: data, boardSearchPaths: boardSearchPaths)
        } catch {
            throw .inFile(path: path, error: error)
        }
    }

    /// The text of the scenario file at `path`, unchecked: the file's, or, as ``load(from:boardSearchPaths:)``
    /// finds it, the shipped scenario's whose name the path's file name is.
    ///
    /// - Throws: ``ScenarioError/cannotRead(path:reason:)`` if there is no such file or it cannot be read.
    public static func fileContents(at path: String) throws(ScenarioError) -> Data {
        do {
            return try FileReadError.contents(ofFile: path)
        } catch {
            guard let shipped = shippedFile(standingFor: path) else {
                throw .cannotRead(path: path, reason: error.reason)
            }
            return Data(shipped)
        }
    }

    /// The names of the scenarios built into the program (`Docs/scenarios/*.json`), sorted.
    public static var shippedNames: [String] {
        ShippedScenarios.files.keys.sorted()
    }

    /// The shipped scenario `path` stands for when no file is there: the one whose name is its file name,
    /// with or without `.json`. A file that is there but cannot be read stands for none.
    private static func shippedFile(standingFor path: String) -> [UInt8]? {
        guard !FileManager.default.fileExists(atPath: path) else { return nil }
        var name = URL(fileURLWithPath: path).lastPathComponent
        if name.hasSuffix(".json") {
            name.removeLast(".json".count)
        }
        return ShippedScenarios.files[name]
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

    /// An obstacle: a box with either a `material` (a named one, or `custom` with its permittivity and
    /// conductivity) and a `thicknessMetres`, or an `attenuationDB` alone.
    private static func obstacle(from field: ScenarioField) throws(ScenarioError) -> Obstacle {
        typealias Key = ScenarioKey
        let object = try field.object(
            required: [Key.name, Key.min, Key.max],
            optional: [Key.attenuation, Key.material, Key.thickness, Key.permittivity, Key.conductivity])
        let name = try object.field(Key.name).text()
        let min = try object.field(Key.min).worldPosition()
        let maxField = try object.field(Key.max)
        let max = try maxField.worldPosition()
        let axes = [("x", min.metres.x, max.metres.x), ("y", min.metres.y, max.metres.y), ("z", min.metres.z, max.metres.z)]
        for (axis, low, high) in axes where high < low {
            throw .obstacleInverted(field: maxField.path, axis: axis, min: low, max: high)
        }
        let attenuation = object.optionalField(Key.attenuation)
        let materialField = object.optionalField(Key.material)
        do {
            switch (attenuation, materialField) {
            case (let attenuation?, nil):
                for key in [Key.thickness, Key.permittivity, Key.conductivity] where object.optionalField(key) != nil {
                    throw ScenarioError.obstacleComposition(field: field.path, problem: "\(key) belongs with a material; give a material or only attenuationDB")
                }
                return try Obstacle(
                    name: name, minimum: min, maximum: max, attenuation: PowerRatio(decibels: try attenuation.number(within: .attenuation)))
            case (nil, let materialField?):
                let material = try Self.material(from: materialField, in: object, obstacle: field.path)
                let thickness = try object.field(Key.thickness).number(within: .thickness)
                return try Obstacle(name: name, minimum: min, maximum: max, material: material, thickness: Distance(metres: thickness))
            case (nil, nil):
                throw ScenarioError.obstacleComposition(
                    field: field.path, problem: "say what it is: a material with thicknessMetres, or attenuationDB")
            case (_?, _?):
                throw ScenarioError.obstacleComposition(
                    field: field.path, problem: "give either a material or attenuationDB, not both")
            }
        } catch let error as ScenarioError {
            throw error
        } catch let error as ChannelModelError {
            throw .json(JSONFieldError(field: field.path, problem: .malformed(reason: error.description)))
        } catch {
            throw .json(JSONFieldError(field: field.path, problem: .malformed(reason: "\(error)")))
        }
    }

    /// The material of an obstacle: a name from ``Material/named``, or `custom` with `relativePermittivity`
    /// and `conductivitySiemensPerMetre`.
    private static func material(
        from field: ScenarioField, in object: JSONObject<ScenarioError>, obstacle: String
    ) throws(ScenarioError) -> Material {
        typealias Key = ScenarioKey
        let name = try field.text()
        let custom = name == Material.custom(relativePermittivity: 1, conductivity: SiemensPerMetre(0)).description
        if !custom {
            for key in [Key.permittivity, Key.conductivity] where object.optionalField(key) != nil {
                throw .obstacleComposition(field: obstacle, problem: "\(key) is only for a custom material; \(name) has its own")
            }
        }
        if custom {
            return .custom(
                relativePermittivity: try object.field(Key.permittivity).number(within: .permittivity),
                conductivity: SiemensPerMetre(try object.field(Key.conductivity).number(within: .conductivity)))
        }
        guard let material = Material(named: name) else {
            throw .json(JSONFieldError(field: field.path, problem: .unsupportedValue(
                value: "\"\(name)\"", allowed: (Material.named.map(\.description) + ["custom"]).map { "\"\($0)\"" })))
        }
        return material
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
        try Self.checkAccessories(of: devices, field: field)
        for (index, device) in devices.enumerated() {
            guard case .earlyPath(_, let victims)? = device.rogue?.behaviour else { continue }
            for victim in victims where nameFields[victim] == nil {
                let rogueField = JSONPath.member(ScenarioKey.rogue, of: JSONPath.element(index, of: field.path))
                throw .unknownVictim(field: JSONPath.member(ScenarioKey.victims, of: rogueField), name: victim)
            }
        }
        return devices
    }

    /// Checks every phone's accessory: a device of the scenario other than the phone, running no
    /// software of its own, serving no other phone, and both on boards with an STS.
    ///
    /// - Throws: ``ScenarioError/unavailableAccessory(field:name:reason:)`` or
    ///   ``ScenarioError/accessoryWithoutSTS(field:device:)``.
    private static func checkAccessories(of devices: [DeviceSpec], field: ScenarioField) throws(ScenarioError) {
        var served: [String: String] = [:]
        for (index, device) in devices.enumerated() {
            guard let phone = device.phone else { continue }
            let phoneField = JSONPath.member(ScenarioKey.phone, of: JSONPath.element(index, of: field.path))
            let accessoryField = JSONPath.member(ScenarioKey.accessory, of: phoneField)
            guard let accessory = devices.first(where: { $0.name == phone.accessory }) else {
                throw .unavailableAccessory(field: accessoryField, name: phone.accessory, reason: "no device has that name")
            }
            let reason: String? = if accessory.name == device.name {
                "it is the phone itself"
            } else if let other = served[accessory.name] {
                "it is already the accessory of \"\(other)\""
            } else if accessory.phone != nil || accessory.rogue != nil || accessory.transmit != nil || accessory.positioning != nil {
                "it runs software of its own"
            } else {
                nil
            }
            if let reason {
                throw .unavailableAccessory(field: accessoryField, name: accessory.name, reason: reason)
            }
            served[accessory.name] = device.name
            for member in [device, accessory] where !member.board.chips.allSatisfy(\.model.family.supportsSecureTimestamps) {
                throw .accessoryWithoutSTS(field: phoneField, device: member.name)
            }
        }
    }

    /// The root's `positioning` object: `networkIdentifier`, `method`, `roundsPerSecond`,
    /// `timestampDeviationMetres` and `siteOrigin`, all optional.
    private static func positioning(from field: ScenarioField) throws(ScenarioError) -> PositioningSpec {
        typealias Key = ScenarioKey
        let object = try field.object(
            required: [], optional: [Key.network, Key.method, Key.roundsPerSecond, Key.timestampDeviation, Key.siteOrigin])
        var spec = PositioningSpec()
        if let network = object.optionalField(Key.network) {
            spec.network = UInt16(try network.integer(within: .network))
        }
        if let method = object.optionalField(Key.method) {
            spec.method = try method.choice(PositioningMethod.self)
        }
        if let rate = object.optionalField(Key.roundsPerSecond) {
            spec.roundsPerSecond = try rate.number(within: .roundsPerSecond)
        }
        if let deviation = object.optionalField(Key.timestampDeviation) {
            spec.timestampDeviation = Distance(metres: try deviation.number(within: .timestampDeviation))
        }
        if let origin = object.optionalField(Key.siteOrigin) {
            let site = try origin.object(required: [Key.latitude, Key.longitude], optional: [Key.altitude])
            spec.siteOrigin = GeodeticPosition(
                latitude: .degrees(try site.field(Key.latitude).number(within: .latitude)),
                longitude: .degrees(try site.field(Key.longitude).number(within: .longitude)),
                altitude: Distance(metres: try site.optionalField(Key.altitude)?.number(within: .altitude) ?? 0))
        }
        return spec
    }

    /// Checks that every anchor cluster has at least two anchors: an initiator and a responder.
    private static func checkClusters(of devices: [DeviceSpec], field: ScenarioField) throws(ScenarioError) {
        var members: [String: [Int]] = [:]
        for (index, device) in devices.enumerated() {
            if case .anchor(let cluster, _, _)? = device.positioning {
                members[cluster, default: []].append(index)
            }
        }
        for (cluster, indices) in members.sorted(by: { $0.value[0] < $1.value[0] }) where indices.count == 1 {
            let anchorField = JSONPath.member(ScenarioKey.anchor, of: JSONPath.element(indices[0], of: field.path))
            throw .loneAnchor(field: JSONPath.member(ScenarioKey.cluster, of: anchorField), cluster: cluster)
        }
    }
}
