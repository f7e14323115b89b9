/// The method calls a ``BusConnection`` sent and awaits answers to, by serial, each with its
/// deadline. The loop thread's only.
struct BusPendingCalls {
    typealias Completion = (Result<BusIncoming, BusCallError>) -> Void

    private var calls: [UInt32: (deadline: ContinuousClock.Instant, completion: Completion)] = [:]

    /// Awaits the answer to the call of `serial` until `deadline`.
    mutating func add(serial: UInt32, deadline: ContinuousClock.Instant, completion: @escaping Completion) {
        calls[serial] = (deadline, completion)
    }

    /// Completes the call `reply` answers; false if it answers none of them.
    mutating func complete(with reply: BusIncoming) -> Bool {
        guard let call = calls.removeValue(forKey: reply.replySerial) else { return false }
        call.completion(.success(reply))
        return true
    }

    /// Fails the calls whose deadline passed with ``BusCallError/noReply``.
    mutating func expire(now: ContinuousClock.Instant) {
        for (serial, call) in calls where call.deadline <= now {
            calls.removeValue(forKey: serial)
            call.completion(.failure(.noReply))
        }
    }

    /// Fails every call with ``BusCallError/closed``.
    mutating func failAll() {
        let failed = calls.values
        calls = [:]
        for call in failed { call.completion(.failure(.closed)) }
    }

    /// The earliest deadline; nil if no call awaits an answer.
    var earliestDeadline: ContinuousClock.Instant? {
        calls.values.map(\.deadline).min()
    }
}
