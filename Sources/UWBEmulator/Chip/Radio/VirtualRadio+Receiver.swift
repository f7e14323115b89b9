import UWBCore

extension VirtualRadio {
    /// The time from an immediate RX enable until the receiver hunts for preamble: "receives
    /// preamble from 16 µs after the command" (DW1000 UM §7.2.15, RXENAB), taken for both families.
    static let receiverStartUp: Duration = .microseconds(16)

    /// Turns the receiver on once its enable command has been checked: hunting for preamble from
    /// `start` at once, or, for a delayed enable, from an event at `start`; `timeout` is the
    /// frame-wait timeout the chip has already scheduled, if any.
    final func turnReceiverOn(huntingFrom start: SimulationTime, delayed: Bool, timeout: ScheduledEvent?) {
        guard delayed, let simulator = self.simulator else {
            receiver = .listening(from: start, timeout: timeout)
            return
        }
        // `unowned`: the owner of the simulator owns the chip as long (see `startTransmission`).
        let event = simulator.schedule(at: start) { [unowned self] in
            guard case .starting(_, let timeout) = self.receiver else { return }
            self.receiver = .listening(from: self.now, timeout: timeout)
        }
        receiver = .starting(event: event, timeout: timeout)
    }

    /// Stops the receiver and cancels its pending events.
    final func cancelReceiver() {
        guard let simulator = self.simulator else {
            receiver = .off
            return
        }
        switch receiver {
        case .off:
            break
        case .starting(let event, let timeout):
            simulator.cancel(event)
            timeout.map(simulator.cancel)
        case .listening(_, let timeout):
            timeout.map(simulator.cancel)
        case .receiving(let completion, let timeout):
            simulator.cancel(completion)
            timeout.map(simulator.cancel)
        }
        receiver = .off
    }

    /// Stops a running frame-wait timeout and keeps the receiver as it is: clearing the timeout's
    /// enable mid-count cancels it (DW1000 UM §7.2.14).
    final func cancelFrameWaitTimeout() {
        switch receiver {
        case .off:
            return
        case .starting(let event, let timeout):
            timeout.map { self.simulator?.cancel($0) }
            receiver = .starting(event: event, timeout: nil)
        case .listening(let from, let timeout):
            timeout.map { self.simulator?.cancel($0) }
            receiver = .listening(from: from, timeout: nil)
        case .receiving(let completion, let timeout):
            timeout.map { self.simulator?.cancel($0) }
            receiver = .receiving(completion: completion, timeout: nil)
        }
    }

    /// Whether the receiver is locked onto a frame right now.
    public final var isReceiving: Bool {
        if case .receiving = receiver { return true }
        return false
    }

    /// Whether the receiver is hunting for a preamble right now.
    public final var isListening: Bool {
        if case .listening(let from, _) = receiver { return now >= from }
        return false
    }

    /// How fast the transmitter's clock ran relative to this chip's.
    final func relativeOffset(of arrival: Arrival) -> ClockOffset {
        let own = oscillator.offset(at: now).ratio
        let ratio = (1 + arrival.transmission.clockOffset.ratio) / (1 + own) - 1
        return ClockOffset(partsPerMillion: ratio * 1_000_000)
    }
}
