// The Duktape JavaScript engine (Debian's `duktape-dev`, 2.7) as the Lottie importer embeds it
// to evaluate After Effects expressions, inside a sandbox of three budgets:
//
// * memory: every allocation of the heap goes through `lk_js_alloc` and friends, which count
//   the bytes live and refuse past `memory_limit` (Duktape then throws a RangeError inside
//   the script, "alloc failed", after a garbage collection: duk_create_heap's custom
//   allocator, Duktape's API documentation); a heap still full after two collections holds
//   off Duktape's further ones for the rest of the run (below);
// * time: Duktape's bytecode executor calls DUK_USE_EXEC_TIMEOUT_CHECK every 256 Ki
//   instructions when built with DUK_USE_INTERRUPT_COUNTER ("execution timeout check",
//   Duktape's config options); past the deadline it throws a RangeError that no script can
//   catch. The deadline is in processor time of the calling thread, not wall-clock time. Once
//   past it, allocations fail too, and Duktape's garbage collection is held off until the run
//   has ended: Duktape answers each failed allocation with up to ten mark-and-sweeps, seven of
//   them emergency ones that compact every object (DUK_HEAP_ALLOC_FAIL_MARKANDSWEEP_LIMIT),
//   which on a full heap cost more than the budget itself, for every allocation the unwinding
//   makes. Debian's libduktape.so is built without it (its duk_config.h #undefs
//   DUK_USE_INTERRUPT_COUNTER), so this target compiles the engine from the source the same
//   package ships (/usr/share/duktape/duktape.c) with the check turned on (duktape.c here);
// * recursion: Duktape's own limits (DUK_USE_CALLSTACK_LIMIT 10 000 calls,
//   DUK_USE_NATIVE_CALL_RECLIMIT 1 000, DUK_USE_COMPILER_RECLIMIT 2 500) turn deep
//   recursion into a RangeError.
//
// Garbage is collected between runs, outside any run's budget, once the heap holds more than
// halfway from what it held after the last such collection to its limit. Duktape's own
// mark-and-sweep comes after a count of allocations (50 × the objects the heap holds), not of
// bytes, so a heap of expressions that leave cyclic garbage (a closure and its environment)
// reached its limit first, and the emergency collection there — a full mark-and-sweep that
// also compacts every object — was charged to whichever evaluation allocated at that moment:
// tens of milliseconds on a full heap, enough to push a well-behaved expression past its
// budget on a loaded machine. Scripts cannot reach the `Duktape` object (removed at install:
// Duktape.fin, gc, act, Thread…), and every collection and the heap's destruction run under a
// deadline, so a finalizer — should a script still set one — cannot run unbounded.
//
// Functions here rather than Duktape's macros, which Swift cannot call (duk_pcompile_string,
// duk_safe_to_string…).
#ifndef CDUKTAPE_H
#define CDUKTAPE_H

#include <duktape.h>
#include <stddef.h>

/// What the host answers for the two natives the sandbox installs (`__lk_value(id, seconds)`
/// and `__lk_keys(id)`); called without any Duktape call on the stack above it, so that a
/// script error never unwinds through the host's frames. Each returns the number of values
/// the answer has, writing at most `capacity` of them to `out`, or -1 when it has no such
/// property or keyframe; an answer longer than `capacity` (a path, a text) is asked again
/// with room for all of it, taken from the heap so that it counts against the memory limit.
typedef struct lk_js_host {
    void *context;
    int (*value)(void *context, int id, double seconds, double *out, int capacity);
    int (*key_count)(void *context, int id);
    int (*key)(void *context, int id, int index, double *seconds, double *out, int capacity);
} lk_js_host;

/// The budgets and accounts of one heap (its `heap_udata`).
typedef struct lk_js_sandbox {
    size_t memory_limit;    /* bytes the heap may hold at once */
    size_t memory_used;     /* bytes it holds now */
    size_t memory_peak;
    size_t memory_collected; /* bytes held after the last collection between runs */
    double deadline;        /* lk_js_now() seconds; 0 = none */
    int timed_out;          /* the last run was stopped at its deadline */
    int collection_held;    /* Duktape's collections held off until the run ends */
    unsigned refusals;      /* allocations refused in a row for the memory limit */
    void *heap;             /* Duktape's heap (duk_heap *) */
    unsigned allocations;   /* counts allocations between clock reads */
    int fatal;              /* the heap met a fatal error and must not be used again */
    void *blocks;           /* every live allocation, for freeing a heap left by a fatal error */
    void *jump;             /* the setjmp buffer of the run in progress */
    lk_js_host host;
} lk_js_sandbox;

/// A heap whose allocations count against `memory_limit` bytes; NULL when it cannot be made.
duk_context *lk_js_create(lk_js_sandbox *sandbox, size_t memory_limit);
/// Frees the heap (or, after a fatal error, every block it held); finalizers still pending
/// get `LK_JS_COLLECTION_SECONDS` in all.
void lk_js_destroy(duk_context *ctx, lk_js_sandbox *sandbox);
/// Seconds of processor time the calling thread has used (CLOCK_THREAD_CPUTIME_ID): the
/// budgets count the work an expression does, not the time other programs take the processor.
double lk_js_now(void);

/// Compiles `source` as a program named `name` and leaves the function on the stack: 0 when
/// it compiled, else non-zero with the error on the stack.
int lk_js_compile(duk_context *ctx, lk_js_sandbox *sandbox, const char *source, size_t length, const char *name);
/// Calls the function under the stack top with `nargs` arguments above it and no `this`,
/// stopping it after `seconds`: 0 with the result on the stack, else non-zero with the error
/// there (sandbox->timed_out says whether the deadline stopped it; sandbox->fatal whether the
/// heap is lost, then the stack is gone too).
int lk_js_call(duk_context *ctx, lk_js_sandbox *sandbox, int nargs, double seconds);
/// Calls the global function `function` with `string_argument` (when not NULL) followed by
/// `count` numbers, within `seconds`, and writes the numbers of the plain array it returns to
/// `out` (at most `capacity`; their count in *written). 0 on success, else non-zero with the
/// error on the stack (see lk_js_call).
int lk_js_invoke(duk_context *ctx, lk_js_sandbox *sandbox, const char *function, const char *string_argument,
                 const double *numbers, int count, double seconds, double *out, int capacity, int *written);
/// Installs the natives `__lk_value` and `__lk_keys` answered by `sandbox->host`, and
/// `__lk_compileEval`/`__lk_runEval` (sources compiled once as eval code, run each time in a
/// fresh environment: duktape.c says why); removes the `Duktape` object from scripts' reach.
int lk_js_install_natives(duk_context *ctx, lk_js_sandbox *sandbox);

/// Seconds of processor time a collection between runs, or the finalizers at destruction,
/// may take before their finalizers are stopped.
#define LK_JS_COLLECTION_SECONDS 0.1

/// The value at `index` as a string, which never throws (Duktape's duk_safe_to_string).
const char *lk_js_safe_string(duk_context *ctx, int index);

#endif
