import Logging
import UCI
import UWBCore
import UWBEmulator

/// One connected host and the UWBS it sees: the device it was given, its device configuration
/// and its sessions. Lives on the world's thread; every message it sends goes out from there, so
/// a response always precedes the notifications its command causes.
final class UCIHost {
    /// Where its messages go.
    let connection: UCIConnection
    /// Its device in the room.
    let slot: UCIDeviceSlot
    /// The world, for the sessions' ranging.
    let emulation: Emulation
    /// The UCI version the UWBS reports (GET_DEVICE_INFO_RSP) and speaks.
    let uciVersion: UCIVersion
    /// Whether SESSION_INIT gives a session a handle (UCI 2.0) or its id stays the token.
    let givesHandles: Bool
    /// The device state the host was last told (CORE_DEVICE_STATUS_NTF).
    private var toldState = UCIDeviceState.ready
    /// The room, where data for other hosts' sessions goes.
    private(set) weak var room: UCIRoom?
    /// Its sessions, by handle.
    var sessions: [UInt32: UCISession] = [:]
    /// The next session handle to give.
    var nextHandle: UInt32 = 1
    /// LOW_POWER_MODE as the host set it (stored; the emulated device has no low-power mode).
    var lowPowerMode: UInt8 = 0
    /// The country code ANDROID_SET_COUNTRY_CODE set (stored; the radio keeps the scenario's channel).
    var countryCode: [UInt8] = []
    /// Where the host logs (``UCIServiceLogging``), with the `device` and `peer` metadata keys set.
    let logger: Logger
    /// Whether ``logger`` was at `trace` when the host was made: then every command is logged.
    /// Asked once, so that a host that does not trace pays one test of a stored flag per command.
    private let tracesCommands: Bool

    /// A host on `connection` given `slot`'s device in `room`, speaking `uciVersion` and giving
    /// sessions handles if `givesHandles`; tells it the UWBS is READY; it logs to `logger`.
    init(
        connection: UCIConnection, slot: UCIDeviceSlot, emulation: Emulation, uciVersion: UCIVersion, givesHandles: Bool,
        room: UCIRoom, logger: Logger = UCIServiceLogging.logger()
    ) {
        self.logger = logger
        tracesCommands = logger.logLevel == .trace
        self.connection = connection
        self.slot = slot
        self.emulation = emulation
        self.uciVersion = uciVersion
        self.givesHandles = givesHandles
        self.room = room
        slot.isTaken = true
        send(.notification(.deviceStatus(.ready)))
    }

    /// Handles what the reader made of the host's octets: a message, or a framing error.
    func receive(_ input: Result<UCIRawMessage, UCIError>) {
        switch input {
        case .failure(let error):
            logger.warning("bad UCI input: framing", metadata: [LogMetadataKey.error: "\(error)"])
            send(.notification(.genericError(UCIInputStatus.framing(error))))
        case .success(let raw):
            receive(raw)
        }
    }

    /// Ends every session and gives the device back: the host is gone.
    func detach() {
        endSessions()
        slot.isTaken = false
    }

    /// Ends every session without notifications (the host is gone, or reset the UWBS).
    func endSessions() {
        for session in sessions.values {
            session.ranging?.stop()
        }
        sessions = [:]
    }

    /// Sends a message to the host.
    func send(_ message: UCIMessage) {
        connection.send(message)
    }

    /// Sends SESSION_STATUS_NTF for a session's new state, then CORE_DEVICE_STATUS_NTF if the device's
    /// state changed with it (``reportDeviceState()``).
    func notifyState(of session: UCISession, reason: UCISessionStatusReason = .stateChangeWithSessionManagementCommands) {
        send(.notification(.sessionStatus(sessionToken: session.handle, state: session.state, reason: reason)))
        reportDeviceState()
    }

    /// The device's state: ACTIVE while one of its sessions is ACTIVE, READY otherwise (UCI generic
    /// specification, device states; google/pica and Android's `uwb_core` wait for each change).
    var deviceState: UCIDeviceState {
        sessions.values.contains { $0.state == .active } ? .active : .ready
    }

    /// Sends CORE_DEVICE_STATUS_NTF if ``deviceState`` is not what the host was last told.
    func reportDeviceState() {
        let state = deviceState
        guard state != toldState else { return }
        toldState = state
        send(.notification(.deviceStatus(state)))
    }

    /// Tells the host the device is READY again after a reset: every session ended.
    func reportReset() {
        toldState = .ready
        send(.notification(.deviceStatus(.ready)))
    }

    /// The message layouts the host speaks.
    var revision: UCIProtocolRevision { uciVersion.revision }

    private func receive(_ raw: UCIRawMessage) {
        if raw.header.messageType == .data {
            return handleData(raw)
        }
        guard case .control(.command, let group, let opcode) = raw.header else {
            // Responses and notifications go to hosts, never from them.
            logger.warning("bad UCI input: a host sent something other than a command or data", metadata: [
                "uci.header": "\(raw.header)"
            ])
            send(.notification(.genericError(.syntaxError)))
            return
        }
        let command: UCICommand
        do {
            command = try UCICommand(decoding: raw)
        } catch {
            logger.warning("bad UCI input: undecodable command", metadata: [
                LogMetadataKey.error: "\(error)", "uci.group": "\(group)", "uci.opcode": "\(opcode)",
            ])
            answer(group: group, opcode: opcode, UCIInputStatus.payload(error))
            return
        }
        if tracesCommands {
            logger.trace("UCI command: \(command)")
        }
        handle(command)
    }

    /// Answers a command with a response of its group and opcode carrying only `status`.
    func answer(group: UCIGroupID, opcode: UCIOpcodeID, _ status: UCIStatus) {
        send(.response(.unknown(group: group, opcode: opcode, payload: [status.rawValue])))
    }

    private func handle(_ command: UCICommand) {
        switch command {
        case .deviceReset, .getDeviceInfo, .getCapabilities, .setConfig, .getConfig:
            handleCore(command)
        case .sessionInit, .sessionDeinit, .setAppConfig, .getAppConfig, .getSessionCount, .getSessionState,
             .updateMulticastList:
            handleSessionConfig(command)
        case .sessionStart, .sessionStop, .getRangingCount:
            handleSessionControl(command)
        case .androidGetPowerStats, .androidSetCountryCode:
            handleAndroid(command)
        case .unknown(let group, let opcode, _):
            answer(group: group, opcode: opcode, unknownCommandStatus(group: group))
        }
    }
}
