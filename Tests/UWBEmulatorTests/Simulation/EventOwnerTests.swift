import Testing
import UWBCore
@testable import UWBEmulator

/// Events at the same instant run in an order that only their owners and the owners' own
/// histories decide (decision 0030): not the order in which owners interleaved their scheduling.
@Suite("Simulator: the order of simultaneous events of several owners")
struct EventOwnerTests {
    /// Runs `names`' owners each scheduling `perOwner` events at one instant, the owners taking turns
    /// in the order given, and returns the order the events ran in.
    static func order(of names: [String], perOwner: Int = 3) -> [String] {
        let simulator = Simulator()
        let owners = names.map { simulator.makeOwner(device: $0) }
        let time = SimulationTime(picoseconds: 500)
        var log: [String] = []
        for index in 0..<perOwner {
            for (name, owner) in zip(names, owners) {
                simulator.schedule(ActionEvent { log.append("\(name)\(index)") }, at: time, owner: owner)
            }
        }
        simulator.run(until: time)
        return log
    }

    @Test("owners listed in any order run their simultaneous events in the same order, each its own in its order")
    func ownerOrder() {
        let forwards = Self.order(of: ["anchor", "tag-1", "tag-2"])
        let backwards = Self.order(of: ["tag-2", "tag-1", "anchor"])
        #expect(forwards == backwards)
        for name in ["anchor", "tag-1", "tag-2"] {
            #expect(forwards.filter { $0.hasPrefix(name) } == (0..<3).map { "\(name)\($0)" })
        }
        // Each owner's events run together: the order is by owner first.
        #expect(Set(stride(from: 0, to: 9, by: 3).map { forwards[$0].dropLast() }).count == 3)
    }

    @Test("the world's events come before the devices' at the same instant")
    func worldFirst() {
        let simulator = Simulator()
        let device = simulator.makeOwner(device: "tag")
        let time = SimulationTime(picoseconds: 10)
        var log: [String] = []
        simulator.schedule(ActionEvent { log.append("device") }, at: time, owner: device)
        simulator.schedule(at: time) { log.append("world") }
        simulator.run(until: time)
        #expect(log == ["world", "device"])
    }

    @Test("what an event schedules is its owner's; what runs between events schedules as the world")
    func inheritedOwner() {
        let simulator = Simulator()
        let early = simulator.makeOwner(device: "a")
        let late = simulator.makeOwner(device: "b")
        let (first, second) = early.key < late.key ? (early, late) : (late, early)
        let time = SimulationTime(picoseconds: 10)
        var log: [String] = []
        // The later owner's event schedules one at the same instant: it is the later owner's, so it
        // runs after the earlier owner's event, which the world scheduled afterwards.
        simulator.schedule(ActionEvent {
            log.append("second")
            simulator.schedule(at: time) { log.append("second's child") }
        }, at: .zero, owner: second)
        simulator.schedule(ActionEvent { log.append("first") }, at: time, owner: first)
        simulator.run(until: .zero)
        simulator.schedule(at: time) { log.append("world") }
        simulator.run(until: time)
        #expect(log == ["second", "world", "first", "second's child"])
    }

    @Test("arrivals come after the receiver's own events at their instant, by sender and the sender's count")
    func arrivals() {
        let simulator = Simulator()
        let receiver = simulator.makeOwner(device: "tag")
        let time = SimulationTime(picoseconds: 100)
        var log: [String] = []
        func arrival(_ sender: UInt64, _ count: Int, chip: Int) {
            let key = EventKey.arrival(
                at: time, receiver: receiver.key, transmission: TransmissionOrder(sender: sender << 1, count: count), chip: chip)
            simulator.schedule(ActionEvent { log.append("\(sender).\(count).\(chip)") }, key: key, owner: receiver)
        }
        arrival(7, 2, chip: 0)
        arrival(3, 9, chip: 1)
        simulator.schedule(ActionEvent { log.append("own") }, at: time, owner: receiver)
        arrival(3, 9, chip: 0)
        arrival(7, 1, chip: 0)
        simulator.run(until: time)
        #expect(log == ["own", "3.9.0", "3.9.1", "7.1.0", "7.2.0"])
    }

    @Test("an arrival whose place has passed is dropped; one still to come at the same instant runs")
    func passedPlace() {
        let simulator = Simulator()
        let receiver = simulator.makeOwner(device: "tag")
        let time = SimulationTime(picoseconds: 100)
        var log: [String] = []
        let early = EventKey.arrival(at: time, receiver: receiver.key, transmission: TransmissionOrder(sender: 2, count: 0), chip: 0)
        let late = EventKey.arrival(at: time, receiver: receiver.key, transmission: TransmissionOrder(sender: 6, count: 0), chip: 0)
        let middle = EventKey.arrival(at: time, receiver: receiver.key, transmission: TransmissionOrder(sender: 4, count: 0), chip: 0)
        simulator.schedule(ActionEvent {
            log.append("middle")
            simulator.schedule(ActionEvent { log.append("early") }, key: early, owner: receiver)
            simulator.schedule(ActionEvent { log.append("late") }, key: late, owner: receiver)
        }, key: middle, owner: receiver)
        simulator.run(until: time)
        #expect(log == ["middle", "late"])
    }
}
