import UWBCore

/// The 6-bit opcode identifier (OID) of a control packet (octet 1, bits 5–0); its meaning
/// depends on the group, so the named values live in `UCIOpcodeID.Core`, `.SessionConfig` and
/// `.SessionControl`.
///
/// Unknown values are kept, so a UWBS can answer them with `UCIStatus.unknownOID`.
/// Source: pica `uci_packets.pdl` `CoreOpcodeId`, `SessionConfigOpcodeId`, `SessionControlOpcodeId`.
public struct UCIOpcodeID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The raw value; only the low 6 bits go on the wire.
    public let rawValue: UInt8
    /// Wraps a raw OID (masked to 6 bits).
    public init(rawValue: UInt8) { self.rawValue = rawValue & UCIConstants.opcodeMask }

    /// The OID in hex, e.g. `0x03`.
    public var description: String { "0x" + hexDigits(UInt64(rawValue), count: 2) }

    /// The opcodes of the CORE group.
    public enum Core {
        /// DEVICE_RESET cmd/rsp.
        public static let deviceReset = UCIOpcodeID(rawValue: 0x00)
        /// DEVICE_STATUS_NTF.
        public static let deviceStatus = UCIOpcodeID(rawValue: 0x01)
        /// GET_DEVICE_INFO cmd/rsp.
        public static let getDeviceInfo = UCIOpcodeID(rawValue: 0x02)
        /// GET_CAPS_INFO cmd/rsp.
        public static let getCapsInfo = UCIOpcodeID(rawValue: 0x03)
        /// SET_CONFIG cmd/rsp.
        public static let setConfig = UCIOpcodeID(rawValue: 0x04)
        /// GET_CONFIG cmd/rsp.
        public static let getConfig = UCIOpcodeID(rawValue: 0x05)
        /// GENERIC_ERROR_NTF.
        public static let genericError = UCIOpcodeID(rawValue: 0x07)
        /// QUERY_UWBS_TIMESTAMP cmd/rsp (UCI 2.0; not modelled as a typed message yet).
        public static let queryTimestamp = UCIOpcodeID(rawValue: 0x08)
    }

    /// The opcodes of the SESSION_CONFIG group.
    public enum SessionConfig {
        /// SESSION_INIT cmd/rsp.
        public static let initialize = UCIOpcodeID(rawValue: 0x00)
        /// SESSION_DEINIT cmd/rsp.
        public static let deinitialize = UCIOpcodeID(rawValue: 0x01)
        /// SESSION_STATUS_NTF.
        public static let status = UCIOpcodeID(rawValue: 0x02)
        /// SESSION_SET_APP_CONFIG cmd/rsp.
        public static let setAppConfig = UCIOpcodeID(rawValue: 0x03)
        /// SESSION_GET_APP_CONFIG cmd/rsp.
        public static let getAppConfig = UCIOpcodeID(rawValue: 0x04)
        /// SESSION_GET_COUNT cmd/rsp.
        public static let getCount = UCIOpcodeID(rawValue: 0x05)
        /// SESSION_GET_STATE cmd/rsp.
        public static let getState = UCIOpcodeID(rawValue: 0x06)
        /// SESSION_UPDATE_CONTROLLER_MULTICAST_LIST cmd/rsp/ntf.
        public static let updateControllerMulticastList = UCIOpcodeID(rawValue: 0x07)
    }

    /// The opcodes of the SESSION_CONTROL group.
    public enum SessionControl {
        /// SESSION_START cmd/rsp, and SESSION_INFO_NTF (the ranging results) on the same OID.
        public static let start = UCIOpcodeID(rawValue: 0x00)
        /// SESSION_STOP cmd/rsp.
        public static let stop = UCIOpcodeID(rawValue: 0x01)
        /// SESSION_GET_RANGING_COUNT cmd/rsp.
        public static let getRangingCount = UCIOpcodeID(rawValue: 0x03)
        /// SESSION_DATA_CREDIT_NTF.
        public static let dataCredit = UCIOpcodeID(rawValue: 0x04)
        /// SESSION_DATA_TRANSFER_STATUS_NTF.
        public static let dataTransferStatus = UCIOpcodeID(rawValue: 0x05)
    }
}

extension UCIOpcodeID {
    /// The opcodes of the Android vendor group (GID 0xC), which Android's UWB stack sends to every
    /// UWBS (pica `uci_packets.pdl`, `AndroidOpcodeId`).
    public enum Android {
        /// ANDROID_GET_POWER_STATS cmd/rsp.
        public static let getPowerStats = UCIOpcodeID(rawValue: 0x00)
        /// ANDROID_SET_COUNTRY_CODE cmd/rsp.
        public static let setCountryCode = UCIOpcodeID(rawValue: 0x01)
    }
}

/// Short names for the opcode namespaces, used by the message codecs.
typealias Core = UCIOpcodeID.Core
/// Short name for `UCIOpcodeID.SessionConfig`.
typealias Config = UCIOpcodeID.SessionConfig
/// Short name for `UCIOpcodeID.SessionControl`.
typealias Control = UCIOpcodeID.SessionControl
/// Short name for `UCIOpcodeID.Android`.
typealias Android = UCIOpcodeID.Android
