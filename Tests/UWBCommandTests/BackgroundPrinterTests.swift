import Dispatch
import Synchronization
import Testing

@testable import uwb

@Suite("The background printer")
struct BackgroundPrinterTests {
    @Test("writes every text whole, in the order given, by the time it finishes")
    func order() {
        let written = Mutex<[String]>([])
        let printer = BackgroundPrinter { text in written.withLock { $0.append(text) } }
        for index in 0..<200 {
            printer.print { "line \(index)\n" }
        }
        printer.finish()
        #expect(written.withLock { $0 } == (0..<200).map { "line \($0)\n" })
    }

    @Test("a third text given while two wait is taken only once the first is written")
    func bound() {
        #expect(BackgroundPrinter.mostWaiting == 2)
        let log = Mutex<[String]>([])
        let firstMayBeWritten = DispatchSemaphore(value: 0)
        let printer = BackgroundPrinter { text in
            if text == "1" {
                firstMayBeWritten.wait()
            }
            log.withLock { $0.append("wrote \(text)") }
        }
        printer.print { "1" }
        printer.print { "2" }
        // The writer is held in the first text until the third is about to be given; a printer without
        // its bound would take the third at once, most likely before the writer thread wakes.
        let thirdGiven = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            firstMayBeWritten.signal()
            printer.print { "3" }
            log.withLock { $0.append("took 3") }
            thirdGiven.signal()
        }
        thirdGiven.wait()
        printer.finish()
        let events = log.withLock { $0 }
        #expect(events.filter { $0.hasPrefix("wrote") } == ["wrote 1", "wrote 2", "wrote 3"])
        guard let wroteFirst = events.firstIndex(of: "wrote 1"), let tookThird = events.firstIndex(of: "took 3") else {
            Issue.record("the log misses the first text's write or the third's taking: \(events)")
            return
        }
        #expect(wroteFirst < tookThird, "the third text was taken while two waited: \(events)")
    }
}
