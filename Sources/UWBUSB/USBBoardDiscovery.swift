import Foundation
import Logging
import UWBCore

/// Finds attached boards: USB devices whose vendor and product id match a board description.
public enum USBBoardDiscovery {
    /// Every board description there is: the shipped ones and those in `searchPaths`
    /// (``BoardCatalog``'s order: the first directory holding an id wins, then the shipped
    /// boards), sorted by id. Directories that do not exist are skipped.
    ///
    /// - Throws: ``BoardDescriptionError`` if a board file is there but invalid.
    public static func catalogBoards(
        searchPaths: [String] = BoardCatalog.defaultSearchPaths
    ) throws(BoardDescriptionError) -> [BoardDescription] {
        var boards: [BoardDescription] = []
        for id in BoardCatalog.availableBoardIDs(searchPaths: searchPaths) {
            boards.append(try BoardCatalog.board(named: id, searchPaths: searchPaths))
        }
        return boards
    }

    /// The attached devices that match a description in `boards` by vendor and product id, in
    /// bus order. Each is opened briefly to read its serial number; a device that cannot be
    /// opened is still listed, with ``AttachedBoard/openError`` saying why.
    ///
    /// With `probingChips`, each device that opened is then claimed as an FT232H and its chips
    /// are reset and identified by DEV_ID on every chip-select the matching descriptions wire
    /// (``AttachedBoard/probe``, ``AttachedBoard/fittingBoards``). That resets the chips, so
    /// only a listing for the user (`uwb devices`) probes; a board another program holds answers
    /// with a busy error instead.
    ///
    /// - Throws: ``USBError`` if the bus cannot be enumerated.
    public static func attachedBoards(
        in context: USBContext, boards: [BoardDescription], probingChips: Bool = false,
        logger: Logger = USBLogging.logger()
    ) throws(USBError) -> [AttachedBoard] {
        try context.devices().compactMap { device -> AttachedBoard? in
            let descriptor = device.descriptor
            let matching = boards.filter {
                $0.usb.vendorID == descriptor.vendorID && $0.usb.productID == descriptor.productID
            }
            guard !matching.isEmpty else { return nil }
            let serial = readSerialNumber(of: device)
            if let problem = serial.failure {
                logger.warning("cannot open a USB board", metadata: [
                    USBLogging.deviceKey: "\(descriptor.location)", LogMetadataKey.error: "\(problem)",
                ])
            } else {
                logger.debug("USB board found", metadata: [
                    USBLogging.deviceKey: "\(descriptor.location)", LogMetadataKey.boardSerial: "\((try? serial.get()).flatMap { $0 } ?? "none")",
                ])
            }
            let probe = probingChips && serial.failure == nil
                ? probeChips(of: device, boards: matching, logger: logger) : nil
            return AttachedBoard(
                device: descriptor, serialNumber: try? serial.get(), openError: serial.failure,
                boards: matching.sorted { $0.id < $1.id }, probe: probe)
        }
        .sorted { first, second in
            first.device.busNumber != second.device.busNumber
                ? first.device.busNumber < second.device.busNumber
                : first.device.portPath.lexicographicallyPrecedes(second.device.portPath)
        }
    }

    /// Opens `device` just long enough to read its serial number.
    private static func readSerialNumber(of device: USBDevice) -> Result<String?, USBError> {
        do throws(USBError) {
            return .success(try USBDeviceHandle(device: device).serialNumber())
        } catch {
            return .failure(error)
        }
    }
}

extension Result {
    /// The error, if this is a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
