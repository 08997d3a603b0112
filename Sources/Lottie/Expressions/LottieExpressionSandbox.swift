// One Duktape heap inside the sandbox of CDuktape (a memory budget through its allocator, a
// time budget per call through Duktape's execution timeout check, Duktape's own recursion
// limits), as the expression evaluator uses it: run a program, call a global function with
// numbers and read the plain array of numbers it returns. A script error, a timeout or an
// exhausted heap is a `Failure` with Duktape's message; a heap that met a fatal error is
// `isLost` and refuses every later call.
import CDuktape

final class LottieExpressionSandbox {
    struct Failure: Error {
        var message: String
        var timedOut: Bool
    }

    private let sandbox: UnsafeMutablePointer<lk_js_sandbox>
    private let context: OpaquePointer
    private var output = [Double](repeating: 0, count: 64)

    /// A heap of at most `memoryLimit` bytes, nil when Duktape cannot make one.
    init?(memoryLimit: Int) {
        sandbox = .allocate(capacity: 1)
        guard let ctx = lk_js_create(sandbox, memoryLimit) else { sandbox.deallocate(); return nil }
        context = ctx
    }

    deinit {
        lk_js_destroy(context, sandbox)
        sandbox.deallocate()
    }

    var isLost: Bool { sandbox.pointee.fatal != 0 }
    var memoryPeak: Int { sandbox.pointee.memory_peak }
    /// Bytes the heap held after its last collection between runs (0 before the first): what
    /// it keeps alive.
    var memoryKept: Int { sandbox.pointee.memory_collected }

    /// Installs `__lk_value` and `__lk_keys`, answered by `host` (kept by the caller as long as
    /// this heap lives).
    func install(host: lk_js_host) throws(Failure) {
        sandbox.pointee.host = host
        guard lk_js_install_natives(context, sandbox) == 0 else { throw Failure(message: "cannot install the natives", timedOut: false) }
    }

    /// Runs `source` as a global program within `seconds`.
    func run(_ source: String, name: String, seconds: Double) throws(Failure) {
        let bytes = Array(source.utf8)
        let compiled = bytes.withUnsafeBufferPointer { b in
            b.baseAddress!.withMemoryRebound(to: CChar.self, capacity: b.count) { lk_js_compile(context, sandbox, $0, b.count, name) }
        }
        guard compiled == 0 else { throw failure() }
        guard lk_js_call(context, sandbox, 0, seconds) == 0 else { throw failure() }
        duk_pop(context)
    }

    /// Calls the global `function`(string?, numbers…) within `seconds`: the numbers of the
    /// array it returns.
    /// `capacity`: the most numbers read back (more are left unread; the caller's JavaScript
    /// checks its own limit before returning).
    func invoke(_ function: String, string: String? = nil, _ numbers: [Double], seconds: Double,
                capacity wanted: Int = 64) throws(Failure) -> [Double] {
        var written: Int32 = 0
        if output.count < wanted { output = [Double](repeating: 0, count: wanted) }
        let capacity = Int32(min(output.count, wanted))
        let rc = output.withUnsafeMutableBufferPointer { out in
            numbers.withUnsafeBufferPointer { n in
                lk_js_invoke(context, sandbox, function, string, n.baseAddress, Int32(n.count), seconds, out.baseAddress, capacity, &written)
            }
        }
        guard rc == 0 else { throw failure() }
        duk_pop(context)
        return Array(output[0..<Int(written)])
    }

    /// The error on the stack (popped), or the loss of the heap.
    private func failure() -> Failure {
        if isLost { return Failure(message: "the JavaScript heap met a fatal error", timedOut: false) }
        let timedOut = sandbox.pointee.timed_out != 0
        var message = String(cString: lk_js_safe_string(context, -1))
        duk_pop(context)
        if timedOut {
            message = "ran past its time budget"
        } else if message.contains("alloc failed") || message.hasPrefix("DoubleError") {
            // Duktape's words for an allocation our allocator refused (a DoubleError is the
            // error object itself failing to allocate).
            message = "ran out of its memory budget"
        }
        return Failure(message: message, timedOut: timedOut)
    }
}
