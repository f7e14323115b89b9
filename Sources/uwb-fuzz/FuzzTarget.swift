import AccessoryProtocol
import FT232H
import FT232HEmulation
import Foundation
import NearbyInteraction
import UCI
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBPlot
import UWBPositioning
import UWBRanging

/// One decoder that takes bytes from outside the program, to be fed arbitrary input: it must turn
/// every input into a value or a typed error, never trap, hang or grow without bound.
enum FuzzTarget: String, CaseIterable {
    /// An IEEE 802.15.4 MAC frame as the radio delivers it (`MACFrame(decoding:)`, FCS checked).
    case macFrame = "mac-frame"
    /// A ranging frame, two-party or group, plain or secured (`RangingFrame(decoding:)`), then
    /// checked and authenticated by a secured link: its addresses, key index, MIC (every slot of a
    /// group frame) and frame counter.
    case rangingFrame = "ranging-frame"
    /// An archived discovery token as apps exchange them (`NIDiscoveryToken.unarchived(from:)`:
    /// the binary property list, the keyed archive and the token payload).
    case token
    /// A scenario file (`Scenario(jsonData:)`), boards from the repository's catalogue.
    case scenario
    /// A board description file (`BoardDescription(jsonData:)`).
    case board
    /// A message from an app to the emulator service (`EmulatorRequest(decoding:)`).
    case serviceRequest = "service-request"
    /// A message from the emulator service to an app (`EmulatorReply(decoding:)`).
    case serviceReply = "service-reply"
    /// The byte stream a host writes to an FT232H's MPSSE engine, as the emulated FT232H interprets it
    /// against two virtual DW1000s, reading back what it answers.
    case mpsse
    /// A UCI byte stream as a host or a UWBS receives it over TCP or a serial port: cut into packets and
    /// joined into messages (`UCIReassembler`, fed in pieces), each message decoded in UCI 1.x's and
    /// 2.0's layouts (`UCIMessage(decoding:version:)`) and what decodes encoded again.
    case uciStream = "uci-stream"
    /// A pcapng trace as `uwb plot trace` reads it (`PcapngReader(bytes:)`).
    case pcapng
    /// A calibration store file (`CalibrationStore(jsonData:)`).
    case calibrationStore = "calibration-store"
    /// A message of Apple's Nearby Interaction accessory protocol as an accessory or a phone
    /// receives it (`AccessoryMessage(octets:)`), its configuration data decoded as the accessory's
    /// (`AccessoryConfigurationData`, then its UWB block; Android's 18 octets) or the phone's
    /// (`ShareableConfigurationData`; Android's 14 octets) and the FiRa session it sets up, what
    /// decodes encoded again, and the message taken by an accessory's conversation after an
    /// iPhone's and after an Android phone's initialise.
    case accessoryMessage = "accessory-message"
    /// A log of accumulators as `uwb cir detect` reads it (`CIRLog.parse`: a DecaRanging log or `uwb cir`
    /// JSON lines), each frame read then detected (`AccumulatorDetection`).
    case cirLog = "cir-log"
    /// A frame a DL-TDoA tag or anchor hears (`DownlinkTDoAFrame.decoded(from:)`: the MAC frame,
    /// then the message's payload, whose Final says how many entries follow), encoded again when it
    /// decodes.
    case downlinkTDoAFrame = "dl-tdoa-frame"

    /// Feeds `bytes` to the decoder; its errors are the expected answer to bad input. Returns
    /// whether the decoder accepted them.
    @discardableResult
    func run(_ bytes: [UInt8]) -> Bool {
        switch self {
        case .macFrame:
            return (try? MACFrame(decoding: bytes)) != nil
        case .rangingFrame:
            guard let frame = try? RangingFrame(decoding: bytes) else { return false }
            let link = Self.securedLink()
            _ = try? link.accept(frame, octets: bytes)
            for slot in 0..<(frame.protection?.codes.count ?? 0) {
                _ = try? link.authenticate(frame, octets: bytes, slot: slot)
            }
            return true
        case .token:
            return (try? NIDiscoveryToken.unarchived(from: Data(bytes))) != nil
        case .scenario:
            return (try? Scenario(jsonData: Data(bytes), boardSearchPaths: Self.boards)) != nil
        case .board:
            return (try? BoardDescription(jsonData: Data(bytes))) != nil
        case .serviceRequest:
            return (try? EmulatorRequest(decoding: bytes)) != nil
        case .serviceReply:
            return (try? EmulatorReply(decoding: bytes)) != nil
        case .mpsse:
            return Self.feedMPSSE(bytes)
        case .uciStream:
            return Self.feedUCI(bytes)
        case .pcapng:
            return (try? PcapngReader(bytes: bytes)) != nil
        case .calibrationStore:
            return (try? CalibrationStore(jsonData: Data(bytes))) != nil
        case .accessoryMessage:
            return Self.feedAccessoryMessage(bytes)
        case .cirLog:
            return Self.feedCIRLog(bytes)
        case .downlinkTDoAFrame:
            guard let frame = try? DownlinkTDoAFrame.decoded(from: bytes) else { return false }
            _ = try? frame.encoded()
            return true
        }
    }

