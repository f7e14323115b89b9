import Foundation
import Testing
import UWBCore
import UWBTestSupport
import UWBEmulator

/// One test per kind of mistake: each must throw a ``ScenarioError`` whose message starts with
/// the JSON field path and says what is wrong.
@Suite("Scenario errors")
struct ScenarioErrorTests {
    typealias Step = ScenarioFixtures.Step

    /// The complete fixture with one value changed (or removed), expecting an error about `field`;
    /// returns the error.
    @discardableResult
    func expect(
        _ path: [Step], set value: Any?, field: String?, containing fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ScenarioError? {
        let document = JSONEditing.replacing(path, with: value, in: ScenarioFixtures.complete)
        return try ScenarioFixtures.expectError(document, field: field, containing: fragment, sourceLocation: sourceLocation)
    }

    @Test("the fixture itself is valid")
    func fixtureIsValid() throws {
        let scenario = try Scenario(
            jsonData: ScenarioFixtures.data(ScenarioFixtures.complete), boardSearchPaths: [ScenarioFixtures.boardsDirectory])
        #expect(scenario.devices.map(\.name) == ["alice", "bob"])
    }

    @Test("a file that does not exist")
    func missingFile() {
        let path = "/nonexistent/scenario.json"
        let error = #expect(throws: ScenarioError.self) { try Scenario.load(from: path) }
        #expect(error?.field == nil)
        #expect(error?.description == "cannot read \(path): No such file or directory; check the path, or name a shipped scenario ("
            + "apartment-fridge, apartment-wall, calibration-room, capture-room, demo-room, dense-room, hall-twenty, hall-two-channels, office-dl-tdoa, "
            + "office-wall, pdoa-bench, pdoa-dw3220-bench, pdoa-dw3220-sweep, pdoa-sweep, phone-and-accessory, thousand-tags, two-devices-3m, "
            + "uci-pairs-twenty, walking-around, warehouse)")
    }

