import DW3000Driver
import Foundation
import RegisterMapGenerator
import Testing
import UWBCore

/// The DW3000 limits of the generator, and spot checks of the generated map against the sources.
@Suite struct DW3000RegisterMapTests {
    private static func document(_ files: String, device: String = "DW3000") -> Data {
        Data(#"{"device": "\#(device)", "source": "test", "files": [\#(files)]}"#.utf8)
    }

    private static func file(id: String = "0x00", length: Int = 8, subregisters: String = "") -> String {
        #"{"id": "\#(id)", "name": "GEN_CFG", "length": \#(length), "access": "RW", "section": "8.2.2", "description": "x""#
            + (subregisters.isEmpty ? "}" : #", "subregisters": [\#(subregisters)]}"#)
    }

    @Test func refusesABaseAddressAbove0x1F() {
        #expect(throws: RegisterMapError.fileIDOutOfRange(path: "files[0].id", id: 0x20, maximum: 0x1F)) {
            try RegisterMap(json: Self.document(Self.file(id: "0x20")), layout: .dw3000)
        }
    }

    @Test func refusesASubAddressAbove0x7F() {
        let sub = #"{"offset": "0x80", "name": "LATE", "length": 1, "access": "RW", "section": "8.2.2.1", "description": "x"}"#
        #expect(throws: RegisterMapError.subIndexOutOfRange(path: "files[0].subregisters[0].offset", offset: 0x80, maximum: 0x7F)) {
            try RegisterMap(json: Self.document(Self.file(length: 0x90, subregisters: sub)), layout: .dw3000)
        }
    }

    @Test func refusesALengthPastTheLongestTransfer() {
        #expect(throws: RegisterMapError.invalidLength(path: "files[0].length", length: 0x3101, lastOctet: 0x30FF)) {
            try RegisterMap(json: Self.document(Self.file(length: 0x3101)), layout: .dw3000)
        }
    }

    @Test func refusesAnotherChipsMap() {
        #expect(throws: RegisterMapError.wrongDevice(path: "device", device: "DW1000", expected: "DW3000")) {
            try RegisterMap(json: Self.document(Self.file(), device: "DW1000"), layout: .dw3000)
        }
    }

    @Test func generatedRegistersMatchTheSources() {
        // Addresses and lengths as deca_regs.h (ID = file << 16 | offset) and dw3000-ng's ll.rs give them.
        let expected: [(DW3000Register, UInt8, UInt16, Int)] = [
            (.devId, 0x00, 0x00, 4), (.sysCfg, 0x00, 0x10, 4), (.txFctrl, 0x00, 0x24, 6), (.dxTime, 0x00, 0x2C, 4),
            (.rxFwto, 0x00, 0x34, 3), (.sysEnable, 0x00, 0x3C, 6), (.sysStatus, 0x00, 0x44, 6), (.rxFinfo, 0x00, 0x4C, 4),
            (.rxTime, 0x00, 0x64, 5), (.txTime, 0x00, 0x74, 5), (.txAntd, 0x01, 0x04, 2), (.chanCtrl, 0x01, 0x14, 2),
            (.stsKey, 0x02, 0x0C, 16), (.stsIv, 0x02, 0x1C, 16), (.dgcLut6, 0x03, 0x50, 4), (.rxCalSts, 0x04, 0x20, 1),
            (.ldoCtrl, 0x07, 0x48, 4), (.pllCfg, 0x09, 0x00, 2), (.xtal, 0x09, 0x14, 1), (.otpRdata, 0x0B, 0x10, 4),
            (.ipTs, 0x0C, 0x00, 8), (.pdoa, 0x0C, 0x1E, 2), (.ciaConf, 0x0E, 0x00, 4), (.softRst, 0x11, 0x00, 1),
            (.rxBuffer0, 0x12, 0x00, 1024), (.txBuffer, 0x14, 0x00, 1024), (.accMem, 0x15, 0x00, 12_288),
        ]
        for (register, file, offset, length) in expected {
            #expect((register.file, register.offset, register.length) == (file, offset, length), "\(register)")
        }
        #expect(DW3000Register.devId.resetValue == 0xDECA_0302)
        #expect(DW3000Register.SysStatus.hpdwarn.lowBit == 27)
        #expect(DW3000Register.SysStatus.rxfcg.access == .writeOneToClear)
        #expect(DW3000Register.sysStatus.description == "SYS_STATUS (0x00:44, 6 octets, SRW)")
        #expect(DW3000Register.sysStatus.fields.count == 39)
    }
}
