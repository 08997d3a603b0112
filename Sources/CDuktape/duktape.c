// Duktape, compiled from the source Debian's duktape-dev ships, with the execution timeout
// check turned on (see CDuktape.h for why), and the sandbox's allocator and entry points.
//
// Debian's generated duk_config.h #undefs DUK_USE_INTERRUPT_COUNTER; it is read first here
// (its include guard then keeps duktape.c from reading it again) and the two options are
// defined after it, so the engine is Debian's own configuration plus the interrupt.
// Debian's engine source is not ours to tidy: its warnings are silenced here, in the file,
// rather than by a compiler flag in Package.swift (an unsafe flag would keep other packages
// from depending on this one by version).
#pragma clang diagnostic ignored "-Weverything"
#define DUK_COMPILING_DUKTAPE
#include "/usr/share/duktape/duk_config.h"
#define DUK_USE_INTERRUPT_COUNTER
/* Without regular expressions: Duktape's regexp executor never reaches the timeout check and
   stops a catastrophic backtracking only after 10^9 steps (DUK_RE_EXECUTE_STEPS_LIMIT, not
   configurable; /(a+)+b/ on 34 letters ran for three minutes here). A regexp literal or
   RegExp() is then an error the importer reports, and the property keeps its keyframes. */
#undef DUK_USE_REGEXP_SUPPORT
#define DUK_USE_EXEC_TIMEOUT_CHECK(udata) lk_js_exec_timeout_check(udata)
struct lk_js_sandbox;
static int lk_js_exec_timeout_check(void *udata);
#include "/usr/share/duktape/duktape.c"

/* The built-in table Debian's configuration generated still names the RegExp functions: here
   each throws, so RegExp(), String.prototype.match and search are errors as regexp literals
   are (Duktape's compiler refuses them without DUK_USE_REGEXP_SUPPORT). */
#define LK_NO_REGEXP(f) DUK_INTERNAL duk_ret_t f(duk_context *ctx) { \
    return duk_error(ctx, DUK_ERR_TYPE_ERROR, "regular expressions are not available to Lottie expressions"); }
LK_NO_REGEXP(duk_bi_regexp_constructor)
LK_NO_REGEXP(duk_bi_regexp_prototype_exec)
LK_NO_REGEXP(duk_bi_regexp_prototype_flags)
LK_NO_REGEXP(duk_bi_regexp_prototype_shared_getter)
LK_NO_REGEXP(duk_bi_regexp_prototype_test)
LK_NO_REGEXP(duk_bi_regexp_prototype_tostring)
LK_NO_REGEXP(duk_bi_string_prototype_match)
LK_NO_REGEXP(duk_bi_string_prototype_search)

#include "CDuktape.h"
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double lk_js_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Out of time: no collection until the run ends (CDuktape.h says why). Duktape's own
   counter, ms_prevent_count, makes duk_heap_mark_and_sweep return at once; it is not touched
   while a collection runs (which sets the counter itself when it ends). */
static void lk_js_hold_collection(lk_js_sandbox *s) {
    duk_heap *heap = (duk_heap *)s->heap;
    if (s->collection_held || heap == NULL || heap->ms_running != 0) return;
    heap->ms_prevent_count += 1;
    s->collection_held = 1;
}

/* A run has ended: its deadline gone, collection allowed again. */
static void lk_js_end_run(lk_js_sandbox *s) {
    duk_heap *heap = (duk_heap *)s->heap;
    if (s->collection_held && heap != NULL && heap->ms_prevent_count > 0) heap->ms_prevent_count -= 1;
    s->collection_held = 0;
    s->refusals = 0;
    s->deadline = 0;
}

/* An allocation refused for the memory limit. Duktape collects garbage and asks again, up to
   ten times (the first two plain mark-and-sweeps, then emergency ones that also compact every
   object); a heap still full after the first two collections is full of live data, and the
   emergency rounds — tens of milliseconds each on a full heap, for every allocation the
   failing run still makes — are held off until the run ends. */