    @Test("an error in a file names the file, then the field")
    func errorInFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("scenario-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("bad.json").path
        let document = JSONEditing.replacing([.key("seed")], with: -1, in: ScenarioFixtures.minimal)
        try ScenarioFixtures.data(document).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: ScenarioError.self) {
            try Scenario.load(from: path, boardSearchPaths: [ScenarioFixtures.boardsDirectory])
        }
        #expect(error?.field == "seed")
        #expect(error?.description.hasPrefix("\(path): seed: -1 is below the minimum of 0; ") == true)
    }

    @Test("text that is not JSON gives the parser's message")
    func malformedJSON() {
        let error = #expect(throws: ScenarioError.self) {
            try Scenario(jsonData: Data(#"{"name": "x",, "devices": []}"#.utf8), boardSearchPaths: [])
        }
        #expect(error?.field == nil)
        #expect(error?.description.hasPrefix("not valid JSON: ") == true)
    }

    @Test("unknown keys are named, with the keys allowed there", arguments: [
        ([Step.key("sede")], "sede"),
        ([.key("radio"), .key("prf")], "radio.prf"),
        ([.key("devices"), .index(0), .key("clock"), .key("offsetPpm")], "devices[0].clock.offsetPpm"),
        ([.key("devices"), .index(0), .key("transmit"), .key("interval")], "devices[0].transmit.interval"),
    ] as [([Step], String)])
    func unknownKey(path: [Step], field: String) throws {
        try expect(path, set: 1, field: field, containing: "unknown key; allowed here: ")
    }

    @Test("wrong JSON types name what was expected")
    func wrongTypes() throws {
        try expect([.key("name")], set: 3, field: "name", containing: "expected a string, got a number")
        try expect([.key("durationSeconds")], set: "10 s", field: "durationSeconds", containing: #"expected a number, got a string ("10 s")"#)
        try expect([.key("devices")], set: ["name": "x"], field: "devices", containing: "expected an array, got an object")
        try expect(
            [.key("devices"), .index(1), .key("path"), .key("loop")], set: "yes",
            field: "devices[1].path.loop", containing: "expected true or false")
        try expect([.key("channel")], set: "cm3", field: "channel", containing: "expected an object")
    }

    @Test("missing required keys", arguments: [
        ([Step.key("name")], "name"),
        ([.key("devices")], "devices"),
        ([.key("devices"), .index(0), .key("board")], "devices[0].board"),
        ([.key("devices"), .index(1), .key("position")], "devices[1].position"),
        ([.key("channel"), .key("model")], "channel.model"),
        ([.key("devices"), .index(0), .key("transmit"), .key("intervalSeconds")], "devices[0].transmit.intervalSeconds"),
        ([.key("devices"), .index(1), .key("path"), .key("waypoints"), .index(0), .key("speedMetresPerSecond")],
         "devices[1].path.waypoints[0].speedMetresPerSecond"),
        ([.key("devices"), .index(0), .key("antennaDelays"), .index(0), .key("rxTicks")], "devices[0].antennaDelays[0].rxTicks"),
    ] as [([Step], String)])
    func missingKey(path: [Step], field: String) throws {
        try expect(path, set: nil, field: field, containing: "missing; this key is required")
    }

    @Test("a clock offset beyond ±100 ppm says what a crystal does")
    func clockOffset() throws {
        var document = ScenarioFixtures.complete
        var devices = try #require(document["devices"] as? [Any])
        devices.append(["name": "carol", "board": "ft232h-dw1000-single", "position": [0, 0, 3]] as [String: Any])
        document["devices"] = devices
        document = JSONEditing.replacing(
            [.key("devices"), .index(2), .key("clock")], with: ["offsetPPM": 250], in: document) as? [String: Any] ?? [:]
        let error = try ScenarioFixtures.expectError(document, field: "devices[2].clock.offsetPPM", containing: "")
        #expect(error?.description.hasPrefix(
            "devices[2].clock.offsetPPM: 250 ppm is outside ±100 ppm; a DW1000 crystal is within ±20 ppm (±25 with trim)") == true)
    }

    @Test("negative and zero durations", arguments: [0.0, -1.0])
    func durations(seconds: Double) throws {
        try expect([.key("durationSeconds")], set: seconds, field: "durationSeconds", containing: "s must be more than 0 s")
        try expect(
            [.key("devices"), .index(0), .key("transmit"), .key("intervalSeconds")], set: seconds,
            field: "devices[0].transmit.intervalSeconds", containing: "must be more than 0 s")
    }

    @Test("a negative transmit start")
    func negativeStart() throws {
        try expect(
            [.key("devices"), .index(0), .key("transmit"), .key("startSeconds")], set: -0.5,
            field: "devices[0].transmit.startSeconds", containing: "-0.5 s is below the minimum of 0 s")
    }

    @Test("a duration longer than a day")
    func durationTooLong() throws {
        try expect([.key("durationSeconds")], set: 100_000, field: "durationSeconds", containing: "is above the maximum of 86400 s")
    }

    @Test("a transmit interval shorter than the frame's airtime")
    func intervalShorterThanAirtime() throws {
        // Channel 5, 64 MHz PRF, 128 symbols + 8 SFD symbols: 136 × 1017.63 ns = 138.4 µs; PHR
        // 21 × 1025.64 ns = 21.5 µs; 27 octets at 6.8 Mbps: 216 × 128.21 ns / 0.87 = 31.8 µs;
        // total ≈ 0.192 ms, so 0.1 ms is too short.
        try expect(
            [.key("devices"), .index(0), .key("transmit"), .key("intervalSeconds")], set: 0.0001,
            field: "devices[0].transmit.intervalSeconds",
            containing: "0.0001 s is shorter than the 0.192 ms airtime of a 27-octet frame")
    }

    @Test("a payload longer than a frame can carry")
    func payloadTooLong() throws {
        try expect(
            [.key("devices"), .index(0), .key("transmit"), .key("payloadLength")], set: 117,
            field: "devices[0].transmit.payloadLength", containing: "117 octets is above the maximum of 116 octets")
        try expect(
            [.key("devices"), .index(0), .key("transmit"), .key("payloadLength")], set: 116.5,
            field: "devices[0].transmit.payloadLength", containing: "116.5 is not a whole number")
    }

    @Test("an obstacle whose max corner is below its min corner")
    func obstacleInverted() throws {
        try expect(
            [.key("obstacles"), .index(0), .key("max")], set: [1.2, -1, 1],
            field: "obstacles[0].max", containing: "y = -1 is below min y = 0")
    }

    @Test("waypoints with zero or negative speed", arguments: [0.0, -1.5])
    func waypointSpeed(speed: Double) throws {
        try expect(
            [.key("devices"), .index(1), .key("path"), .key("waypoints"), .index(0), .key("speedMetresPerSecond")], set: speed,
            field: "devices[1].path.waypoints[0].speedMetresPerSecond", containing: "m/s must be more than 0 m/s")
    }

    @Test("a path without waypoints")
    func emptyPath() throws {
        try expect(
            [.key("devices"), .index(1), .key("path"), .key("waypoints")], set: [Any](),
            field: "devices[1].path.waypoints", containing: "empty; a path needs at least one waypoint")
    }

    @Test("positions that are not 3 numbers")
    func positionShape() throws {
        try expect(
            [.key("devices"), .index(0), .key("position")], set: [0, 0],
            field: "devices[0].position", containing: "expected 3 numbers in metres, got 2")
        try expect(
            [.key("obstacles"), .index(0), .key("min")], set: [0, "1", 0],
            field: "obstacles[0].min[1]", containing: "expected a number")
        try expect(
            [.key("devices"), .index(1), .key("position")], set: [3000, 0, 0],
            field: "devices[1].position[0]", containing: "3000 m is outside ±1000 m")
    }

    @Test("per-chip arrays with the wrong count")
    func perChipCount() throws {
        try expect(
            [.key("devices"), .index(1), .key("antennaDelays")], set: [["txTicks": 16436, "rxTicks": 16436]],
            field: "devices[1].antennaDelays", containing: "1 entry, but board ft232h-dw1000-dual has 2 chips")
        try expect(
            [.key("devices"), .index(0), .key("phaseOffsetsRadians")], set: [0, 0.5],
            field: "devices[0].phaseOffsetsRadians", containing: "2 entries, but board ft232h-dw1000-single has 1 chip")
    }

    @Test("an antenna delay that does not fit its register")
    func antennaDelay() throws {
        try expect(
            [.key("devices"), .index(1), .key("antennaDelays"), .index(1), .key("rxTicks")], set: 70000,
            field: "devices[1].antennaDelays[1].rxTicks", containing: "the RX antenna delay 70000 ticks")
    }

    @Test("a phase offset that is not wrapped")
    func phaseOffset() throws {
        try expect(
            [.key("devices"), .index(1), .key("phaseOffsetsRadians"), .index(1)], set: 4,
            field: "devices[1].phaseOffsetsRadians[1]", containing: "4 rad is outside ±3.14159")
    }

    @Test("the seed must be a non-negative whole number", arguments: [
        (-1.0, "-1 is below the minimum of 0"), (1.5, "1.5 is not a whole number"),
        (1e16, "10000000000000000 is above the maximum of 9007199254740991"),
    ])
    func seed(value: Double, fragment: String) throws {
        try expect([.key("seed")], set: value, field: "seed", containing: fragment)
    }

    @Test("duplicate device names")
    func duplicateNames() throws {
        try expect(
            [.key("devices"), .index(1), .key("name")], set: "alice",
            field: "devices[1].name", containing: #""alice" is already the name of devices[0].name"#)
    }

    @Test("empty names")
    func emptyNames() throws {
        try expect([.key("name")], set: " ", field: "name", containing: "must not be empty")
        try expect([.key("devices"), .index(0), .key("name")], set: "", field: "devices[0].name", containing: "must not be empty")
    }

    @Test("an empty device list")
    func noDevices() throws {
        try expect([.key("devices")], set: [Any](), field: "devices", containing: "empty; a scenario needs at least one device")
    }

    @Test("more devices than a scenario may have")
    func tooManyDevices() throws {
        let device: [String: Any] = ["name": "d", "board": "ft232h-dw1000-single", "position": [0, 0, 0]]
        let error = try expect(
            [.key("devices")], set: Array(repeating: device, count: Scenario.maximumDeviceCount + 1), field: "devices",
            containing: "16385 devices, more than the 16384 a scenario may have")
        #expect(error?.description.hasSuffix("split the world into smaller scenarios") == true)
    }

    @Test("a huge device list is refused by its length, before any device is decoded")
    func hugeDeviceList() throws {
        // Empty objects: decoding any of them would fail on its missing name instead.
        try expect(
            [.key("devices")], set: Array(repeating: [String: Any](), count: 100_000), field: "devices",
            containing: "100000 devices, more than the 16384")
    }

    @Test("exactly the maximum number of devices is accepted")
    func maximumDevices() throws {
        let devices = (0..<Scenario.maximumDeviceCount).map { index -> [String: Any] in
            ["name": "d\(index)", "board": "ft232h-dw1000-single", "position": [Double(index % 40), 0, Double(index / 40)]]
        }
        let document = JSONEditing.replacing([.key("devices")], with: devices, in: ScenarioFixtures.minimal)
        let scenario = try Scenario(jsonData: ScenarioFixtures.data(document), boardSearchPaths: [ScenarioFixtures.boardsDirectory])
        #expect(scenario.devices.count == 16_384)
    }

    @Test("an unknown board lists the known ones")
    func unknownBoard() throws {
        try expect(
            [.key("devices"), .index(0), .key("board")], set: "ft232h-dw1000-quad",
            field: "devices[0].board",
            containing: #"no board named "ft232h-dw1000-quad"; found: ft232h-dw1000-dual, ft232h-dw1000-single, ft232h-dw1000-triple"#)
    }

    @Test("radio errors name the radio key", arguments: [
        ("channel", 6, "radio.channel", "6 is not a UWB channel of a supported chip"),
        ("prfMHz", 32, "radio.prfMHz", "32 MHz is not supported; use 16 or 64"),
        ("preambleCode", 3, "radio.preambleCode", "code 3 does not belong to channel 5 at 64 MHz PRF; use one of 9, 10, 11, 12"),
        ("preambleLength", 4096, "radio.preambleLength", "cannot be received at 6.8 Mbps"),
        ("preambleAcquisitionChunk", 12, "radio.preambleAcquisitionChunk", "12 symbols is not supported; use 8, 16, 32 or 64"),
        ("dataRateKbps", 1000, "radio.dataRateKbps", "1000 kbps is not supported"),
    ])
    func radio(key: String, value: Int, field: String, fragment: String) throws {
        try expect([.key("radio"), .key(key)], set: value, field: field, containing: fragment)
    }

    @Test("a PAC too long for the preamble")
    func pacTooLong() throws {
        try expect(
            [.key("radio")], set: ["preambleLength": 64, "preambleAcquisitionChunk": 64],
            field: "radio.preambleAcquisitionChunk", containing: "PAC 64 is too long for a preamble of 64 symbols; use PAC 8")
    }

    @Test("an unknown SFD and channel model list the allowed names")
    func choices() throws {
        try expect([.key("radio"), .key("sfd")], set: "ieee", field: "radio.sfd", containing: #""ieee" is not supported; use "standard" or "decawave""#)
        try expect(
            [.key("channel"), .key("model")], set: "CM3", field: "channel.model",
            containing: #""CM3" is not supported; use "free-space" or "cm1" or "cm2" or "cm3" or "cm4""#)
    }

    @Test("channel overrides and other limits", arguments: [
        ([Step.key("channel"), .key("pathLossExponent")], 0.5, "channel.pathLossExponent", "0.5 is below the minimum of 1"),
        ([.key("channel"), .key("shadowingDB")], 30, "channel.shadowingDB", "30 dB is above the maximum of 20 dB"),
        ([.key("obstacles"), .index(0), .key("attenuationDB")], -3, "obstacles[0].attenuationDB", "-3 dB is below the minimum of 0 dB"),
        ([.key("devices"), .index(0), .key("txPowerDBm")], 10, "devices[0].txPowerDBm", "10 dBm is above the maximum of 0 dBm"),
        ([.key("devices"), .index(0), .key("orientation"), .key("yawDegrees")], 720, "devices[0].orientation.yawDegrees", "720 ° is outside ±360 °"),
        ([.key("devices"), .index(0), .key("clock"), .key("driftPPMPerSqrtSecond")], -0.1, "devices[0].clock.driftPPMPerSqrtSecond", "-0.1 ppm/√s is below the minimum of 0 ppm/√s"),
    ] as [([Step], Double, String, String)])
    func limits(path: [Step], value: Double, field: String, fragment: String) throws {
        try expect(path, set: value, field: field, containing: fragment)
    }

    /// The fixture's wall (x 1…1.2, y 0…2.5, z −1…1) with `fields` instead of its attenuation.
    static func wall(_ fields: [String: Any]) -> [String: Any] {
        ["name": "wall", "min": [1, 0, -1], "max": [1.2, 2.5, 1]].merging(fields) { $1 }
    }

    @Test("an obstacle is a material with a thickness or an attenuation: anything else is refused naming the field and what is allowed",
          arguments: [
              (#"{"material": "concrete"}"#, "obstacles[0].thicknessMetres", "missing; this key is required"),
              (#"{"material": "adamantium", "thicknessMetres": 0.1}"#, "obstacles[0].material",
               #""adamantium" is not supported; use "concrete" or "brick" or "plasterboard" or "wood" or "glass" or "ceiling-board" or "chipboard" or "plywood" or "marble" or "metal" or "custom""#),
              (#"{"material": "wood", "thicknessMetres": -0.02}"#, "obstacles[0].thicknessMetres", "-0.02 m is below the minimum of 0 m"),
              (#"{"material": "custom", "thicknessMetres": 0.1, "relativePermittivity": 3}"#,
               "obstacles[0].conductivitySiemensPerMetre", "missing; this key is required"),
              (#"{"material": "custom", "thicknessMetres": 0.1, "relativePermittivity": 0.5, "conductivitySiemensPerMetre": 0}"#,
               "obstacles[0].relativePermittivity", "0.5 is below the minimum of 1"),
              (#"{"material": "glass", "thicknessMetres": 0.01, "relativePermittivity": 6}"#, "obstacles[0]",
               "relativePermittivity is only for a custom material; glass has its own"),
              (#"{"material": "wood", "thicknessMetres": 0.02, "attenuationDB": 3}"#, "obstacles[0]",
               "give either a material or attenuationDB, not both"),
              (#"{"thicknessMetres": 0.02}"#, "obstacles[0]", "say what it is: a material with thicknessMetres, or attenuationDB"),
              ("{}", "obstacles[0]", "say what it is: a material with thicknessMetres, or attenuationDB"),
          ])
    func obstacleComposition(fields: String, field: String, fragment: String) throws {
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(fields.utf8)) as? [String: Any])
        try expect([.key("obstacles"), .index(0)], set: Self.wall(parsed), field: field, containing: fragment)
    }

    @Test("two obstacles that share volume are refused naming both; touching ones are fine")
    func overlappingObstacles() throws {
        let first = Self.wall(["attenuationDB": 10])
        let inside = ["name": "cabinet", "min": [1.1, 0, 0], "max": [1.5, 1, 0.5], "material": "wood", "thicknessMetres": 0.02] as [String: Any]
        try expect(
            [.key("obstacles")], set: [first, inside], field: "obstacles[1]",
            containing: "shares volume with obstacles[0]; obstacles may touch but not overlap")
        let touching = ["name": "cabinet", "min": [1.2, 0, 0], "max": [1.5, 1, 0.5], "material": "metal", "thicknessMetres": 0.002] as [String: Any]
        let document = JSONEditing.replacing([.key("obstacles")], with: [first, touching], in: ScenarioFixtures.complete)
        let scenario = try Scenario(jsonData: ScenarioFixtures.data(document), boardSearchPaths: [ScenarioFixtures.boardsDirectory])
        #expect(scenario.obstacles.map(\.composition) == [
            .loss(PowerRatio(decibels: 10)), .slab(.metal, thickness: Distance(metres: 0.002)),
        ])
    }

    @Test("devices closer than 1 cm")
    func devicesTooClose() throws {
        try expect(
            [.key("devices"), .index(1), .key("position")], set: [0.005, 0, 0],
            field: "devices[1].position", containing: "0.005 m from devices[0].position, closer than 0.01 m")
    }

    @Test("two devices at the same point")
    func devicesAtTheSamePoint() throws {
        let error = try expect(
            [.key("devices"), .index(1), .key("position")], set: [0, 0, 0],
            field: "devices[1].position", containing: "0 m from devices[0].position, closer than 0.01 m")
        #expect(error?.description.contains("move one of them at least 0.01 m away") == true)
    }

    @Test("a huge number is reported, not trapped on")
    func hugeNumber() throws {
        try expect([.key("devices"), .index(0), .key("antennaDelays"), .index(0), .key("txTicks")], set: 1e300,
            field: "devices[0].antennaDelays[0].txTicks", containing: "is far too large")
    }
}
