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
/// part count always give the same split.
public enum ScenarioPartition {
    /// The frames per second assumed of a device whose software the scenario does not describe: a
    /// session's ten ranging rounds a second.
    public static let otherFrameRate = 10.0
    /// What carrying one frame to one receiver costs, in receptions.
    public static let carryCost = 0.2

    /// The part (0 ..< `count`) of each of `scenario`'s devices, in the scenario's order.
    ///
    /// - Throws: ``EmulationError/partCount(_:)`` if `count` is below 1;
    ///   ``EmulationError/partsBeyondDevices(parts:devices:)`` if there are more parts than devices.
    public static func parts(of scenario: Scenario, count: Int) throws(EmulationError) -> [Int] {
        guard count >= 1 else { throw .partCount(count) }
        guard count <= scenario.devices.count else {
            throw .partsBeyondDevices(parts: count, devices: scenario.devices.count)
        }
        let rates = scenario.devices.map { frameRate(of: $0, in: scenario) }
        let total = rates.reduce(0, +)
        let others = Double(scenario.devices.count - 1)
        let work = rates.map { rate in (total - rate) + carryCost * rate * others }
        let heaviestFirst = scenario.devices.indices.sorted { first, second in
            work[first] != work[second] ? work[first] > work[second] : scenario.devices[first].name < scenario.devices[second].name
        }
        var load = [Double](repeating: 0, count: count)
        var assignment = [Int](repeating: 0, count: scenario.devices.count)
        for device in heaviestFirst {
            let part = load.indices.min { load[$0] < load[$1] || (load[$0] == load[$1] && $0 < $1) } ?? 0
            assignment[device] = part
            // Every device weighs something, so that parts of devices that send and hear nothing still fill evenly.
            load[part] += max(work[device], 1)
        }
        return assignment
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