static void lk_js_refused(lk_js_sandbox *s) {
    if (++s->refusals >= 3) lk_js_hold_collection(s);
}

static int lk_js_exec_timeout_check(void *udata) {
    lk_js_sandbox *s = (lk_js_sandbox *)udata;
    if (s->deadline > 0 && (s->timed_out || lk_js_now() > s->deadline)) {
        s->timed_out = 1;
        lk_js_hold_collection(s);
        return 1;
    }
    return 0;
}

/* Every block carries a header: its size and its neighbours in the list of live blocks. */
typedef struct lk_block {
    struct lk_block *prev, *next;
    size_t size;
    size_t pad; /* keeps the payload 16-byte aligned */
} lk_block;

static void lk_link(lk_js_sandbox *s, lk_block *b) {
    b->prev = NULL;
    b->next = (lk_block *)s->blocks;
    if (b->next) b->next->prev = b;
    s->blocks = b;
}
static void lk_unlink(lk_js_sandbox *s, lk_block *b) {
    if (b->prev) b->prev->next = b->next; else s->blocks = b->next;
    if (b->next) b->next->prev = b->prev;
}

/* The deadline is also checked on allocation: the executor checks it only every 256 Ki
   instructions, which a loop that allocates and collects garbage takes seconds to run. */
static int lk_js_past_deadline(lk_js_sandbox *s) {
    if (s->deadline <= 0) return 0;
    if (!s->timed_out && (++s->allocations & 63) == 0 && lk_js_now() > s->deadline) s->timed_out = 1;
    if (s->timed_out) lk_js_hold_collection(s);
    return s->timed_out;
}

static void *lk_js_alloc(void *udata, duk_size_t size) {
    lk_js_sandbox *s = (lk_js_sandbox *)udata;
    if (size == 0) return NULL;
    if (lk_js_past_deadline(s)) return NULL;
    if (size > s->memory_limit || s->memory_used + size > s->memory_limit) { lk_js_refused(s); return NULL; }
    lk_block *b = (lk_block *)malloc(sizeof(lk_block) + size);
    if (!b) return NULL;
    s->refusals = 0;
    b->size = size;
    lk_link(s, b);
    s->memory_used += size;
    if (s->memory_used > s->memory_peak) s->memory_peak = s->memory_used;
    return b + 1;
}

static void lk_js_free(void *udata, void *ptr) {
    lk_js_sandbox *s = (lk_js_sandbox *)udata;
    if (!ptr) return;
    lk_block *b = (lk_block *)ptr - 1;
    lk_unlink(s, b);
    s->memory_used -= b->size;
    free(b);
}

static void *lk_js_realloc(void *udata, void *ptr, duk_size_t size) {
    lk_js_sandbox *s = (lk_js_sandbox *)udata;
    if (!ptr) return lk_js_alloc(udata, size);
    if (size == 0) { lk_js_free(udata, ptr); return NULL; }
    lk_block *b = (lk_block *)ptr - 1;
    size_t old = b->size;
    if (size > old && lk_js_past_deadline(s)) return NULL;
    if (size > old && (size > s->memory_limit || s->memory_used - old + size > s->memory_limit)) { lk_js_refused(s); return NULL; }
    lk_unlink(s, b);
    lk_block *n = (lk_block *)realloc(b, sizeof(lk_block) + size);
    if (!n) { lk_link(s, b); return NULL; }
    s->refusals = 0;
    n->size = size;
    lk_link(s, n);
    s->memory_used = s->memory_used - old + size;
    if (s->memory_used > s->memory_peak) s->memory_peak = s->memory_used;
    return n + 1;
}

/* Duktape calls this on an error no protected call catches (which the entry points below
   never leave) or an internal failure; it must not return. The run in progress is abandoned
   by a jump back to its entry point, and the heap is marked lost. */
