import Foundation

/// `uwb-fuzz TARGET PATH...`: replays inputs through a fuzz target without the fuzzer, one file or
/// every file of a directory, as the regression tests do with the checked-in corpora, and prints how
/// many it ran and how many the decoder accepted. Built with `-sanitize=fuzzer,address -DFUZZING` it is the fuzzer itself: libFuzzer
/// runs the target `UWB_FUZZ_TARGET` names, with libFuzzer's own arguments (`Docs/fuzzing.md`).
@main
enum FuzzCommand {
    static func main() {
        #if FUZZING
        exit(runFuzzer())
        #else
        replay(Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    /// The names of the targets, for messages.
    static var targetNames: String {
        FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// Runs every input of `arguments` (a target, then paths) through the target.
    private static func replay(_ arguments: [String]) {
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
            FileHandle.standardError.write(Data("usage: uwb-fuzz TARGET PATH...; targets: \(targetNames)\n".utf8))
            exit(2)
        }
        var count = 0
        var accepted = 0
        for path in arguments.dropFirst() {
            do {
                for input in try FuzzCorpus.inputs(at: path) {
                    accepted += target.run(input) ? 1 : 0
                    count += 1
                }
            } catch {
                FileHandle.standardError.write(Data("uwb-fuzz: cannot read \(path): \(error.localizedDescription)\n".utf8))
                exit(1)
            }
        }
        print("\(target.rawValue): \(count) inputs ran, \(accepted) accepted")
    }
}

#if FUZZING
/// libFuzzer's driver, from its runtime (`-sanitize=fuzzer`).
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The target `UWB_FUZZ_TARGET` names; the fuzzer stops at once without one.
private let fuzzedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["UWB_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("uwb-fuzz: set UWB_FUZZ_TARGET to one of \(FuzzCommand.targetNames)\n".utf8))
        exit(2)
    }
    return target
}()

extension FuzzCommand {
    /// Hands the command line to libFuzzer, which calls the target with each input it makes.
    static func runFuzzer() -> CInt {
        _ = fuzzedTarget
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        return LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            _ = fuzzedTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        }
    }
}
#endif
