import UCI

extension UCIHost {
    /// CORE: DEVICE_RESET (every session ends, then DEVICE_STATUS_NTF READY), GET_DEVICE_INFO,
    /// GET_CAPS_INFO, SET_CONFIG and GET_CONFIG (DEVICE_STATE read only, LOW_POWER_MODE).
    func handleCore(_ command: UCICommand) {
        switch command {
        case .deviceReset:
            endSessions()
            send(.response(.deviceReset(.ok)))
            reportReset()
        case .getDeviceInfo:
            send(.response(.deviceInfo(UCIDeviceInfo(
                status: .ok, uciVersion: uciVersion, macVersion: UCIServiceConstants.macVersion,
                phyVersion: UCIServiceConstants.phyVersion, uciTestVersion: UCIServiceConstants.testVersion,
                vendorSpecificInfo: UCIServiceConstants.vendorInfo))))
        case .getCapabilities:
            let array = slot.builder.array
            send(.response(.capabilities(status: .ok, UCICapabilities.parameters(
                channel: emulation.configuration.channel, hasArray: array != nil,
                fullDirection: array?.measuresFullDirection ?? false))))
        case .setConfig(let parameters):
            var refused: [UCIParameterStatus<UCIDeviceConfigID>] = []
            for parameter in parameters {
                if parameter.id == .lowPowerMode, parameter.value.count == 1, parameter.value[0] <= 1 {
                    lowPowerMode = parameter.value[0]
                } else {
                    refused.append(UCIParameterStatus(parameter.id, Self.configStatus(parameter.id)))
                }
            }
            send(.response(.setConfig(status: refused.isEmpty ? .ok : .invalidParameter, refused)))
        case .getConfig(let ids):
            let known = ids.compactMap(deviceConfig)
            send(.response(.getConfig(status: known.count == ids.count ? .ok : .invalidParameter, known)))
        default:
            break
        }
    }

    /// Why a device config parameter was not set: DEVICE_STATE is read only; LOW_POWER_MODE
    /// with a bad value is out of range; the rest are not supported.
    private static func configStatus(_ id: UCIDeviceConfigID) -> UCIStatus {
        switch id {
        case .deviceState: .readOnly
        case .lowPowerMode: .invalidRange
        default: .invalidParameter
        }
    }

    /// The value of a device config parameter the server has.
    private func deviceConfig(_ id: UCIDeviceConfigID) -> UCIParameter<UCIDeviceConfigID>? {
        switch id {
        case .deviceState: UCIParameter(id, integer: deviceState.rawValue)
        case .lowPowerMode: UCIParameter(id, integer: lowPowerMode)
        default: nil
        }
    }
}