static void lk_js_fatal(void *udata, const char *msg) {
    lk_js_sandbox *s = (lk_js_sandbox *)udata;
    (void)msg;
    s->fatal = 1;
    if (s->jump) longjmp(*(jmp_buf *)s->jump, 1);
    abort(); /* outside a run: cannot happen, the heap is only used through the entry points */
}

duk_context *lk_js_create(lk_js_sandbox *sandbox, size_t memory_limit) {
    memset(sandbox, 0, sizeof(*sandbox));
    sandbox->memory_limit = memory_limit;
    duk_context *ctx = duk_create_heap(lk_js_alloc, lk_js_realloc, lk_js_free, sandbox, lk_js_fatal);
    if (ctx) sandbox->heap = ((duk_hthread *)ctx)->heap;
    return ctx;
}

void lk_js_destroy(duk_context *ctx, lk_js_sandbox *sandbox) {
    if (!ctx) return;
    if (!sandbox->fatal) {
        /* Destruction runs the finalizers still pending: under a deadline, as any run. */
        jmp_buf jump;
        sandbox->jump = &jump;
        if (setjmp(jump) == 0) {
            sandbox->timed_out = 0;
            sandbox->deadline = lk_js_now() + LK_JS_COLLECTION_SECONDS;
            duk_destroy_heap(ctx);
            sandbox->heap = NULL;
            sandbox->jump = NULL;
            sandbox->deadline = 0;
            return;
        }
        sandbox->jump = NULL; /* a fatal error while destroying: free what is left below */
        sandbox->deadline = 0;
    }
    sandbox->heap = NULL;
    lk_block *b = (lk_block *)sandbox->blocks;
    while (b) { lk_block *n = b->next; free(b); b = n; }
    sandbox->blocks = NULL;
    sandbox->memory_used = 0;
}

static duk_ret_t lk_js_compile_unsafe(duk_context *ctx, void *udata) {
    (void)udata;
    /* stack: source, name */
    duk_compile(ctx, 0);
    return 1;
}

int lk_js_compile(duk_context *ctx, lk_js_sandbox *sandbox, const char *source, size_t length, const char *name) {
    if (sandbox->fatal) return 1;
    jmp_buf jump;
    sandbox->jump = &jump;
    if (setjmp(jump)) { sandbox->jump = NULL; return 1; }
    sandbox->timed_out = 0;
    sandbox->deadline = 0;
    duk_push_lstring(ctx, source, length);
    duk_push_string(ctx, name);
    int rc = duk_safe_call(ctx, lk_js_compile_unsafe, NULL, 2, 1);
    lk_js_end_run(sandbox);
    sandbox->jump = NULL;
    return rc == DUK_EXEC_SUCCESS ? 0 : 1;
}

/* Between runs, outside their budgets: a mark-and-sweep once the heap holds more than halfway
   from what it held after the last one to its limit (CDuktape.h says why). Not an emergency
   collection, so no object is compacted; finalizers run under a deadline of their own. */
static void lk_js_collect_between_runs(duk_context *ctx, lk_js_sandbox *s) {
    size_t threshold = s->memory_collected + (s->memory_limit - s->memory_collected) / 2;
    if (s->memory_used <= threshold) return;
    s->timed_out = 0;
    s->deadline = lk_js_now() + LK_JS_COLLECTION_SECONDS;
    duk_gc(ctx, 0);
    lk_js_end_run(s);
    s->memory_collected = s->memory_used;
}

int lk_js_call(duk_context *ctx, lk_js_sandbox *sandbox, int nargs, double seconds) {
    if (sandbox->fatal) return 1;
    jmp_buf jump;
    sandbox->jump = &jump;
    if (setjmp(jump)) { sandbox->jump = NULL; lk_js_end_run(sandbox); return 1; }
    lk_js_collect_between_runs(ctx, sandbox);
    sandbox->timed_out = 0;
    sandbox->deadline = lk_js_now() + seconds;
    int rc = duk_pcall(ctx, nargs);
    lk_js_end_run(sandbox);
    sandbox->jump = NULL;
    return rc == DUK_EXEC_SUCCESS ? 0 : 1;
}

