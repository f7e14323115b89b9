import Foundation
import UWBCore

/// An emulated device's radio as a ``RadioHost``: the real driver of each of its chips (the
/// DW1000's or the DW3000's, as the board's chips are) and its radio loop, which is the
/// emulation's discrete-event simulator.
///
/// Software on the radio (the project's ranging engine, a scenario's scripted sender, an
/// attacker, a test's recorder) is a ``RadioEventHandler``: ``attach(_:)`` sends it the chips'
/// events, holding it weakly as every radio host does; ``adopt(_:)`` also keeps it, for a handler
/// nothing else keeps (``Emulation/add(_:application:)`` adopts the one it makes). A handler
/// given to the radio before the emulation first runs hears ``RadioEventHandler/radioStarted()``
/// when it does.
///
/// Whoever runs the emulation runs the loop (``Emulation/run(until:pacing:rate:)``), on one
/// thread; other threads reach it through ``post(_:)``, which goes to the simulator's inbox.
///
/// `@unchecked Sendable`: the drivers, timers and handlers are used only on the simulator's
/// thread (the loop-only members say so), and ``post(_:)`` uses the thread-safe `LoopInbox`.
public final class EmulatedRadio: RadioHost, @unchecked Sendable {
    /// `emulator:` and the device's name.
    public let name: String
    /// The device's board.
    public let board: BoardDescription
    /// One transceiver per chip, in chip-select order; the first sends and receives, the others
    /// only receive. Loop only.
    public let transceivers: [any Transceiver]
    /// The radio configuration every chip runs.
    public let configuration: RadioConfig
    /// Driver errors the radio loop met and handlers reported, for the run's summary.
    public private(set) var errors: [TransceiverError] = []

    private let simulator: Simulator
    /// The owner of the device's events, which what is scheduled on the radio is.
    private let owner: EventOwner
    /// The simulator's inbox, kept apart so that ``post(_:)`` touches nothing else of the loop.
    private let inbox: LoopInbox
    /// The handler ``adopt(_:)`` keeps; read first on every event, as a strong reference the
    /// handler needs no side table for (Docs/decisions/0020-emulator-performance-rounds.md).
    private var adoptedHandler: (any RadioEventHandler)?
    /// The handler ``attach(_:)`` was given, held weakly.
    private weak var attachedHandler: (any RadioEventHandler)?

    init(deviceName: String, board: BoardDescription, transceivers: [any Transceiver], configuration: RadioConfig,
         simulator: Simulator, owner: EventOwner) {
        self.name = "emulator:" + deviceName
        self.board = board
        self.transceivers = transceivers
        self.configuration = configuration
        self.simulator = simulator
        self.owner = owner
        self.inbox = simulator.inbox
    }

    /// The first chip's transceiver. Loop only.
    public var primary: any Transceiver { transceivers[0] }

    /// ``RadioKind/emulated``.
    public var kind: RadioKind { .emulated }

    /// The simulator's virtual time since it started. Loop only.
    public var now: Duration { simulator.now - .zero }

    /// The handler the chips' events go to, if any. Loop only.
    public var handler: (any RadioEventHandler)? { adoptedHandler ?? attachedHandler }

    /// Runs `action` after `delay` of virtual time, as an event of the device's. Loop only.
    public func schedule(after delay: Duration, _ action: @escaping () -> Void) {
        simulator.schedule(ActionEvent(action: action), at: simulator.now + delay, owner: owner)
    }

    /// Hands `action` to the simulator's inbox. Any thread.
    public func post(_ action: @escaping @Sendable () -> Void) {
        inbox.post(action)
    }

    /// Hands `work` to the simulator's inbox as a reaction: it runs on `queue` before the
    /// simulator's next event, which waits for it. Loop only.
    public func deliver(on queue: DispatchQueue, _ work: @escaping @Sendable () -> Void) {
        inbox.deliver(on: queue, work)
    }

    /// Sends the chips' events to `handler` from now on, holding it weakly, in place of any
    /// handler before it (an adopted one is let go). Loop only.
    public func attach(_ handler: any RadioEventHandler) {
        adoptedHandler = nil
        attachedHandler = handler
    }

    /// Sends the chips' events to `handler` from now on and keeps it, in place of any handler
    /// before it. Loop only.
    public func adopt(_ handler: any RadioEventHandler) {
        attachedHandler = nil
        adoptedHandler = handler
    }

    /// Lets the handler go: the chips' events go nowhere from now on.
    func detach() {
        adoptedHandler = nil
        attachedHandler = nil
    }

    /// Records a driver error so the run's summary can report it. Loop only.
    public func record(_ error: TransceiverError) {
        errors.append(error)
    }
}
