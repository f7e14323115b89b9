import Foundation
import Synchronization

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
    /// `UWB_DEVICE` names (``open(environment:with:)``); or why there is none:
    /// ``NIError/Code/userDidNotAllow`` without permission to open the USB board, else
    /// ``NIError/Code/unsupportedPlatform``.
    static var current: Swift.Result<DeviceService, NIError> {
        if let service = taskDefault {
            return .success(service)
        }
        return processDefault.withLock { state in
            if case .chosen(let result) = state {
                return result
            }
            let result = open(environment: ProcessInfo.processInfo.environment)
            state = .chosen(result)
            return result
        }
    }

    /// The service on the device `environment` names (`UWB_DEVICE`), through `opener`: by default
    /// ``DeviceService``'s conformance to ``EnvironmentDeviceOpening``, which
    /// `NearbyInteractionDefaultDevice` adds when it is linked (the `NearbyInteraction` product);
    /// without it, why there is none.
    static func open(
        environment: [String: String],
        with opener: (any EnvironmentDeviceOpening.Type)? = DeviceService.self as? any EnvironmentDeviceOpening.Type
    ) -> Swift.Result<DeviceService, NIError> {
        guard let opener else {
            return .failure(NIError(.unsupportedPlatform, detail: Self.noDeviceOpener))
        }
        return opener.service(forEnvironment: environment)
    }

    /// Why `NISession()` has no device in a program that links sessions without the module that
    /// opens the device `UWB_DEVICE` names.
    static let noDeviceOpener = "NISession() has no device: this program links NearbyInteraction's sessions without "
        + "NearbyInteractionDefaultDevice, so nothing opens the device UWB_DEVICE names; give each session its device "
        + "(NISession(device: DeviceService(radio:)) or DeviceService(uciDevice:)), or set one for the process with "
        + "DeviceService.setDefault(_:), or depend on the NearbyInteraction product, which opens UWB_DEVICE"
}
