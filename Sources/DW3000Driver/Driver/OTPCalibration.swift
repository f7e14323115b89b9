import UWBCore

/// The calibration a DW3000 carries in its OTP memory, read and checked at bring-up (the OTP
/// memory map: `Hardware/dw3000/otp.json`; UM §8.2.13 and the Qorvo API's `dwt_initialise`).
public struct OTPCalibration: Hashable, Sendable, CustomStringConvertible {
    /// The OTP word addresses the driver reads (`Hardware/dw3000/otp.json`).
    public enum Address {
        /// LDO_TUNE_LO.
        public static let ldoTuneLow: UInt16 = 0x04
        /// LDO_TUNE_HI.
        public static let ldoTuneHigh: UInt16 = 0x05
        /// PARTID.
        public static let partID: UInt16 = 0x06
        /// BIAS_TUNE, the bias in bits 20:16.
        public static let biasTune: UInt16 = 0x0A
        /// WSLOTID low word.
        public static let lotIDLow: UInt16 = 0x0D
        /// WSLOTID high word.
        public static let lotIDHigh: UInt16 = 0x0E
        /// XTRIM, the crystal trim in bits 7:0 (6 bits used).
        public static let crystalTrim: UInt16 = 0x1E
    }

    /// The crystal trim a chip without one in OTP gets: 0x2E (Qorvo API `DEFAULT_XTAL_TRIM`).
    public static let defaultCrystalTrim: UInt64 = 0x2E

    /// LDO_TUNE_LO and LDO_TUNE_HI, or `nil` when OTP holds none (both words blank).
    public let ldoTune: (low: UInt64, high: UInt64)?
    /// The bias tune (5 bits), or `nil` when OTP holds none.
    public let biasTune: UInt64?
    /// The crystal trim written to XTAL: OTP's, or ``defaultCrystalTrim`` when OTP holds none.
    public let crystalTrim: UInt64
    /// The part ID.
    public let partID: UInt64
    /// The lot ID (high word, low word).
    public let lotID: UInt64

    /// Reads and checks the calibration.
    ///
    /// - Throws: ``DW3000Error/otpValueOutOfRange(word:address:field:value:allowed:)`` when the
    ///   crystal trim is above 0x3F, or when the LDO and bias words are only partly programmed.
    init(reading otp: OTPReader) throws(DW3000Error) {
        let low = try otp.word(Address.ldoTuneLow)
        let high = try otp.word(Address.ldoTuneHigh)
        let bias = (try otp.word(Address.biasTune) >> 16) & DW3000Register.BiasCtrl.bias.maxValue
        let trim = try otp.word(Address.crystalTrim) & 0xFF
        try self.init(
            ldoTuneLow: low, ldoTuneHigh: high, biasTune: bias, crystalTrim: trim,
            partID: try otp.word(Address.partID),
            lotID: try otp.word(Address.lotIDHigh) << 32 | otp.word(Address.lotIDLow))
    }

    /// Checks raw OTP values.
    init(
        ldoTuneLow: UInt64, ldoTuneHigh: UInt64, biasTune: UInt64, crystalTrim: UInt64, partID: UInt64, lotID: UInt64
    ) throws(DW3000Error) {
        let programmed = [ldoTuneLow, ldoTuneHigh, biasTune].map { $0 != 0 }
        if programmed.contains(true), let blank = programmed.firstIndex(of: false) {
            let (word, address, field) = [
                ("LDO_TUNE_LO", Address.ldoTuneLow, "LDO_TUNE"), ("LDO_TUNE_HI", Address.ldoTuneHigh, "LDO_TUNE"),
                ("BIAS_TUNE", Address.biasTune, "BIAS"),
            ][blank]
            throw .otpValueOutOfRange(
                word: word, address: address, field: field, value: 0,
                allowed: "non-zero values (the LDO and bias words are programmed together, or all left blank)")
        }
        guard crystalTrim <= DW3000Register.Xtal.xtalTrim.maxValue else {
            throw .otpValueOutOfRange(
                word: "XTRIM", address: Address.crystalTrim, field: "XTAL_TRIM", value: crystalTrim, allowed: "0x00-0x3F")
        }
        ldoTune = programmed[0] ? (ldoTuneLow, ldoTuneHigh) : nil
        self.biasTune = programmed[2] ? biasTune : nil
        self.crystalTrim = crystalTrim == 0 ? Self.defaultCrystalTrim : crystalTrim
        self.partID = partID
        self.lotID = lotID
    }

    /// Two calibrations are equal when every value is.
    public static func == (lhs: OTPCalibration, rhs: OTPCalibration) -> Bool {
        lhs.ldoTune?.low == rhs.ldoTune?.low && lhs.ldoTune?.high == rhs.ldoTune?.high && lhs.biasTune == rhs.biasTune
            && lhs.crystalTrim == rhs.crystalTrim && lhs.partID == rhs.partID && lhs.lotID == rhs.lotID
    }

    /// Hashes every value.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ldoTune?.low)
        hasher.combine(ldoTune?.high)
        hasher.combine(biasTune)
        hasher.combine(crystalTrim)
        hasher.combine(partID)
        hasher.combine(lotID)
    }

    /// The values, in hexadecimal.
    public var description: String {
        let ldo = ldoTune.map { "\(DW3000Error.hex($0.low, digits: 8))/\(DW3000Error.hex($0.high, digits: 8))" } ?? "blank"
        return "LDO tune \(ldo), bias \(biasTune.map { DW3000Error.hex($0, digits: 2) } ?? "blank"), "
            + "crystal trim \(DW3000Error.hex(crystalTrim, digits: 2)), part \(DW3000Error.hex(partID, digits: 8)), "
            + "lot \(DW3000Error.hex(lotID, digits: 16))"
    }
}
