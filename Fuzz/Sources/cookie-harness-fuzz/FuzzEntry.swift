import Foundation
import FuzzTargets

// Built two ways (Fuzz/README.md):
// - with `-sanitize=fuzzer -D FUZZING` (Fuzz/run): libFuzzer's driver runs `LLVMFuzzerTestOneInput`; the target is
//   named by the COOKIE_HARNESS_FUZZ_TARGET environment variable. SwiftPM links an executable's entry point as
//   `<module>_main` (`--defsym main=cookie_harness_fuzz_main`), so libFuzzer's own `main` cannot be used: the
//   entry point below hands argv to `LLVMFuzzerRunDriver`, which is what that `main` does.
// - without: a plain command that replays files through a target, for reproducing a crash in a debugger or on a
//   toolchain without libFuzzer.

#if FUZZING
nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let name = ProcessInfo.processInfo.environment["COOKIE_HARNESS_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(named: name) else {
        let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("cookie-harness-fuzz: set COOKIE_HARNESS_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    selected = target
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("cookie_harness_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return runDriver(&argc, &argv, fuzzerTestOneInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = count == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: count))
    selected?.run(input)
    return 0
}
#else
@main
enum CookieHarnessFuzz {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.count >= 2, let target = FuzzTarget(named: arguments[0]) else {
            let names = FuzzTarget.all.map(\.name).joined(separator: "|")
            FileHandle.standardError.write(Data("""
                usage: cookie-harness-fuzz \(names) FILE|FOLDER...

                Replays each file (a folder: each file in it) through the fuzz target; a crash is a bug. This build
                has no libFuzzer: Fuzz/run builds the fuzzing one.

                """.utf8))
            exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("\(path): error: no such file or directory\n".utf8))
                exit(2)
            }
            let files = isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
                : [path]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                target.run(Array(data))
                count += 1
            }
        }
        print("\(target): \(count) inputs replayed, no crash")
    }
}
#endif
