import Foundation
import simd

/// Which message of a DL-TDoA round a measurement is (Apple: iOS 26).
public enum NIDLTDOAMeasurementType: Int, Sendable {
    /// The initiator anchor's Poll.
    case poll = 0
    /// A responder anchor's Response.
    case response = 1
    /// The initiator anchor's Final.
    case final = 2
}

/// How a measurement's anchor coordinates are given (Apple: iOS 26).
public enum NIDLTDOACoordinatesType: Int, Sendable {
    /// Latitude, longitude and altitude.
    case geodetic = 0
    /// Metres in the site's own frame.
    case relative = 1
}

/// One message of a DL-TDoA round as the device received it (Apple: iOS 26, with the iOS 27
/// additions): which anchor sent it and where it stands, when it left by the anchor's clock and
/// arrived by the device's, and how it was received.
///
/// Times are in seconds of each device's 40-bit UWB clock (15.65 ps ticks, wrapping every 17.2 s);
/// the raw times are the ticks. The receive time has the receiver's range bias taken off.
///
/// `@unchecked Sendable`: its state is immutable.
public final class NIDLTDOAMeasurement: NSObject, NSCopying, @unchecked Sendable {
    /// The anchor's address (its short address on swift-uwb's anchors).
    public let address: UInt64
    /// Which message of the round it is.
    public let measurementType: NIDLTDOAMeasurementType
    /// When the message left the anchor, by the anchor's clock, in seconds.
    public let transmitTime: Double
    /// When the message reached this device, by its clock, in seconds.
    public let receiveTime: Double
    /// The received signal level, in dBm.
    public let signalStrength: Double
    /// The anchor's carrier frequency offset against this device's, in parts per million (positive
    /// when the anchor's clock runs fast).
    public let carrierFrequencyOffset: Double
    /// How ``coordinates`` are given: ``NIDLTDOACoordinatesType/relative`` for swift-uwb's anchors.
    public let coordinatesType: NIDLTDOACoordinatesType
    /// The anchor's position: x, y, z in metres (relative), or latitude, longitude in degrees and
    /// altitude in metres (geodetic).
    public let coordinates: simd_double3
    /// The address of the anchor that initiated the round (Apple: iOS 27).
    public let clusterInitiatorAddress: UInt64
    /// ``transmitTime`` in clock ticks (Apple: iOS 27).
    public let rawTransmitTime: UInt64
    /// ``receiveTime`` in clock ticks (Apple: iOS 27).
    public let rawReceiveTime: UInt64
    /// For a Response, the initiator's clock offset the responder measured and sent, in parts per
    /// million; nil for a Poll or a Final (Apple: iOS 27).
    public let responderClockFrequencyOffset: Double?
    /// The anchor's floor and height above it, where the anchor sends them (Apple: iOS 27).
    public let floorElevation: FloorElevation?

    /// A measurement with the given values.
    public init(
        address: UInt64, measurementType: NIDLTDOAMeasurementType, transmitTime: Double, receiveTime: Double,
        signalStrength: Double, carrierFrequencyOffset: Double, coordinatesType: NIDLTDOACoordinatesType,
        coordinates: simd_double3, clusterInitiatorAddress: UInt64, rawTransmitTime: UInt64, rawReceiveTime: UInt64,
        responderClockFrequencyOffset: Double?, floorElevation: FloorElevation? = nil
    ) {
        self.address = address
        self.measurementType = measurementType
        self.transmitTime = transmitTime
        self.receiveTime = receiveTime
        self.signalStrength = signalStrength
        self.carrierFrequencyOffset = carrierFrequencyOffset
        self.coordinatesType = coordinatesType
        self.coordinates = coordinates
        self.clusterInitiatorAddress = clusterInitiatorAddress
        self.rawTransmitTime = rawTransmitTime
        self.rawReceiveTime = rawReceiveTime
        self.responderClockFrequencyOffset = responderClockFrequencyOffset
        self.floorElevation = floorElevation
        super.init()
    }

    /// The measurement itself: it is immutable.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
