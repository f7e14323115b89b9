import UWBCore
import UWBEmulator
import UWBRanging

/// One device of the room as UCI hosts get it: the emulated device, and the ranging scheduler
/// that shares its radio among the links of every ACTIVE session of its host, to which the
/// device's chip events go.
final class UCIDeviceSlot: RadioEventHandler {
    /// The emulated device.
    let device: EmulatedDevice
    /// A builder for the board (what its antennas measure); each link makes its own with
    /// ``makeBuilder()``, as a builder holds one peer's filters.
    let builder: MeasurementBuilder
    /// Whether a host has the device.
    var isTaken = false
    /// The world's clock: the time since the world began.
    let now: () -> Duration
    /// What takes the radio's events instead of the scheduler while a one-way session runs.
    private var listener: (any RadioEventHandler)?
    /// The scheduler, made with the first link.
    private var madeScheduler: RangingScheduler?

    /// A slot for `device` in a world of `configuration` whose clock is `now`.
    ///
    /// - Throws: ``UCIServiceError/antennaArray(device:reason:)`` if the board's antenna array
    ///   is not usable on the world's channel.
    init(device: EmulatedDevice, configuration: RadioConfig, now: @escaping () -> Duration) throws(UCIServiceError) {
        self.device = device
        self.now = now
        do {
            builder = try MeasurementBuilder(board: device.board, configuration: configuration, fieldOfView: FieldOfView())
        } catch {
            throw .antennaArray(device: device.name, reason: "\(error)")
        }
    }

    /// The scheduler of the device's radio: one ``RangingScheduler`` for all its sessions, as
    /// the NearbyInteraction device service shares a radio among links.
    var scheduler: RangingScheduler {
        if let madeScheduler { return madeScheduler }
        let radio = device.radio
        let scheduler = RangingScheduler(
            transceivers: radio.transceivers, timing: RangingTiming.emulator(for: radio.configuration),
            transmitClock: TransmitClock(board: device.board, capabilities: radio.primary.capabilities),
            schedule: { delay, action in radio.schedule(after: delay, action) }, now: now,
            onRadioFailure: { error in radio.record(error) })
        madeScheduler = scheduler
        return scheduler
    }

    /// A measurement builder for one link; the board's was checked when the slot was made, so
    /// making another cannot fail (if it did, the slot's own builder stands in).
    func makeBuilder() -> MeasurementBuilder {
        (try? MeasurementBuilder(board: device.board, configuration: device.radio.configuration, fieldOfView: FieldOfView())) ?? builder
    }

    /// Gives the radio's events to `handler` (a one-way session's) until ``reclaimRadio()``.
    func lendRadio(to handler: any RadioEventHandler) {
        listener = handler
    }

    /// Takes the radio's events back for the scheduler and turns every receiver off.
    func reclaimRadio() {
        listener = nil
        for transceiver in device.radio.transceivers {
            do {
                try transceiver.turnOff()
            } catch {
                device.radio.record(error)
            }
        }
    }

    /// Hands a chip's event to the listener, if a one-way session runs, or else to the scheduler (links
    /// start with their sessions: nothing starts with the loop).
    func radio(_ event: TransceiverEvent, fromChip chip: Int) {
        if let listener {
            listener.radio(event, fromChip: chip)
        } else {
            madeScheduler?.handle(event, fromChip: chip)
        }
    }
}
