import Testing
import UWBCore
import UWBEmulator
import UWBRanging

@Suite("RangingScheduler on the emulator")
struct EmulatedSchedulerTests {
    @Test("A initiates towards B and C on one radio, B and C answer: all four sides complete rounds at about 5 m")
    func oneInitiatorTwoResponders() throws {
        let board = try EmulatedRoundTests.board("ft232h-dw1000-single")
        let world = Emulation(seed: 7, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        let timing = RangingTiming.emulator(for: world.configuration)
        let pan = PANIdentifier(rawValue: 0xDECA)
        let aToB = RangingLink(session: SessionIdentifier(rawValue: 0xAB00_0001), pan: pan, localAddress: 0x0A, peerAddress: 0x0B)
        let aToC = RangingLink(session: SessionIdentifier(rawValue: 0xAC00_0002), pan: pan, localAddress: 0x0A, peerAddress: 0x0C)
        let interval = Duration.milliseconds(50)
        let duration = 2.0

        var schedulers: [String: RangingScheduler] = [:]
        var reports: [RangingLink: LinkReports] = [:]
        var radioFailures: [String: [TransceiverError]] = [:]
        func handlers(_ link: RangingLink) -> RangingScheduler.Handlers {
            RangingScheduler.Handlers(
                completed: { reports[link, default: LinkReports()].completed.append($0) },
                failed: { reports[link, default: LinkReports()].failures.append($0) },
                peerEnded: { reports[link, default: LinkReports()].peerEnded += 1 })
        }
        /// A device whose scheduler gets its links from `links` when the run starts.
        func application(_ name: String, links: @escaping (RangingScheduler) -> Void) -> (EmulatedRadio) -> ClosureApplication {
            { ClosureApplication(
                on: $0,
                onStart: { radio in
                    let scheduler = RangingScheduler(
                        transceivers: radio.transceivers, timing: timing,
                        transmitClock: TransmitClock(board: board, capabilities: radio.primary.capabilities),
                        schedule: { radio.schedule(after: $0, $1) }, now: { world.simulator.now - .zero },
                        onRadioFailure: { radioFailures[name, default: []].append($0) })
                    schedulers[name] = scheduler
                    links(scheduler)
                },
                onEvent: { event, chip, _ in schedulers[name]?.handle(event, fromChip: chip) }) }
        }
        func standing(_ name: String, _ x: Double, _ y: Double) -> DeviceSetup {
            DeviceSetup(name: name, board: board, trajectory: .standing(at: Position(metres: Vector3(x: x, y: y, z: 0))))
        }
        try world.add(standing("A", 0, 0), application: application("A") { scheduler in
            _ = scheduler.addInitiator(aToB, interval: interval, handlers: handlers(aToB))
            _ = scheduler.addInitiator(aToC, interval: interval, handlers: handlers(aToC))
        })
        try world.add(standing("B", 5, 0), application: application("B") { scheduler in
            _ = scheduler.addResponder(aToB.peer, handlers: handlers(aToB.peer))
        })
        try world.add(standing("C", 0, 5), application: application("C") { scheduler in
            _ = scheduler.addResponder(aToC.peer, handlers: handlers(aToC.peer))
        })
        world.run(until: SimulationTime(seconds: duration))

        #expect(radioFailures.isEmpty, "\(radioFailures)")
        let nominal = Int(duration / interval.secondsValue)
        let tick = DeviceDuration(ticks: 1).lightTravelDistance.metres
        for link in [aToB, aToC, aToB.peer, aToC.peer] {
            let side = reports[link] ?? LinkReports()
            #expect(side.completed.count >= nominal * 8 / 10, "\(side.completed.count) of about \(nominal) rounds")
            #expect(side.failures.count <= max(1, side.completed.count / 20), "\(side.failures.map(\.kind))")
            #expect(side.peerEnded == 0)
            for round in side.completed {
                let distance = doubleSidedTicks(round) * tick
                #expect(abs(distance - 5) < 0.10, "round \(round.round) of \(round.session): \(distance) m")
            }
        }
    }
}
