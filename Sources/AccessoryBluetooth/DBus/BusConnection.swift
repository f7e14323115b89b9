import CDBus
import Foundation
import Glibc
import Synchronization
import UWBCore

/// A private connection to a D-Bus bus (libdbus), served by a loop thread of its own: it reads and
/// dispatches messages, sends what other threads post, answers method calls through a
/// ``BusMessageHandler`` and completes the calls it made when their answers come. Nothing waits
/// on the loop thread: a call's answer arrives as a message like any other, so the loop can serve
/// the calls BlueZ makes back while it handles one of ours (`RegisterApplication` reads the
/// application's objects before it answers).
///
/// `@unchecked Sendable`: libdbus is used on the loop thread only (after ``init(bus:)``); other
/// threads reach it by posting work, under ``posted``'s lock.
package final class BusConnection: @unchecked Sendable {
    private let raw: OpaquePointer
    private let descriptor: Int32
    private let waker: WakeSignal
    /// The bus the connection is on, for messages.
    package let busName: String
    /// The connection's unique name on the bus, such as `:1.42`.
    package let uniqueName: String
    private let posted = Mutex<(work: [@Sendable () -> Void], closed: Bool)>(([], false))
    /// The loop thread's only.
    private var handler: (any BusMessageHandler)?
    /// The loop thread's only.
    private var pendingCalls = BusPendingCalls()

    /// The time a call waits for its answer: D-Bus's customary 25 s.
    package static let callTimeout: Duration = .seconds(25)

    /// Connects to `bus` and registers with its daemon.
    ///
    /// - Throws: ``AccessoryBluetoothError/busUnavailable(bus:reason:)`` if the bus cannot be
    ///   reached or refuses the connection.
    package init(bus: BlueZBus) throws(AccessoryBluetoothError) {
        _ = dbus_threads_init_default()
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        var connection: OpaquePointer?
        switch bus {
        case .system:
            connection = dbus_bus_get_private(DBUS_BUS_SYSTEM, &error)
        case .address(let address):
            connection = dbus_connection_open_private(address, &error)
            if let opened = connection, dbus_bus_register(opened, &error) == 0 {
                dbus_connection_close(opened)
                dbus_connection_unref(opened)
                connection = nil
            }
        }
        guard let connection else {
            throw .busUnavailable(bus: "\(bus)", reason: Self.describe(error))
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        var descriptor: Int32 = -1
        guard dbus_connection_get_unix_fd(connection, &descriptor) != 0, let unique = dbus_bus_get_unique_name(connection) else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw .busUnavailable(bus: "\(bus)", reason: "the bus's transport is not a Unix socket; give a unix: address")
        }
        do {
            waker = try WakeSignal()
        } catch {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw .system(error.description)
        }
        raw = connection
        self.descriptor = descriptor
        busName = "\(bus)"
        uniqueName = String(cString: unique)
    }

    /// Starts the loop thread, handing method calls and signals to `handler` (kept until the
    /// connection closes), after asking the bus for the signals `matchRules` select.
    package func start(handler: any BusMessageHandler, matchRules: [String]) {
        self.handler = handler
        for rule in matchRules {
            // No error argument: libdbus sends the rule without waiting for the daemon's answer.
            dbus_bus_add_match(raw, rule, nil)
        }
        _ = dbus_connection_add_filter(raw, busFilter, Unmanaged.passUnretained(self).toOpaque(), nil)
        let thread = Thread { [self] in
            run()
        }
        thread.name = "dbus-\(uniqueName)"
        thread.start()
    }

    /// Runs `work` on the loop thread; false (and `work` never runs) once the connection is closed.
    @discardableResult
    package func post(_ work: @escaping @Sendable () -> Void) -> Bool {
        let accepted = posted.withLock { state in
            guard !state.closed else { return false }
            state.work.append(work)
            return true
        }
        if accepted { waker.raise() }
        return accepted
    }

    /// Runs `work` on the loop thread and returns what it returns; nil once the connection is closed.
    package func onLoop<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            let accepted = post { continuation.resume(returning: work()) }
            if !accepted { continuation.resume(returning: nil) }
        }
    }

    /// Sends `message` from the loop thread, without waiting for anything; false if libdbus
    /// refused it. Call it only on the loop thread (from a handler or posted work).
    @discardableResult
    package func sendOnLoop(_ message: BusOutgoing) -> Bool {
        guard let built = message.makeMessage() else { return false }
        defer { dbus_message_unref(built) }
        return dbus_connection_send(raw, built, nil) != 0
    }

    /// Sends `message` from any thread; false once the connection is closed.
    @discardableResult
    package func send(_ message: BusOutgoing) -> Bool {
        post { [self] in sendOnLoop(message) }
    }

    /// Calls a method and returns its answer.
    ///
    /// - Throws: ``BusCallError/remote(name:message:)`` for an error reply,
    ///   ``BusCallError/noReply`` after `timeout`, ``BusCallError/closed`` if the connection closes first.
    package func call(_ message: BusOutgoing, timeout: Duration = callTimeout) async throws(BusCallError) -> BusIncoming {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<BusIncoming, BusCallError>, Never>) in
            let accepted = post { [self] in
                guard let built = message.makeMessage() else { return continuation.resume(returning: .failure(.refused)) }
                defer { dbus_message_unref(built) }
                var serial: dbus_uint32_t = 0
                guard dbus_connection_send(raw, built, &serial) != 0 else { return continuation.resume(returning: .failure(.closed)) }
                pendingCalls.add(serial: serial, deadline: .now + timeout) { continuation.resume(returning: $0) }
            }
            if !accepted { continuation.resume(returning: .failure(.closed)) }
        }
        let reply = try result.get()
        guard reply.kind != .error else {
            throw .remote(name: reply.errorName ?? "", message: reply.errorText)
        }
        return reply
    }

    /// Sends what is queued, closes the connection and ends the loop thread; calls still awaiting
    /// answers fail with ``BusCallError/closed``. Work posted from here on never runs.
    package func close() {
        let first = posted.withLock { state in
            defer { state.closed = true }
            return !state.closed
        }
        if first { waker.raise() }
    }

    // MARK: The loop thread

    private func run() {
        while let work = takePosted() {
            work.forEach { $0() }
            dispatchAll()
            guard dbus_connection_read_write(raw, 0) != 0, dbus_connection_get_is_connected(raw) != 0 else { break }
            dispatchAll()
            pendingCalls.expire(now: .now)
            waitForInput()
        }
        finish()
    }

    private func takePosted() -> [@Sendable () -> Void]? {
        posted.withLock { state in
            guard !state.closed else { return nil }
            defer { state.work = [] }
            return state.work
        }
    }

    private func dispatchAll() {
        while dbus_connection_dispatch(raw) == DBUS_DISPATCH_DATA_REMAINS {}
    }

    /// Polls the bus socket (and for output while messages wait to be sent) and the waker until
    /// one is ready or the earliest pending call's deadline.
    private func waitForInput() {
        guard dbus_connection_get_dispatch_status(raw) != DBUS_DISPATCH_DATA_REMAINS else { return }
        let output = dbus_connection_has_messages_to_send(raw) != 0 ? Int16(POLLOUT) : 0
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN) | output, revents: 0),
            pollfd(fd: waker.readEnd, events: Int16(POLLIN), revents: 0),
        ]
        let timeout = pendingCalls.earliestDeadline.map { deadline -> Int32 in
            let remaining = ContinuousClock.now.duration(to: deadline).components
            let milliseconds = remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000 + 1
            return Int32(clamping: max(0, milliseconds))
        } ?? -1
        _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
        waker.lower()
    }

    private func finish() {
        posted.withLock { $0.closed = true }
        // Work posted before the close still runs (its sends are flushed; its calls fail below).
        let leftover = posted.withLock { state in
            defer { state.work = [] }
            return state.work
        }
        leftover.forEach { $0() }
        if dbus_connection_get_is_connected(raw) != 0 { dbus_connection_flush(raw) }
        pendingCalls.failAll()
        dbus_connection_remove_filter(raw, busFilter, Unmanaged.passUnretained(self).toOpaque())
        dbus_connection_close(raw)
        dbus_connection_unref(raw)
        let handler = self.handler
        self.handler = nil
        handler?.busClosed()
    }

    /// The filter every incoming message passes (on the loop thread, while it dispatches).
    fileprivate func filter(_ message: OpaquePointer) -> DBusHandlerResult {
        guard let incoming = BusIncoming(message) else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        switch incoming.kind {
        case .methodReturn, .error:
            return pendingCalls.complete(with: incoming) ? DBUS_HANDLER_RESULT_HANDLED : DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        case .signal:
            handler?.handleSignal(incoming)
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        case .methodCall:
            guard let reply = handler?.handleCall(incoming) else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
            if dbus_message_get_no_reply(message) == 0 { answer(message, with: reply) }
            return DBUS_HANDLER_RESULT_HANDLED
        }
    }

    private func answer(_ call: OpaquePointer, with reply: BusReply) {
        let built: OpaquePointer?
        switch reply {
        case .values(let values):
            built = dbus_message_new_method_return(call)
            if let built, !BusValue.append(values, to: built) {
                dbus_message_unref(built)
                return answer(call, with: .error(name: "org.freedesktop.DBus.Error.NoMemory", message: "the answer could not be built"))
            }
        case .error(let name, let text):
            built = dbus_message_new_error(call, name, text)
        }
        guard let built else { return }
        dbus_connection_send(raw, built, nil)
        dbus_message_unref(built)
    }

    private static func describe(_ error: DBusError) -> String {
        guard let name = error.name.map({ String(cString: $0) }) else { return "no reason given" }
        let message = error.message.map { String(cString: $0) } ?? ""
        return "\(name): \(message)"
    }
}

/// libdbus's filter function: hands the message to the ``BusConnection`` its user data points to.
private let busFilter: DBusHandleMessageFunction = { _, message, userData in
    guard let message, let userData else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
    return Unmanaged<BusConnection>.fromOpaque(userData).takeUnretainedValue().filter(message)
}