    /// Reads a log of accumulators and detects the first path in every frame; whether a frame was detected.
    private static func feedCIRLog(_ bytes: [UInt8]) -> Bool {
        var detected = false
        for case .frame(let frame) in CIRLog.parse(Data(bytes), path: "fuzz") {
            let detection = try? AccumulatorDetection(
                samples: frame.samples, firstIndex: frame.firstSampleIndex, symbols: frame.preambleSymbols,
                format: .dw1000(frame.pulseRepetitionFrequency), detector: .driver)
            detected = detected || detection != nil
        }
        return detected
    }

    /// Decodes an accessory protocol message and the data it carries, encoding again what decodes;
    /// whether the message decoded.
    private static func feedAccessoryMessage(_ bytes: [UInt8]) -> Bool {
        guard let message = try? AccessoryMessage(octets: bytes) else { return false }
        _ = message.octets
        switch message {
        case .configurationData(let payload):
            if let data = try? AccessoryConfigurationData(octets: payload) {
                _ = try? data.encoded()
                _ = (try? AccessoryUWBConfiguration(octets: data.uwbConfiguration))?.octets
            }
            _ = try? (try? AndroidAccessoryConfigurationData(octets: payload))?.encoded()
        case .configureAndStart(let payload):
            if let data = try? ShareableConfigurationData(octets: payload) {
                _ = try? data.encoded()
                _ = try? AccessoryFiRaSession(data, side: .phone, accessoryAddress: Self.accessoryBlock.macAddress).keySchedule()
            }
            if let data = try? AndroidPhoneConfigurationData(octets: payload) {
                _ = try? data.encoded()
                _ = try? AccessoryFiRaSession(android: data, side: .phone, accessoryAddress: Self.accessoryBlock.macAddress).parameters
            }
        default:
            break
        }
        for initialise in [AccessoryMessage.initialize, .initializeAndroid] {
            var conversation = AccessoryConversation(uwb: Self.accessoryBlock)
            _ = try? conversation.receive(initialise)
            _ = try? conversation.receive(message)
        }
        return true
    }

    /// The accessory whose conversation takes the fuzzed messages: the DWM3001CDK's UWB block
    /// (Qorvo's forum, thread 21738).
    private static let accessoryBlock = AccessoryUWBConfiguration(
        manufacturerID: 0x0003_F53F, modelID: 3000, middlewareMajorVersion: 0, middlewareMinorVersion: 0x0101, rangingRole: 1,
        macAddress: 0xD711, clockDrift: 0x19)

    /// Feeds `bytes` to a reassembler in pieces of 7 octets (so that packets straddle the pieces), decodes
    /// every message it completes in both layouts and encodes again what decodes; whether any message
    /// decoded.
    private static func feedUCI(_ bytes: [UInt8]) -> Bool {
        var reassembler = UCIReassembler()
        var decoded = false
        for start in stride(from: 0, to: bytes.count, by: 7) {
            reassembler.append(bytes[start..<min(start + 7, bytes.count)])
            for case .success(let raw) in reassembler.drain() {
                for version in [UCIProtocolRevision.v1, .v2] {
                    guard let message = try? UCIMessage(decoding: raw, version: version) else { continue }
                    decoded = true
                    _ = try? message.encoded(version: version).packetOctets()
                }
            }
        }
        _ = try? reassembler.finish()
        return decoded
    }

    /// The keys of the secured link the decoded ranging frames are checked against: those of the
    /// secured golden frames of the tests (initiator 00…0F, responder 10…1F).
    private static let keys = try? SessionKeys(
        initiatorKey: Array(0x00...0x0F), responderKey: Array(0x10...0x1F),
        initiatorNonceAddress: 0x0102_0304_0506_0708, responderNonceAddress: 0x1112_1314_1516_1718)

    /// A fresh secured responder link of the golden session, so every input meets the same
    /// counters.
    private static func securedLink() -> RangingLink {
        RangingLink(
            session: SessionIdentifier(rawValue: 0xDEAD_BEEF), pan: RangingFrameFormat.defaultPAN, localAddress: 0x0002,
            peerAddress: 0x0001, protection: keys.map { LinkProtection(keys: $0, role: .responder) })
    }

    /// The repository's board catalogue (this executable runs from the repository).
    private static let boards = BoardCatalog.defaultSearchPaths

    /// The dual-chip FT232H board the MPSSE stream drives, read once.
    private static let dualBoard = try? BoardCatalog.board(named: "ft232h-dw1000-dual", searchPaths: boards)

    /// Writes `bytes` to a fresh emulated FT232H wired to a dual-chip board, in the chunks a USB
    /// bulk transfer carries, and reads back what it answers; whether it took every chunk.
    private static func feedMPSSE(_ bytes: [UInt8]) -> Bool {
        guard let board = dualBoard else { return false }
        let device = EmulatedFT232H(board: board, chips: StandaloneChips.make(for: board))
        let mpsse = UInt16(FTDIBitMode.mpsse.rawValue) << 8
        guard (try? device.control(request: FTDIRequest.setBitMode.rawValue, value: mpsse, index: 1, timeout: .milliseconds(10))) != nil
        else { return false }
        for start in stride(from: 0, to: bytes.count, by: 512) {
            let chunk = Array(bytes[start..<min(start + 512, bytes.count)])
            guard (try? device.write(chunk, timeout: .milliseconds(10))) != nil else { return false }
            _ = try? device.read(capacity: 4096, timeout: .milliseconds(10))
        }
        return true
    }
}
