// The After Effects expression API as lottie-web gives it to an expression
// (player/js/utils/expressions/ExpressionManager.js, ExpressionPropertyDecorator.js,
// LayerInterface.js, TransformInterface.js, EffectInterface.js, ShapeInterface.js), written
// here in ES5 for Duktape and evaluated once per heap before any expression. The host gives
// it two natives: `__lk_value(id, seconds)` (a property's keyframed value, a number or an
// array) and `__lk_keys(id)` (its keyframes as [[seconds, [values]]]); everything else —
// the operators bodymovin's exporter writes ($bm_sum…), vector math, interpolation,
// loopIn/loopOut, wiggle and random, the layer, comp and property interfaces — is here.
//
// Rules followed, with their sources:
// * sum/sub on a vector and a number change the first component only, mul/div apply to each
//   (lottie-web's sum, sub, mul, div); clamp, dot, cross, length and normalize as After
//   Effects' "Vector Math" (clamp of vectors per component).
// * linear(t, tMin, tMax, v1, v2) and its 3-argument form, ease/easeIn/easeOut with the
//   beziers lottie-web uses: ease (.33, 0, .667, 1), easeIn (.333, 0, .833, .833), easeOut
//   (.167, .167, .667, 1).
// * loopOut/loopIn types "cycle", "pingpong", "offset", "continue" with a keyframe count
//   (0 = all), and loopOutDuration/loopInDuration with seconds (lottie-web's
//   expressionHelpers loopOut/loopIn); "continue" extends the last velocity. On a path,
//   "offset" and "continue" move each vertex as a position moves (After Effects' rule for
//   path loops; lottie-web's number arithmetic does not reach paths).
// * random, gaussRandom and seedRandom(offset, timeless): deterministic per property and per
//   frame unless timeless (After Effects' "Random Numbers" rule); the generator is our own
//   (mulberry32), so the numbers are not lottie-web's or After Effects'.
// * wiggle(freq, amp, octaves = 1, amp_mult = .5, t = time): the value plus smooth noise
//   (value noise with a smoothstep between random values at integer multiples of 1/freq,
//   octaves at double frequency and amp × amp_mult), deterministic per property.
// * The result is `$bm_rt` when the expression sets it (bodymovin's exporter writes
//   `var $bm_rt; $bm_rt = …`), else the value of its last statement.
enum LottieExpressionPrelude {
    static let source = #"""
var $bm_rt;
var time = 0, value, velocity, thisProperty, thisLayer, thisComp, transform, $bm_transform, content, effect, mask;
var index, name, inPoint, outPoint, startTime, hasParent, parent, width, height, text;
var valueAtTime, velocityAtTime, speedAtTime, key, numKeys, nearestKey, loopIn, loopOut, loop_in, loop_out;
var loopInDuration, loopOutDuration, smooth, toComp, fromComp, toWorld, fromWorld, fromCompToSurface, sourceRectAtTime;
var anchorPoint, position, scale, rotation, opacity;
var __lk_fr = 30, __lk_seed = 1, __lk_state = 1, __lk_comps = [], __lk_frameNumber = 0;
var __lk_kinds = {}, __lk_kind = 0, __lk_maxVertices = 100000, __lk_maxText = 10000;

// A property's value at t seconds, decoded by its kind (0 numbers, 1 path, 2 text; the host
// passes a path as [closed, n, vertices…, in tangents…, out tangents…] and a text as
// [count, UTF-16 code units…]). A property whose own expression the host has not evaluated
// yet is evaluated here, at t (`__lk_onDemand`); a split position is its two dimensions.
function __lk_get(id, t) {
    var k = __lk_kinds[id], x = __lk_exprs[id], parts = __lk_parts[id], v;
    if (parts !== undefined) return [+__lk_get(parts[0], t), +__lk_get(parts[1], t)];
    if (x !== undefined && !x.busy && !x.failed) {
        if (__lk_depth < __lk_maxDepth) v = __lk_onDemand(x, id, t);
        else { __lk_cut += 1; v = __lk_value(id, t); }
    } else v = __lk_value(id, t);
    if (k === 1) return __lk_decodePath(v);
    if (k === 2) return __lk_decodeText(v);
    return v;
}

// On-demand evaluation. lottie-web evaluates a property's expression when its value is read
// (ExpressionValueFactory's interfaces: `if (property.k) property.getValue()`), once per
// frame (PropertyFactory's processEffectsSequence returns at once when `frameId` is the
// frame's), and a property read again while its own expression runs — a cycle — gives its
// value before the expression (`if (this.lock) { this.setVValue(this.pv); return; }`, pv the
// keyframed value of the frame: getValueAtCurrentTime). The host evaluates the properties in
// file order; one read before its turn is evaluated here: `__lk_exprs[id]` holds its source
// and place until the host has evaluated it (`__lk_finish`), `busy` marks the expressions
// running (the one the host runs and those nested in it), whose reads give the keyframed
// value, and results are kept per property and time in `__lk_memo` (the flat form the host
// reads), so each is computed once and the host's own run of the property takes them. An
// expression that throws here gives its keyframed value from then on, as the host's run
// will; a nesting deeper than __lk_maxDepth reads keyframes, and no result that depended on
// such a read is kept (`__lk_cut` counts them), so the host's own run of each property of the
// chain evaluates it afresh. Everything runs inside the evaluation that read it, under that
// evaluation's time and memory budget.
var __lk_global = this, __lk_exprs = {}, __lk_parts = {}, __lk_memo = {}, __lk_memoSize = 0, __lk_depth = 0;
var __lk_maxDepth = 32, __lk_maxMemo = 200000, __lk_cut = 0;
// The on-demand evaluations running, the innermost last. Duktape's timeout runs no further
// instruction — no catch, no finally — until the error leaves the heap ("we just throw an
// error until all try/catch/finally and other catchpoints have been exhausted", duktape.c's
// executor interrupt), so after a timeout this still names the property that was running
// when the time ran out: the host reads it (`__lk_innermost`) and gives that one up.
var __lk_nested = [];
function __lk_innermost() { return __lk_nested.length ? [__lk_nested[__lk_nested.length - 1]] : []; }
// The globals an evaluation sets (__lk_begin, __lk_run), saved around a nested one.
var __lk_stateNames = ['time', 'value', 'velocity', 'thisProperty', 'thisLayer', 'thisComp', 'transform', '$bm_transform',
    'content', 'effect', 'mask', 'index', 'name', 'inPoint', 'outPoint', 'startTime', 'hasParent', 'parent', 'width',
    'height', 'text', 'valueAtTime', 'velocityAtTime', 'speedAtTime', 'key', 'numKeys', 'nearestKey', 'loopIn',
    'loopOut', 'loop_in', 'loop_out', 'loopInDuration', 'loopOutDuration', 'smooth', 'toComp', 'fromComp', 'toWorld',
    'fromWorld', 'fromCompToSurface', 'sourceRectAtTime', 'anchorPoint', 'position', 'scale', 'rotation', 'opacity', 'wiggle',
    '__lk_kind', '__lk_seed', '__lk_state', '__lk_frameNumber'];
function __lk_save() { var s = {}, i; for (i = 0; i < __lk_stateNames.length; i += 1) s[__lk_stateNames[i]] = __lk_global[__lk_stateNames[i]]; return s; }
function __lk_restore(s) { var i; for (i = 0; i < __lk_stateNames.length; i += 1) __lk_global[__lk_stateNames[i]] = s[__lk_stateNames[i]]; }
// The host's table: property `id` has expression `src` in layer `layer` of comp `comp`.
function __lk_expr(id, src, comp, layer, seed, kind) { __lk_exprs[id] = { src: src, comp: comp, layer: layer, seed: seed, kind: kind, busy: false, failed: false }; }
function __lk_split(id, xId, yId) { __lk_parts[id] = [xId, yId]; }
// The host has evaluated property `id` (or given up on it): its values are the host's now.
function __lk_finish(id) { delete __lk_exprs[id]; delete __lk_memo[id]; return []; }
function __lk_remember(id, t, r) {
    if (__lk_memoSize + r.length > __lk_maxMemo) { __lk_memo = {}; __lk_memoSize = 0; }
    if (!__lk_memo[id]) __lk_memo[id] = {};
    __lk_memo[id][t] = r; __lk_memoSize += r.length;
}
function __lk_onDemand(x, id, t) {
    var m = __lk_memo[id], saved, r, cut = __lk_cut;
    if (m !== undefined && m[t] !== undefined) r = m[t];
    else {
        saved = __lk_save();
        __lk_depth += 1;
        try {
            __lk_nested.push(id);
            if (!x.state) { __lk_begin(x.comp, x.layer, id, x.seed, x.kind); x.state = __lk_save(); } else __lk_restore(x.state);
            r = __lk_evaluate(x, x.src, t, Math.round(t * __lk_fr * 1e6) / 1e6);
        } catch (e) {
            x.failed = true;
            r = null;
        } finally {
            __lk_nested.pop();
            __lk_depth -= 1;
            __lk_restore(saved);
        }
        if (r === null) return __lk_value(id, t);
        if (__lk_cut === cut) __lk_remember(id, t, r);
    }
    // A number is one value, as the host passes it; the kept array is not the reader's to change.
    return x.kind === 0 && r.length === 1 ? r[0] : r.slice();
}
function __lk_decodePath(a) {
    var n = a[1], v = [], i = [], o = [], j;
    for (j = 0; j < n; j += 1) {
        v[j] = [a[2 + 2 * j], a[3 + 2 * j]];
        i[j] = [a[2 + 2 * n + 2 * j], a[3 + 2 * n + 2 * j]];
        o[j] = [a[2 + 4 * n + 2 * j], a[3 + 4 * n + 2 * j]];
    }
    return new __lk_Path(v, i, o, a[0] !== 0);
}
function __lk_decodeText(a) {
    if (!__lk_isVec(a)) return '';
    var s = '', j, end;
    for (j = 1; j < a.length; j = end) { end = Math.min(a.length, j + 4096); s += String.fromCharCode.apply(null, a.slice(j, end)); }
    return s;
}

// lottie-web's ExpressionManager gives expressions `$bm_isInstanceOfArray` (exported rigs call it).
function $bm_isInstanceOfArray(a) { return a !== null && a !== undefined && __lk_isVec(a); }
function __lk_isVec(a) { return a instanceof Array || (typeof Float32Array !== 'undefined' && a instanceof Float32Array); }
function __lk_isNum(v) { var t = typeof v; return t === 'number' || t === 'boolean' || t === 'string' || v instanceof Number; }
function __lk_plain(a) { var r = [], i; for (i = 0; i < a.length; i += 1) r[i] = a[i]; return r; }

function $bm_neg(a) {
    if (__lk_isNum(a)) return -a;
    if (__lk_isVec(a)) { var r = [], i; for (i = 0; i < a.length; i += 1) r[i] = -a[i]; return r; }
    return a;
}
function __lk_combine(a, b, f) {
    var r = [], i = 0;
    while (i < a.length || i < b.length) {
        if (__lk_isNum(a[i]) && __lk_isNum(b[i])) r[i] = f(+a[i], +b[i]);
        else r[i] = b[i] === undefined ? a[i] : (a[i] || b[i]);
        i += 1;
    }
    return r;
}
function sum(a, b) {
    if (typeof a === 'string' || typeof b === 'string') return a + b;
    if (__lk_isNum(a) && __lk_isNum(b)) return +a + +b;
    if (__lk_isVec(a) && __lk_isNum(b)) { a = __lk_plain(a); a[0] = a[0] + +b; return a; }
    if (__lk_isNum(a) && __lk_isVec(b)) { b = __lk_plain(b); b[0] = +a + b[0]; return b; }
    if (__lk_isVec(a) && __lk_isVec(b)) return __lk_combine(a, b, function (x, y) { return x + y; });
    return 0;
}
function sub(a, b) {
    if (__lk_isNum(a) && __lk_isNum(b)) {
        if (typeof a === 'string') a = parseInt(a, 10);
        if (typeof b === 'string') b = parseInt(b, 10);
        return a - b;
    }
    if (__lk_isVec(a) && __lk_isNum(b)) { a = __lk_plain(a); a[0] = a[0] - b; return a; }
    if (__lk_isNum(a) && __lk_isVec(b)) { b = __lk_plain(b); b[0] = a - b[0]; return b; }
    if (__lk_isVec(a) && __lk_isVec(b)) return __lk_combine(a, b, function (x, y) { return x - y; });
    return 0;
}
function mul(a, b) {
    var r = [], i;
    if (__lk_isNum(a) && __lk_isNum(b)) return a * b;
    if (__lk_isVec(a) && __lk_isNum(b)) { for (i = 0; i < a.length; i += 1) r[i] = a[i] * b; return r; }
    if (__lk_isNum(a) && __lk_isVec(b)) { for (i = 0; i < b.length; i += 1) r[i] = a * b[i]; return r; }
    return 0;
}
function div(a, b) {
    var r = [], i;
    if (__lk_isNum(a) && __lk_isNum(b)) return a / b;
    if (__lk_isVec(a) && __lk_isNum(b)) { for (i = 0; i < a.length; i += 1) r[i] = a[i] / b; return r; }
    if (__lk_isNum(a) && __lk_isVec(b)) { for (i = 0; i < b.length; i += 1) r[i] = a / b[i]; return r; }
    return 0;
}
function mod(a, b) {
    if (typeof a === 'string') a = parseInt(a, 10);
    if (typeof b === 'string') b = parseInt(b, 10);
    return a % b;
}
var add = sum, $bm_sum = sum, $bm_sub = sub, $bm_mul = mul, $bm_div = div, $bm_mod = mod;

function clamp(v, lo, hi) {
    var i, r;
    if (__lk_isVec(v)) {
        r = [];
        for (i = 0; i < v.length; i += 1) r[i] = clamp(v[i], __lk_isVec(lo) ? lo[i] : lo, __lk_isVec(hi) ? hi[i] : hi);
        return r;
    }
    if (lo > hi) { r = hi; hi = lo; lo = r; }
    return Math.min(Math.max(v, lo), hi);
}
function dot(a, b) { var s = 0, i; for (i = 0; i < Math.min(a.length, b.length); i += 1) s += a[i] * b[i]; return s; }
function cross(a, b) {
    var a2 = a[2] || 0, b2 = b[2] || 0;
    return [a[1] * b2 - a2 * b[1], a2 * b[0] - a[0] * b2, a[0] * b[1] - a[1] * b[0]];
}
function length(a, b) {
    var i, s = 0, n;
    if (__lk_isNum(a)) return Math.abs(a - (b || 0));
    if (!b) b = [];
    n = a.length;
    for (i = 0; i < n; i += 1) { var d = (b[i] || 0) - a[i]; s += d * d; }
    return Math.sqrt(s);
}
function normalize(v) { var l = length(v); return l === 0 ? mul(v, 0) : div(v, l); }
function radiansToDegrees(r) { return r * 180 / Math.PI; }
function degreesToRadians(d) { return d * Math.PI / 180; }
var radians_to_degrees = radiansToDegrees, degrees_to_radians = degreesToRadians;

function rgbToHsl(c) {
    var r = c[0], g = c[1], b = c[2], max = Math.max(r, g, b), min = Math.min(r, g, b), h, s, l = (max + min) / 2, d;
    if (max === min) { h = 0; s = 0; } else {
        d = max - min;
        s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
        if (max === r) h = (g - b) / d + (g < b ? 6 : 0); else if (max === g) h = (b - r) / d + 2; else h = (r - g) / d + 4;
        h /= 6;
    }
    return [h, s, l, c[3] === undefined ? 1 : c[3]];
}
function __lk_hue(p, q, t) {
    if (t < 0) t += 1; if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
}
function hslToRgb(c) {
    var h = c[0], s = c[1], l = c[2], q, p;
    if (s === 0) return [l, l, l, c[3] === undefined ? 1 : c[3]];
    q = l < 0.5 ? l * (1 + s) : l + s - l * s; p = 2 * l - q;
    return [__lk_hue(p, q, h + 1 / 3), __lk_hue(p, q, h), __lk_hue(p, q, h - 1 / 3), c[3] === undefined ? 1 : c[3]];
}

function __lk_lerp(a, b, f) {
    if (__lk_isVec(a)) { var r = [], i; for (i = 0; i < a.length; i += 1) r[i] = a[i] + ((__lk_isVec(b) ? b[i] : b) - a[i]) * f; return r; }
    return +a + (b - a) * f;
}
function linear(t, tMin, tMax, v1, v2) {
    if (v1 === undefined || v2 === undefined) { v1 = tMin; v2 = tMax; tMin = 0; tMax = 1; }
    if (tMax < tMin) { var s = tMax; tMax = tMin; tMin = s; }
    if (t <= tMin) return v1;
    if (t >= tMax) return v2;
    return __lk_lerp(v1, v2, tMax === tMin ? 0 : (t - tMin) / (tMax - tMin));
}
// y at x of the easing bezier (0,0) (x1,y1) (x2,y2) (1,1): x solved by bisection.
function __lk_bezier(x, x1, y1, x2, y2) {
    function at(t, a, b) { var u = 1 - t; return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t; }
    var lo = 0, hi = 1, t = x, i;
    for (i = 0; i < 40; i += 1) { t = (lo + hi) / 2; if (at(t, x1, x2) < x) lo = t; else hi = t; }
    return at(t, y1, y2);
}
function __lk_ease(x1, y1, x2, y2, t, tMin, tMax, v1, v2) {
    if (v1 === undefined) { v1 = tMin; v2 = tMax; } else { t = tMax === tMin ? (t >= tMax ? 1 : 0) : (t - tMin) / (tMax - tMin); }
    t = t > 1 ? 1 : (t < 0 ? 0 : t);
    return __lk_lerp(v1, v2, __lk_bezier(t, x1, y1, x2, y2));
}
function ease(t, a, b, c, d) { return __lk_ease(0.33, 0, 0.667, 1, t, a, b, c, d); }
function easeIn(t, a, b, c, d) { return __lk_ease(0.333, 0, 0.833, 0.833, t, a, b, c, d); }
function easeOut(t, a, b, c, d) { return __lk_ease(0.167, 0.167, 0.667, 1, t, a, b, c, d); }

// mulberry32
function __lk_next() {
    __lk_state = (__lk_state + 0x6D2B79F5) | 0;
    var z = __lk_state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
}
function __lk_hash(a, b) {
    var h = Math.imul((a | 0) ^ 0x9E3779B9, 0x85EBCA6B) ^ Math.imul((b | 0) + 0x7F4A7C15, 0xC2B2AE35);
    h ^= h >>> 13; h = Math.imul(h, 0x27D4EB2F); return h ^ (h >>> 16);
}
function seedRandom(offset, timeless) {
    __lk_state = __lk_hash(__lk_seed + Math.floor(offset || 0), timeless ? 0 : __lk_frameNumber);
}
function random(a, b) {
    var i, r;
    if (a === undefined) return __lk_next();
    if (b === undefined) { b = a; a = __lk_isVec(b) ? mul(b, 0) : 0; }
    if (__lk_isVec(b)) { r = []; for (i = 0; i < b.length; i += 1) r[i] = (__lk_isVec(a) ? a[i] : a) + __lk_next() * (b[i] - (__lk_isVec(a) ? a[i] : a)); return r; }
    return a + __lk_next() * (b - a);
}
function gaussRandom(a, b) {
    var u = __lk_next() || 1e-12, v = __lk_next(), g = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    g = Math.max(-1, Math.min(1, g / 3)) * 0.5 + 0.5;
    if (a === undefined) return g;
    if (b === undefined) { b = a; a = __lk_isVec(b) ? mul(b, 0) : 0; }
    return __lk_lerp(a, b, g);
}
function noise(x) {
    var v = __lk_isVec(x) ? x[0] + 31 * (x[1] || 0) + 57 * (x[2] || 0) : x;
    return __lk_noise1(v, 7) * 2 - 1;
}
// Smooth value noise in [0, 1] at x for the stream `channel`.
function __lk_noise1(x, channel) {
    var i = Math.floor(x), f = x - i, s = f * f * (3 - 2 * f);
    var a = (__lk_hash(__lk_hash(__lk_seed, channel), i) >>> 0) / 4294967296;
    var b = (__lk_hash(__lk_hash(__lk_seed, channel), i + 1) >>> 0) / 4294967296;
    return a + (b - a) * s;
}
function __lk_wiggle(v, freq, amp, octaves, ampMult, t) {
    var n = __lk_isVec(v) ? v.length : 1, out = [], d, o, f, a, s;
    if (octaves === undefined) octaves = 1;
    if (ampMult === undefined) ampMult = 0.5;
    octaves = Math.max(1, Math.min(10, Math.floor(octaves)));
    for (d = 0; d < n; d += 1) {
        s = 0; f = freq; a = amp;
        for (o = 0; o < octaves; o += 1) { s += (__lk_noise1(t * f, d * 16 + o) * 2 - 1) * a; f *= 2; a *= ampMult; }
        out[d] = (__lk_isVec(v) ? v[d] : v) + s;
    }
    return __lk_isVec(v) ? out : out[0];
}

function framesToTime(frames, fps) { return frames / (fps || __lk_fr); }
function timeToFrames(t, fps) { if (t === undefined) t = time; return t * (fps || __lk_fr); }
function posterizeTime(fps) { time = fps === 0 ? 0 : Math.floor(time * fps) / fps; value = valueAtTime(time); }
function lookAt(a, b) {
    var f = [b[0] - a[0], b[1] - a[1], (b[2] || 0) - (a[2] || 0)];
    return [-radiansToDegrees(Math.atan2(f[1], f[2])), radiansToDegrees(Math.atan2(f[0], Math.sqrt(f[1] * f[1] + f[2] * f[2]))), 0];
}

// A path value (lottie-web's ShapeExpressions and After Effects' "Path Property" methods):
// points(), inTangents(), outTangents() (tangents relative to their vertex), isClosed(),
// pointOnPath(percentage), tangentOnPath, normalOnPath (by arc length, each segment measured
// in 32 steps).
function __lk_Path(points, ins, outs, closed) {
    this.__v = points; this.__i = ins; this.__o = outs; this.__c = closed;
}
__lk_Path.prototype.points = function () { return this.__v; };
__lk_Path.prototype.inTangents = function () { return this.__i; };
__lk_Path.prototype.outTangents = function () { return this.__o; };
__lk_Path.prototype.isClosed = function () { return this.__c; };
__lk_Path.prototype.__segments = function () {
    var v = this.__v, n = v.length, out = [], j, k;
    for (j = 0; j < (this.__c ? n : n - 1); j += 1) {
        k = (j + 1) % n;
        out.push([v[j], [v[j][0] + this.__o[j][0], v[j][1] + this.__o[j][1]], [v[k][0] + this.__i[k][0], v[k][1] + this.__i[k][1]], v[k]]);
    }
    return out;
};
function __lk_cubic(s, u) {
    var a = 1 - u, b0 = a * a * a, b1 = 3 * a * a * u, b2 = 3 * a * u * u, b3 = u * u * u;
    return [b0 * s[0][0] + b1 * s[1][0] + b2 * s[2][0] + b3 * s[3][0], b0 * s[0][1] + b1 * s[1][1] + b2 * s[2][1] + b3 * s[3][1]];
}
__lk_Path.prototype.pointOnPath = function (perc) {
    var segs = this.__segments(), table = [], total = 0, j, k, q, prev, target, e, before;
    perc = +perc;
    if (!segs.length) return this.__v.length ? [this.__v[0][0], this.__v[0][1]] : [0, 0];
    for (j = 0; j < segs.length; j += 1) {
        prev = segs[j][0];
        for (k = 1; k <= 32; k += 1) {
            q = __lk_cubic(segs[j], k / 32);
            total += Math.sqrt((q[0] - prev[0]) * (q[0] - prev[0]) + (q[1] - prev[1]) * (q[1] - prev[1]));
            table.push([total, j, k / 32]);
            prev = q;
        }
    }
    target = Math.max(0, Math.min(1, perc)) * total;
    for (j = 0; j < table.length - 1 && table[j][0] < target; j += 1) {}
    e = table[j]; before = j > 0 ? table[j - 1] : [0, e[1], 0];
    if (before[1] !== e[1]) before = [before[0], e[1], 0];
    return __lk_cubic(segs[e[1]], e[0] > before[0] ? before[2] + (e[2] - before[2]) * (target - before[0]) / (e[0] - before[0]) : e[2]);
};
__lk_Path.prototype.__vectorOnPath = function (perc, normal) {
    perc = +perc;
    if (perc >= 1) perc = this.__c ? 0 : 0.999;
    var a = this.pointOnPath(perc), b = this.pointOnPath(perc + 0.001), dx = b[0] - a[0], dy = b[1] - a[1], l = Math.sqrt(dx * dx + dy * dy) || 1;
    return normal ? [-dy / l, dx / l] : [dx / l, dy / l];
};
__lk_Path.prototype.tangentOnPath = function (perc) { return this.__vectorOnPath(perc, false); };
__lk_Path.prototype.normalOnPath = function (perc) { return this.__vectorOnPath(perc, true); };
// After Effects' createPath(points = [[0,0],[100,0],[100,100],[0,100]], inTangents = [],
// outTangents = [], is_closed = true); missing tangents are [0, 0]. More points than
// LottieLimits.maximumVertices is an error before anything is built.
function createPath(points, inTangents, outTangents, isClosed) {
    var v = [], i = [], o = [], j, n;
    if (points === undefined) points = [[0, 0], [100, 0], [100, 100], [0, 100]];
    if (!__lk_isVec(points)) throw new Error('createPath: points must be an array');
    n = points.length;
    if (n > __lk_maxVertices) throw new Error('createPath: ' + n + ' points exceed the limit ' + __lk_maxVertices + ' (maximumVertices)');
    function pair(p) { return __lk_isVec(p) ? [+p[0], +p[1]] : [0, 0]; }
    for (j = 0; j < n; j += 1) {
        v[j] = pair(points[j]);
        i[j] = pair(__lk_isVec(inTangents) ? inTangents[j] : undefined);
        o[j] = pair(__lk_isVec(outTangents) ? outTangents[j] : undefined);
    }
    return new __lk_Path(v, i, o, isClosed === undefined ? true : !!isClosed);
}

// A property: its value at a time, keyframes, loops and wiggle; `id` is the host's.
function __lk_Property(id, prop) {
    var self = this;
    this.id = id;
    Object.defineProperty(this, 'numKeys', { get: function () { return self.keys().length; }, configurable: true });
    this.loopOut = function (t, c) { return self.loop(true, t, c, false); };
    this.loopIn = function (t, c) { return self.loop(false, t, c, false); };
    this.loopOutDuration = function (t, c) { return self.loop(true, t, c, true); };
    this.loopInDuration = function (t, c) { return self.loop(false, t, c, true); };
    this.valueAtTime = function (t) { return __lk_get(id, t); };
    Object.defineProperty(this, 'value', { get: function () { return __lk_get(id, time); }, configurable: true });
    // A path property's methods, at `time` or at the time given (lottie-web's ShapeExpressions).
    ['points', 'inTangents', 'outTangents'].forEach(function (m) {
        self[m] = function (t) { return __lk_pathAt(id, t)[m](); };
    });
    this.isClosed = function () { return __lk_pathAt(id).isClosed(); };
    this.pointOnPath = function (perc, t) { return __lk_pathAt(id, t).pointOnPath(perc); };
    this.tangentOnPath = function (perc, t) { return __lk_pathAt(id, t).tangentOnPath(perc); };
    this.normalOnPath = function (perc, t) { return __lk_pathAt(id, t).normalOnPath(perc); };
    this.velocityAtTime = function (t) {
        var d = 0.001, a = __lk_get(id, t - d), b = __lk_get(id, t);
        return div(sub(b, a), d);
    };
    this.speedAtTime = function (t) { var v = self.velocityAtTime(t); return __lk_isVec(v) ? length(v) : Math.abs(v); };
    this.keys = function () { if (!self._keys) self._keys = __lk_keys(id); return self._keys; };
    this.key = function (i) {
        var k = self.keys();
        if (typeof i !== 'number' || i < 1 || i > k.length) throw new Error('the property has no keyframe ' + i);
        var v = k[i - 1][1], kind = __lk_kinds[id], o;
        if (kind === 1) { o = __lk_decodePath(v); o.value = o; }
        else if (kind === 2) { o = new String(__lk_decodeText(v)); o.value = String(o); }
        else {
            // A one-dimensional key is a number that is also indexable: lottie-web's key()
            // copies each of the keyframe's `s` values to obKey[i] (`s` is [v] for one
            // dimension), so key(n)[0] is its number and key(n)[1] undefined. "Ease and Wizz"
            // reads sX = key1[0] on rotations and opacities.
            o = v.length === 1 ? new Number(v[0]) : __lk_plain(v); o.value = v.length === 1 ? v[0] : v;
            if (v.length === 1) o[0] = v[0];
        }
        o.time = k[i - 1][0]; o.index = i;
        return o;
    };
    this.nearestKey = function (t) {
        var k = self.keys(), best = 0, i;
        if (!k.length) throw new Error('the property has no keyframes');
        for (i = 1; i < k.length; i += 1) if (Math.abs(k[i][0] - t) < Math.abs(k[best][0] - t)) best = i;
        return self.key(best + 1);
    };
    this.loop = function (out, type, count, seconds) {
        var k = self.keys(), n = k.length, first, last, cycle, now = time, v, a, b, reps, into;
        if (type === undefined) type = 'cycle';
        if (n < 2) return __lk_get(id, now);
        if (out) {
            last = k[n - 1][0];
            if (now <= last) return __lk_get(id, now);
            if (seconds) first = Math.max(k[0][0], last - (count || (last - k[0][0])));
            else first = (!count || count >= n) ? k[0][0] : k[n - 1 - count][0];
        } else {
            first = k[0][0];
            if (now >= first) return __lk_get(id, now);
            if (seconds) last = Math.min(k[n - 1][0], first + (count || (k[n - 1][0] - first)));
            else last = (!count || count >= n) ? k[n - 1][0] : k[count][0];
        }
        cycle = last - first;
        if (cycle <= 0) return __lk_get(id, now);
        if (type === 'continue') {
            if (out) { a = __lk_get(id, last); b = __lk_get(id, last - 0.001); return __lk_offset(a, a, b, (now - last) / 0.001); }
            a = __lk_get(id, first); b = __lk_get(id, first + 0.001); return __lk_offset(a, a, b, (first - now) / 0.001);
        }
        into = out ? (now - first) % cycle : (first - now) % cycle;
        reps = out ? Math.floor((now - first) / cycle) : Math.floor((first - now) / cycle) + 1;
        if (type === 'pingpong') {
            if (out) return __lk_get(id, (reps % 2 !== 0) ? last - into : first + into);
            return __lk_get(id, (Math.floor((first - now) / cycle) % 2 === 0) ? first + into : last - into);
        }
        v = __lk_get(id, out ? first + into : last - into);
        if (type === 'offset') {
            a = __lk_get(id, first); b = __lk_get(id, last);
            return __lk_offset(v, b, a, out ? reps : -reps);
        }
        return v;
    };
    this.wiggle = function (freq, amp, oct, mult, t) {
        if (t === undefined) t = time;
        return __lk_wiggle(__lk_get(id, t), freq, amp, oct, mult, t);
    };
}
// v + (b − a) × k: a number or a vector per component; a path per vertex (its tangents, which
// are relative to their vertex, stay v's) — After Effects' loopOut("offset") and
// loopOut("continue") move a path's vertices as they move a position. Paths whose vertex
// counts differ give v.
function __lk_offset(v, b, a, k) {
    var j, pts;
    if (v instanceof __lk_Path) {
        if (!(a instanceof __lk_Path) || !(b instanceof __lk_Path) || a.__v.length !== v.__v.length || b.__v.length !== v.__v.length) return v;
        pts = [];
        for (j = 0; j < v.__v.length; j += 1) pts[j] = [v.__v[j][0] + (b.__v[j][0] - a.__v[j][0]) * k, v.__v[j][1] + (b.__v[j][1] - a.__v[j][1]) * k];
        return new __lk_Path(pts, v.__i, v.__o, v.__c);
    }
    return sum(v, mul(sub(b, a), k));
}
function __lk_pathAt(id, t) {
    if (__lk_kinds[id] !== 1) throw new Error('the property is not a path');
    return __lk_get(id, t === undefined ? time : t);
}
// The property's value at `time` as an expression sees it: a Number, an array, a path or a
// String carrying the property's methods (lottie-web's ExpressionValue).
function __lk_valueObject(p) {
    var kind = __lk_kinds[p.id], v = __lk_get(p.id, time), o;
    if (kind === 1) {
        o = v;
        o.points = p.points; o.inTangents = p.inTangents; o.outTangents = p.outTangents;
        o.pointOnPath = p.pointOnPath; o.tangentOnPath = p.tangentOnPath; o.normalOnPath = p.normalOnPath;
    } else if (kind === 2) {
        o = new String(v);
    } else {
        o = __lk_isVec(v) ? v : new Number(v);
    }
    o.value = kind === 1 ? o : v;
    o.valueAtTime = p.valueAtTime; o.velocityAtTime = p.velocityAtTime; o.speedAtTime = p.speedAtTime;
    // velocity and speed cost two more reads: computed when asked for.
    Object.defineProperty(o, 'velocity', { get: function () { return p.velocityAtTime(time); }, configurable: true });
    Object.defineProperty(o, 'speed', { get: function () { return p.speedAtTime(time); }, configurable: true });
    o.key = p.key; o.nearestKey = p.nearestKey;
    o.numKeys = p.keys().length;
    o.loopOut = function (t, c) { return p.loop(true, t, c, false); };
    o.loopIn = function (t, c) { return p.loop(false, t, c, false); };
    o.loopOutDuration = function (t, c) { return p.loop(true, t, c, true); };
    o.loopInDuration = function (t, c) { return p.loop(false, t, c, true); };
    o.wiggle = p.wiggle;
    if (p.propertyGroup) o.propertyGroup = p.propertyGroup;
    o.propertyIndex = p.ix;
    return o;
}
// A function's own `name` is read-only (ES2015): the interfaces' names are defined over it.
function __lk_name(f, n) { Object.defineProperty(f, 'name', { value: n, configurable: true }); }
// A member by name, match name or alias; by number its After Effects property index first
// (`ix`: lottie-web's contents interface matches `propertyIndex`/`ix` before the position,
// its star, trim and transform interfaces match a property's `ix` only), then its position.
function __lk_byName(list, key) {
    var i;
    if (typeof key === 'number' || key instanceof Number) {
        key = +key;
        for (i = 0; i < list.length; i += 1) if (list[i].ix === key) return list[i];
        return list[key - 1];
    }
    for (i = 0; i < list.length; i += 1) {
        if (list[i].name === key || list[i].matchName === key || (list[i].aliases && list[i].aliases.indexOf(key) >= 0)) return list[i];
    }
    return undefined;
}
// A group of named properties and subgroups (a transform, a shape group, an effect): called
// with a name or 1-based index it gives the member; its properties are also members by name.
function __lk_group(desc) {
    var members = [], i, f, c = null, transform = null;
    function lookup(list, key, where) {
        var m = __lk_byName(list, key);
        if (m === undefined) throw new Error('no property or group ' + JSON.stringify(key) + ' in ' + JSON.stringify(where || ''));
        return m.get();
    }
    f = function (key) {
        if (desc.ty !== 'gr') return lookup(members, key, desc.name);
        // A shape group is two levels in After Effects: the group ("ADBE Vector Group") holds
        // its Contents (property 2, "ADBE Vectors Group") and its Transform (property 3,
        // "ADBE Vector Transform Group"). lottie-web's ShapeInterface groupInterfaceFactory:
        // 'ADBE Vectors Group', 'Contents' and 2 give the content, anything else the
        // transform; a name other than those is looked up in the contents here (older files
        // call content('Group')('Item')).
        if (key === 2 || key === 'ADBE Vectors Group' || key === 'Contents') return f.content;
        if (typeof key === 'string' && key !== 'ADBE Vector Transform Group' && key !== 'Transform') return f.content(key);
        if (!f.transform) throw new Error('no transform in ' + JSON.stringify(desc.name || ''));
        return f.transform;
    };
    __lk_name(f, desc.name); f.matchName = desc.matchName;
    f._name = desc.name; f.nm = desc.name; f.mn = desc.matchName; f.propertyIndex = desc.ix;
    // A property is one member (its 1-based index counts it once) under its name and the
    // other names it answers to (entry [name, id, alias…, ix]: After Effects' display name,
    // its match name — lottie-web's EffectInterface finds an effect's parameter by nm, mn or
    // ix, ShapeInterface a transform's by "Position", "Anchor Point", …, a path's by "Path" —
    // and, a number, its property index `ix`).
    // An entry marked `true` is a Layer Control parameter: it gives the layer whose index it
    // holds, or null (lottie-web's EffectInterface createValueInterface: type 10 returns
    // `elem.comp.compInterface(element.p.v)`, and CompInterface finds a layer by `ind`,
    // else null).
    function addProperty(entry) {
        var p = new __lk_Property(entry[1]), k, aliases = [], ix, layerControl = false, get;
        for (k = 2; k < entry.length; k += 1) {
            if (entry[k] === true) layerControl = true;
            else if (typeof entry[k] === 'number') ix = entry[k];
            else aliases.push(entry[k]);
        }
        p.ix = ix;
        get = layerControl ? function () { return __lk_controlLayer(desc.comp || thisComp, +__lk_valueObject(p)); }
                           : function () { return __lk_valueObject(p); };
        members.push({ name: entry[0], aliases: aliases, ix: ix, get: get });
        function define(n) { Object.defineProperty(f, n, { get: get, enumerable: true, configurable: true }); }
        define(entry[0]);
        for (k = 0; k < aliases.length; k += 1) if (!Object.prototype.hasOwnProperty.call(f, aliases[k])) define(aliases[k]);
    }
    for (i = 0; i < (desc.props || []).length; i += 1) addProperty(desc.props[i]);
    var contents = [];
    for (i = 0; i < (desc.items || []).length; i += 1) (function (item) {
        // An effect's groups know the comp of their layer (for Layer Control parameters).
        if (desc.comp && item.comp === undefined) item.comp = desc.comp;
        var g = null, m = { name: item.name, matchName: item.matchName, ix: item.ix, get: function () { if (!g) g = __lk_group(item); return g; } };
        members.push(m);
        // lottie-web's contents interface leaves the group's transform out of its items.
        if (item.key === 'transform') transform = m; else contents.push(m);
        if (item.key) Object.defineProperty(f, item.key, { get: function () { if (!g) g = __lk_group(item); return g; }, configurable: true });
    })(desc.items[i]);
    f.numProperties = members.length;
    // An effect switched off in the file is not active (lottie-web's EffectInterface:
    // `groupInterface.active = groupInterface.enabled = data.en !== 0`); other groups are.
    f.active = f.enabled = desc.enabled !== false;
    if (desc.ty === 'gr') {
        // The group's Contents (lottie-web's contentsInterfaceFactory): its items by name,
        // match name or property index, then by position; the transform by name too.
        c = function (key) {
            if (transform && (key === 'Transform' || key === 'ADBE Vector Transform Group')) return transform.get();
            return lookup(contents, key, desc.name);
        };
        __lk_name(c, desc.name); c._name = desc.name; c.matchName = 'ADBE Vectors Group'; c.mn = 'ADBE Vectors Group';
        c.propertyIndex = 2; c.numProperties = contents.length;
        if (transform) Object.defineProperty(c, 'transform', { get: function () { return transform.get(); }, configurable: true });
        f.content = c;
    } else {
        f.content = f;
    }
    return f;
}
function __lk_layer(comp, desc) {
    var f = function (key) {
        // lottie-web's LayerInterface: 1, 6, 'Transform', 'transform' and the match name give
        // the transform, 2 the contents, 4 the effects.
        if (key === 'ADBE Transform Group' || key === 'Transform' || key === 'transform' || key === 1 || key === 6) return f.transform;
        if (key === 'ADBE Root Vectors Group' || key === 'Contents' || key === 2) return f.content;
        if (key === 'ADBE Effect Parade' || key === 'Effects' || key === 4) return f.effect;
        if (key === 'ADBE Mask Parade' || key === 'Masks') return f.mask;
        throw new Error('no group ' + JSON.stringify(key) + ' in layer ' + JSON.stringify(desc.name));
    };
    __lk_name(f, desc.name); f.index = desc.index; f.inPoint = desc.inPoint; f.outPoint = desc.outPoint;
    f.startTime = desc.startTime; f.width = desc.width; f.height = desc.height;
    f.hasParent = desc.parent !== undefined;
    // A layer is active between its in and out points (lottie-web's LayerInterface:
    // `active` is the element's `isInRange`).
    Object.defineProperty(f, 'active', { get: function () { return time >= desc.inPoint && time < desc.outPoint; } });
    f.enabled = true;
    f.transform = __lk_group(desc.transform);
    ['anchorPoint', 'position', 'scale', 'rotation', 'opacity'].forEach(function (k) {
        Object.defineProperty(f, k, { get: function () { return f.transform[k]; } });
    });
    f.content = __lk_group(desc.content || { items: [] });
    f.effect = __lk_group({ items: desc.effects || [], comp: comp });
    f.mask = __lk_group({ items: desc.masks || [] });
    Object.defineProperty(f, 'parent', { get: function () { return desc.parent === undefined ? undefined : comp.layer(desc.parentLayer); } });
    if (desc.text) {
        f.text = { sourceText: null };
        Object.defineProperty(f.text, 'sourceText', { get: function () { return __lk_valueObject(new __lk_Property(desc.text.sourceText)); } });
    }
    f.sourceRectAtTime = function (t, extents) { return __lk_sourceRect(desc, t === undefined ? time : +t, !!extents); };
    f.toComp = function (p, t) { return __lk_apply(__lk_chain(f, t === undefined ? time : t), p); };
    f.fromComp = function (p, t) { return __lk_apply(__lk_invert(__lk_chain(f, t === undefined ? time : t)), p); };
    f.toWorld = f.toComp; f.fromWorld = f.fromComp;
    return f;
}
// sourceRectAtTime(t, includeExtents): the layer's content bounds in its own coordinates as
// {top, left, width, height} (After Effects' Layer "sourceRectAtTime"; lottie-web computes it
// for shape and text layers). A shape layer's: the union of its visible shapes at t through
// their groups' transforms — paths and ellipses (four arcs of κ = 0.5523) by their curves'
// extremes, rectangles by their corners, stars by their outer radius' square — and with
// includeExtents each shape grown by half the widest stroke of its scope (scaled by the
// transform's determinant). A solid, image or precomposition: its size from (0, 0); a null:
// 100 × 100 (After Effects' null source). A text layer's: the box of its document shown at t
// (`textBoxes`, [seconds, left, top, width, height] per document keyframe, measured by the
// host as the importer lays the text out: LottieExpressionTextRect).
function __lk_sourceRect(desc, t, extents) {
    var box = [Infinity, Infinity, -Infinity, -Infinity], b, i;
    if (desc.type === 5) {
        if (!desc.textBoxes || !desc.textBoxes.length) throw new Error('sourceRectAtTime of a text layer: no font measures its text');
        b = desc.textBoxes[0];
        for (i = 1; i < desc.textBoxes.length; i += 1) if (desc.textBoxes[i][0] <= t) b = desc.textBoxes[i];
        return { top: b[2], left: b[1], width: b[3], height: b[4] };
    }
    if (desc.type === 3) return { top: 0, left: 0, width: 100, height: 100 };
    if (desc.type !== 4) return { top: 0, left: 0, width: desc.width, height: desc.height };
    __lk_itemsBounds((desc.content || { items: [] }).items, t, [1, 0, 0, 1, 0, 0], extents ? 0 : -1, box, 0);
    if (box[0] > box[2]) return { top: 0, left: 0, width: 0, height: 0 };
    return { top: box[1], left: box[0], width: box[2] - box[0], height: box[3] - box[1] };
}
function __lk_prop(desc, name, t, fallback) {
    var i;
    for (i = 0; i < (desc.props || []).length; i += 1) if (desc.props[i][0] === name) return __lk_get(desc.props[i][1], t);
    return fallback;
}
function __lk_extend(box, p) {
    if (p[0] < box[0]) box[0] = p[0]; if (p[1] < box[1]) box[1] = p[1];
    if (p[0] > box[2]) box[2] = p[0]; if (p[1] > box[3]) box[3] = p[1];
}
// The cubic's extremes: roots in (0, 1) of its derivative per axis, and its ends.
function __lk_cubicBounds(s, box) {
    var d, a, b, c, disc, r, k, roots;
    __lk_extend(box, s[0]); __lk_extend(box, s[3]);
    for (d = 0; d < 2; d += 1) {
        a = s[3][d] - 3 * s[2][d] + 3 * s[1][d] - s[0][d]; b = 2 * (s[0][d] - 2 * s[1][d] + s[2][d]); c = s[1][d] - s[0][d];
        roots = [];
        if (Math.abs(a) < 1e-12) { if (Math.abs(b) > 1e-12) roots.push(-c / b); }
        else { disc = b * b - 4 * a * c; if (disc >= 0) { r = Math.sqrt(disc); roots.push((-b + r) / (2 * a), (-b - r) / (2 * a)); } }
        for (k = 0; k < roots.length; k += 1) if (roots[k] > 0 && roots[k] < 1) __lk_extend(box, __lk_cubic(s, roots[k]));
    }
}
function __lk_itemsBounds(items, t, m, stroke, box, depth) {
    var i, item, tr = null, inner = m, w = stroke, local, seg, j, p, s, r, k, corners;
    if (depth > 64) return;
    for (i = 0; i < items.length; i += 1) {
        item = items[i];
        if (item.key === 'transform') tr = item;
        if (stroke >= 0 && !item.hidden && (item.ty === 'st' || item.ty === 'gs')) w = Math.max(w, +__lk_prop(item, 'strokeWidth', t, 0));
    }
    if (tr) inner = __lk_multiply(m, __lk_layerMatrix({ transform: tr.__g || (tr.__g = __lk_group(tr)) }, t));
    function shapeBox(curves, points) {
        var b = [Infinity, Infinity, -Infinity, -Infinity], q, pad;
        for (q = 0; q < curves.length; q += 1) __lk_cubicBounds(curves[q].map(function (pt) { return __lk_apply(inner, pt); }), b);
        for (q = 0; q < points.length; q += 1) __lk_extend(b, __lk_apply(inner, points[q]));
        if (b[0] > b[2]) return;
        pad = w > 0 ? w / 2 * Math.sqrt(Math.abs(inner[0] * inner[3] - inner[1] * inner[2])) : 0;
        __lk_extend(box, [b[0] - pad, b[1] - pad]); __lk_extend(box, [b[2] + pad, b[3] + pad]);
    }
    for (i = 0; i < items.length; i += 1) {
        item = items[i];
        if (item.hidden) continue;
        if (item.ty === 'gr') { __lk_itemsBounds(item.items || [], t, inner, w, box, depth + 1); continue; }
        if (item.ty === 'sh') {
            local = __lk_prop(item, 'path', t, null);
            if (local) { seg = local.__segments(); shapeBox(seg, seg.length ? [] : local.points()); }
        } else if (item.ty === 'rc' || item.ty === 'el' || item.ty === 'sr') {
            p = __lk_prop(item, 'position', t, [0, 0]);
            if (item.ty === 'sr') { r = +__lk_prop(item, 'outerRadius', t, 0); s = [2 * r, 2 * r]; }
            else s = __lk_prop(item, 'size', t, [0, 0]);
            r = [s[0] / 2, s[1] / 2];
            if (item.ty === 'el') {
                k = 0.5523;
                corners = [[p[0], p[1] - r[1]], [p[0] + r[0], p[1]], [p[0], p[1] + r[1]], [p[0] - r[0], p[1]]];
                seg = [];
                for (j = 0; j < 4; j += 1) {
                    var a = corners[j], b = corners[(j + 1) % 4];
                    var ta = j % 2 === 0 ? [r[0] * k * (j === 0 ? 1 : -1), 0] : [0, r[1] * k * (j === 1 ? 1 : -1)];
                    var tb = j % 2 === 0 ? [0, r[1] * k * (j === 0 ? -1 : 1)] : [r[0] * k * (j === 1 ? 1 : -1), 0];
                    seg.push([a, [a[0] + ta[0], a[1] + ta[1]], [b[0] + tb[0], b[1] + tb[1]], b]);
                }
                shapeBox(seg, []);
            } else {
                shapeBox([], [[p[0] - r[0], p[1] - r[1]], [p[0] + r[0], p[1] - r[1]], [p[0] + r[0], p[1] + r[1]], [p[0] - r[0], p[1] + r[1]]]);
            }
        }
    }
}

// A layer's 2D transform at t as [a, b, c, d, e, f] (x' = a x + c y + e): After Effects'
// order, position · rotation · scale · −anchor point; toComp follows the parent chain (at
// most 64 parents, as the importer's nesting limit).
function __lk_read(group, key, t, fallback) {
    var v;
    try { v = group[key]; } catch (e) { return fallback; }
    return v === undefined ? fallback : v.valueAtTime(t);
}
function __lk_layerMatrix(layer, t) {
    var tr = layer.transform, a = __lk_read(tr, 'anchorPoint', t, [0, 0]), p = __lk_read(tr, 'position', t, [0, 0]);
    var s = __lk_read(tr, 'scale', t, [100, 100]), r = degreesToRadians(+__lk_read(tr, 'rotation', t, 0));
    var sx = s[0] / 100, sy = (s[1] === undefined ? s[0] : s[1]) / 100, c = Math.cos(r), n = Math.sin(r);
    var m = [c * sx, n * sx, -n * sy, c * sy, 0, 0];
    m[4] = p[0] - (m[0] * a[0] + m[2] * a[1]);
    m[5] = p[1] - (m[1] * a[0] + m[3] * a[1]);
    return m;
}
function __lk_multiply(m, n) {
    return [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
            m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
}
function __lk_chain(layer, t) {
    var m = [1, 0, 0, 1, 0, 0], l = layer, depth = 0;
    while (l && depth < 64) { m = __lk_multiply(__lk_layerMatrix(l, t), m); l = l.hasParent ? l.parent : undefined; depth += 1; }
    return m;
}
function __lk_invert(m) {
    var det = m[0] * m[3] - m[1] * m[2];
    if (det === 0) return [1, 0, 0, 1, 0, 0];
    return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
}
function __lk_apply(m, p) {
    var out = [m[0] * p[0] + m[2] * p[1] + m[4], m[1] * p[0] + m[3] * p[1] + m[5]];
    if (p.length > 2) out.push(p[2]);
    return out;
}
function __lk_comp(desc) {
    var layers = [], c;
    c = function (key) { return c.layer(key); };
    __lk_name(c, desc.name); c.width = desc.width; c.height = desc.height;
    c.frameDuration = 1 / __lk_fr; c.duration = desc.duration; c.displayStartTime = 0;
    c.numLayers = desc.layers.length;
    c.__lk_layerWithIndex = function (n) {
        var i;
        for (i = 0; i < desc.layers.length; i += 1) if (desc.layers[i].index === n) return c.layerAt(i);
        return null;
    };
    c.layer = function (key) {
        var i, l;
        if (typeof key === 'number' || key instanceof Number) {
            l = c.__lk_layerWithIndex(+key);
            if (l) return l;
            throw new Error('no layer with index ' + key);
        }
        for (i = 0; i < desc.layers.length; i += 1) if (desc.layers[i].name === key) return c.layerAt(i);
        throw new Error('no layer named ' + JSON.stringify(key));
    };
    c.layerAt = function (i) { if (!layers[i]) layers[i] = __lk_layer(c, desc.layers[i]); return layers[i]; };
    return c;
}
// The layer of comp `c` with index `n` (a Layer Control's value), null when there is none.
function __lk_controlLayer(c, n) { return c.__lk_layerWithIndex ? c.__lk_layerWithIndex(n) : null; }
function comp(name) {
    var i;
    for (i = 0; i < __lk_comps.length; i += 1) if (__lk_comps[i].desc.name === name) return __lk_comps[i].get();
    throw new Error('no composition named ' + JSON.stringify(name));
}
function __lk_addComp(desc) {
    var entry = { desc: desc, c: null, get: function () { if (!entry.c) entry.c = __lk_comp(desc); return entry.c; } };
    __lk_comps.push(entry);
}

// The groups holding property `id` in a layer's description, the innermost first (a shape
// group, an effect, a mask, the transform; the layer's content, effects and masks parades
// after them), or null.
function __lk_groupChain(desc, id) {
    function search(g, depth) {
        var i, inner;
        if (!g || depth > 64) return null;
        for (i = 0; i < (g.props || []).length; i += 1) if (g.props[i][1] === id) return [g];
        for (i = 0; i < (g.items || []).length; i += 1) {
            inner = search(g.items[i], depth + 1);
            if (inner) { inner.push(g); return inner; }
        }
        return null;
    }
    return search(desc.transform, 0) || search(desc.content, 0) || search({ name: 'Effects', matchName: 'ADBE Effect Parade', items: desc.effects || [] }, 0) ||
        search({ name: 'Masks', matchName: 'ADBE Mask Parade', items: desc.masks || [] }, 0);
}
// Before a property's evaluations: the names an expression sees for its layer and property.
function __lk_begin(compIndex, layerPosition, propertyId, seed, kind) {
    __lk_kind = kind || 0;
    thisComp = __lk_comps[compIndex].get();
    thisLayer = thisComp.layerAt(layerPosition);
    __lk_seed = seed;
    var p = new __lk_Property(propertyId), layerDesc = __lk_comps[compIndex].desc.layers[layerPosition];
    // propertyGroup(n): the n-th group up from the property (After Effects' Property
    // "propertyGroup(countUp = 1)"; lottie-web's PropertyGroupFactory and ShapeInterface),
    // the layer past its groups. A shape group counts twice from an item inside it — its
    // Contents, then the group — but once from its own transform (lottie-web's group sets
    // its transform's properties' group after its contents did: the group itself).
    var chain = __lk_groupChain(layerDesc, propertyId) || [], levels = [], k;
    for (k = 0; k < chain.length; k += 1) {
        if (chain[k].ty === 'gr' && !(k > 0 && chain[k - 1].key === 'transform')) levels.push({ desc: chain[k], contents: true });
        levels.push({ desc: chain[k], contents: false });
    }
    if (chain.length) for (k = 0; k < (chain[0].props || []).length; k += 1) {
        if (chain[0].props[k][1] === propertyId) {
            chain[0].props[k].slice(2).forEach(function (a) { if (typeof a === 'number') p.ix = a; });
        }
    }
    p.propertyIndex = p.ix;
    p.propertyGroup = function (n) {
        var g;
        n = n === undefined ? 1 : Math.floor(n);
        if (n < 1) throw new Error('propertyGroup(' + n + '): the count starts at 1');
        if (n > levels.length) return thisLayer;
        g = __lk_group(levels[n - 1].desc);
        return levels[n - 1].contents ? g.content : g;
    };
    thisProperty = p;
    transform = thisLayer.transform; $bm_transform = transform; content = thisLayer.content;
    effect = thisLayer.effect; mask = thisLayer.mask;
    index = thisLayer.index; name = thisLayer.name; inPoint = thisLayer.inPoint; outPoint = thisLayer.outPoint;
    text = thisLayer.text;
    startTime = thisLayer.startTime; hasParent = thisLayer.hasParent; width = thisLayer.width; height = thisLayer.height;
    parent = hasParent ? thisLayer.parent : undefined;
    valueAtTime = p.valueAtTime; velocityAtTime = p.velocityAtTime; speedAtTime = p.speedAtTime;
    key = p.key; nearestKey = p.nearestKey;
    numKeys = p.keys().length;
    loopOut = function (t, c) { return p.loop(true, t, c, false); };
    loopIn = function (t, c) { return p.loop(false, t, c, false); };
    loopOutDuration = function (t, c) { return p.loop(true, t, c, true); };
    loopInDuration = function (t, c) { return p.loop(false, t, c, true); };
    loop_out = loopOut; loop_in = loopIn;
    wiggle = p.wiggle;
    smooth = function () { return value; };
    sourceRectAtTime = thisLayer.sourceRectAtTime;
    toComp = thisLayer.toComp; fromComp = thisLayer.fromComp; toWorld = thisLayer.toWorld; fromWorld = thisLayer.fromWorld;
    // After Effects' fromCompToSurface projects a comp point onto the layer's surface; for a
    // 2D layer that is fromComp (lottie-web's ExpressionManager executeExpression:
    // `fromCompToSurface = fromComp`). The "Create Nulls From Paths" rig writes it.
    fromCompToSurface = thisLayer.fromComp;
}
// The host's evaluation of `source` (the property of the last __lk_begin) at `t` seconds
// (frame `frameNumber`): a plain array of numbers, or the one an on-demand read made.
function __lk_run(source, t, frameNumber) {
    var id = thisProperty.id, x = __lk_exprs[id], m = __lk_memo[id];
    __lk_nested = [];
    if (m !== undefined && m[t] !== undefined) return m[t];
    if (x === undefined) return __lk_evaluate(null, source, t, frameNumber);
    return __lk_evaluate(x, source, t, frameNumber);
}
// One evaluation, the property marked busy while it runs (its reads of itself are keyframes).
function __lk_evaluate(x, source, t, frameNumber) {
    if (x === null) return __lk_evaluateNow(source, t, frameNumber);
    x.busy = true;
    try { return __lk_evaluateNow(source, t, frameNumber); } finally { x.busy = false; }
}
function __lk_evaluateNow(source, t, frameNumber) {
    time = t;
    __lk_frameNumber = frameNumber;
    seedRandom(0, false);
    value = __lk_valueObject(thisProperty);
    velocity = source.indexOf('velocity') >= 0 ? value.velocity : undefined;
    // The layer's transform by its bare names, read only when the source names them.
    anchorPoint = source.indexOf('anchorPoint') >= 0 ? transform.anchorPoint : undefined;
    position = source.indexOf('position') >= 0 ? transform.position : undefined;
    scale = source.indexOf('scale') >= 0 ? transform.scale : undefined;
    rotation = source.indexOf('rotation') >= 0 ? transform.rotation : undefined;
    opacity = source.indexOf('opacity') >= 0 ? transform.opacity : undefined;
    $bm_rt = undefined;
    var __lk_r = __lk_call(source);
    if (__lk_kind === 1) return __lk_pathResult(__lk_r);
    if (__lk_kind === 2) return __lk_textResult(__lk_r);
    return __lk_result(__lk_r);
}
// Each source is compiled once per heap and its function called on every evaluation, as
// lottie-web does (ExpressionManager.js's initiateExpression compiles a property's expression
// once, `expression_function = eval('[function _expression_function(){' + val +
// ';scoped_bm_rt=$bm_rt}]')[0]`, and calls `expression_function()` each frame). The forms:
// * a source that names `$bm_rt` (bodymovin's exporter writes `var $bm_rt; $bm_rt = …`):
//   `var $bm_rt; SOURCE; return $bm_rt;` — its vars are the function's, not globals;
// * a source without it, read for its completion value (`wiggle(2, 30)`, `value + [10, 0]`):
//   `return (SOURCE);` when the source is one expression;
// * anything else — several statements read for their completion value (After Effects'
//   expressions exported raw), or a `$bm_rt` source that left it unset (then its completion
//   value is the result) — is compiled once as eval code (CDuktape's `__lk_compileEval`,
//   Duktape's eval compiler: a function whose call gives the completion value) and run by
//   `__lk_runEval` in a fresh environment each time, so its vars stay local to one
//   evaluation, as they were inside the function that eval'ed it before (duktape.c says how).
// A syntax error is kept and thrown again without compiling. `__lk_compilations` counts the
// compilations for the tests (a failed `return (…)` counts, then the eval code's). The table
// holds one entry per distinct source of the file's expression properties (the host reaches
// at most maximumExpressionEvaluations of them), inside the heap's memory budget
// (expressionMemoryBytes: past it the evaluation fails with a warning and the next one gets a
// fresh heap and an empty table).
var __lk_compiled = Object.create(null), __lk_compilations = 0;
function __lk_compilationCount() { return [__lk_compilations]; }
function __lk_compiledForm(source) {
    var c = __lk_compiled[source], body, end;
    if (c !== undefined) return c;
    __lk_compilations += 1;
    c = { fn: null, error: null, evalCode: -1 };
    if (source.indexOf('$bm_rt') >= 0) {
        try { c.fn = new Function('var $bm_rt;\n' + source + '\n;return $bm_rt;'); } catch (e) { c.error = e; }
    } else {
        // Its trailing blanks and semicolons left out (our Duktape has no regular expressions).
        for (end = source.length; end > 0 && ' \t\r\n;'.indexOf(source.charAt(end - 1)) >= 0; end -= 1) {}
        body = source.substring(0, end);
        try { c.fn = new Function('return (\n' + body + '\n);'); } catch (e) { __lk_compileEvalCode(c, source); }
    }
    __lk_compiled[source] = c;
    return c;
}
function __lk_compileEvalCode(c, source) {
    __lk_compilations += 1;
    c.fn = null;
    try { c.evalCode = __lk_compileEval(source); } catch (e) { c.error = e; }
}
function __lk_call(source) {
    var c = __lk_compiledForm(source), r;
    if (c.error !== null) throw c.error;
    if (c.fn === null) return __lk_runEval(c.evalCode);
    r = c.fn();
    if (r !== undefined) return r;
    // A `$bm_rt` source that left it unset (or an expression that gave undefined): its
    // completion value, as eval code from now on; this evaluation runs again from its start.
    __lk_compileEvalCode(c, source);
    if (c.error !== null) throw c.error;
    seedRandom(0, false);
    $bm_rt = undefined;
    return __lk_runEval(c.evalCode);
}
// A path expression's result (a path: createPath's, a path property's value, anything with
// points()) flattened for the host, at most __lk_maxVertices vertices of finite numbers.
function __lk_pathResult(r) {
    var out, pts, ins, outs, n, j, lists, l, x;
    if (r === undefined || r === null || typeof r.points !== 'function') throw new Error('the expression gave ' + (r === null ? 'null' : typeof r) + ', not a path');
    pts = r.points(); ins = typeof r.inTangents === 'function' ? r.inTangents() : [];
    outs = typeof r.outTangents === 'function' ? r.outTangents() : [];
    if (!__lk_isVec(pts)) throw new Error('the expression gave a path without points');
    n = pts.length;
    if (n > __lk_maxVertices) throw new Error('the expression gave a path of ' + n + ' vertices, past the limit ' + __lk_maxVertices + ' (maximumVertices)');
    out = [(typeof r.isClosed === 'function' ? r.isClosed() : true) ? 1 : 0, n];
    lists = [pts, ins, outs];
    for (l = 0; l < 3; l += 1) for (j = 0; j < n; j += 1) {
        x = __lk_isVec(lists[l]) && __lk_isVec(lists[l][j]) ? lists[l][j] : (l === 0 ? undefined : [0, 0]);
        if (x === undefined) throw new Error('the expression gave a path whose point ' + j + ' is not [x, y]');
        out.push(+x[0], +x[1]);
        if (!isFinite(out[out.length - 1]) || !isFinite(out[out.length - 2])) throw new Error('the expression gave a path with ' + x[0] + ', ' + x[1] + ' at vertex ' + j);
    }
    return out;
}
// A text expression's result as lottie-web takes it (`this.v.toString()`), at most
// __lk_maxText UTF-16 units.
function __lk_textResult(r) {
    var s, out, j;
    if (r === undefined || r === null) throw new Error('the expression gave no value');
    s = String(r);
    if (s.length > __lk_maxText) throw new Error('the expression gave a text of ' + s.length + ' characters, past the limit ' + __lk_maxText + ' (maximumTextCharacters)');
    out = [s.length];
    for (j = 0; j < s.length; j += 1) out.push(s.charCodeAt(j));
    return out;
}
function __lk_result(r) {
    var out = [], i;
    if (r === undefined || r === null) throw new Error('the expression gave no value');
    if (typeof r === 'string') throw new Error('the expression gave a string, not a number or an array');
    if (__lk_isNum(r)) { r = +r; if (!isFinite(r)) throw new Error('the expression gave ' + r); return [r]; }
    if (__lk_isVec(r)) {
        if (r.length === 0 || r.length > 16) throw new Error('the expression gave an array of ' + r.length + ' values');
        for (i = 0; i < r.length; i += 1) {
            out[i] = +r[i];
            if (!isFinite(out[i])) throw new Error('the expression gave ' + r[i] + ' at index ' + i);
        }
        return out;
    }
    throw new Error('the expression gave ' + (typeof r) + ', not a number or an array');
}
"""#
}
