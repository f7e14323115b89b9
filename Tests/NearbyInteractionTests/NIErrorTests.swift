import Foundation
import NearbyInteraction
import Testing

@Suite("NIError")
struct NIErrorTests {
    /// The reference table (Docs/reference/ni-api.md §1.6).
    static let reference: [(NIError.Code, Int)] = [
        (.unsupportedPlatform, -5889),
        (.invalidConfiguration, -5888),
        (.sessionFailed, -5887),
        (.resourceUsageTimeout, -5886),
        (.activeSessionsLimitExceeded, -5885),
        (.userDidNotAllow, -5884),
        (.invalidARConfiguration, -5883),
        (.accessoryPeerDeviceUnavailable, -5882),
        (.incompatiblePeerDevice, -5881),
        (.activeExtendedDistanceSessionsLimitExceeded, -5880),
    ]

    @Test("codes and raw values match the reference table")
    func rawValues() {
        #expect(NIError.Code.allCases.count == Self.reference.count)
        for (code, raw) in Self.reference {
            #expect(code.rawValue == raw)
            #expect(NIError.Code(rawValue: raw) == code)
            #expect(NIError(code).errorCode == raw)
        }
        #expect(NIError.Code(rawValue: -5890) == nil)
        #expect(NIError.Code(rawValue: -5879) == nil)
    }

    @Test("domain and NSError bridging")
    func domain() {
        #expect(NIErrorDomain == "com.apple.NearbyInteraction")
        #expect(NIError.errorDomain == NIErrorDomain)
        let bridged = NIError(.sessionFailed) as NSError
        #expect(bridged.domain == NIErrorDomain)
        #expect(bridged.code == -5887)
    }

    @Test("matches as in iOS code")
    func matching() {
        func fail() throws { throw NIError(.invalidConfiguration) }
        var matched = false
        do { try fail() } catch let error as NIError where error.code == .invalidConfiguration { matched = true } catch {}
        #expect(matched)
        matched = false
        do { try fail() } catch NIError.invalidConfiguration { matched = true } catch {}
        #expect(matched)
        matched = false
        do { try fail() } catch NIError.sessionFailed { matched = false } catch { matched = true }
        #expect(matched)
        #expect(NIError.invalidConfiguration == NIError.Code.invalidConfiguration)
        #expect(NIError(.sessionFailed) == NIError(.sessionFailed))
        #expect(Set(NIError.Code.allCases.map(NIError.init)).count == 10)
    }

    @Test("every code says what happened and what to do")
    func descriptions() {
        for code in NIError.Code.allCases {
            let error = NIError(code)
            #expect(error.localizedDescription.contains(code.summary))
            #expect(error.localizedDescription.contains(code.recoverySuggestion))
            #expect(error.description.hasPrefix("NIError.\(code) (\(code.rawValue))"))
            #expect((error as NSError).localizedRecoverySuggestion == code.recoverySuggestion)
        }
        #expect(NIError(.unsupportedPlatform).localizedDescription.contains("UWB_DEVICE"))
    }
}