const char *lk_js_safe_string(duk_context *ctx, int index) {
    return duk_safe_to_string(ctx, index);
}

typedef struct lk_invocation {
    const char *function;
    const char *string_argument;
    const double *numbers;
    int count;
    double *out;
    int capacity;
    int *written;
} lk_invocation;

static duk_ret_t lk_js_invoke_unsafe(duk_context *ctx, void *udata) {
    lk_invocation *inv = (lk_invocation *)udata;
    int nargs = 0, i, n;
    duk_get_global_string(ctx, inv->function);
    if (inv->string_argument) { duk_push_string(ctx, inv->string_argument); nargs += 1; }
    for (i = 0; i < inv->count; i += 1) { duk_push_number(ctx, inv->numbers[i]); nargs += 1; }
    duk_call(ctx, nargs);
    *inv->written = 0;
    if (duk_is_array(ctx, -1)) {
        n = (int)duk_get_length(ctx, -1);
        for (i = 0; i < n && i < inv->capacity; i += 1) {
            duk_get_prop_index(ctx, -1, (duk_uarridx_t)i);
            inv->out[i] = duk_to_number(ctx, -1);
            duk_pop(ctx);
        }
        *inv->written = i;
    }
    return 1;
}

int lk_js_invoke(duk_context *ctx, lk_js_sandbox *sandbox, const char *function, const char *string_argument,
                 const double *numbers, int count, double seconds, double *out, int capacity, int *written) {
    if (sandbox->fatal) return 1;
    lk_invocation inv = { function, string_argument, numbers, count, out, capacity, written };
    jmp_buf jump;
    sandbox->jump = &jump;
    if (setjmp(jump)) { sandbox->jump = NULL; lk_js_end_run(sandbox); return 1; }
    lk_js_collect_between_runs(ctx, sandbox);
    sandbox->timed_out = 0;
    sandbox->deadline = lk_js_now() + seconds;
    int rc = duk_safe_call(ctx, lk_js_invoke_unsafe, &inv, 0, 1);
    lk_js_end_run(sandbox);
    sandbox->jump = NULL;
    return rc == DUK_EXEC_SUCCESS ? 0 : 1;
}

static lk_js_sandbox *lk_js_sandbox_of(duk_context *ctx) {
    duk_memory_functions funcs;
    duk_get_memory_functions(ctx, &funcs);
    return (lk_js_sandbox *)funcs.udata;
}

#define LK_JS_MAX_VALUES 64

static void lk_js_push_values(duk_context *ctx, const double *values, int n) {
    int i;
    if (n == 1) { duk_push_number(ctx, values[0]); return; }
    duk_push_array(ctx);
    for (i = 0; i < n; i += 1) { duk_push_number(ctx, values[i]); duk_put_prop_index(ctx, -2, (duk_uarridx_t)i); }
}

/* A value longer than the stack buffer (a path, a text) is asked again into a buffer of the
   heap, so its size counts against the memory budget (an allocation past it throws). */
static double *lk_js_larger(duk_context *ctx, int n) {
    return (double *)duk_push_fixed_buffer(ctx, (duk_size_t)n * sizeof(double));
}

static duk_ret_t lk_js_native_value(duk_context *ctx) {
    lk_js_sandbox *s = lk_js_sandbox_of(ctx);
    double values[LK_JS_MAX_VALUES], *out = values;
    int id = (int)duk_require_number(ctx, 0);
    double t = duk_to_number(ctx, 1);
    if (t != t) t = 0; /* NaN seconds read as 0 */
    int n = s->host.value ? s->host.value(s->host.context, id, t, values, LK_JS_MAX_VALUES) : -1;
    if (n <= 0) return duk_error(ctx, DUK_ERR_REFERENCE_ERROR, "no property %d", id);
    if (n > LK_JS_MAX_VALUES) {
        int capacity = n;
        out = lk_js_larger(ctx, capacity);
        n = s->host.value(s->host.context, id, t, out, capacity);
        if (n <= 0 || n > capacity) return duk_error(ctx, DUK_ERR_REFERENCE_ERROR, "no property %d", id);
    }
    lk_js_push_values(ctx, out, n);
    return 1;
}

