import Foundation
import Synchronization
import UWBDevices

extension DeviceService {
    /// The process's default service, as chosen so far.
    private enum ProcessDefault {
        /// Nothing chosen yet: the first use reads `UWB_DEVICE`.
        case unresolved
        /// Chosen: a service, or why there is none.
        case chosen(Result<DeviceService, NIError>)
    }

    /// The service of the current task, set by ``withDefault(_:operation:)``.
    @TaskLocal private static var taskDefault: DeviceService?

    private static let processDefault = Mutex(ProcessDefault.unresolved)

    /// Makes `service` the one `NISession()` uses in this process, replacing the radio `UWB_DEVICE`
    /// names; `nil` goes back to `UWB_DEVICE` (read again at the next session).
    public static func setDefault(_ service: DeviceService?) {
        processDefault.withLock { $0 = service.map { .chosen(.success($0)) } ?? .unresolved }
    }

    /// Runs `operation` with `service` as the one `NISession()` and ``NISession/isSupported`` use
    /// in the current task (and tasks it creates), whatever the process default is. For tests that
    /// run side by side, each with its own emulated radio.
    public static func withDefault<Result>(_ service: DeviceService, operation: () throws -> Result) rethrows -> Result {
        try $taskDefault.withValue(service, operation: operation)
    }

    /// The service `NISession()` uses here: the task's, else the process's, else one on the device
    /// `UWB_DEVICE` names; or why there is none (``NIError/init(openingRadio:)``:
    /// ``NIError/Code/userDidNotAllow`` without permission to open the USB board, else
    /// ``NIError/Code/unsupportedPlatform``).
    static var current: Swift.Result<DeviceService, NIError> {
        if let service = taskDefault {
            return .success(service)
        }
        return processDefault.withLock { state in
            if case .chosen(let result) = state {
                return result
            }
            let result = resolve(environment: ProcessInfo.processInfo.environment)
            state = .chosen(result)
            return result
        }
    }

    /// The service on the device `environment`'s `UWB_DEVICE` names, with the UCI addressing its
    /// `UWB_UCI_ADDRESSES` names; or why there is none.
    static func resolve(environment: [String: String]) -> Swift.Result<DeviceService, NIError> {
        var settings = DeviceServiceSettings()
        if let value = environment[UCIAddressing.environmentVariable] {
            guard let addressing = UCIAddressing(rawValue: value) else {
                return .failure(NIError(.unsupportedPlatform, detail: "\(UCIAddressing.environmentVariable)=\(value) names no addressing: write short or extended, or leave it unset"))
            }
            settings.uciAddressing = addressing
        }
        do {
            return .success(try open(try DeviceChoice.fromEnvironment(environment), settings: settings))
        } catch {
            return .failure(NIError(openingRadio: error))
        }
    }

    /// A service on the device `choice` names, run with `settings`: a radio (``DeviceChoice/open(board:calibrationStore:)``)
    /// or a UCI device (``DeviceChoice/openUCIDevice(responseTimeout:)``).
    ///
    /// - Throws: ``DeviceChoiceError`` saying why the device cannot be used.
    public static func open(_ choice: DeviceChoice, settings: DeviceServiceSettings = DeviceServiceSettings()) throws(DeviceChoiceError) -> DeviceService {
        if case .uciDevice = choice {
            return DeviceService(uciDevice: try choice.openUCIDevice(), settings: settings)
        }
        return DeviceService(radio: try choice.open(), settings: settings)
    }
}
