// Dashing with Core Graphics / Cairo semantics, cut by true arc length.

extension Path {
    /// Most dashes one call produces; a pattern finer than that draws solid instead of hanging.
    static let maxDashes = 100_000

    /// The path cut into dashes (on/off lengths in user units), starting `phase` into the pattern.
    ///
    /// As Core Graphics and Cairo: the pattern restarts at every subpath, shifted by `phase`
    /// (wrapped into the pattern; negative phases count backwards); an odd-length pattern is
    /// used twice (so on/off alternate); a zero-length "on" dash gives a zero-length subpath
    /// that round or square caps turn into a dot; a dash that spans a corner keeps the corner
    /// (its join); on a closed subpath the dash running over the start continues into the
    /// first dash. Negative, non-finite or all-zero patterns leave the path solid.
    public func dashed(pattern: [Double], phase: Double) -> Path {
        guard !pattern.isEmpty else { return self }
        var sum = 0.0
        for v in pattern {
            guard v.isFinite, v >= 0 else { return self }
            sum += v
        }
        guard sum > 0, sum.isFinite else { return self }
        let pat = pattern.count % 2 == 1 ? pattern + pattern : pattern
        let period = pattern.count % 2 == 1 ? 2 * sum : sum
        var offset = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        if offset < 0 { offset += period }

        let subs = measuredSubpaths()
        var totalLength = 0.0
        for s in subs { totalLength += s.length }
        guard totalLength.isFinite else { return self }
        if totalLength / period * Double(pat.count) > Double(Path.maxDashes) { return self }

        var out = Path()
        for sub in subs {
            dashSubpath(sub, pat, offset, into: &out)
        }
        return out
    }

    private func dashSubpath(_ sub: MeasuredSubpath, _ pat: [Double], _ phase: Double, into out: inout Path) {
        guard sub.length > 0 else { return }
        // Starting state (Cairo: stop as soon as the offset reaches zero, so an initial
        // zero-length dash is kept).
        var i = 0
        var on = true
        var offset = phase
        while offset > 0 && offset >= pat[i] {
            offset -= pat[i]; on.toggle(); i = (i + 1) % pat.count
        }
        var remaining = pat[i] - offset
        // The walk begins inside a dash of positive length: it may merge with the last one.
        let startsInDash = on && remaining > 0
        var piece = Path()          // this subpath's dashes, assembled for the closed-path merge
        var dashStarts: [Int] = []  // element index of each dash's move in `piece`
        var inDash = false
        for seg in sub.segments {
            let L = seg.length
            if L <= 0 { continue }
            var u = 0.0
            while true {
                if remaining <= 0 {
                    if on && !inDash {
                        // A zero-length "on" dash: a zero-length subpath (a dot with round caps).
                        let p = seg.point(seg.parameter(atLength: u))
                        dashStarts.append(piece.elements.count)
                        piece.move(to: p); piece.addLine(to: p)
                    }
                    inDash = false
                    on.toggle(); i = (i + 1) % pat.count; remaining = pat[i]
                    continue
                }
                let toEnd = L - u
                let reachesEnd = remaining >= toEnd
                let step = reachesEnd ? toEnd : remaining
                if on {
                    let t0 = seg.parameter(atLength: u)
                    let t1 = reachesEnd ? 1 : seg.parameter(atLength: u + step)
                    if !inDash {
                        dashStarts.append(piece.elements.count)
                        piece.move(to: seg.point(t0)); inDash = true
                    }
                    seg.appendPiece(t0, t1, to: &piece)
                }
                remaining -= step
                if reachesEnd { break }   // a dash ending exactly here toggles on the next segment
                u += step
            }
        }
        // An "off" dash ending exactly at the end: the next dash starts there, and as in Cairo
        // (a leading cap at the end of the segment) it shows as a zero-length dash.
        if remaining <= 0 && !on && !(sub.closed && startsInDash), let end = sub.segments.last(where: { $0.length > 0 })?.end {
            dashStarts.append(piece.elements.count)
            piece.move(to: end); piece.addLine(to: end)
        }
        let endsInDash = on && inDash
        let els = piece.elements
        if sub.closed && startsInDash && endsInDash && !dashStarts.isEmpty {
            if dashStarts.count == 1 {
                // Never turned off: the whole closed subpath, still closed (joined, no caps).
                for e in els { out.append(e) }
                out.closeSubpath()
                return
            }
            // The dash running over the start continues into the first dash (no caps there).
            let lastStart = dashStarts[dashStarts.count - 1]
            let firstEnd = dashStarts[1]
            for k in lastStart..<els.count { out.append(els[k]) }
            for k in 1..<firstEnd { out.append(els[k]) }
            for k in firstEnd..<lastStart { out.append(els[k]) }
            return
        }
        for e in els { out.append(e) }
    }
}