static duk_ret_t lk_js_native_keys(duk_context *ctx) {
    lk_js_sandbox *s = lk_js_sandbox_of(ctx);
    double values[LK_JS_MAX_VALUES], seconds, *out;
    int id = (int)duk_require_number(ctx, 0), i, n, capacity;
    int count = s->host.key_count ? s->host.key_count(s->host.context, id) : -1;
    if (count < 0) return duk_error(ctx, DUK_ERR_REFERENCE_ERROR, "no property %d", id);
    duk_push_array(ctx);
    for (i = 0; i < count; i += 1) {
        out = values; capacity = LK_JS_MAX_VALUES;
        n = s->host.key(s->host.context, id, i, &seconds, values, LK_JS_MAX_VALUES);
        if (n > LK_JS_MAX_VALUES) {
            capacity = n;
            out = lk_js_larger(ctx, capacity);
            n = s->host.key(s->host.context, id, i, &seconds, out, capacity);
        }
        if (n <= 0 || n > capacity) break;
        duk_push_array(ctx);
        duk_push_number(ctx, seconds);
        duk_put_prop_index(ctx, -2, 0);
        duk_push_array(ctx);
        for (int j = 0; j < n; j += 1) { duk_push_number(ctx, out[j]); duk_put_prop_index(ctx, -2, (duk_uarridx_t)j); }
        duk_put_prop_index(ctx, -2, 1);
        if (out != values) { duk_remove(ctx, -2); } /* the buffer, under the key's array */
        duk_put_prop_index(ctx, -2, (duk_uarridx_t)i);
    }
    return 1;
}

/* Sources read for their completion value (After Effects' rule for an expression that does not
   set `$bm_rt`), compiled once per heap as eval code and called on every evaluation.
   Duktape's public API compiles eval code (duk_compile with DUK_COMPILE_EVAL) into a closure
   over the global environment: called, it returns the completion value, but its `var`s —
   non-strict eval code declares them at run time in the variable environment it runs in —
   become globals and leak from one property to the next. So the template is compiled here
   with Duktape's internal compiler entry (duk_js_compile, what the global eval() calls) and
   kept in the heap stash, out of scripts' reach; each run makes a fresh closure of it over a
   fresh declarative environment whose parent is the global one, as Duktape's eval() does for
   strict direct eval (duk_bi_global_object_eval; E5.1 10.4.2: eval code gets a new
   environment), with `this` the global object (indirect eval). That environment holds the
   run's `var`s and function declarations and dies with it; `$bm_rt` is declared there first,
   so a source that assigns it without `var` keeps it local too. */
#define LK_JS_EVAL_TEMPLATES "lkEvalTemplates"

/* __lk_compileEval(source): the index of source's compiled template; a syntax error throws. */
static duk_ret_t lk_js_native_compile_eval(duk_context *ctx) {
    duk_hthread *thr = (duk_hthread *)ctx;
    duk_size_t length = 0;
    const char *source = duk_require_lstring(ctx, 0, &length);
    duk_uarridx_t index;
    duk_push_string(ctx, "expression"); /* the file name errors carry */
    duk_js_compile(thr, (const duk_uint8_t *)source, length, DUK_COMPILE_EVAL);
    /* [ source template ] */
    duk_push_heap_stash(ctx);
    if (!duk_get_prop_string(ctx, -1, LK_JS_EVAL_TEMPLATES)) {
        duk_pop(ctx);
        duk_push_array(ctx);
        duk_dup_top(ctx);
        duk_put_prop_string(ctx, -3, LK_JS_EVAL_TEMPLATES);
    }
    /* [ source template stash templates ] */
    index = (duk_uarridx_t)duk_get_length(ctx, -1);
    duk_dup(ctx, -3);
    duk_put_prop_index(ctx, -2, index);
    duk_push_uint(ctx, index);
    return 1;
}

