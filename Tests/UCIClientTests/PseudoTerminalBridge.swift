import Foundation
import UCIService
import UWBCore
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal standing in for a FiRa board's serial port: what the program writes to
/// ``path`` goes to a UCI server over TCP, and what the server answers comes back, as a board's
/// UCI firmware would on USB CDC-ACM.
final class PseudoTerminalBridge: @unchecked Sendable {
    /// The terminal's path (`/dev/pts/N`): give it to the program as its serial port.
    let path: String
    private let master: Int32
    private let socket: TCPSocket

    /// A bridge to the server on `port` of 127.0.0.1.
    init(port: UInt16) throws {
        // posix_openpt and its kin are not in Swift's Glibc module: the ioctls they wrap
        // (pty(7); TIOCSPTLCK and TIOCGPTN from asm-generic/ioctls.h) do the same.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: Int32 = 0
        guard master >= 0, ioctl(master, Self.unlockRequest, &unlock) == 0, ioctl(master, Self.numberRequest, &number) == 0 else {
            throw POSIXError(.ENODEV)
        }
        // Raw before anything flows: the terminal must neither echo nor translate UCI's octets.
        var settings = termios()
        tcgetattr(master, &settings)
        cfmakeraw(&settings)
        tcsetattr(master, TCSANOW, &settings)
        self.master = master
        path = "/dev/pts/\(number)"
        socket = try TCPSocket.connect(port: port, deadPeerTimeout: .seconds(600))
        let (socket, masterFD) = (socket, master)
        Thread {
            while let octets = try? socket.read(upTo: 4096), !octets.isEmpty {
                _ = octets.withUnsafeBytes { write(masterFD, $0.baseAddress, $0.count) }
            }
        }.start()
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(masterFD, $0.baseAddress, $0.count) }
                guard count > 0, (try? socket.write(Array(buffer[..<count]))) != nil else { break }
            }
        }.start()
    }

    /// TIOCSPTLCK: lock or unlock the terminal's other side.
    private static let unlockRequest: UInt = 0x4004_5431
    /// TIOCGPTN: the number of the terminal's other side.
    private static let numberRequest: UInt = 0x8004_5430

    deinit {
        socket.close()
    }
}
