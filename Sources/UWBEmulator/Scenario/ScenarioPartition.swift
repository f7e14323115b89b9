import UWBCore

/// Which part of a world split into parts (decision 0030) each of a scenario's devices goes to: parts
/// balanced by the work their devices cause, not by how many devices they hold.
///
/// A device's work is estimated from the frames on the air, since nearly all of a run's work is frames
/// carried and received: it receives every frame the others send (a listening tag hears every anchor's;
/// each part works out the links of its own receivers), and each frame it sends costs it about one
/// reception's work (its transmitter's events and its radio loop) [D: modelling choice, checked
/// against the parts' event counts (`PartFigures`) on the crowd of 1000 tags]. A device's frames per second:
/// its `transmit` script's rate; a positioning anchor's, one per round of its cluster; an UL-TDoA or TWR
/// tag's, one per round; a DL-TDoA tag sends none; any other device (a session's peer, a phone)
/// ``otherFrameRate``. Each part takes a run of the scenario's devices, in order, with an equal share of
/// the work: devices made one after the other have their objects next to each other in memory, and two
/// parts' devices sharing a cache line would pass it between their cores at every event. Devices with
/// a radio of their own (``DeviceSpec/radio``) come in the order of their channels, those on the
/// scenario's radio first: a world whose devices are fitted for two bands that do not overlap splits,
/// where the work allows, into parts that never wait for each other (``PartGroups``). The same
/// scenario and part count always give the same split. Devices whose software is shared (an UL-TDoA
/// server's anchors, a session mesh) go together, as one, at the place of the first of them.
public enum ScenarioPartition {
    /// The frames per second assumed of a device whose software the scenario does not describe: a
    /// session's ten ranging rounds a second.
    public static let otherFrameRate = 10.0
    /// What sending one frame costs its sender, in receptions.
    public static let sendCost = 1.0

    /// The part (0 ..< `count`) of each of `scenario`'s devices, in the scenario's order; the devices of
    /// each group of `together` (indices into the scenario's devices) in one part, for software they share.
    ///
    /// - Throws: ``EmulationError/partCount(_:)`` if `count` is below 1;
    ///   ``EmulationError/partsBeyondDevices(parts:devices:)`` if there are more parts than devices, or than
    ///   devices and groups that can go to different parts.
    public static func parts(of scenario: Scenario, count: Int, keepingTogether together: [[Int]] = []) throws(EmulationError) -> [Int] {
        guard count >= 1 else { throw .partCount(count) }
        let units = byBand(units(of: scenario, keepingTogether: together), of: scenario)
        guard count <= units.count else {
            throw .partsBeyondDevices(parts: count, devices: units.count)
        }
        let rates = scenario.devices.map { frameRate(of: $0, in: scenario) }
        let total = rates.reduce(0, +)
        // Every device weighs something, so that parts of devices that send and hear nothing still fill evenly.
        let work = rates.map { rate in max((total - rate) + sendCost * rate, 1) }
        let unitWork = units.map { $0.reduce(0) { $0 + work[$1] } }
        let allWork = unitWork.reduce(0, +)
        var assignment = [Int](repeating: 0, count: scenario.devices.count)
        var done = 0.0
        var part = 0
        for (position, unit) in units.enumerated() {
            // The part whose share of the work holds the unit's middle, moving on by at most one part a
            // unit, and soon enough that every part gets one.
            let share = Int(((done + unitWork[position] / 2) / allWork * Double(count)).rounded(.down))
            let latest = count - (units.count - position)
            part = min(max(share, part, latest), part + (position == 0 ? 0 : 1), count - 1)
            for device in unit {
                assignment[device] = part
            }
            done += unitWork[position]
        }
        return assignment
    }

    /// Whether every device of `scenario` has a radio of its own (``DeviceSpec/radio``), fitted for bands
    /// that fall into more than one group (``PartGroups``: bands apart, not joined by a band that overlaps
    /// both): split between those groups, its parts never wait for each other
    /// (``PartGroups``), so several threads pay even where its devices answer each other within microseconds.
    public static func splitsByBand(_ scenario: Scenario) -> Bool {
        let bands = scenario.devices.map { $0.radio?.channel }
        guard !bands.contains(nil) else { return false }
        // The bands as parts of their own: more than one group, as the parts of a split would form.
        let distinct = Set(bands.compactMap { $0 }).sorted { $0.number < $1.number }
        var groups = PartGroups(parts: distinct.count)
        for (part, band) in distinct.enumerated() {
            groups.join(band: band, part: part)
        }
        return Set(groups.group).count > 1
    }

    /// The most parts `scenario`'s world can be split into, the devices of each group of `together` kept
    /// in one part: one per device, counting each group as one.
    public static func maximumParts(of scenario: Scenario, keepingTogether together: [[Int]] = []) -> Int {
        units(of: scenario, keepingTogether: together).count
    }

    /// What goes to one part: each group of `together`, and each device in none, as device indices, in the
    /// order of their first devices.
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
        return units.filter { !$0.isEmpty }.sorted { ($0.min() ?? 0) < ($1.min() ?? 0) }
    }

    /// `units` in the order of the lowest channel of their devices' own radios, the units without one
    /// first, keeping their order otherwise.
    private static func byBand(_ units: [[Int]], of scenario: Scenario) -> [[Int]] {
        let keys = units.map { unit in unit.compactMap { scenario.devices[$0].radio?.channel.number }.min() ?? 0 }
        return units.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }.map { units[$0] }
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
