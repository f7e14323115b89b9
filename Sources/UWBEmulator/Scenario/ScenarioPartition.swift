import UWBCore

/// Which part of a world split into parts (decision 0030) each of a scenario's devices goes to: parts
/// balanced by the work their devices cause, not by how many devices they hold.
///
/// A device's work is estimated from the frames on the air, since nearly all of a run's work is frames
/// carried and received: it receives every frame the others send (a listening tag hears every anchor's),
/// and it carries each of its own to every other device, at about a fifth of a reception's cost per
/// receiver [D: the crowd of 1000 tags under callgrind spends about 25 cache misses per reception
/// carrying a frame and about 125 receiving it; decision 0030]. A device's frames per second:
/// its `transmit` script's rate; a positioning anchor's, one per round of its cluster; an UL-TDoA or TWR
/// tag's, one per round; a DL-TDoA tag sends none; any other device (a session's peer, a phone)
/// ``otherFrameRate``. Devices go, heaviest first (then by name), to the part with the least work so
/// far, the least-numbered of those that tie (the longest-processing-time rule): the same scenario and
/// part count always give the same split. Devices whose software is shared (an UL-TDoA server's
/// anchors, a session mesh) go together, as one.
public enum ScenarioPartition {
    /// The frames per second assumed of a device whose software the scenario does not describe: a
    /// session's ten ranging rounds a second.
    public static let otherFrameRate = 10.0
    /// What carrying one frame to one receiver costs, in receptions.
    public static let carryCost = 0.2

    /// The part (0 ..< `count`) of each of `scenario`'s devices, in the scenario's order; the devices of
    /// each group of `together` (indices into the scenario's devices) in one part, for software they share.
    ///
    /// - Throws: ``EmulationError/partCount(_:)`` if `count` is below 1;
    ///   ``EmulationError/partsBeyondDevices(parts:devices:)`` if there are more parts than devices, or than
    ///   devices and groups that can go to different parts.
    public static func parts(of scenario: Scenario, count: Int, keepingTogether together: [[Int]] = []) throws(EmulationError) -> [Int] {
        guard count >= 1 else { throw .partCount(count) }
        let units = units(of: scenario, keepingTogether: together)
        guard count <= units.count else {
            throw .partsBeyondDevices(parts: count, devices: units.count)
        }
        let rates = scenario.devices.map { frameRate(of: $0, in: scenario) }
        let total = rates.reduce(0, +)
        let others = Double(scenario.devices.count - 1)
        // Every device weighs something, so that parts of devices that send and hear nothing still fill evenly.
        let work = rates.map { rate in max((total - rate) + carryCost * rate * others, 1) }
        let unitWork = units.map { $0.reduce(0) { $0 + work[$1] } }
        let unitName = units.map { $0.map { scenario.devices[$0].name }.min() ?? "" }
        let heaviestFirst = units.indices.sorted { first, second in
            unitWork[first] != unitWork[second] ? unitWork[first] > unitWork[second] : unitName[first] < unitName[second]
        }
        var load = [Double](repeating: 0, count: count)
        var assignment = [Int](repeating: 0, count: scenario.devices.count)
        for unit in heaviestFirst {
            let part = load.indices.min { load[$0] < load[$1] || (load[$0] == load[$1] && $0 < $1) } ?? 0
            for device in units[unit] {
                assignment[device] = part
            }
            load[part] += unitWork[unit]
        }
        return assignment
    }

    /// The most parts `scenario`'s world can be split into, the devices of each group of `together` kept
    /// in one part: one per device, counting each group as one.
    public static func maximumParts(of scenario: Scenario, keepingTogether together: [[Int]] = []) -> Int {
        units(of: scenario, keepingTogether: together).count
    }

    /// What goes to one part: each group of `together`, and each device in none, as device indices.
    private static func units(of scenario: Scenario, keepingTogether together: [[Int]]) -> [[Int]] {
        var unitOf = Array(scenario.devices.indices)
        var units = scenario.devices.indices.map { [$0] }
        for group in together where group.count > 1 {
            let unit = units.count
            units.append([])
            for device in group where scenario.devices.indices.contains(device) {
                units[unitOf[device]].removeAll { $0 == device }
                unitOf[device] = unit
                units[unit].append(device)
            }
        }
        return units.filter { !$0.isEmpty }
    }

    /// The frames per second `device` sends in `scenario`, as far as the scenario says.
    static func frameRate(of device: DeviceSpec, in scenario: Scenario) -> Double {
        if let script = device.transmit {
            return 1 / script.interval.secondsValue
        }
        switch device.positioning {
        case .anchor: return scenario.positioning.roundsPerSecond
        case .tag: return scenario.positioning.method == .downlinkTDoA ? 0 : scenario.positioning.roundsPerSecond
        case nil: return otherFrameRate
        }
    }
}
