import UWBCore

/// Reads 32-bit words of the DW3000's OTP memory (UM §8.2.13 and the OTP memory map; Qorvo API
/// `dwt_otpread`): manual control on, the address, the read strobe, then OTP_RDATA.
struct OTPReader {
    /// The chip whose OTP is read.
    let port: DW3000RegisterPort

    /// The word at `address`.
    func word(_ address: UInt16) throws(DW3000Error) -> UInt64 {
        try DW3000.onBus { () throws(SPIBusError) in
            try port.write(.otpCfg, value: DW3000Register.OtpCfg.otpManCtrEn.mask)
            try port.write(.otpAddr, value: UInt64(address))
            try port.write(.otpCfg, value: DW3000Register.OtpCfg.otpRead.mask)
            return try port.readValue(.otpRdata)
        }
    }
}