/* __lk_runEval(index): runs the template in a fresh environment: its `$bm_rt` when it set
   one, else its completion value. */
static duk_ret_t lk_js_native_run_eval(duk_context *ctx) {
    duk_hthread *thr = (duk_hthread *)ctx;
    duk_uarridx_t index = (duk_uarridx_t)duk_require_uint(ctx, 0);
    duk_hobject *template_object, *global_env = thr->builtins[DUK_BIDX_GLOBAL_ENV];
    duk_hdecenv *env;
    duk_push_heap_stash(ctx);
    if (!duk_get_prop_string(ctx, -1, LK_JS_EVAL_TEMPLATES))
        return duk_error(ctx, DUK_ERR_RANGE_ERROR, "no compiled expression %u", (unsigned)index);
    duk_get_prop_index(ctx, -1, index);
    /* [ index stash templates template ] */
    template_object = duk_get_hobject(ctx, -1);
    if (template_object == NULL || !DUK_HOBJECT_IS_COMPFUNC(template_object))
        return duk_error(ctx, DUK_ERR_RANGE_ERROR, "no compiled expression %u", (unsigned)index);
    env = duk_hdecenv_alloc(thr, DUK_HOBJECT_FLAG_EXTENSIBLE | DUK_HOBJECT_CLASS_AS_FLAGS(DUK_HOBJECT_CLASS_DECENV));
    duk_push_hobject(thr, (duk_hobject *)env); /* index 4: keeps it reachable while it runs */
    DUK_HOBJECT_SET_PROTOTYPE(thr->heap, (duk_hobject *)env, global_env);
    DUK_HOBJECT_INCREF_ALLOWNULL(thr, global_env);
    duk_push_string(ctx, "$bm_rt");
    duk_push_undefined(ctx);
    duk_xdef_prop(thr, 4, DUK_PROPDESC_FLAGS_WE); /* as a `var` declares it */
    duk_js_push_closure(thr, (duk_hcompfunc *)template_object, (duk_hobject *)env, (duk_hobject *)env, 0);
    duk_push_global_object(ctx);
    duk_call_method(ctx, 0);
    /* [ index stash templates template env result ] */
    duk_get_prop_string(ctx, 4, "$bm_rt");
    if (duk_is_undefined(ctx, -1)) duk_pop(ctx);
    return 1;
}

static duk_ret_t lk_js_install_unsafe(duk_context *ctx, void *udata) {
    (void)udata;
    /* Duktape.fin (finalizers), gc, act, compact, Thread, Pointer: nothing an expression uses,
       and a finalizer would run where Duktape collects, not where the script runs. */
    duk_push_global_object(ctx);
    duk_del_prop_string(ctx, -1, "Duktape");
    duk_pop(ctx);
    duk_push_c_function(ctx, lk_js_native_compile_eval, 1);
    duk_put_global_string(ctx, "__lk_compileEval");
    duk_push_c_function(ctx, lk_js_native_run_eval, 1);
    duk_put_global_string(ctx, "__lk_runEval");
    duk_push_c_function(ctx, lk_js_native_value, 2);
    duk_put_global_string(ctx, "__lk_value");
    duk_push_c_function(ctx, lk_js_native_keys, 1);
    duk_put_global_string(ctx, "__lk_keys");
    return 0;
}

int lk_js_install_natives(duk_context *ctx, lk_js_sandbox *sandbox) {
    if (sandbox->fatal) return 1;
    jmp_buf jump;
    sandbox->jump = &jump;
    if (setjmp(jump)) { sandbox->jump = NULL; return 1; }
    int rc = duk_safe_call(ctx, lk_js_install_unsafe, NULL, 0, 1);
    duk_pop(ctx);
    lk_js_end_run(sandbox);
    sandbox->jump = NULL;
    return rc == DUK_EXEC_SUCCESS ? 0 : 1;
}
