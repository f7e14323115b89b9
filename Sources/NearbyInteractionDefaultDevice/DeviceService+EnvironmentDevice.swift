import NearbyInteraction
import UWBDevices

extension DeviceService: EnvironmentDeviceOpening {
    /// The service on the device `environment`'s `UWB_DEVICE` names, with the UCI addressing its
    /// `UWB_UCI_ADDRESSES` names; or why there is none.
    public static func service(forEnvironment environment: [String: String]) -> Result<DeviceService, NIError> {
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

    /// A service on the device `choice` names, run with `settings`: a radio (`DeviceChoice.open(board:calibrationStore:)`)
    /// or a UCI device (`DeviceChoice.openUCIDevice(responseTimeout:)`).
    ///
    /// - Throws: `DeviceChoiceError` saying why the device cannot be used.
    public static func open(_ choice: DeviceChoice, settings: DeviceServiceSettings = DeviceServiceSettings()) throws(DeviceChoiceError) -> DeviceService {
        if case .uciDevice = choice {
            return DeviceService(uciDevice: try choice.openUCIDevice(), settings: settings)
        }
        return DeviceService(radio: try choice.open(), settings: settings)
    }
}
