import Logging
import UWBCore

extension DW1000 {
    /// The SYS_STATUS events the driver handles and therefore unmasks in SYS_MASK: TX done,
    /// good and bad receptions, and every receive timeout (UM §7.2.16).
    static let handledEvents: UInt64 = DW1000Register.SysStatus.txfrs.mask
        | DW1000Register.SysStatus.rxfcg.mask | DW1000Register.SysStatus.rxfce.mask
        | DW1000Register.SysStatus.rxphe.mask | DW1000Register.SysStatus.rxrfsl.mask
        | DW1000Register.SysStatus.rxrfto.mask | DW1000Register.SysStatus.rxpto.mask
        | DW1000Register.SysStatus.rxsfdto.mask | DW1000Register.SysStatus.ldeerr.mask
        | DW1000Register.SysStatus.affrej.mask

    /// OTP word holding the LDO tuning calibration; non-zero means "kick LDO_KICK" (UM §6.3.1).
    static let otpLDOTuneAddress: UInt64 = 0x004
    /// OTP word holding the crystal trim in bits 4:0 (UM §6.3.1).
    static let otpCrystalTrimAddress: UInt64 = 0x01E
    /// Crystal trim when OTP holds none: mid-range, as Decawave's driver uses.
    static let defaultCrystalTrim: UInt64 = 0x10
    /// FS_XTALT bits 7:5 must stay 011 (UM §7.2.44.4).
    static let crystalTrimFixedBits: UInt64 = 0x60

    /// The bring-up sequence of Decawave's `dwt_initialise`, checked step by step: on the slow
    /// SPI clock until the clock PLL locks, on the fast one from then on (UM §2.3.2).
    func bringUp() throws {
        try port.bus.useClock(.initial)
        try port.bus.reset(chip)
        try identify()
        try softReset()
        try port.write(.pmscCtrl0, value: DW1000Register.PmscCtrl0.sysclks.placing(0b01), count: 1)
        try port.write(.ecCtrl, value: DW1000Register.EcCtrl.pllldt.placing(1))
        if try readOTP(Self.otpLDOTuneAddress) & 0xFF != 0 {
            try port.write(.otpSf, value: DW1000Register.OtpSf.ldoKick.placing(1))
        }
        let trim = try readOTP(Self.otpCrystalTrimAddress) & DW1000Register.FsXtalt.xtalt.mask
        logger.debug(trim == 0 ? "no crystal trim in OTP, using the mid-range trim" : "crystal trim from OTP", metadata: [
            "crystal_trim": "\(trim == 0 ? Self.defaultCrystalTrim : trim)"
        ])
        try port.write(.fsXtalt, value: Self.crystalTrimFixedBits | (trim == 0 ? Self.defaultCrystalTrim : trim))
        try loadLeadingEdgeDetectionCode()
        try waitUntil("clock PLL lock") { try self.port.readValue(.sysStatus, count: 1) & DW1000Register.SysStatus.cplock.mask != 0 }
        try port.bus.useClock(.fast)
        try port.write(.sysStatus, value: Self.handledEvents | DW1000Register.SysStatus.cplock.mask, count: 4)
        try port.write(.sysMask, value: Self.handledEvents)
    }

    /// Resets everything but the always-on block: clocks to the crystal, SOFTRESET low, then high
    /// (UM §7.2.50.1, Decawave `dwt_softreset`).
    private func softReset() throws {
        try port.write(.pmscCtrl0, value: DW1000Register.PmscCtrl0.sysclks.placing(0b01), count: 1)
        try port.write(.pmscCtrl0, value: 0x00, offset: 3, count: 1)
        try port.write(.pmscCtrl0, value: 0xF0, offset: 3, count: 1)
    }

    /// Reads one 32-bit OTP word (Decawave `_dwt_otpread`): address, OTPRDEN|OTPREAD, release, data.
    private func readOTP(_ address: UInt64) throws -> UInt64 {
        try port.write(.otpAddr, value: address)
        try port.write(.otpCtrl, value: DW1000Register.OtpCtrl.otprden.placing(1) | DW1000Register.OtpCtrl.otpread.placing(1), count: 1)
        try port.write(.otpCtrl, value: 0x00, count: 1)
        return try port.readValue(.otpRdat)
    }

    /// Loads the LDE microcode from ROM (UM §2.5.5.10, Table 4): system clock on the crystal,
    /// LDELOAD, wait until it clears itself, system clock back to automatic.
    private func loadLeadingEdgeDetectionCode() throws {
        try port.write(.pmscCtrl0, value: 0x0301, count: 2)
        try port.write(.otpCtrl, value: DW1000Register.OtpCtrl.ldeload.placing(1))
        try waitUntil("the LDE microcode load") { try self.port.readValue(.otpCtrl) & DW1000Register.OtpCtrl.ldeload.mask == 0 }
        try port.write(.pmscCtrl0, value: 0x0200, count: 2)
    }

    /// Reads until `condition` holds, at most ``DW1000Constants/pollLimit`` times.
    private func waitUntil(_ step: String, _ condition: () throws -> Bool) throws {
        for _ in 0..<DW1000Constants.pollLimit where try condition() {
            logger.trace("bring-up step finished: \(step)")
            return
        }
        throw DW1000Error.stepDidNotFinish(step, chip: chip)
    }
}
