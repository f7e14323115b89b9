import UWBCore
import UWBEmulator

/// An app attached to one device of the emulator service, as the service's world sees it: whose
/// turn it is, and what it waits for when it is not. Used only while holding the world's lock.
final class ServiceParticipant {
    /// Where the app stands.
    enum State: Equatable {
        /// Said HELLO; its first turn (WELCOME) is still to come.
        case joining
        /// Its turn: the world stands still while it drives its chips.
        case active
        /// Waiting for one of `chips`' interrupt lines (bit n for chip n) or for `deadline`.
        case waiting(chips: UInt8, deadline: SimulationTime?)
        /// Disconnected; its device is free.
        case gone
    }

    /// The device it drives.
    let device: EmulatedDevice
    /// The device's place in the scenario: apps woken at one instant take their turns in this order.
    let order: Int
    /// The part of the world the device runs in (decision 0030): apps of different parts may take
    /// their turns at once.
    let part: Int
    /// Its chips.
    let bus: VirtualBoardBus
    /// Its connection.
    let socket: UnixSocket
    /// The process on the other end of the connection, for observers.
    let app: AttachedApp
    /// The wire version its HELLO spoke, which its WELCOME carries back.
    let version: UInt16
    var state = State.joining
    /// Whether the app asked to end its wait early (WAKE).
    var wakeRequested = false
    /// The instant of its last turn given for a raised interrupt line, and how many such turns in a
    /// row it has had at that instant.
    var lineTurns: (at: SimulationTime, count: Int)?

    init(device: EmulatedDevice, order: Int, part: Int, socket: UnixSocket, app: AttachedApp, version: UInt16) {
        self.device = device
        self.order = order
        self.part = part
        self.bus = VirtualBoardBus(chips: device.chips)
        self.socket = socket
        self.app = app
        self.version = version
    }

    /// The chips' interrupt lines, bit n for chip n.
    var interruptLines: UInt8 {
        device.chips.prefix(8).enumerated().reduce(0) { lines, chip in
            chip.element.interruptAsserted ? lines | 1 << chip.offset : lines
        }
    }

    /// The virtual deadline it waits for, if it waits for one.
    var deadline: SimulationTime? {
        guard case .waiting(_, let deadline) = state else { return nil }
        return deadline
    }

    /// Whether its turn is due at `now`: it is joining, asked to wake, reached its deadline, or a
    /// chip it waits on raised its interrupt line.
    func isDue(at now: SimulationTime) -> Bool {
        switch state {
        case .joining:
            return true
        case .waiting(let chips, let deadline):
            return wakeRequested || deadline.map { $0 <= now } == true || interruptLines & chips != 0
        case .active, .gone:
            return false
        }
    }

    /// Whether its turn is due at a moment the world did not plan: it is joining, or asked to wake.
    var isDueUnplanned: Bool {
        state == .joining || wakeRequested
    }

    /// Whether its turn, due at `now`, is due only to a raised interrupt line.
    func isDueToLinesAlone(at now: SimulationTime) -> Bool {
        guard case .waiting(_, let deadline) = state else { return false }
        return !wakeRequested && deadline.map { $0 <= now } != true
    }
}
