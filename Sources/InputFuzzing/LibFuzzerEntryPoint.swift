// libFuzzer's entry points, compiled only into the fuzzer build (scripts/fuzz/fuzz.sh passes
// -sanitize=fuzzer,address and -D LAYERKIT_LIBFUZZER): libFuzzer's own main calls
// `LLVMFuzzerInitialize` once, which picks the target named by LAYERKIT_FUZZ_TARGET, then
// `LLVMFuzzerTestOneInput` for every input it generates; an input whose outcome is `.broken`
// aborts the run like a crash, so libFuzzer keeps it.
#if LAYERKIT_LIBFUZZER
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes `text` to standard error (file descriptor 2: C's `stderr` is shared mutable state).
private func writeError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
}

/// The target chosen at initialisation.
nonisolated(unsafe) private var selectedTarget = FuzzTarget.document

@_cdecl("LLVMFuzzerInitialize")
public func fuzzerInitialize(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> CInt {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    guard let raw = getenv("LAYERKIT_FUZZ_TARGET"), let target = FuzzTarget(rawValue: String(cString: raw)) else {
        writeError("layerkit-fuzz: set LAYERKIT_FUZZ_TARGET to one of \(names)\n")
        exit(2)
    }
    selectedTarget = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size == 0 || data == nil ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if case .broken(let why) = selectedTarget.run(bytes) {
        // Stops the run: libFuzzer saves the input as a crash.
        writeError("layerkit-fuzz: \(selectedTarget.rawValue): \(why)\n")
        abort()
    }
    return 0
}
#endif
